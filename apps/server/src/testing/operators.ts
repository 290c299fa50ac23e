import { expect } from 'vitest';
import type { ManualClock } from '../platform/clock.ts';
import { totpCode } from '../platform/totp.ts';
import { DEMO_MERCHANT, nextIp, opsCommand, type TestApp } from './app.ts';

export const OPERATOR_PASSWORD = 'quiet-harbour-lantern-42';

/** A call to the operator API as the console makes it (its own header, the session cookie). */
export const consoleCall = (t: TestApp, path: string, body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/console-api/${path}`,
    headers: { merchant: DEMO_MERCHANT, 'x-console-request': '1', ...(cookie ? { cookie } : {}) },
    payload: body as object,
    remoteAddress: nextIp(),
  });

/**
 * An operator of the role, created by the operator command, enrolled and signed in: its session
 * cookie. The clock moves a step before each code, so every code is a fresh one.
 */
export async function signedInOperator(t: TestApp, clock: ManualClock, name: string, role: string) {
  const code = (secret: string) => {
    clock.advance(30_000);
    return totpCode(secret, clock.now());
  };
  const created = await opsCommand(t.app, {
    command: 'operator',
    action: 'create',
    name,
    role,
    email: `${name}@example.com`,
  });
  const token = String(created.enrolUrl).split('#')[1]!;
  const secret = (await consoleCall(t, 'enrol/start', { token })).json().value.secret as string;
  const enrolled = await consoleCall(t, 'enrol/finish', {
    token,
    password: OPERATOR_PASSWORD,
    code: code(secret),
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const res = await consoleCall(t, 'sign-in', { name, password: OPERATOR_PASSWORD, code: code(secret) });
  expect(res.statusCode, res.body).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}
