import { type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { serverPort } from './env.ts';
import { ops } from './ops.ts';

const STEP_MS = 30_000;
const PASSWORD = 'quiet-harbour-lantern-42';

/** What the operator's authenticator app shows for the key at a time. */
export const appCode = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

/** Opens an enrolment link, sets the password and the authenticator, and signs in with the next code. */
export async function enrolAndSignIn(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  // The link names the site's public address; the test server is on its own port.
  await page.goto(`http://127.0.0.1:${serverPort()}/console/enrol${new URL(link).hash}`);
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

/** A new operator of the role, created by `npm run ops -- operator create`, enrolled and signed in. */
export async function newOperator(
  browser: Browser,
  prefix: string,
  role: string,
): Promise<{ name: string; page: Page }> {
  const name = `${prefix}${Date.now().toString(36)}`;
  const created = (await ops(
    'operator',
    'create',
    name,
    '--role',
    role,
    '--email',
    `${name}@example.com`,
  )) as {
    enrolUrl: string;
  };
  return { name, page: await enrolAndSignIn(browser, created.enrolUrl, name) };
}
