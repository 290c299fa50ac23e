import { routes } from '@aurum/contract';
import { expect } from 'vitest';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  DEMO_MERCHANT,
  loginAs,
  nextIp,
  OPS_TOKEN,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { insertMember } from '../accounts/index.ts';
import { checkLedger } from '../wallet/index.ts';

/** Helpers of the withdrawal, bound-account and payment-password tests. */

export const LOGIN_PASSWORD = 'Start123';
export const PIN = '246810';

export interface TestMember {
  id: number;
  account: string;
  token: string;
}

let seq = 0;

/** A member of its own (so tests never share money or limits), signed in. */
export async function makeMember(t: TestApp, clock: Clock, prefix = 'wd'): Promise<TestMember> {
  seq += 1;
  const account = `${prefix}${seq}`;
  const row = await insertMember(t.db.database.db, {
    merchantCode: DEMO_MERCHANT,
    account,
    userName: account,
    type: 0,
    passwordHash: await hashPassword(LOGIN_PASSWORD),
    passwordChangedAt: new Date(clock.now()),
    language: 'EN',
    createdAt: new Date(clock.now()),
  });
  const { token } = await loginAs(t.app, account, LOGIN_PASSWORD);
  return { id: row.id, account, token };
}

/** Signs the member in again (after the test clock moved past its session). */
export async function relogin(t: TestApp, m: TestMember): Promise<void> {
  m.token = (await loginAs(t.app, m.account, LOGIN_PASSWORD)).token;
}

export { expectFailure } from '../../testing/expect.ts';

export function okValue<T = Record<string, unknown>>(res: {
  statusCode: number;
  body: string;
  json(): unknown;
}): T {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return (res.json() as { value: T }).value;
}

export const get = (t: TestApp, url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: siteHeaders(token ? { authorization: token } : {}),
    remoteAddress: nextIp(),
  });

export const setPin = (t: TestApp, m: TestMember, body: Record<string, unknown>) =>
  callEncrypted(t.app, 'PUT', routes.paymentPassword.path, body, { token: m.token });

/** Sets the member's payment password to PIN, proven by the login password. */
export async function givePin(t: TestApp, m: TestMember): Promise<void> {
  okValue(
    await setPin(t, m, {
      loginPassword: LOGIN_PASSWORD,
      newPaymentPassword: PIN,
      confirmPaymentPassword: PIN,
    }),
  );
}

export const bind = (t: TestApp, m: TestMember, body: Record<string, unknown>) =>
  callEncrypted(
    t.app,
    'PUT',
    routes.bindAccount.path,
    {
      type: 'BANK',
      provider: 'Metrobank',
      payeeName: 'Juan Dela Cruz',
      accountNumber: '1234 5678 9012',
      paymentPassword: PIN,
      ...body,
    },
    { token: m.token },
  );

/** Runs an operator command; the raw reply, so refusals can be checked too. */
export const ops = (t: TestApp, args: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/command',
    headers: { 'x-ops-token': OPS_TOKEN },
    payload: { merchant: DEMO_MERCHANT, actor: 'test-operator', args },
    remoteAddress: '127.0.0.1',
  });

export async function fund(t: TestApp, m: TestMember, amount: string): Promise<void> {
  okValue(await ops(t, { command: 'adjust', account: m.account, amount, reason: 'test funds' }));
}

/** The member's account balances by code, as decimal-free minor units. */
export async function balances(t: TestApp, memberId: number): Promise<Record<string, bigint>> {
  const rows = await queryRows<{ code: string; balance: unknown }>(
    t.db.database.db,
    'SELECT code, balance FROM ledger_accounts WHERE member_id = $1',
    [memberId],
  );
  return Object.fromEntries(rows.map((r) => [r.code, BigInt(String(r.balance))]));
}

/**
 * The ledger invariants, and the withdrawal one: each member's hold is exactly the amounts of
 * its PENDING orders.
 */
export async function expectInvariants(t: TestApp): Promise<void> {
  const report = await checkLedger(t.db.database);
  expect(report.problems).toEqual([]);
  const mismatched = await queryRows<{ member_id: unknown }>(
    t.db.database.db,
    `SELECT a.member_id FROM ledger_accounts a
     LEFT JOIN (SELECT member_id, sum(amount) AS held FROM withdraw_orders WHERE status = 'PENDING'
       GROUP BY member_id) o ON o.member_id = a.member_id
     WHERE a.code = 'HOLD' AND a.balance <> coalesce(o.held, 0)`,
    [],
  );
  expect(mismatched).toEqual([]);
}

/** A real png as a data URL (the deposit tests' one). */
export { pngDataUrl } from './deposit-testing.ts';
/** Claims to be a png; is text. */
export const fakePngDataUrl = () =>
  `data:image/png;base64,${Buffer.from('this is not an image at all').toString('base64')}`;
