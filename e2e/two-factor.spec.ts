import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectSignedIn, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, registerMember } from './support/cashier.ts';

const STEP_MS = 30_000;

/** What the member's authenticator app shows for the key at a time (the same library as the server). */
const appCode = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

test.use({ viewport: { width: 390, height: 844 } });

test('a member binds an authenticator app, signs out, and signs in with the password and its code', async ({
  page,
}) => {
  await ownClientAddress(page);
  const member = await registerMember(page, 'tfa');

  const centre = await openMemberCentre(page, 'Security centre');
  const section = centre.locator('[data-section="two-factor"]');
  await expect(section).toContainText('Off');
  await section.getByRole('button', { name: 'Bind an authenticator app' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code with the key for your authenticator app' }),
  ).toBeVisible();
  // The key as the member would type it from the screen (groups of four).
  const secret = ((await section.locator('[data-two-factor-key]').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page);

  const boundAt = Date.now();
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(appCode(secret, boundAt));
  await section.getByLabel('Login password').fill(member.password);
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await expectNoAxeViolations(page);
  await section.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section).toContainText(/On since/);
  await expect(section).toContainText('10 recovery codes left');
  // At phone width the bar has no Log out: the security centre signs this device out.
  await centre.getByRole('button', { name: 'Sign out of this device' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  // The password alone opens no session: the two-factor login check comes next.
  await logInWithPassword(page, member.username, member.password);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Two-factor login check' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await expectNoAxeViolations(page);
  // The code the binding used works once: within its step, the app's next code (one step ahead is
  // still taken) stands in for the member waiting for the new one.
  const now = Date.now();
  const sameStep = Math.floor(now / STEP_MS) === Math.floor(boundAt / STEP_MS);
  await dialog
    .getByRole('textbox', { name: 'Authentication code' })
    .fill(appCode(secret, sameStep ? now + STEP_MS : now));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page, member.username);
});
