import { failureEnvelopeSchema, type RouteName, routes } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../../platform/clock.ts';
import { hashPassword } from '../../../../platform/crypto.ts';
import { listOutbox } from '../../../../platform/outbox.ts';
import { TOTP_STEP_MS, totpCode } from '../../../../platform/totp.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../../testing/app.ts';
import { findById, insertMember } from '../../member/repository.ts';

const PASSWORD = 'Secure-2468';
const RECOVERY = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

interface Member {
  id: number;
  account: string;
  token: string;
}

interface Bound extends Member {
  secret: string;
  recoveryCodes: string[];
}

describe.each(engines)('two-factor sign-in on %s', (engine) => {
  let t: TestApp;
  // Ten seconds into a 30-second step, so "now" and "one step either side" are clear.
  const clock = new ManualClock(Date.parse('2026-04-01T08:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const db = () => t.db.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  /** Calls a route of the contract as the web client does (E bodies encrypted). */
  const call = (
    name: RouteName,
    body?: unknown,
    opts: { token?: string; ip?: string; cookie?: string } = {},
  ) => {
    const def = routes[name];
    const headers = siteHeaders({
      ...(opts.token ? { authorization: opts.token } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    });
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
  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  /** A new step, so the next code of the app is not the one just used. */
  const nextStep = () => clock.advance(TOTP_STEP_MS);
  const codeNow = (secret: string, offsetSteps = 0) =>
    totpCode(secret, clock.now() + offsetSteps * TOTP_STEP_MS);
  /** Six digits that are no code of the key for now or one step either side. */
  const wrongCode = (secret: string) => {
    const near = new Set([-1, 0, 1].map((d) => codeNow(secret, d)));
    for (let i = 0; ; i++) {
      const code = String(i).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  };

  let serial = 0;
  const newMember = async (extra: { mobile?: string; email?: string } = {}): Promise<Member> => {
    serial += 1;
    const account = `twofa${serial}`;
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
    const { token } = await loginAs(t.app, account, PASSWORD);
    return { id: member.id, account, token };
  };
  const bind = async (member: Member): Promise<Bound> => {
    const setup = await call('twoFactorSetup', {}, { token: member.token });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().value as { secret: string };
    const confirmed = await call(
      'twoFactorConfirm',
      { code: codeNow(secret), password: PASSWORD },
      { token: member.token },
    );
    expect(confirmed.statusCode).toBe(200);
    nextStep();
    return { ...member, secret, recoveryCodes: confirmed.json().value.recoveryCodes };
  };
  const newBound = async (extra: { mobile?: string; email?: string } = {}) => bind(await newMember(extra));
  const password = (account: string, more: Record<string, unknown> = {}) =>
    call('login', { type: 'username', username: account, password: PASSWORD, ...more });
  /** The first step: login.two.factor and its ticket. */
  const ticketOf = (res: { statusCode: number; json(): unknown }) => {
    const body = expectFailure(res, 400, 'login.two.factor');
    expect(body.details?.expiresInSeconds).toBe('300');
    const ticket = body.details?.ticket ?? '';
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return ticket;
  };
  const answer = (ticket: string, code: string, ip?: string) =>
    call('loginTwoFactor', { ticket, code }, ip ? { ip } : {});
  const status = async (member: Member) =>
    (await call('twoFactorStatus', undefined, { token: member.token })).json().value;
  const liveSessions = async (memberId: number) =>
    Number(
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM sessions WHERE member_id = ${memberId} AND kind = 'session'`,
        )
      )[0]!.n,
    );
  // The two-factor ones: these sign-ins send no device cookie, so each is also a new device.
  const events = (memberId: number) =>
    rows<{ kind: string; detail: Record<string, unknown> }>(
      sql`SELECT kind, detail FROM member_security_events
           WHERE member_id = ${memberId} AND kind LIKE 'two_factor.%' ORDER BY id`,
    );
  const messages = (memberId: number) =>
    rows<{ title: string; body: string }>(
      sql`SELECT title, body FROM support_messages
           WHERE member_id = ${memberId} AND title <> 'Sign-in from a new device' ORDER BY id`,
    );
  const cookieNamed = (res: { headers: Record<string, unknown> }, name: string) =>
    ([] as unknown[])
      .concat(res.headers['set-cookie'] ?? [])
      .map(String)
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0];

  it('binds an app: a key that waits for its first code, then the code and the login password', async () => {
    const member = await newMember();
    expect(await status(member)).toEqual({
      bound: false,
      boundAt: null,
      recoveryCodesLeft: 0,
      hasPassword: true,
    });
    const setup = (await call('twoFactorSetup', undefined, { token: member.token })).json().value;
    const brand = (await t.app.merchants.get('AURUM'))!.config.brand.name;
    expect(setup).toMatchObject({ issuer: brand, account: member.account });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${brand}:${member.account}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: brand,
      secret: setup.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Kept sealed, never as the key itself.
    const [stored] = await rows<{ secret_sealed: string; confirmed_at: unknown }>(
      sql`SELECT secret_sealed, confirmed_at FROM member_two_factor WHERE member_id = ${member.id}`,
    );
    expect(stored!.secret_sealed).toMatch(/^v1\./);
    expect(stored!.secret_sealed).not.toContain(setup.secret);
    expect(stored!.confirmed_at).toBeNull();
    // Not on until confirmed: the password alone still signs in.
    expect((await password(member.account)).statusCode).toBe(200);

    expectFailure(
      await call('twoFactorConfirm', { code: codeNow(setup.secret), password: 'Wrong-1234' }, member),
      400,
      'password.old.wrong',
    );
    expectFailure(
      await call('twoFactorConfirm', { code: wrongCode(setup.secret), password: PASSWORD }, member),
      400,
      'two.factor.code.invalid',
    );
    expect((await status(member)).bound).toBe(false);

    const confirmed = await call(
      'twoFactorConfirm',
      { code: codeNow(setup.secret), password: PASSWORD },
      { token: member.token },
    );
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY);
    expect(await status(member)).toEqual({
      bound: true,
      boundAt: clock.now(),
      recoveryCodesLeft: 10,
      hasPassword: true,
    });
    // Only hashes of the recovery codes are kept.
    const hashes = await rows<{ code_hash: string }>(
      sql`SELECT code_hash FROM member_recovery_codes WHERE member_id = ${member.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replaceAll('-', ''));
    }

    expectFailure(await call('twoFactorSetup', {}, { token: member.token }), 409, 'two.factor.already.bound');
    expect(await events(member.id)).toEqual([{ kind: 'two_factor.bound', detail: {} }]);
    expect((await messages(member.id)).map((m) => m.title)).toEqual(['Two-factor sign-in is on']);
  });

  it('starts no session at the password: the code finishes the sign-in with the same reply as a login', async () => {
    const member = await newBound();
    const before = await liveSessions(member.id);
    const first = await password(member.account);
    expect(first.json()).not.toHaveProperty('value');
    expect(cookieNamed(first, 'device')).toBeUndefined();
    const ticket = ticketOf(first);
    expect(await liveSessions(member.id)).toBe(before);

    const second = await answer(ticket, codeNow(member.secret));
    expect(second.statusCode).toBe(200);
    const value = second.json().value;
    expect(value).toMatchObject({ userName: member.account, forceChangePassword: false, id: member.id });
    expect(cookieNamed(second, 'device')).toMatch(/^device=[A-Za-z0-9_-]{43}$/);
    expect(await liveSessions(member.id)).toBe(before + 1);
    const info = await t.app.inject({
      method: 'GET',
      url: routes.memberInfo.path,
      headers: siteHeaders({ authorization: value.token }),
      remoteAddress: nextIp(),
    });
    expect(info.json().value.account).toBe(member.account);
    // A ticket works once.
    nextStep();
    expectFailure(await answer(ticket, codeNow(member.secret)), 400, 'two.factor.ticket.invalid');
  });

  it('takes the code of the step before or after, not of two steps away', async () => {
    const member = await newBound();
    clock.advance(10 * MINUTE_MS);
    for (const offset of [-2, 2]) {
      const ticket = ticketOf(await password(member.account));
      expectFailure(await answer(ticket, codeNow(member.secret, offset)), 400, 'two.factor.code.invalid');
    }
    for (const offset of [-1, 1]) {
      const ticket = ticketOf(await password(member.account));
      expect((await answer(ticket, codeNow(member.secret, offset))).statusCode).toBe(200);
    }
  });

  it('takes each code once: the same code again, or an older one, is refused', async () => {
    const member = await newBound();
    const code = codeNow(member.secret);
    expect((await answer(ticketOf(await password(member.account)), code)).statusCode).toBe(200);
    const again = ticketOf(await password(member.account));
    const refused = expectFailure(await answer(again, code), 400, 'two.factor.code.invalid');
    expect(refused.details).toEqual({ attemptsLeft: '4' });
    // One step later the previous step's code would fit the window, but it is older than the one taken.
    nextStep();
    expectFailure(await answer(again, codeNow(member.secret, -1)), 400, 'two.factor.code.invalid');
    expect((await answer(again, codeNow(member.secret))).statusCode).toBe(200);
  });

  it('burns the ticket at the fifth wrong code: the sixth try is refused, the right code too', async () => {
    const member = await newBound();
    const before = await liveSessions(member.id);
    const ticket = ticketOf(await password(member.account));
    for (const left of ['4', '3', '2', '1']) {
      const res = expectFailure(
        await answer(ticket, wrongCode(member.secret)),
        400,
        'two.factor.code.invalid',
      );
      expect(res.details).toEqual({ attemptsLeft: left });
    }
    expectFailure(await answer(ticket, wrongCode(member.secret)), 400, 'two.factor.ticket.invalid');
    expectFailure(await answer(ticket, codeNow(member.secret)), 400, 'two.factor.ticket.invalid');
    expect(await liveSessions(member.id)).toBe(before);
  });

  it('lets a ticket be answered for five minutes only', async () => {
    const member = await newBound();
    const late = ticketOf(await password(member.account));
    const inTime = ticketOf(await password(member.account));
    clock.advance(5 * MINUTE_MS - SECOND_MS);
    expect((await answer(inTime, codeNow(member.secret))).statusCode).toBe(200);
    clock.advance(SECOND_MS);
    nextStep();
    expectFailure(await answer(late, codeNow(member.secret)), 400, 'two.factor.ticket.expired');
  });

  it('limits code checks per client and per member', async () => {
    // Per client: unknown tickets count too (the route's own limit is 20 a minute).
    const ip = nextIp();
    const unknown = 'A'.repeat(43);
    for (let i = 0; i < 30; i++) {
      if (i % 15 === 14) clock.advance(MINUTE_MS);
      expectFailure(await answer(unknown, '123456', ip), 400, 'two.factor.ticket.invalid');
    }
    expectFailure(await answer(unknown, '123456', ip), 429, 'TOO_MANY_REQUESTS');
    clock.advance(15 * MINUTE_MS);

    // Per member, from any address: binding took one check; ten in 15 minutes.
    const member = await newBound();
    const first = ticketOf(await password(member.account));
    for (let i = 0; i < 5; i++) await answer(first, wrongCode(member.secret));
    const second = ticketOf(await password(member.account));
    for (let i = 0; i < 4; i++) {
      expectFailure(await answer(second, wrongCode(member.secret)), 400, 'two.factor.code.invalid');
    }
    expectFailure(await answer(second, codeNow(member.secret)), 429, 'TOO_MANY_REQUESTS');
    clock.advance(15 * MINUTE_MS);
    expect((await answer(ticketOf(await password(member.account)), codeNow(member.secret))).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once, in place of a code, and tells the member', async () => {
    const member = await newBound();
    const [recovery] = member.recoveryCodes;
    const typed = recovery!.replaceAll('-', '').toLowerCase();
    const res = await answer(ticketOf(await password(member.account)), typed);
    expect(res.statusCode).toBe(200);
    const token = res.json().value.token as string;
    expect((await status({ ...member, token })).recoveryCodesLeft).toBe(9);
    expectFailure(
      await answer(ticketOf(await password(member.account)), recovery!),
      400,
      'two.factor.code.invalid',
    );
    expect((await events(member.id)).at(-1)).toEqual({
      kind: 'two_factor.recovery_used',
      detail: { recoveryCodesLeft: 9 },
    });
    expect((await messages(member.id)).at(-1)!.body).toContain('9 are left');

    // New codes need a code; the old ones stop working.
    expectFailure(
      await call('twoFactorRecoveryCodes', { code: wrongCode(member.secret) }, { token }),
      400,
      'two.factor.code.invalid',
    );
    const fresh = await call('twoFactorRecoveryCodes', { code: codeNow(member.secret) }, { token });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(member.recoveryCodes[1]);
    expect((await status({ ...member, token })).recoveryCodesLeft).toBe(10);
    expectFailure(
      await answer(ticketOf(await password(member.account)), member.recoveryCodes[1]!),
      400,
      'two.factor.code.invalid',
    );
    expect((await answer(ticketOf(await password(member.account)), codes[0]!)).statusCode).toBe(200);
    expect((await events(member.id)).map((e) => e.kind)).toContain('two_factor.recovery_regenerated');
  });

  it('unbinds only with the login password and a current code or a recovery code', async () => {
    const member = await newBound();
    expectFailure(
      await call('twoFactorUnbind', { code: wrongCode(member.secret), password: PASSWORD }, member),
      400,
      'two.factor.code.invalid',
    );
    expectFailure(
      await call('twoFactorUnbind', { code: codeNow(member.secret), password: 'Wrong-1234' }, member),
      400,
      'password.old.wrong',
    );
    expect((await status(member)).bound).toBe(true);
    const done = await call('twoFactorUnbind', { code: codeNow(member.secret), password: PASSWORD }, member);
    expect(done.json()).toEqual({ success: true, value: { bound: false } });
    expect(await status(member)).toMatchObject({ bound: false, recoveryCodesLeft: 0 });
    expect((await password(member.account)).statusCode).toBe(200);
    expect((await events(member.id)).map((e) => e.kind)).toEqual(['two_factor.bound', 'two_factor.unbound']);
    expect((await messages(member.id)).at(-1)!.title).toBe('Two-factor sign-in is off');
    expectFailure(
      await call('twoFactorUnbind', { code: codeNow(member.secret), password: PASSWORD }, member),
      409,
      'two.factor.not.bound',
    );

    const lost = await newBound();
    const byRecovery = await call(
      'twoFactorUnbind',
      { code: lost.recoveryCodes[3], password: PASSWORD },
      { token: lost.token },
    );
    expect(byRecovery.statusCode).toBe(200);
    expect((await status(lost)).bound).toBe(false);
  });

  describe('every other way in asks for the second factor too', () => {
    it('SMS sign-in', async () => {
      const member = await newBound({ mobile: '+639175550101' });
      await call('smsLoginCode', { mobileNum: '09175550101', countryDialingCode: '63' });
      const code = await lastCodeSent(t, '+639175550101');
      const first = await call('login', {
        type: 'sms',
        mobileNum: '09175550101',
        countryDialingCode: '63',
        code,
      });
      const second = await answer(ticketOf(first), codeNow(member.secret));
      expect(second.json().value).toMatchObject({ userName: member.account, forceChangePassword: false });
    });

    it('the remember cookie, which the second step renews', async () => {
      const member = await newBound();
      const first = await password(member.account, { remember: true });
      expect(cookieNamed(first, 'remember')).toBeUndefined();
      const second = await answer(ticketOf(first), codeNow(member.secret));
      const cookie = cookieNamed(second, 'remember');
      expect(cookie).toMatch(/^remember=[A-Za-z0-9_-]{43}$/);

      const again = await call('loginRemember', undefined, { cookie });
      const ticket = ticketOf(again);
      nextStep();
      const renewed = await answer(ticket, codeNow(member.secret));
      expect(renewed.statusCode).toBe(200);
      expect(cookieNamed(renewed, 'remember')).not.toBe(cookie);
      // The used cookie is spent.
      expectFailure(await call('loginRemember', undefined, { cookie }), 401, 'user.or.token.invalid');
    });

    it('a social sign-in’s hand-off, but not a signed-in member’s own hand-off link', async () => {
      const member = await newBound();
      const merchant = (await t.app.merchants.get('AURUM'))!;
      const row = (await findById(db(), 'AURUM', member.id))!;
      const social = await t.app.accounts.handoff.issue(merchant, row, nextIp(), '/', 'social-ticket');
      const redeemed = await call('handoffRedeem', { ticket: social.ticket });
      const second = await answer(ticketOf(redeemed), codeNow(member.secret));
      expect(second.statusCode).toBe(200);

      const link = await call('handoffTicket', {}, { token: member.token });
      expect((await call('handoffRedeem', { ticket: link.json().value.ticket })).statusCode).toBe(200);
    });

    it('a password reset, which changes the password but opens no session without the code', async () => {
      const member = await newBound({ email: 'twofa-reset@example.com' });
      const forgot = await t.app.inject({
        method: 'POST',
        url: routes.forgotPasswordEmail.path,
        headers: siteHeaders(),
        payload: { username: member.account, email: 'twofa-reset@example.com' },
        remoteAddress: nextIp(),
      });
      expect(forgot.statusCode).toBe(200);
      const [mail] = await listOutbox(t.db.database, 'AURUM', { to: 'twofa-reset@example.com', limit: 1 });
      const resetCode = mail!.body.match(/reset code is ([A-Z0-9]{10})/)![1]!;
      const before = await liveSessions(member.id);
      const reset = await call('resetPassword', {
        username: member.account,
        resetCode,
        newPassword: 'Renewed-8642',
        confirmNewPassword: 'Renewed-8642',
      });
      const ticket = ticketOf(reset);
      expect(await liveSessions(member.id)).toBe(before);
      expect((await answer(ticket, codeNow(member.secret))).statusCode).toBe(200);
    });
  });

  it('refuses bad input on every call with a 4xx envelope and stores nothing', async () => {
    const member = await newMember();
    const token = member.token;
    const bad: [RouteName, unknown][] = [
      ['twoFactorSetup', { extra: 1 }],
      ['twoFactorConfirm', { code: '12345', password: PASSWORD }],
      ['twoFactorConfirm', { code: '123456' }],
      ['twoFactorConfirm', { code: '123456', password: '' }],
      ['twoFactorConfirm', { code: '123456', password: PASSWORD, extra: true }],
      ['twoFactorUnbind', { code: 'not-a-code', password: PASSWORD }],
      ['twoFactorUnbind', { code: 123456, password: PASSWORD }],
      ['twoFactorRecoveryCodes', { code: '' }],
      ['twoFactorRecoveryCodes', {}],
      ['loginTwoFactor', { ticket: 'short', code: '123456' }],
      ['loginTwoFactor', { ticket: 'A'.repeat(43), code: '1234567' }],
      ['loginTwoFactor', { ticket: 'A'.repeat(43) }],
    ];
    for (const [name, body] of bad) {
      const res = await call(name, body, { token });
      expect(res.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
    const query = await t.app.inject({
      method: 'GET',
      url: `${routes.twoFactorStatus.path}?x=1`,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
    expectFailure(query, 400, 'request.invalid');
    // Calls out of order: nothing to confirm, nothing to unbind.
    expectFailure(
      await call('twoFactorConfirm', { code: '123456', password: PASSWORD }, { token }),
      409,
      'two.factor.not.started',
    );
    expectFailure(
      await call('twoFactorRecoveryCodes', { code: '123456' }, { token }),
      409,
      'two.factor.not.bound',
    );
    // Signed out, or a trial account, or an account without a password.
    for (const name of ['twoFactorStatus', 'twoFactorSetup'] as const) {
      expectFailure(
        await call(name, name === 'twoFactorSetup' ? {} : undefined),
        401,
        'user.or.token.invalid',
      );
    }
    const trial = await call('loginFreePlay', { os: 'Linux', platform: 'W', gatewayVersion: '3' });
    expectFailure(
      await call('twoFactorSetup', {}, { token: trial.json().value.token }),
      403,
      'trial.forbidden',
    );

    for (const table of [
      'member_two_factor',
      'member_recovery_codes',
      'two_factor_challenges',
      'member_security_events',
    ]) {
      const [row] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE member_id = ${member.id}`,
      );
      expect(Number(row!.n), table).toBe(0);
    }
  });

  it('asks a member without a login password to set one first', async () => {
    const account = 'twofa-nopass';
    const row = await insertMember(db(), {
      merchantCode: 'AURUM',
      account,
      userName: account,
      type: 0,
      mobile: '+639175550199',
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const merchant = (await t.app.merchants.get('AURUM'))!;
    const token = (await t.app.accounts.login.signIn(merchant, row, { ip: nextIp() })).token;
    expect((await call('twoFactorStatus', undefined, { token })).json().value.hasPassword).toBe(false);
    expectFailure(await call('twoFactorSetup', {}, { token }), 400, 'two.factor.password.required');
  });
});
