import {
  envelopeSchema,
  failureEnvelopeSchema,
  type MerchantConfig,
  routes,
  SESSION_TOUCH_SECONDS,
} from '@aurum/contract';
import { CompactEncrypt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_AGENT,
  DEMO_MEMBER,
  encryptFor,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { findByAccount, insertMember, updateMember } from '../member/repository.ts';
import { accountSettings } from '../security/settings.ts';

const CAPTCHA = 'K7PX';

describe.each(engines)('sessions on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    // The test clients (10.x) count as proxies, so X-Forwarded-Proto tells https apart.
    t = await createTestApp(engine, { TRUSTED_PROXIES: '10.0.0.0/8' }, { clock, captchaText: () => CAPTCHA });
  });
  afterAll(async () => t.close());

  const login = (payload: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
    callEncrypted(t.app, 'POST', routes.login.path, payload, { ip, headers });
  const info = (token: string, ip = nextIp()) =>
    t.app.inject({
      method: 'GET',
      url: routes.memberInfo.path,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: ip,
    });
  const captchaId = async (ip: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: routes.captcha.path,
      headers: siteHeaders(),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    return res.json().value.captchaId as string;
  };
  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const setAccounts = async (change: (c: MerchantConfig) => void) => {
    const config: MerchantConfig = structuredClone((await t.app.merchants.get('AURUM'))!.config);
    change(config);
    await t.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
  };

  it('publishes the public key, the same one on every call', async () => {
    const a = await t.app.inject({ method: 'GET', url: routes.sessionKey.path, headers: siteHeaders() });
    const body = envelopeSchema(routes.sessionKey.response).parse(a.json());
    if (!body.success) throw new Error('expected success');
    expect(body.value.jwk).toMatchObject({
      kty: 'RSA',
      alg: 'RSA-OAEP-256',
      use: 'enc',
      kid: body.value.kid,
    });
    expect(body.value.jwk).not.toHaveProperty('d');
    const b = await t.app.inject({ method: 'GET', url: routes.sessionKey.path, headers: siteHeaders() });
    expect(b.json().value.kid).toBe(body.value.kid);
  });

  it('signs the demo member in and the token opens member info', async () => {
    const res = await login({ type: 'username', username: 'DEMO', password: DEMO_MEMBER.password });
    const body = envelopeSchema(routes.login.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    expect(body.value).toMatchObject({
      userName: 'demo',
      customerType: 0,
      firstTimeLogin: true,
      passwordExpired: false,
      forceChangePassword: false,
    });
    expect(body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await info(body.value.token)).json().value.account).toBe('demo');
  });

  it('gives the same reply for an unknown account and a wrong password', async () => {
    const unknown = await login({ type: 'username', username: 'nobody-here', password: 'Whatever1' });
    const wrong = await login({ type: 'username', username: 'agent01', password: 'Wrong1234' });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({
      success: false,
      errorCode: 'login.failed',
      message: 'Wrong account or password.',
    });
  });

  describe('encrypted bodies', () => {
    const post = (payload: unknown, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: routes.login.path,
        headers: siteHeaders({ 'content-type': contentType }),
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        remoteAddress: nextIp(),
      });

    it('refuses plain JSON, plain text and a wrapper with extra fields', async () => {
      const plain = { type: 'username', username: 'demo', password: DEMO_MEMBER.password };
      expectFailure(await post(plain), 400, 'encryption.required');
      expectFailure(await post('demo:Demo1234', 'text/plain'), 400, 'encryption.required');
      expectFailure(await post({ value: 42 }), 400, 'encryption.required');
      expectFailure(
        await post({ value: await encryptFor(t.app, plain), extra: 1 }),
        400,
        'encryption.required',
      );
      expectFailure(await post({ value: JSON.stringify(plain) }), 400, 'encryption.invalid');
    });

    it('refuses a bad, tampered or foreign JWE', async () => {
      const good = await encryptFor(t.app, { type: 'username', username: 'demo', password: 'x' });
      const parts = good.split('.');
      // Another first character always changes the ciphertext's first byte (replacing the end
      // with fixed characters left it unchanged once in 4,096 runs).
      const cipher = parts[3]!;
      parts[3] = `${cipher[0] === 'A' ? 'B' : 'A'}${cipher.slice(1)}`;
      expectFailure(await post({ value: parts.join('.') }), 400, 'encryption.invalid');
      expectFailure(await post({ value: 'a.b.c.d.e' }), 400, 'encryption.invalid');
      expectFailure(await post({ value: 'x'.repeat(40_000) }), 400, 'encryption.invalid');
      const { publicKey } = await generateKeyPair('RSA-OAEP-256');
      const foreign = await new CompactEncrypt(new TextEncoder().encode('{}'))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
        .encrypt(publicKey);
      expectFailure(await post({ value: foreign }), 400, 'encryption.invalid');
    });

    it('validates what is inside: wrong types and unknown fields', async () => {
      for (const inner of [
        { type: 'username', username: 'demo', password: 1234 },
        { type: 'username', username: 'demo' },
        { type: 'email', username: 'demo', password: 'x' },
        { type: 'username', username: 'demo', password: 'x', isAdmin: true },
        'just a string',
        { type: 'username', username: 'x'.repeat(65), password: 'x' },
      ]) {
        expectFailure(await post({ value: await encryptFor(t.app, inner) }), 400, 'request.invalid');
      }
    });
  });

  describe('brute force', () => {
    it('requires a captcha after 3 failures, then locks the account name', async () => {
      clock.advance(16 * MINUTE_MS); // earlier tests' failures are forgotten
      const account = 'agent01';
      const bad = () => ({ type: 'username', username: account, password: 'Nope12345' });
      let res = await login(bad());
      expect(res.json().details).toBeUndefined();
      await login(bad());
      res = expectFailure(await login(bad()), 400, 'login.failed') as never;
      expect((res as { details?: unknown }).details).toEqual({ captcha: 'true' });

      // From another client too: the count is per account name.
      const ip = nextIp();
      expect(expectFailure(await login(bad(), ip), 400, 'captcha.required').details).toEqual({
        captcha: 'true',
      });
      let id = await captchaId(ip);
      expectFailure(await login({ ...bad(), captchaId: id, captcha: 'WRNG' }, ip), 400, 'captcha.invalid');
      // A captcha is good for one try only, right or wrong.
      expectFailure(await login({ ...bad(), captchaId: id, captcha: CAPTCHA }, ip), 400, 'captcha.invalid');

      for (let failures = 3; failures < 10; failures++) {
        clock.advance(SECOND_MS);
        id = await captchaId(ip);
        expectFailure(await login({ ...bad(), captchaId: id, captcha: CAPTCHA }, ip), 400, 'login.failed');
      }
      clock.advance(SECOND_MS);
      id = await captchaId(ip);
      const locked = await login(
        {
          type: 'username',
          username: account,
          password: DEMO_AGENT.password,
          captchaId: id,
          captcha: CAPTCHA,
        },
        ip,
      );
      expectFailure(locked, 429, 'login.locked');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

      // The lock ends with its window, and a good login clears the count.
      clock.advance(16 * MINUTE_MS);
      const ok = await login({ type: 'username', username: account, password: DEMO_AGENT.password });
      expect(ok.statusCode).toBe(200);
      expect((await login(bad())).json().details).toBeUndefined();
      await loginAs(t.app, account, DEMO_AGENT.password);
    });

    it('counts failures per client across account names', async () => {
      const ip = nextIp();
      for (const name of ['ghost1', 'ghost2']) {
        await login({ type: 'username', username: name, password: 'Nope12345' }, ip);
      }
      const third = await login({ type: 'username', username: 'ghost3', password: 'Nope12345' }, ip);
      expect(third.json().details).toEqual({ captcha: 'true' });
      expectFailure(
        await login({ type: 'username', username: 'demo', password: DEMO_MEMBER.password }, ip),
        400,
        'captcha.required',
      );
      clock.advance(16 * MINUTE_MS);
    });

    it('always asks for a captcha when the merchant says so', async () => {
      await setAccounts((c) => {
        c.accounts.captchaAlways = true;
      });
      const ip = nextIp();
      const settings = await t.app.inject({
        method: 'GET',
        url: routes.registerSettings.path,
        headers: siteHeaders(),
        remoteAddress: ip,
      });
      expect(settings.json().value.loginCaptcha).toBe(true);
      expectFailure(
        await login({ type: 'username', username: 'demo', password: DEMO_MEMBER.password }, ip),
        400,
        'captcha.required',
      );
      const id = await captchaId(ip);
      const ok = await login(
        {
          type: 'username',
          username: 'demo',
          password: DEMO_MEMBER.password,
          captchaId: id,
          captcha: CAPTCHA.toLowerCase(),
        },
        ip,
      );
      expect(ok.statusCode).toBe(200);
      await setAccounts((c) => {
        c.accounts.captchaAlways = false;
      });
    });
  });

  describe('who may sign in where', () => {
    it('lets only agents into the agent site', async () => {
      expectFailure(
        await login({ type: 'username', username: 'demo', password: DEMO_MEMBER.password, site: 'agent' }),
        403,
        'login.agent.only',
      );
      const agent = await loginAs(t.app, 'agent01', DEMO_AGENT.password, { site: 'agent' });
      expect(agent.customerType).toBe(1);
      expect((await info(agent.token)).json().value).toMatchObject({ isAgent: true, isTrial: false });
    });

    it('refuses password logins of trial accounts', async () => {
      const db = t.db.database.db;
      await insertMember(db, {
        merchantCode: 'AURUM',
        account: 'trialpw',
        userName: 'trialpw',
        type: 4,
        passwordHash: await hashPassword('Trial1234'),
        language: 'EN',
        createdAt: new Date(clock.now()),
      });
      expectFailure(
        await login({ type: 'username', username: 'trialpw', password: 'Trial1234' }),
        403,
        'login.not.member',
      );
    });

    it('forces a change for the default password and for an expired one', async () => {
      const db = t.db.database.db;
      await insertMember(db, {
        merchantCode: 'AURUM',
        account: 'fresh01',
        userName: 'fresh01',
        type: 0,
        passwordHash: await hashPassword('123456'),
        passwordChangedAt: new Date(clock.now()),
        language: 'EN',
        createdAt: new Date(clock.now()),
      });
      const forced = await loginAs(t.app, 'fresh01', '123456');
      expect(forced).toMatchObject({ forceChangePassword: true, passwordExpired: false });

      const old = new Date(clock.now() - 91 * 24 * HOUR_MS);
      const member = (await findByAccount(db, 'AURUM', 'agent01'))!;
      await updateMember(db, member.id, { passwordChangedAt: old });
      const expired = await loginAs(t.app, 'agent01', DEMO_AGENT.password);
      expect(expired).toMatchObject({ forceChangePassword: true, passwordExpired: true });
      await updateMember(db, member.id, { passwordChangedAt: new Date(clock.now()) });
    });
  });

  describe('session lifetime', () => {
    it('ends after 30 idle minutes, and use keeps it alive', async () => {
      const { token } = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      clock.advance(20 * MINUTE_MS);
      expect((await info(token)).statusCode).toBe(200);
      clock.advance(20 * MINUTE_MS);
      expect((await info(token)).statusCode).toBe(200);
      clock.advance(30 * MINUTE_MS);
      expectFailure(await info(token), 401, 'user.or.token.invalid');
    });

    it('ends after 12 hours however much it is used', async () => {
      const { token } = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      // Used every 20 minutes: never idle, yet over at 12 hours (36 x 20 minutes).
      for (let i = 1; i < 36; i++) {
        clock.advance(20 * MINUTE_MS);
        expect((await info(token)).statusCode).toBe(200);
      }
      clock.advance(20 * MINUTE_MS);
      expectFailure(await info(token), 401, 'user.or.token.invalid');
    });

    it('slides with a call just before the idle limit, and refuses one at it', async () => {
      const merchant = (await t.app.merchants.get('AURUM'))!;
      const { sessionIdleMinutes } = accountSettings(merchant);
      const idleMs = sessionIdleMinutes * MINUTE_MS;
      const kept = (await loginAs(t.app, 'demo', DEMO_MEMBER.password)).token;
      const left = (await loginAs(t.app, 'demo', DEMO_MEMBER.password)).token;
      clock.advance(idleMs - 1);
      expect((await info(kept)).statusCode).toBe(200);
      clock.advance(1);
      expectFailure(await info(left), 401, 'user.or.token.invalid');
      // The call slid the idle limit: another just before it counts from that call, not the login.
      clock.advance(idleMs - 2);
      expect((await info(kept)).statusCode).toBe(200);
      clock.advance(idleMs);
      expectFailure(await info(kept), 401, 'user.or.token.invalid');
      // The web plans with the published idle time less one touch interval.
      const site = await t.app.inject({ method: 'GET', url: routes.whitelabel.path, headers: siteHeaders() });
      expect(site.json().value.info.session).toEqual({
        idleSeconds: sessionIdleMinutes * 60,
        touchSeconds: SESSION_TOUCH_SECONDS,
      });
    });

    it('refuses a session at the absolute limit however recently it was used', async () => {
      const merchant = (await t.app.merchants.get('AURUM'))!;
      const absoluteMs = accountSettings(merchant).sessionAbsoluteHours * HOUR_MS;
      const step = 10 * MINUTE_MS;
      const { token } = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      let spent = 0;
      while (spent + step < absoluteMs) {
        clock.advance(step);
        spent += step;
        expect((await info(token)).statusCode).toBe(200);
      }
      clock.advance(absoluteMs - spent - 1);
      expect((await info(token)).statusCode).toBe(200);
      clock.advance(1);
      expectFailure(await info(token), 401, 'user.or.token.invalid');
    });

    it('ends at logout, server-side', async () => {
      const { token } = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      const other = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      const out = await t.app.inject({
        method: 'DELETE',
        url: routes.logout.path,
        headers: siteHeaders({ authorization: token }),
      });
      expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
      expectFailure(await info(token), 401, 'user.or.token.invalid');
      expect((await info(other.token)).statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'DELETE',
        url: routes.logout.path,
        headers: siteHeaders({ authorization: token }),
      });
      expectFailure(again, 401, 'user.or.token.invalid');
    });

    it('refuses missing, malformed and foreign tokens', async () => {
      for (const token of ['', 'x', `Bearer ${'a'.repeat(43)}`, 'a'.repeat(43), "' OR 1=1 --"]) {
        const res = await t.app.inject({
          method: 'GET',
          url: routes.memberInfo.path,
          headers: token ? siteHeaders({ authorization: token }) : siteHeaders(),
        });
        expectFailure(res, 401, 'user.or.token.invalid');
      }
    });
  });

  describe('remember me', () => {
    const remember = (cookie: string | undefined, ip = nextIp()) =>
      t.app.inject({
        method: 'POST',
        url: routes.loginRemember.path,
        headers: siteHeaders(cookie ? { cookie } : {}),
        remoteAddress: ip,
      });
    const cookieOf = (res: { headers: Record<string, unknown> }) => {
      // The login call also sets the device cookie: this is the remember one.
      const all = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);
      const raw = all.find((c) => c.startsWith('remember=')) ?? '';
      return { raw, pair: raw.split(';')[0]! };
    };

    it('sets an HttpOnly cookie that signs in again without a password, once', async () => {
      const res = await login({
        type: 'username',
        username: 'demo',
        password: DEMO_MEMBER.password,
        remember: true,
      });
      const { raw, pair } = cookieOf(res);
      expect(raw).toMatch(
        /^remember=[A-Za-z0-9_-]{43}; Path=\/wps\/session; Max-Age=86400; HttpOnly; SameSite=Lax$/,
      );
      expect(raw).not.toContain(DEMO_MEMBER.password);

      const first = await remember(pair);
      expect(first.statusCode).toBe(200);
      expect(first.json().value).toMatchObject({ userName: 'demo', forceChangePassword: false });
      const next = cookieOf(first).pair;
      expect(next).not.toBe(pair);
      // The used cookie is spent: a copy replayed later is refused.
      expectFailure(await remember(pair), 401, 'user.or.token.invalid');
      expect((await remember(next)).statusCode).toBe(200);
    });

    it('is marked Secure on https, expires after a day, and logout revokes it', async () => {
      const res = await login(
        { type: 'username', username: 'demo', password: DEMO_MEMBER.password, remember: true },
        nextIp(),
        {
          'x-forwarded-proto': 'https',
        },
      );
      expect(res.statusCode).toBe(200);
      const { raw, pair } = cookieOf(res);
      expect(raw).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      const token = res.json().value.token;
      const out = await t.app.inject({
        method: 'DELETE',
        url: routes.logout.path,
        headers: siteHeaders({ authorization: token, cookie: pair }),
      });
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expectFailure(await remember(pair), 401, 'user.or.token.invalid');

      const later = cookieOf(
        await login({ type: 'username', username: 'demo', password: DEMO_MEMBER.password, remember: true }),
      ).pair;
      clock.advance(24 * HOUR_MS + SECOND_MS);
      expectFailure(await remember(later), 401, 'user.or.token.invalid');
      expectFailure(await remember(undefined), 401, 'user.or.token.invalid');
      expectFailure(await remember('remember=garbage'), 401, 'user.or.token.invalid');
    });
  });

  describe('free play', () => {
    const freePlay = (body: unknown, ip = nextIp()) =>
      t.app.inject({
        method: 'POST',
        url: routes.loginFreePlay.path,
        headers: siteHeaders(),
        payload: body as object,
        remoteAddress: ip,
      });

    it('creates a trial account and resumes it with its token', async () => {
      const res = await freePlay({ os: 'Linux', platform: 'W', gatewayVersion: '3' });
      expect(res.statusCode).toBe(200);
      const first = res.json().value;
      expect(first.customerType).toBe(4);
      const me = (await info(first.token)).json().value;
      expect(me).toMatchObject({ isTrial: true, isAgent: false, hasFreePlay: true });

      const resumed = (
        await freePlay({ os: 'Linux', platform: 'W', gatewayVersion: '3', token: first.token })
      ).json().value;
      expect(resumed.id).toBe(first.id);
      expect(resumed.token).not.toBe(first.token);
      expectFailure(await info(first.token), 401, 'user.or.token.invalid');

      // A member's token does not resume anything: it starts a new trial.
      const member = await loginAs(t.app, 'demo', DEMO_MEMBER.password);
      const fresh = (
        await freePlay({ os: 'Linux', platform: 'W', gatewayVersion: '3', token: member.token })
      ).json().value;
      expect(fresh.id).not.toBe(first.id);
      expect(fresh.customerType).toBe(4);
    });

    it('refuses bad payloads and too many new trials from one client', async () => {
      for (const bad of [
        { os: 'x', platform: 'M', gatewayVersion: '3' },
        { os: 'x', platform: 'W' },
        { os: 1, platform: 'W', gatewayVersion: '3' },
      ]) {
        expectFailure(await freePlay(bad), 400, 'request.invalid');
      }
      const ip = nextIp();
      for (let i = 0; i < 10; i++) {
        clock.advance(4 * SECOND_MS);
        expect((await freePlay({ os: 'x', platform: 'W', gatewayVersion: '3' }, ip)).statusCode).toBe(200);
      }
      expectFailure(
        await freePlay({ os: 'x', platform: 'W', gatewayVersion: '3' }, ip),
        429,
        'TOO_MANY_REQUESTS',
      );
    });
  });

  describe('SMS login', () => {
    const requestCode = (mobileNum: string, ip = nextIp()) =>
      t.app.inject({
        method: 'POST',
        url: routes.smsLoginCode.path,
        headers: siteHeaders(),
        payload: { mobileNum, countryDialingCode: '63' },
        remoteAddress: ip,
      });

    it('signs in with a code sent to the member number, once', async () => {
      clock.advance(MINUTE_MS);
      const sent = await requestCode('09171234567');
      expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      const code = await lastCodeSent(t, DEMO_MEMBER.mobile);
      const body = { type: 'sms', mobileNum: '9171234567', countryDialingCode: '+63', code };
      const res = await login(body);
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({ userName: 'demo', forceChangePassword: false });
      expectFailure(await login(body), 400, 'sms.code.invalid');
    });

    it('answers the same for a number without an account, and sends nothing', async () => {
      clock.advance(MINUTE_MS);
      const res = await requestCode('09181234567');
      expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      await expect(lastCodeSent(t, '+639181234567')).rejects.toThrow();
      expectFailure(
        await login({ type: 'sms', mobileNum: '09181234567', countryDialingCode: '63', code: '123456' }),
        400,
        'sms.code.invalid',
      );
    });

    it('refuses an expired code', async () => {
      clock.advance(MINUTE_MS);
      await requestCode('09171234567');
      const code = await lastCodeSent(t, DEMO_MEMBER.mobile);
      clock.advance(5 * MINUTE_MS);
      expectFailure(
        await login({ type: 'sms', mobileNum: '09171234567', countryDialingCode: '63', code }),
        400,
        'sms.code.expired',
      );
    });
  });
});
