import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type AuthEmulator, startAuthEmulator } from '../apps/server/src/testing/firebase-emulator.ts';
import { e164, expectSignedIn, freshMobile, freshUsername } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { dataDirOf, E2E_EXCLUSIVE_PORT, E2E_FIREBASE_PORT } from './support/env.ts';
import { ops } from './support/ops.ts';

/**
 * Registration through the firebase channel (spec §4): the real Firebase web SDK in the browser
 * against the Firebase Authentication emulator this journey starts (the server was told of it),
 * with the channel turned on in the server's accounts.json and reloaded, and off again after.
 */
// An exclusive journey: its server is the exclusive project's.
const accountsFile = path.join(`${dataDirOf(E2E_EXCLUSIVE_PORT)}-config`, 'accounts.json');
let emulator: AuthEmulator;
let original: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  emulator = await startAuthEmulator('demo-aurum-e2e', E2E_FIREBASE_PORT);
  original = await readFile(accountsFile, 'utf8');
  const accounts = JSON.parse(original) as Record<string, unknown>;
  accounts.firebasePhone = {
    enabled: true,
    apiKey: 'e2e-emulator-key',
    authDomain: `${emulator.projectId}.firebaseapp.com`,
    projectId: emulator.projectId,
  };
  await writeFile(accountsFile, JSON.stringify(accounts, null, 2));
  await reloadConfig();
});

/** reload-config brings back the demo's welcome popup, which the suite removed (global-setup.ts). */
async function reloadConfig() {
  await ops('reload-config');
  await ops('content', 'remove', 'pu-welcome');
}

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (original) {
    await writeFile(accountsFile, original);
    await reloadConfig();
  }
  await emulator?.stop();
});

test('a visitor registers with the code Firebase sent; a wrong code stops quietly', async ({ page }) => {
  const member = { username: freshUsername('fb'), password: 'Amber-Falcon-27', mobile: freshMobile() };
  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Username' }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill(member.username);
  await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(member.mobile);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByLabel('Confirm password').fill(member.password);
  await dialog.getByRole('checkbox', { name: /agree to the terms/ }).check();

  await dialog.getByRole('button', { name: 'Send code' }).click();
  // Spec §9: the third-party route counts down one minute.
  const countdown = dialog.getByRole('button', { name: /Send again in \d+ s/ });
  await expect(countdown).toBeDisabled();
  expect(Number(/(\d+) s/.exec((await countdown.textContent()) ?? '')?.[1])).toBeLessThanOrEqual(60);
  await expect.poll(() => emulator.lastCode(e164(member.mobile))).toMatch(/^\d{6}$/);
  const code = (await emulator.lastCode(e164(member.mobile))) as string;

  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(wrong);
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(
    dialog.getByText('The code is wrong or has been used. Please request a new one.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  await expectSignedIn(page, member.username);
});
