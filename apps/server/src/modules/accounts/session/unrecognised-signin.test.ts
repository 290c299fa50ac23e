import { failureEnvelopeSchema, type RouteName, routes } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import { TOTP_STEP_MS, totpCode } from '../../../platform/totp.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  lastCodeSent,
  nextIp,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { insertMember } from '../member/repository.ts';

const PASSWORD = 'Secure-2468';

type Res = { statusCode: number; json(): unknown };

/**
 * LOGINIPVERF3 (spec §4 Unrecognised IP login): every channel (SMS, email, authenticator code,
 * recovery code, a withdrawal account's real name), their limits, and the merchant's switch that
 * ends a session whose address changes (token_ip_different).
 */
describe.each(engines)('unrecognised sign-in on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-05-01T08:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    await setFeature(t.app, 'LOGINIPVERF3', true);
  });
  afterAll(async () => t.close());

  const db = () => t.db.database.db;
  const call = (name: RouteName, body?: unknown, opts: { token?: string; ip?: string } = {}) => {
    const def = routes[name];
    const headers = siteHeaders(opts.token ? { authorization: opts.token } : {});
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

  let serial = 0;
  /** A member who signed in once from a known network (so every other one is new). */
  const newMember = async (extra: { mobile?: string; email?: string } = {}) => {
    serial += 1;
    const account = `unrec${serial}`;
    const member = await insertMember(db(), {
      merchantCode: 'AURUM',
      account,
      userName: account,
      type: 0,
      passwordHash: await hashPassword(PASSWORD),
      passwordChangedAt: new Date(clock.now()),
      language: 'EN',
      createdAt: new Date(clock.now()),
      ...extra,
    });
    const home = nextIp();
    const first = await signIn(account, home);
    expect(first.statusCode).toBe(200);
    return {
      id: member.id,
      account,
      home,
      token: (first.json() as { value: { token: string } }).value.token,
    };
  };
  const signIn = (account: string, ip: string, more: Record<string, unknown> = {}) =>
    call('login', { type: 'username', username: account, password: PASSWORD, ...more }, { ip });

  it('lists the channels the member has and sends the email code when email is chosen', async () => {
    const m = await newMember({ mobile: '+639170000101', email: 'Unrec.Mail@example.com' });
    const ip = nextIp();
    const asked = failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    expect(asked.details).toMatchObject({ channel: 'sms', channels: 'sms,email' });

    clock.advance(2 * SECOND_MS);
    const byEmail = failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'email' }),
      400,
      'login.ip.verification',
    );
    expect(byEmail.details).toMatchObject({ channel: 'email', destination: 'Un***@example.com' });
    const code = await lastCodeSent(t, 'Unrec.Mail@example.com');
    // The SMS code does not prove the email channel, nor the reverse.
    const smsCode = await lastCodeSent(t, '+639170000101');
    if (smsCode !== code) {
      failure(
        await signIn(m.account, ip, { ipVerificationChannel: 'email', ipVerificationCode: smsCode }),
        400,
        'sms.code.invalid',
      );
    }
    const ok = await signIn(m.account, ip, { ipVerificationChannel: 'email', ipVerificationCode: code });
    expect(ok.statusCode).toBe(200);
    // The network is remembered: no question the next time.
    expect((await signIn(m.account, ip)).statusCode).toBe(200);
    // Replayed from yet another network: used up.
    failure(
      await signIn(m.account, nextIp(), { ipVerificationChannel: 'email', ipVerificationCode: code }),
      400,
      'sms.code.invalid',
    );
  });

  it('refuses an expired code, and burns a code at its sixth try even when right', async () => {
    const m = await newMember({ mobile: '+639170000102' });
    const ip = nextIp();
    failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    const expired = await lastCodeSent(t, '+639170000102');
    clock.advance(6 * MINUTE_MS);
    failure(await signIn(m.account, ip, { ipVerificationCode: expired }), 400, 'sms.code.expired');

    failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    const code = await lastCodeSent(t, '+639170000102');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      failure(await signIn(m.account, ip, { ipVerificationCode: wrong }), 400, 'sms.code.invalid');
    }
    failure(await signIn(m.account, ip, { ipVerificationCode: code }), 400, 'sms.code.invalid');
  });

  it('refuses an expired email code, and burns an email code at its sixth try even when right', async () => {
    const m = await newMember({ email: 'unrec.expiry@example.com' });
    const ip = nextIp();
    const asked = failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    // Email is the member's only channel: the code goes there without being chosen.
    expect(asked.details).toMatchObject({ channel: 'email', channels: 'email' });
    const expired = await lastCodeSent(t, 'unrec.expiry@example.com');
    clock.advance(6 * MINUTE_MS);
    failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'email', ipVerificationCode: expired }),
      400,
      'sms.code.expired',
    );

    failure(await signIn(m.account, ip, { ipVerificationChannel: 'email' }), 400, 'login.ip.verification');
    const code = await lastCodeSent(t, 'unrec.expiry@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      failure(
        await signIn(m.account, ip, { ipVerificationChannel: 'email', ipVerificationCode: wrong }),
        400,
        'sms.code.invalid',
      );
    }
    failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'email', ipVerificationCode: code }),
      400,
      'sms.code.invalid',
    );
    // No session came of it: a fresh code is needed (sent once the resend wait is over).
    clock.advance(MINUTE_MS + SECOND_MS);
    failure(await signIn(m.account, ip, { ipVerificationChannel: 'email' }), 400, 'login.ip.verification');
  });

  it('refuses a channel the member does not have, and malformed proofs, without a session', async () => {
    const m = await newMember({ mobile: '+639170000103' });
    const ip = nextIp();
    const body = failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'email' }),
      400,
      'login.ip.channel.unavailable',
    );
    expect(body.details?.channels).toBe('sms');
    failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'bank', ipVerificationName: 'Juan Cruz' }),
      400,
      'login.ip.channel.unavailable',
    );
    for (const bad of [
      { ipVerificationChannel: 'carrier-pigeon' },
      { ipVerificationCode: '12ab56' },
      { ipVerificationChannel: 'recovery', ipVerificationCode: '123456' },
      { ipVerificationChannel: 'bank', ipVerificationCode: '123456' },
      { ipVerificationName: 'x'.repeat(65) },
    ]) {
      failure(await signIn(m.account, ip, bad), 400, 'request.invalid');
    }
  });

  it('limits proofs per account and per client', async () => {
    const m = await newMember({ mobile: '+639170000104' });
    const ip = nextIp();
    failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    const code = await lastCodeSent(t, '+639170000104');
    const wrong = code === '000000' ? '111111' : '000000';
    // Each network is new; new codes keep the code's own five tries from deciding.
    for (let i = 0; i < 10; i++) {
      const res = await signIn(m.account, nextIp(), { ipVerificationCode: wrong });
      expect(res.statusCode).toBe(400);
    }
    failure(await signIn(m.account, nextIp(), { ipVerificationCode: wrong }), 429, 'TOO_MANY_REQUESTS');

    // One client guessing for several accounts.
    const client = nextIp();
    const others = await Promise.all(
      ['+639170000105', '+639170000106', '+639170000107', '+639170000108'].map((mobile) =>
        newMember({ mobile }),
      ),
    );
    let refused = 0;
    for (let i = 0; i < 31; i++) {
      const who = others[Math.floor(i / 8)]!;
      const res = await signIn(who.account, client, { ipVerificationCode: wrong });
      if (res.statusCode === 429) refused += 1;
      // The login call's own per-minute limit per client is not what is tested here.
      if (i % 10 === 9) clock.advance(MINUTE_MS);
    }
    expect(refused).toBe(1);
    clock.advance(16 * MINUTE_MS);
  });

  it('takes a code of the authenticator app or a recovery code, and then asks no second factor', async () => {
    const m = await newMember();
    const setup = (await call('twoFactorSetup', {}, { token: m.token })).json() as {
      value: { secret: string };
    };
    const secret = setup.value.secret;
    const confirmed = await call(
      'twoFactorConfirm',
      { code: totpCode(secret, clock.now()), password: PASSWORD },
      { token: m.token },
    );
    const recovery = (confirmed.json() as { value: { recoveryCodes: string[] } }).value.recoveryCodes;
    clock.advance(TOTP_STEP_MS);

    const ip = nextIp();
    const asked = failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    expect(asked.details).toMatchObject({ channel: 'totp', destination: '', channels: 'totp,recovery' });
    failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'totp', ipVerificationCode: '000000' }),
      400,
      'two.factor.code.invalid',
    );
    const code = totpCode(secret, clock.now());
    const ok = await signIn(m.account, ip, { ipVerificationChannel: 'totp', ipVerificationCode: code });
    expect(ok.statusCode).toBe(200);
    // The same app code cannot serve twice.
    failure(
      await signIn(m.account, nextIp(), { ipVerificationChannel: 'totp', ipVerificationCode: code }),
      400,
      'two.factor.code.invalid',
    );

    const viaRecovery = await signIn(m.account, nextIp(), {
      ipVerificationChannel: 'recovery',
      ipVerificationCode: recovery[0],
    });
    expect(viaRecovery.statusCode).toBe(200);
    failure(
      await signIn(m.account, nextIp(), {
        ipVerificationChannel: 'recovery',
        ipVerificationCode: recovery[0],
      }),
      400,
      'two.factor.code.invalid',
    );
    // From a known network the second factor is still asked.
    failure(await signIn(m.account, ip), 400, 'login.two.factor');
  });

  it('takes a withdrawal account real name only from a member with nothing stronger, rate-limited', async () => {
    const m = await newMember();
    const ip = nextIp();
    failure(await signIn(m.account, ip), 403, 'login.ip.unverifiable');
    await db().execute(sql`
      INSERT INTO withdraw_accounts (merchant_code, member_id, type, provider, payee_name, account_number, created_at)
      VALUES ('AURUM', ${m.id}, 'BANK', 'BDO', 'Juan Dela Cruz', '1234567890', ${new Date(clock.now())})`);
    const asked = failure(await signIn(m.account, ip), 400, 'login.ip.verification');
    expect(asked.details).toMatchObject({ channel: 'bank', channels: 'bank' });
    failure(
      await signIn(m.account, ip, { ipVerificationChannel: 'bank', ipVerificationName: 'Juan Cruz' }),
      400,
      'login.ip.name.wrong',
    );
    const ok = await signIn(m.account, ip, {
      ipVerificationChannel: 'bank',
      ipVerificationName: '  juan   dela CRUZ ',
    });
    expect(ok.statusCode).toBe(200);
    // Three tries an hour per member.
    failure(
      await signIn(m.account, nextIp(), { ipVerificationChannel: 'bank', ipVerificationName: 'A B' }),
      400,
      'login.ip.name.wrong',
    );
    failure(
      await signIn(m.account, nextIp(), { ipVerificationChannel: 'bank', ipVerificationName: 'A B' }),
      429,
      'TOO_MANY_REQUESTS',
    );
    // Once the member binds a mobile, the name alone no longer does.
    await db().execute(sql`UPDATE members SET mobile = '+639170000199' WHERE id = ${m.id}`);
    clock.advance(61 * MINUTE_MS);
    failure(
      await signIn(m.account, nextIp(), {
        ipVerificationChannel: 'bank',
        ipVerificationName: 'Juan Dela Cruz',
      }),
      400,
      'login.ip.channel.unavailable',
    );
  });

  it('ends a session used from another address when the merchant says so (token_ip_different)', async () => {
    const m = await newMember();
    const other = nextIp();
    // Off: another address is fine.
    expect((await call('twoFactorStatus', undefined, { token: m.token, ip: other })).statusCode).toBe(200);
    await setMerchantConfig(t.app, (c) => {
      c.accounts = { ...c.accounts, endSessionOnAddressChange: true } as typeof c.accounts;
    });
    try {
      expect((await call('twoFactorStatus', undefined, { token: m.token, ip: m.home })).statusCode).toBe(200);
      failure(
        await call('twoFactorStatus', undefined, { token: m.token, ip: other }),
        401,
        'token_ip_different',
      );
      // Ended on the server: even the first address is refused now.
      failure(
        await call('twoFactorStatus', undefined, { token: m.token, ip: m.home }),
        401,
        'user.or.token.invalid',
      );
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.accounts = { ...c.accounts, endSessionOnAddressChange: false } as typeof c.accounts;
      });
    }
  });
});
