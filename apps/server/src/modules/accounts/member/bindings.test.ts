import {
  failureEnvelopeSchema,
  type MerchantConfig,
  type RouteName,
  routes,
  socialCallbackPath,
} from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import { listOutbox } from '../../../platform/outbox.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { CookieBrowser, startTestProvider, type TestProvider } from '../social/test-provider.ts';
import { findById, insertMember } from './repository.ts';

const PASSWORD = 'Secure-2468';
const CLIENT_ID = 'aurum-web';
const CLIENT_SECRET = 'test-client-secret-bindings-0123';
const SECRET_ENV = 'AURUM_TEST_BINDINGS_GOOGLE_CLIENT_SECRET';
const CALLBACK = `http://localhost${socialCallbackPath('google')}`;
const GRACE = { sub: 'grace-0007', name: 'Grace', email: 'grace@example.com', email_verified: true };

type Res = { statusCode: number; json(): unknown };

describe.each(engines)('bindings on %s', (engine) => {
  let t: TestApp;
  let idp: TestProvider;
  const clock = new ManualClock(Date.parse('2026-05-02T08:00:00Z'));
  beforeAll(async () => {
    idp = await startTestProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [CALLBACK],
      users: [GRACE],
    });
    process.env[SECRET_ENV] = CLIENT_SECRET;
    t = await createTestApp(engine, {}, { clock });
    const config: MerchantConfig = structuredClone((await t.app.merchants.get('AURUM'))!.config);
    config.accounts.social.google = {
      enabled: true,
      issuer: idp.issuer,
      clientId: CLIENT_ID,
      clientSecretEnv: SECRET_ENV,
    };
    await t.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
  });
  afterAll(async () => {
    delete process.env[SECRET_ENV];
    await t?.close();
    await idp?.close();
  });

  const db = () => t.db.database.db;
  const call = (name: RouteName, body?: unknown, opts: { token?: string; ip?: string } = {}) => {
    const def = routes[name];
    const headers = siteHeaders(opts.token ? { authorization: opts.token } : {});
    // A new second each call: the code calls allow one a second per member.
    clock.advance(2 * SECOND_MS);
    if (def.encrypted) {
      return callEncrypted(t.app, def.method as 'POST', def.path, body, { ip: opts.ip, headers });
    }
    return t.app.inject({
      method: def.method,
      url: def.path,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
      remoteAddress: opts.ip ?? nextIp(),
    });
  };
  const failure = (res: Res, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const value = <T>(res: Res) => {
    expect(res.statusCode).toBe(200);
    return (res.json() as { value: T }).value;
  };

  let serial = 0;
  const newMember = async (extra: { mobile?: string; email?: string; password?: boolean } = {}) => {
    serial += 1;
    const account = `bind${serial}`;
    const { password = true, ...rest } = extra;
    const member = await insertMember(db(), {
      merchantCode: 'AURUM',
      account,
      userName: account,
      type: 0,
      passwordHash: password ? await hashPassword(PASSWORD) : null,
      passwordChangedAt: new Date(clock.now()),
      language: 'EN',
      createdAt: new Date(clock.now()),
      ...rest,
    });
    const token = password
      ? (await loginAs(t.app, account, PASSWORD)).token
      : (await t.app.accounts.login.signIn((await t.app.merchants.get('AURUM'))!, member, { ip: nextIp() }))
          .token;
    return { id: member.id, account, token };
  };
  const messagesTo = async (to: string) => listOutbox(t.db.database, 'AURUM', { to, limit: 10 });
  const events = async (memberId: number) =>
    (
      (await db().execute(
        sql`SELECT kind FROM member_security_events WHERE member_id = ${memberId} ORDER BY id`,
      )) as unknown as { rows: { kind: string }[] }
    ).rows.map((r) => r.kind);

  it('binds an email to a member registered with a mobile: code to the new address, password, old address untouched', async () => {
    const m = await newMember({ mobile: '+639170000301' });
    expect(value(await call('bindings', undefined, { token: m.token }))).toEqual({
      email: null,
      mobile: '+63917****301',
      social: [{ provider: 'google', linked: false }],
      hasPassword: true,
    });
    const sent = value<{ destination: string }>(
      await call('bindingCode', { channel: 'email', email: 'New.One@example.com' }, { token: m.token }),
    );
    expect(sent.destination).toBe('Ne***@example.com');
    const code = await lastCodeSent(t, 'New.One@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { channel: 'email', email: 'new.one@example.com', code, password: PASSWORD };
    failure(
      await call('bindingConfirm', { ...body, code: wrong }, { token: m.token }),
      400,
      'sms.code.invalid',
    );
    failure(
      await call('bindingConfirm', { ...body, password: 'Wrong-1234' }, { token: m.token }),
      400,
      'password.old.wrong',
    );
    const bound = value<{ email: string }>(await call('bindingConfirm', body, { token: m.token }));
    expect(bound.email).toBe('ne***@example.com');
    const row = await findById(db(), 'AURUM', m.id);
    expect(row?.email).toBe('new.one@example.com');
    expect(row?.account).toBe(m.account);
    expect(await events(m.id)).toEqual(['binding.email']);
    // Replayed: used up.
    failure(await call('bindingConfirm', body, { token: m.token }), 400, 'binding.same');
    // Nothing was "changed", so no old address to tell: the mobile got only nothing new.
    expect((await messagesTo('+639170000301')).length).toBe(0);
  });

  it('changes the mobile: the old number is told, and SMS sign-in follows the new number', async () => {
    const m = await newMember({ mobile: '+639170000302' });
    await call(
      'bindingCode',
      { channel: 'mobile', mobileNum: '9170000303', countryDialingCode: '63' },
      { token: m.token },
    );
    const code = await lastCodeSent(t, '+639170000303');
    value(
      await call(
        'bindingConfirm',
        { channel: 'mobile', mobileNum: '9170000303', countryDialingCode: '+63', code, password: PASSWORD },
        { token: m.token },
      ),
    );
    const row = await findById(db(), 'AURUM', m.id);
    expect(row?.mobile).toBe('+639170000303');
    expect(row?.countryDialingCode).toBe('63');
    const told = await messagesTo('+639170000302');
    expect(told[0]?.body).toContain('+63917****303');
    // SMS sign-in: a login code goes to the new number only.
    await t.app.inject({
      method: 'POST',
      url: routes.smsLoginCode.path,
      headers: siteHeaders(),
      payload: { mobileNum: '9170000303', countryDialingCode: '63' },
      remoteAddress: nextIp(),
    });
    const loginCode = await lastCodeSent(t, '+639170000303');
    const signed = await callEncrypted(t.app, 'POST', routes.login.path, {
      type: 'sms',
      mobileNum: '9170000303',
      countryDialingCode: '63',
      code: loginCode,
    });
    expect(signed.statusCode).toBe(200);
    expect((signed.json() as { value: { id: number } }).value.id).toBe(m.id);
  });

  it("refuses the address already bound and another member's, before sending anything", async () => {
    const a = await newMember({ mobile: '+639170000304', email: 'taken@example.com' });
    const b = await newMember({ mobile: '+639170000305' });
    failure(
      await call(
        'bindingCode',
        { channel: 'mobile', mobileNum: '9170000304', countryDialingCode: '63' },
        { token: b.token },
      ),
      409,
      'binding.taken',
    );
    failure(
      await call('bindingCode', { channel: 'email', email: 'TAKEN@example.com' }, { token: b.token }),
      409,
      'binding.taken',
    );
    failure(
      await call(
        'bindingCode',
        { channel: 'mobile', mobileNum: '9170000305', countryDialingCode: '63' },
        { token: b.token },
      ),
      400,
      'binding.same',
    );
    expect((await messagesTo('taken@example.com')).length).toBe(0);
    expect(a.id).not.toBe(b.id);
  });

  it('expires codes, burns one at its sixth try, and limits confirmations per member', async () => {
    const m = await newMember();
    await call('bindingCode', { channel: 'email', email: 'late@example.com' }, { token: m.token });
    const late = await lastCodeSent(t, 'late@example.com');
    clock.advance(6 * MINUTE_MS);
    const body = { channel: 'email', email: 'late@example.com', password: PASSWORD };
    failure(
      await call('bindingConfirm', { ...body, code: late }, { token: m.token }),
      400,
      'sms.code.expired',
    );

    await call('bindingCode', { channel: 'email', email: 'late@example.com' }, { token: m.token });
    const code = await lastCodeSent(t, 'late@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      failure(
        await call('bindingConfirm', { ...body, code: wrong }, { token: m.token }),
        400,
        'sms.code.invalid',
      );
    }
    failure(await call('bindingConfirm', { ...body, code }, { token: m.token }), 400, 'sms.code.invalid');
    // 20 confirmations an hour per member: 7 spent, 13 more, then refused.
    for (let i = 0; i < 13; i++) await call('bindingConfirm', { ...body, code: wrong }, { token: m.token });
    failure(await call('bindingConfirm', { ...body, code }, { token: m.token }), 429, 'TOO_MANY_REQUESTS');
    expect((await findById(db(), 'AURUM', m.id))?.email).toBeNull();
  });

  it('limits confirmations per client across members', async () => {
    // One client guessing codes for several members: 60 confirmations an hour, whoever they are for.
    const client = nextIp();
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => newMember()));
    const body = (i: number) => ({
      channel: 'email',
      email: `client-limit-${engine}-${i}@example.com`,
      password: PASSWORD,
      code: '000000',
    });
    for (let i = 0; i < 60; i++) {
      const res = await call('bindingConfirm', body(i % 4), { token: members[i % 4]!.token, ip: client });
      expect(res.statusCode, `try ${i + 1}`).toBe(400);
      // The route's own per-minute limit per client is not what is tested here.
      if (i % 10 === 9) clock.advance(MINUTE_MS);
    }
    // A fifth member, untouched by the member limit, is refused from that client...
    failure(
      await call('bindingConfirm', body(4), { token: members[4]!.token, ip: client }),
      429,
      'TOO_MANY_REQUESTS',
    );
    // ...and not from another.
    failure(await call('bindingConfirm', body(4), { token: members[4]!.token }), 400, 'sms.code.invalid');
  });

  it('refuses bad input, the signed-out, and members without a password, changing nothing', async () => {
    const m = await newMember({ mobile: '+639170000306' });
    const bad: [RouteName, unknown][] = [
      ['bindingCode', { channel: 'email' }],
      ['bindingCode', { channel: 'email', email: 'not-an-email' }],
      ['bindingCode', { channel: 'mobile', mobileNum: '917' }],
      ['bindingCode', { channel: 'fax', email: 'a@example.com' }],
      ['bindingCode', { channel: 'email', email: 'a@example.com', extra: 1 }],
      ['bindingConfirm', { channel: 'email', email: 'a@example.com', code: '12', password: PASSWORD }],
      ['bindingConfirm', { channel: 'email', email: 'a@example.com', code: '123456' }],
      ['socialLink', { provider: 'myspace', returnTo: '/member' }],
      ['socialLink', { provider: 'google', returnTo: 'https://evil.example/' }],
      ['socialLink', { provider: 'google', returnTo: '//evil.example/' }],
      ['socialUnlink', { provider: 'google' }],
    ];
    for (const [name, body] of bad)
      failure(await call(name, body, { token: m.token }), 400, 'request.invalid');
    const mobileCode = { channel: 'mobile', mobileNum: '12', countryDialingCode: '63' };
    failure(await call('bindingCode', mobileCode, { token: m.token }), 400, 'validation.failed');
    for (const [name, body] of [
      ['bindings', undefined],
      ['bindingCode', { channel: 'email', email: 'a@example.com' }],
      ['bindingConfirm', { channel: 'email', email: 'a@example.com', code: '123456', password: PASSWORD }],
      ['socialLink', { provider: 'google', returnTo: '/member' }],
      ['socialUnlink', { provider: 'google', password: PASSWORD }],
    ] as [RouteName, unknown][]) {
      failure(await call(name, body), 401, 'user.or.token.invalid');
    }
    const noPassword = await newMember({ mobile: '+639170000307', password: false });
    failure(
      await call('bindingCode', { channel: 'email', email: 'np@example.com' }, { token: noPassword.token }),
      400,
      'binding.password.required',
    );
    expect(await events(m.id)).toEqual([]);
    expect((await findById(db(), 'AURUM', m.id))?.email).toBeNull();
  });

  it('links Google to a signed-in member and unlinks it only with a password', async () => {
    const m = await newMember({ email: 'grace.owner@example.com' });
    const started = value<{ location: string }>(
      await call('socialLink', { provider: 'google', returnTo: '/member/security' }, { token: m.token }),
    );
    // The binding cookie of the browser that started it (set by the call's reply).
    const again = await t.app.inject({
      method: 'POST',
      url: routes.socialLink.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: { provider: 'google', returnTo: '/member/security' },
      remoteAddress: nextIp(),
    });
    const cookie = String(again.headers['set-cookie']);
    const binding = cookie.split(';')[0]!.split('=')[1]!;
    expect(started.location.startsWith(idp.issuer)).toBe(true);
    const location = (again.json() as { value: { location: string } }).value.location;
    const callbackUrl = await new CookieBrowser().authorize(location, CALLBACK, GRACE.sub, false);
    const back = await t.app.inject({
      method: 'GET',
      url: `${callbackUrl.pathname}${callbackUrl.search}`,
      headers: { cookie: `oauth_binding=${binding}` },
      remoteAddress: nextIp(),
    });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/member/security?linked=google');
    expect(value<{ social: unknown }>(await call('bindings', undefined, { token: m.token })).social).toEqual([
      { provider: 'google', linked: true },
    ]);
    expect(await events(m.id)).toEqual(['binding.social_linked']);
    expect((await messagesTo('grace.owner@example.com'))[0]?.body).toContain('Google sign-in was linked');

    // Another member cannot take the same Google account.
    const other = await newMember();
    const otherStart = await t.app.inject({
      method: 'POST',
      url: routes.socialLink.path,
      headers: siteHeaders({ authorization: other.token }),
      payload: { provider: 'google', returnTo: '/member/security' },
      remoteAddress: nextIp(),
    });
    const otherBinding = String(otherStart.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    const otherCallback = await new CookieBrowser().authorize(
      (otherStart.json() as { value: { location: string } }).value.location,
      CALLBACK,
      GRACE.sub,
      false,
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: `${otherCallback.pathname}${otherCallback.search}`,
      headers: { cookie: `oauth_binding=${otherBinding}` },
      remoteAddress: nextIp(),
    });
    // Back to the page that started the link, with the reason.
    expect(String(refused.headers.location)).toBe('/member/security?authError=social.already.linked');

    failure(
      await call('socialUnlink', { provider: 'google', password: 'Wrong-1234' }, { token: m.token }),
      400,
      'password.old.wrong',
    );
    const unlinked = value<{ social: unknown }>(
      await call('socialUnlink', { provider: 'google', password: PASSWORD }, { token: m.token }),
    );
    expect(unlinked.social).toEqual([{ provider: 'google', linked: false }]);
    failure(
      await call('socialUnlink', { provider: 'google', password: PASSWORD }, { token: m.token }),
      409,
      'social.not.linked',
    );
    expect(await events(m.id)).toEqual(['binding.social_linked', 'binding.social_unlinked']);

    // A member who signs in only with Google cannot unlink it.
    const socialOnly = await newMember({ password: false });
    await db().execute(sql`
      INSERT INTO social_identities (merchant_code, provider, subject, member_id, created_at)
      VALUES ('AURUM', 'google', 'only-google-1', ${socialOnly.id}, ${new Date(clock.now())})`);
    failure(
      await call('socialUnlink', { provider: 'google', password: PASSWORD }, { token: socialOnly.token }),
      400,
      'social.unlink.password.required',
    );
  });
});
