import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_PORT } from './support/env.ts';
import { ops } from './support/ops.ts';

const STEP_MS = 30_000;
const PASSWORD = 'quiet-harbour-lantern-42';

/** What the operator's authenticator app shows for the key at a time. */
const appCode = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

test.use({ viewport: { width: 1366, height: 860 } });

/** Opens an enrolment link, sets the password and the authenticator, and signs in with the next code. */
async function enrolAndSignIn(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  // The link names the site's public address; the test server is on its own port.
  await page.goto(`http://127.0.0.1:${E2E_PORT}/console/enrol${new URL(link).hash}`);
  await expect(page.getByRole('heading', { name: 'Set up your operator account' })).toBeVisible();
  // The link's token leaves the address bar at once.
  expect(new URL(page.url()).hash).toBe('');
  const secret = ((await page.locator('.c-key code').textContent()) ?? '').replace(/\s/g, '');
  const at = Date.now();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByLabel('Six-digit code').fill(appCode(secret, at));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them: sign in' }).click();
  await page.getByLabel('Operator name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  // A code is taken once: the next step's code (the app shows it 30 s later; the server allows one step of drift).
  await page.getByLabel('Authenticator code or recovery code').fill(appCode(secret, at + STEP_MS));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
  return page;
}

test('an administrator enrols with a second factor and invites a finance operator, who sees only what finance may', async ({
  browser,
}) => {
  const admin = `adm${Date.now().toString(36)}`;
  const created = (await ops(
    'operator',
    'create',
    admin,
    '--role',
    'admin',
    '--email',
    `${admin}@example.com`,
  )) as {
    enrolUrl: string;
  };
  const page = await enrolAndSignIn(browser, created.enrolUrl, admin);
  // The dashboard: today's figures and the two 14-day charts, each one image with its summary.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active players' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Deposits and withdrawals, 14 days from / })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Operators' }).click();
  const finance = `fin${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(finance);
  await page.getByLabel('Email').fill(`${finance}@example.com`);
  await page.getByLabel('Role', { exact: true }).selectOption('finance');
  await page.getByRole('button', { name: 'Create the enrolment link' }).click();
  const link = (await page.locator('.c-link code').textContent()) ?? '';
  expect(link).toContain('/console/enrol#');
  await expect(page.getByRole('row', { name: new RegExp(finance) })).toContainText('Invited');
  await expectNoAxeViolations(page);

  const financePage = await enrolAndSignIn(browser, link, finance);
  const nav = financePage.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Second approvals',
    'Withdrawals',
    'Deposits',
    'Reports',
  ]);
  await nav.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(financePage.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();

  // The administrator's audit log has every step, and its chain verifies.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'operator-enrol' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(page.getByText(/The chain of \d+ entries is intact/)).toBeVisible();
});
