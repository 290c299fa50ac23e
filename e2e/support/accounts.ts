import { expect, type Locator, type Page } from '@playwright/test';
import { opsCall } from './ops.ts';

/** Outbox rows as `npm run ops -- outbox` prints them (apps/server/src/platform/outbox.ts). */
export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

const suffix = () => `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh username that fits the demo rule (a letter first, then letters and digits, 4-16). */
export const freshUsername = (prefix = 'e2e') => `${prefix}${suffix()}`.slice(0, 16);

/** A random, valid Philippine mobile number (national part, 10 digits starting 917). */
export const freshMobile = () => `917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
export const e164 = (national: string) => `+63${national}`;

/** The newest outbox message to a number or an address, once it has arrived after `afterId`. */
export async function latestMessage(to: string, afterId = 0): Promise<OutboxRow> {
  let found: OutboxRow | undefined;
  await expect
    .poll(
      async () => {
        const rows = (await opsCall({ command: 'outbox', to, limit: 1 })) as OutboxRow[];
        found = rows[0] && rows[0].id > afterId ? rows[0] : undefined;
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxRow;
}

export async function lastMessageId(to: string): Promise<number> {
  const rows = (await opsCall({ command: 'outbox', to, limit: 1 })) as OutboxRow[];
  return rows[0]?.id ?? 0;
}

/** Presses the SMS button and reads the six-digit code the outbox received. */
export async function requestSmsCode(scope: Locator, national: string): Promise<string> {
  const before = await lastMessageId(e164(national));
  await scope.getByRole('button', { name: 'Send code' }).click();
  await expect(scope.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  const message = await latestMessage(e164(national), before);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, message.body).toBeTruthy();
  return code as string;
}

export interface NewMember {
  username: string;
  password: string;
  mobile: string;
  email?: string;
}

/** Registers through the register modal (username mode) and waits until signed in. */
export async function registerByUsername(page: Page, member: NewMember, path = '/register'): Promise<void> {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Username' }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill(member.username);
  await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(member.mobile);
  const code = await requestSmsCode(dialog, member.mobile);
  await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByLabel('Confirm password').fill(member.password);
  if (member.email) await dialog.getByRole('textbox', { name: /^Email/ }).fill(member.email);
  await dialog.getByRole('checkbox', { name: /agree to the terms/ }).check();
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  await expectSignedIn(page, member.username);
}

export async function expectSignedIn(page: Page, account: string): Promise<void> {
  await expect(page.getByTestId('member-menu')).toContainText(account, { ignoreCase: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * A session hand-off link of the member signed in on `page` (POST /wps/session/handoff/ticket):
 * `path` with a one-time `?ticket=`, for another tab to open signed in.
 */
export async function handoffUrl(page: Page, path = '/'): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const res = await page.request.post('/wps/session/handoff/ticket', {
    headers: { Merchant: 'AURUM', Authorization: token },
    data: { path },
  });
  const body = (await res.json()) as { success: boolean; value?: { url: string } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value?.url ?? '';
}

/** Logs out through the header and its confirmation. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Log out' });
  await expect(confirm).toContainText('Are you sure you want to log out?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** The login modal's names in a language (EN by default). */
export interface LoginNames {
  logIn: string;
  username: string;
  password: string;
}
export const LOGIN_NAMES = {
  EN: { logIn: 'Log in', username: 'Username', password: 'Password' },
  CN: { logIn: '登录', username: '用户名', password: '密码' },
} as const satisfies Record<string, LoginNames>;

/** Opens the login modal from the header and signs in with a username and password. */
export async function logInWithPassword(
  page: Page,
  username: string,
  password: string,
  names: LoginNames = LOGIN_NAMES.EN,
): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: names.logIn }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(names.logIn) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: names.username }).fill(username);
  await dialog.getByLabel(names.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: names.logIn, exact: true }).click();
  return dialog;
}
