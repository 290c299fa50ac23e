import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { listOutbox } from '../../../platform/outbox.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MEMBER,
  DEMO_MERCHANT,
  engines,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';

const PUBLIC_URL = 'https://www.aurum.example';

describe.each(engines)('a locked account name cannot keep its member out (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL }, { clock });
    // No captcha in the way: these tests are about the lock.
    await setMerchantConfig(t.app, (c) => {
      c.accounts!.captchaAfterFailures = 100;
    });
  });
  afterAll(async () => t.close());

  const login = (password: string, ip: string, username = DEMO_MEMBER.account) =>
    callEncrypted(t.app, 'POST', routes.login.path, { type: 'username', username, password }, { ip });
  const post = (path: string, payload: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: siteHeaders(),
      payload: payload as object,
      remoteAddress: ip,
    });
  const failure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    const body = failureEnvelopeSchema.parse(res.json());
    expect({ status: res.statusCode, code: body.errorCode }).toEqual({ status, code });
    return body;
  };
  /** Ten wrong passwords for the name from an attacker's address: the name is locked. */
  const lockName = async (username = DEMO_MEMBER.account) => {
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) failure(await login('Wrong12345', attacker, username), 400, 'login.failed');
  };
  const unlockMessages = async () =>
    (await listOutbox(t.db.database, DEMO_MERCHANT, { to: DEMO_MEMBER.mobile, limit: 50 })).filter((m) =>
      m.body.includes('/unlock?'),
    );
  const linkOf = (body: string) => new URL(body.match(/https:\/\/\S+/)![0]);

  // The member's home network: a successful sign-in is what makes a place known.
  const home = nextIp();

  it('says how long the lock lasts: the real time left, in the message and in the envelope', async () => {
    expect((await login(DEMO_MEMBER.password, home)).statusCode).toBe(200);
    clock.advance(16 * MINUTE_MS);
    await lockName();
    clock.advance(3 * MINUTE_MS);
    const stranger = nextIp();
    const res = await login(DEMO_MEMBER.password, stranger);
    const body = failure(res, 429, 'login.locked');
    expect(body.message).toBe('Too many failed attempts. Try again in 12 minutes.');
    expect(body.details).toEqual({ retryAfterSeconds: '720' });
    expect(res.headers['retry-after']).toBe('720');
    clock.advance(11 * MINUTE_MS + 30 * SECOND_MS);
    const later = failure(await login(DEMO_MEMBER.password, stranger), 429, 'login.locked');
    expect(later.message).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(later.details).toEqual({ retryAfterSeconds: '30' });
    // An unknown name locks and reads the same: nothing tells whether it exists.
    await lockName('nobody_here');
    const ghost = failure(await login('Whatever1', nextIp(), 'nobody_here'), 429, 'login.locked');
    expect(ghost.message).toBe('Too many failed attempts. Try again in 15 minutes.');
    clock.advance(16 * MINUTE_MS);
  });

  it('lets the right password in from a network the member signed in from, and refuses a new one', async () => {
    await lockName();
    failure(await login(DEMO_MEMBER.password, nextIp()), 429, 'login.locked');
    // From home, a wrong password is still just wrong (and counted)...
    failure(await login('Wrong12345', home), 400, 'login.failed');
    // ...and the right one signs in despite the lock.
    const ok = await login(DEMO_MEMBER.password, home);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe(DEMO_MEMBER.account);
    clock.advance(16 * MINUTE_MS);
  });

  it('lets the right password in from a device the member signed in from, on any network; a new device is refused', async () => {
    const login1 = (password: string, ip: string, cookie?: string) =>
      callEncrypted(
        t.app,
        'POST',
        routes.login.path,
        { type: 'username', username: DEMO_MEMBER.account, password },
        { ip, headers: cookie ? { cookie } : {} },
      );
    const first = await login1(DEMO_MEMBER.password, nextIp());
    expect(first.statusCode).toBe(200);
    const setCookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
    const device = setCookies.find((c) => c.startsWith('device='))!;
    expect(device).toMatch(
      /^device=[A-Za-z0-9_-]{43}; Path=\/wps\/session; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    );
    const cookie = device.split(';')[0]!;
    // Kept hashed: the token itself is nowhere in the database.
    const raw = await t.db.database.db.execute(
      `SELECT count(*)::int AS n FROM member_devices WHERE token_hash = '${cookie.slice(7)}'` as never,
    );
    expect((raw as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    await lockName();
    // A new device on a new network: refused, with or without a made-up cookie.
    failure(await login1(DEMO_MEMBER.password, nextIp()), 429, 'login.locked');
    failure(await login1(DEMO_MEMBER.password, nextIp(), `device=${'x'.repeat(43)}`), 429, 'login.locked');
    // The known device, from a network it never used: signs in, and keeps its cookie.
    const ok = await login1(DEMO_MEMBER.password, nextIp(), cookie);
    expect(ok.statusCode).toBe(200);
    const renewed = ([] as string[])
      .concat(ok.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('device='));
    expect(renewed?.split(';')[0]).toBe(cookie);
    clock.advance(16 * MINUTE_MS);
  });

  it("does not turn the member's network into a way around the lock: it has its own failure budget", async () => {
    await lockName();
    for (let i = 0; i < 10; i++) failure(await login('Wrong12345', home), 400, 'login.failed');
    failure(await login(DEMO_MEMBER.password, home), 429, 'login.locked');
    clock.advance(16 * MINUTE_MS);
  });

  it('sends an unlock link to the bound mobile; the link clears the lock once, and only for 30 minutes', async () => {
    await lockName();
    const stranger = nextIp();
    failure(await login(DEMO_MEMBER.password, stranger), 429, 'login.locked');
    const before = (await unlockMessages()).length;

    const asked = await post(routes.loginUnlockRequest.path, { username: 'DEMO' });
    expect(asked.json()).toEqual({ success: true, value: { sent: true } });
    // The same reply for a name that does not exist, and nothing is sent anywhere.
    expect((await post(routes.loginUnlockRequest.path, { username: 'nobody_here' })).json()).toEqual(
      asked.json(),
    );
    const messages = await unlockMessages();
    expect(messages).toHaveLength(before + 1);
    const link = linkOf(messages[0]!.body);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/unlock');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('account')).toBe(DEMO_MEMBER.account);
    // Stored hashed: the token is nowhere in the database.
    const stored = await t.db.database.db.execute(
      `SELECT count(*)::int AS n FROM verification_codes WHERE code_hash = '${token}'` as never,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    failure(
      await post(routes.loginUnlock.path, { username: DEMO_MEMBER.account, token: 'A'.repeat(43) }),
      400,
      'login.unlock.invalid',
    );
    failure(
      await post(routes.loginUnlock.path, { username: DEMO_MEMBER.account, token: 'short' }),
      400,
      'request.invalid',
    );
    const redeemed = await post(routes.loginUnlock.path, { username: DEMO_MEMBER.account, token });
    expect(redeemed.json()).toEqual({ success: true, value: { unlocked: true } });
    expect((await login(DEMO_MEMBER.password, stranger)).statusCode).toBe(200);
    // Used up: a second use is refused.
    failure(
      await post(routes.loginUnlock.path, { username: DEMO_MEMBER.account, token }),
      400,
      'login.unlock.invalid',
    );

    // A link not used within 30 minutes is refused.
    clock.advance(16 * MINUTE_MS);
    await lockName();
    await post(routes.loginUnlockRequest.path, { username: DEMO_MEMBER.account });
    const late = linkOf((await unlockMessages())[0]!.body).searchParams.get('token')!;
    expect(late).not.toBe(token);
    clock.advance(31 * MINUTE_MS);
    failure(
      await post(routes.loginUnlock.path, { username: DEMO_MEMBER.account, token: late }),
      400,
      'login.unlock.invalid',
    );
  });

  it('sends nothing for a name that is not locked, and at most 3 requests a name an hour, with the same reply', async () => {
    clock.advance(61 * MINUTE_MS);
    const before = (await unlockMessages()).length;
    expect((await post(routes.loginUnlockRequest.path, { username: DEMO_MEMBER.account })).statusCode).toBe(
      200,
    );
    expect(await unlockMessages()).toHaveLength(before);
    await lockName();
    for (let i = 0; i < 5; i++) {
      const res = await post(routes.loginUnlockRequest.path, { username: DEMO_MEMBER.account });
      expect(res.json()).toEqual({ success: true, value: { sent: true } });
    }
    // Three requests a name an hour, the one above included.
    expect(await unlockMessages()).toHaveLength(before + 2);
    // Per client too: the 11th request of an address in an hour is refused.
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(routes.loginUnlockRequest.path, { username: `name${i}` }, ip)).statusCode).toBe(200);
    }
    failure(await post(routes.loginUnlockRequest.path, { username: 'name10' }, ip), 429, 'TOO_MANY_REQUESTS');
  });
});
