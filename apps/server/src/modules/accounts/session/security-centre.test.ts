import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { openSession, playCall, SLOT } from '../../inhouse/testing.ts';
import { SESSION_RECHECK_MS } from '../../vendor/index.ts';
import { insertMember } from '../member/repository.ts';
import { describeUserAgent } from './user-agent.ts';

const PASSWORD = 'Secure4321';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('user agents', () => {
  it('names common browsers and systems, and nothing for what it does not know', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Android' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toEqual({ browser: 'Firefox', os: 'macOS' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});

describe.each(engines)('security centre sessions on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-05-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, { COUNTRY_HEADER: 'CF-IPCountry' }, { clock });
  });
  afterAll(async () => t?.close());

  let seq = 0;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.db.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const newMember = async () => {
    const account = `sec${engine.slice(0, 2)}${++seq}`;
    const member = await insertMember(t.db.database.db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type: 0,
      passwordHash: await hashPassword(PASSWORD),
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    return { id: member.id, account };
  };
  /** A password sign-in from a browser: its User-Agent, country header and device cookie. */
  const signIn = async (
    account: string,
    browser: { ua?: string; country?: string; cookie?: string; password?: string } = {},
  ) => {
    const ip = nextIp();
    const res = await callEncrypted(
      t.app,
      'POST',
      routes.login.path,
      { type: 'username', username: account, password: browser.password ?? PASSWORD },
      {
        ip,
        headers: {
          ...(browser.ua ? { 'user-agent': browser.ua } : {}),
          ...(browser.country ? { 'cf-ipcountry': browser.country } : {}),
          ...(browser.cookie ? { cookie: browser.cookie } : {}),
        },
      },
    );
    const cookie = ([] as unknown[])
      .concat(res.headers['set-cookie'] ?? [])
      .map(String)
      .find((c) => c.startsWith('device='))
      ?.split(';')[0];
    return { res, ip, cookie, value: res.statusCode === 200 ? res.json().value : null };
  };
  const call = (method: 'GET' | 'DELETE' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (token: string) => {
    const res = await call('GET', routes.activeSessions.path, token);
    expect(res.statusCode).toBe(200);
    return res.json().value.sessions as {
      id: number;
      current: boolean;
      device: { browser: string | null; os: string | null; id: string | null };
      ip: string | null;
      place: string | null;
      signedInAt: number;
      lastSeenAt: number;
    }[];
  };
  const info = (token: string) => call('GET', routes.memberInfo.path, token);
  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const messagesOf = (memberId: number) =>
    rows<{ title: string; body: string }>(
      sql`SELECT title, body FROM support_messages WHERE member_id = ${memberId} ORDER BY id`,
    );

  it("lists the member's live sessions as the server has them, this one marked", async () => {
    const member = await newMember();
    const a = await signIn(member.account, { ua: CHROME_WINDOWS, country: 'ph' });
    clock.advance(MINUTE_MS);
    const b = await signIn(member.account, { ua: SAFARI_IPHONE });
    const listed = await list(a.value.token);
    const db = await rows<{ id: string; ip: string; created_at: Date }>(
      sql`SELECT id, ip, created_at FROM sessions
           WHERE member_id = ${member.id} AND kind = 'session' AND revoked_at IS NULL ORDER BY id`,
    );
    expect(listed.map((s) => s.id).sort()).toEqual(db.map((r) => Number(r.id)).sort());
    const mine = listed.find((s) => s.current)!;
    const other = listed.find((s) => !s.current)!;
    expect(mine).toMatchObject({
      device: { browser: 'Chrome', os: 'Windows' },
      ip: a.ip,
      place: 'PH',
      signedInAt: clock.now() - MINUTE_MS,
    });
    expect(mine.device.id).toMatch(/^[0-9a-f]{8}$/);
    // No country header and a private address: the place is not known.
    expect(other).toMatchObject({ device: { browser: 'Safari', os: 'iOS' }, ip: b.ip, place: null });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    // The other's own view marks its own session.
    expect((await list(b.value.token)).find((s) => s.current)!.id).toBe(other.id);
  });

  it('signs out one other session: its next call is 401, the rest go on', async () => {
    const member = await newMember();
    const a = await signIn(member.account);
    const b = await signIn(member.account);
    const c = await signIn(member.account);
    const bId = (await list(b.value.token)).find((s) => s.current)!.id;
    const res = await call('DELETE', `${routes.endSession.path}?id=${bId}`, a.value.token);
    expect(res.json()).toEqual({ success: true, value: { ended: 1 } });
    expectFailure(await info(b.value.token), 401, 'user.or.token.invalid');
    expect((await info(a.value.token)).statusCode).toBe(200);
    expect((await info(c.value.token)).statusCode).toBe(200);
    expect((await list(a.value.token)).map((s) => s.id)).not.toContain(bId);
    // Again: it is gone.
    expectFailure(
      await call('DELETE', `${routes.endSession.path}?id=${bId}`, a.value.token),
      404,
      'session.not.found',
    );
  });

  it('signs out every other session, the remember tokens of other browsers and the game sessions', async () => {
    const member = await newMember();
    const a = await signIn(member.account);
    const b = await signIn(member.account);
    const game = await openSession(t, member.id, SLOT);
    const res = await call('DELETE', routes.endOtherSessions.path, a.value.token);
    expect(res.json()).toEqual({ success: true, value: { ended: 1 } });
    expectFailure(await info(b.value.token), 401, 'user.or.token.invalid');
    expect((await info(a.value.token)).statusCode).toBe(200);
    expect((await list(a.value.token)).map((s) => s.current)).toEqual([true]);
    // The game launched meanwhile is ended at the wallet, as at sign-out: a held session within seconds.
    clock.advance(SESSION_RECHECK_MS);
    const played = await playCall(t, 'GET', '/play/api/balance', game.sessionId);
    expect(played.statusCode).toBe(401);
    expect(played.json().errorCode).toBe('play.session.expired');
  });

  it("refuses another member's session and the caller's own, and changes nothing", async () => {
    const one = await newMember();
    const two = await newMember();
    const a = await signIn(one.account);
    const b = await signIn(two.account);
    const bId = (await list(b.value.token)).find((s) => s.current)!.id;
    const aId = (await list(a.value.token)).find((s) => s.current)!.id;
    expectFailure(
      await call('DELETE', `${routes.endSession.path}?id=${bId}`, a.value.token),
      404,
      'session.not.found',
    );
    expectFailure(
      await call('DELETE', `${routes.endSession.path}?id=${aId}`, a.value.token),
      400,
      'session.current',
    );
    expect((await info(a.value.token)).statusCode).toBe(200);
    expect((await info(b.value.token)).statusCode).toBe(200);
  });

  it('refuses bad input with the error envelope', async () => {
    const member = await newMember();
    const a = await signIn(member.account);
    for (const query of ['', '?id=abc', '?id=-1', '?id=0', '?id=1.5', '?id=1&x=2']) {
      expectFailure(
        await call('DELETE', `${routes.endSession.path}${query}`, a.value.token),
        400,
        'request.invalid',
      );
    }
    for (const payload of [{}, { id: 'x' }, { id: 1, more: true }]) {
      const res = await call('POST', routes.disownSignIn.path, a.value.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expectFailure(await call('GET', routes.activeSessions.path, 'nope'), 401, 'user.or.token.invalid');
    expectFailure(await call('DELETE', routes.endOtherSessions.path, 'nope'), 401, 'user.or.token.invalid');
    expect((await list(a.value.token)).length).toBe(1);
  });

  it('keeps the last 20 sign-ins, failures too, and tells each sign-in the one before', async () => {
    const member = await newMember();
    const first = await signIn(member.account, { country: 'SG' });
    expect(first.value.lastSignIn).toBeNull();
    const wrong = await signIn(member.account, { password: 'Wrong9876' });
    expectFailure(wrong.res, 400, 'login.failed');
    clock.advance(MINUTE_MS);
    const second = await signIn(member.account, { ua: SAFARI_IPHONE });
    expect(second.value.lastSignIn).toEqual({ at: clock.now() - MINUTE_MS, ip: first.ip, place: 'SG' });
    const history = (await call('GET', routes.signInHistory.path, second.value.token)).json().value.signIns;
    expect(history.map((h: { success: boolean; method: string }) => [h.method, h.success])).toEqual([
      ['password', true],
      ['password', false],
      ['password', true],
    ]);
    expect(history[0]).toMatchObject({ ip: second.ip, device: { browser: 'Safari', os: 'iOS' } });
    expect(history[1]).toMatchObject({ ip: wrong.ip });
    for (let i = 0; i < 20; i++) await signIn(member.account);
    const later = (await call('GET', routes.signInHistory.path, second.value.token)).json().value.signIns;
    expect(later).toHaveLength(20);
  });

  it('tells the member of a sign-in from a new device, not of the first one nor a known one', async () => {
    const member = await newMember();
    const first = await signIn(member.account, { ua: CHROME_WINDOWS });
    await signIn(member.account, { ua: CHROME_WINDOWS, cookie: first.cookie });
    expect(await messagesOf(member.id)).toEqual([]);
    await signIn(member.account, { ua: SAFARI_IPHONE, country: 'VN' });
    const messages = await messagesOf(member.id);
    expect(messages.map((m) => m.title)).toEqual(['Sign-in from a new device']);
    expect(messages[0]!.body).toContain('Safari on iOS, VN');
  });

  it("'this wasn't me' ends every session, forces a new password and records it", async () => {
    const member = await newMember();
    const a = await signIn(member.account);
    const b = await signIn(member.account);
    const history = (await call('GET', routes.signInHistory.path, a.value.token)).json().value.signIns;
    const other = await newMember();
    const theirs = await signIn(other.account);
    const theirEntry = (await call('GET', routes.signInHistory.path, theirs.value.token)).json().value
      .signIns[0];
    expectFailure(
      await call('POST', routes.disownSignIn.path, a.value.token, { id: theirEntry.id }),
      404,
      'sign.in.not.found',
    );
    expect((await info(a.value.token)).statusCode).toBe(200);

    const res = await call('POST', routes.disownSignIn.path, a.value.token, { id: history[0].id });
    expect(res.json()).toEqual({ success: true, value: { signedOut: true } });
    expectFailure(await info(a.value.token), 401, 'user.or.token.invalid');
    expectFailure(await info(b.value.token), 401, 'user.or.token.invalid');
    expect((await info(theirs.value.token)).statusCode).toBe(200);
    const events = await rows<{ kind: string }>(
      sql`SELECT kind FROM member_security_events WHERE member_id = ${member.id}`,
    );
    // The second browser was a new device (a message of its own), then the report.
    expect(events.map((e) => e.kind)).toEqual(['sign_in.new_device', 'sign_in.disowned']);
    expect((await messagesOf(member.id)).at(-1)!.title).toBe('Signed out everywhere');
    const again = await signIn(member.account);
    expect(again.value.forceChangePassword).toBe(true);
    // The change clears it.
    const changed = await callEncrypted(
      t.app,
      'POST',
      routes.changePassword.path,
      { oldPassword: PASSWORD, newPassword: 'Fresh98765', confirmNewPassword: 'Fresh98765' },
      { token: again.value.token, headers: { 'user-agent': SAFARI_IPHONE, 'cf-ipcountry': 'TH' } },
    );
    expect(changed.statusCode).toBe(200);
    // The session the change started is named in the list too.
    const [fresh] = await list(changed.json().value.token);
    expect(fresh).toMatchObject({ current: true, device: { browser: 'Safari', os: 'iOS' }, place: 'TH' });
    expect((await signIn(member.account, { password: 'Fresh98765' })).value.forceChangePassword).toBe(false);
  });
});
