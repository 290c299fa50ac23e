/**
 * Encrypted (E) bodies are taken once, and only within two minutes of the server's time: a body
 * sent again is refused and changes nothing, in this process or in another one of the site.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { verifyPassword } from '../../../platform/crypto.ts';
import {
  createTestApp,
  DEMO_MEMBER,
  encryptFor,
  engines,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { exited, type ServerProcess, schemaUrl, startServer } from '../../../testing/server-process.ts';

const PIN_A = '135790';
const PIN_B = '864200';

const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
  const body = failureEnvelopeSchema.parse(res.json());
  expect({ status: res.statusCode, code: body.errorCode }).toEqual({ status, code });
  return body;
};

const loginBody = { type: 'username', username: DEMO_MEMBER.account, password: DEMO_MEMBER.password };

async function scalar(t: TestApp, sql: string, params: unknown[] = []): Promise<string | null> {
  const [row] = await t.db.database.rawTransaction((tx) => tx.rows<{ v: string | null }>(sql, params));
  return row?.v ?? null;
}

const sessionCount = async (t: TestApp, memberId: number) =>
  Number(await scalar(t, 'SELECT count(*)::text AS v FROM sessions WHERE member_id = $1', [memberId]));

describe.each(engines)('replayed encrypted bodies on %s', (engine) => {
  let t: TestApp;
  // Far from the real time: a client stamping by its own clock would be refused.
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  let memberId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    memberId = (await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password)).id;
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PUT', url: string, jwe: string, token?: string) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      payload: { value: jwe },
      remoteAddress: nextIp(),
    });

  it('tells the server time on the key reply, which no cache may keep', async () => {
    const res = await t.app.inject({ method: 'GET', url: routes.sessionKey.path, headers: siteHeaders() });
    expect(res.json().value.serverTime).toBe(clock.now());
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a login sent again: no second session', async () => {
    const jwe = await encryptFor(t.app, loginBody);
    const first = await send('POST', routes.login.path, jwe);
    expect(first.statusCode).toBe(200);
    const sessions = await sessionCount(t, memberId);
    expectFailure(await send('POST', routes.login.path, jwe), 409, 'encryption.replayed');
    clock.advance(MINUTE_MS);
    expectFailure(await send('POST', routes.login.path, jwe), 409, 'encryption.replayed');
    expect(await sessionCount(t, memberId)).toBe(sessions);
  });

  it('refuses a payment-password change sent again: the password stays', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const change = async (body: Record<string, unknown>) => {
      const res = await send('PUT', routes.paymentPassword.path, await encryptFor(t.app, body), token);
      expect(res.statusCode, res.body).toBe(200);
    };
    await change({
      loginPassword: DEMO_MEMBER.password,
      newPaymentPassword: PIN_A,
      confirmPaymentPassword: PIN_A,
    });
    const aToB = await encryptFor(t.app, {
      oldPaymentPassword: PIN_A,
      newPaymentPassword: PIN_B,
      confirmPaymentPassword: PIN_B,
    });
    expect((await send('PUT', routes.paymentPassword.path, aToB, token)).statusCode).toBe(200);
    await change({ oldPaymentPassword: PIN_B, newPaymentPassword: PIN_A, confirmPaymentPassword: PIN_A });
    const hash = await scalar(t, 'SELECT payment_password_hash AS v FROM members WHERE id = $1', [memberId]);

    // The captured A→B change would pass every other check again: the PIN is A once more.
    expectFailure(await send('PUT', routes.paymentPassword.path, aToB, token), 409, 'encryption.replayed');
    expect(await scalar(t, 'SELECT payment_password_hash AS v FROM members WHERE id = $1', [memberId])).toBe(
      hash,
    );
    expect(await verifyPassword(hash!, PIN_A)).toBe(true);
  });

  it('refuses a body stamped over 2 minutes from the server time, telling that time', async () => {
    const sessions = await sessionCount(t, memberId);
    for (const offset of [-(2 * MINUTE_MS + SECOND_MS), 2 * MINUTE_MS + SECOND_MS]) {
      const jwe = await encryptFor(t.app, loginBody, { ts: clock.now() + offset });
      const body = expectFailure(await send('POST', routes.login.path, jwe), 400, 'encryption.stale');
      expect(body.details).toEqual({ serverTime: String(clock.now()) });
    }
    // The real time is not the server's: a client that stamps by its own wrong clock is refused.
    const own = await encryptFor(t.app, loginBody, { ts: Date.now() });
    expectFailure(await send('POST', routes.login.path, own), 400, 'encryption.stale');
    // A body sent late, after its stamp aged out, is refused too.
    const late = await encryptFor(t.app, loginBody);
    clock.advance(2 * MINUTE_MS + SECOND_MS);
    expectFailure(await send('POST', routes.login.path, late), 400, 'encryption.stale');
    expect(await sessionCount(t, memberId)).toBe(sessions);
  });

  it('refuses a body without a stamp, or with a short jti', async () => {
    const sessions = await sessionCount(t, memberId);
    for (const stamp of [
      { ts: undefined },
      { jti: undefined },
      { jti: 'abc' },
      { ts: String(clock.now()) },
    ]) {
      const jwe = await encryptFor(t.app, loginBody, stamp);
      expectFailure(await send('POST', routes.login.path, jwe), 400, 'encryption.unstamped');
    }
    expect(await sessionCount(t, memberId)).toBe(sessions);
  });
});

const URL = process.env.TEST_DATABASE_URL;
const stores = [
  { store: 'the database', env: {} as NodeJS.ProcessEnv },
  ...(process.env.REDIS_URL ? [{ store: 'Redis', env: { REDIS_URL: process.env.REDIS_URL } }] : []),
];

describe.runIf(URL).each(stores)('a replay through a second process, ids in $store', ({ store, env }) => {
  let t: TestApp;
  let second: ServerProcess | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-replay-'));
  beforeAll(async () => {
    // Both processes on the real clock, as two servers of one site are.
    t = await createTestApp('postgres', env);
    second = await startServer(schemaUrl(URL!, t.db.schema!), dataDir, env);
  }, 60_000);
  afterAll(async () => {
    if (second) {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (jwe: string) =>
    fetch(`${second!.url}${routes.login.path}`, {
      method: 'POST',
      headers: { ...siteHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ value: jwe }),
    });

  it('refuses there a body taken here, and here one taken there', async () => {
    const { id } = await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const sessions = await sessionCount(t, id);

    const here = await encryptFor(t.app, loginBody);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: routes.login.path,
          headers: siteHeaders(),
          payload: { value: here },
        })
      ).statusCode,
    ).toBe(200);
    const replayed = await login(here);
    expect({ status: replayed.status, body: await replayed.json() }).toMatchObject({
      status: 409,
      body: { success: false, errorCode: 'encryption.replayed' },
    });

    const there = await encryptFor(t.app, loginBody);
    expect((await login(there)).status).toBe(200);
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: routes.login.path,
        headers: siteHeaders(),
        payload: { value: there },
      }),
      409,
      'encryption.replayed',
    );
    expect(await sessionCount(t, id)).toBe(sessions + 2);
    // The ids live in the store the site is configured with.
    const rows = Number(await scalar(t, 'SELECT count(*)::text AS v FROM seen_jwe_ids'));
    if (store === 'Redis') expect(rows).toBe(0);
    else expect(rows).toBeGreaterThanOrEqual(3);
  }, 30_000);
});
