import { failureEnvelopeSchema, type RouteName, routes } from '@aurum/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../platform/clock.ts';
import { hashPassword } from '../../../../platform/crypto.ts';
import { TOTP_STEP_MS, totpCode } from '../../../../platform/totp.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../../testing/app.ts';
import { insertMember } from '../../member/repository.ts';

const PASSWORD = 'Secure-2468';
type Res = { statusCode: number; json(): unknown };

/**
 * The merchant's second-factor guard (accounts.secondFactorFor) on withdrawals, payment-password
 * and login-password changes: enforced on the server whatever the client sends.
 */
describe.each(engines)('actions guarded by the second factor on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-05-03T08:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const call = (name: RouteName, body: unknown, token: string) => {
    const def = routes[name];
    return callEncrypted(t.app, def.method as 'POST', def.path, body, {
      ip: nextIp(),
      headers: siteHeaders({ authorization: token }),
    });
  };
  const failure = (res: Res, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const guard = (on: boolean) =>
    setMerchantConfig(t.app, (c) => {
      c.accounts = {
        ...c.accounts,
        secondFactorFor: { withdraw: on, paymentPassword: on, loginPassword: on },
      } as typeof c.accounts;
    });

  let serial = 0;
  const newMember = async () => {
    serial += 1;
    const account = `guard${serial}`;
    await insertMember(t.db.database.db, {
      merchantCode: 'AURUM',
      account,
      userName: account,
      type: 0,
      passwordHash: await hashPassword(PASSWORD),
      passwordChangedAt: new Date(clock.now()),
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    return { account, token: (await loginAs(t.app, account, PASSWORD)).token };
  };
  const bind = async (token: string) => {
    const def = routes.twoFactorSetup;
    const setup = await t.app.inject({
      method: def.method,
      url: def.path,
      headers: siteHeaders({ authorization: token }),
      payload: {},
      remoteAddress: nextIp(),
    });
    const { secret } = (setup.json() as { value: { secret: string } }).value;
    const confirmed = await call(
      'twoFactorConfirm',
      { code: totpCode(secret, clock.now()), password: PASSWORD },
      token,
    );
    expect(confirmed.statusCode).toBe(200);
    clock.advance(TOTP_STEP_MS);
    return secret;
  };
  const payment = (more: Record<string, unknown> = {}) => ({
    loginPassword: PASSWORD,
    newPaymentPassword: '739146',
    confirmPaymentPassword: '739146',
    ...more,
  });
  const withdraw = (more: Record<string, unknown> = {}) => ({
    accountId: 999999,
    amount: '100.00',
    paymentPassword: '739146',
    idempotencyKey: `wd-${serial}-${Object.keys(more).length}-${clock.now()}`,
    ...more,
  });

  it('asks nothing while the merchant has it off', async () => {
    await guard(false);
    const m = await newMember();
    expect((await call('paymentPassword', payment(), m.token)).statusCode).toBe(200);
  });

  it('refuses a member without an authenticator, and one who sends no or a wrong code', async () => {
    await guard(true);
    try {
      const m = await newMember();
      failure(await call('paymentPassword', payment(), m.token), 403, 'two.factor.required');
      failure(await call('withdraw', withdraw(), m.token), 403, 'two.factor.required');
      failure(
        await call(
          'changePassword',
          { oldPassword: PASSWORD, newPassword: 'Other-13579', confirmNewPassword: 'Other-13579' },
          m.token,
        ),
        403,
        'two.factor.required',
      );

      const secret = await bind(m.token);
      failure(await call('paymentPassword', payment(), m.token), 400, 'two.factor.code.required');
      failure(await call('withdraw', withdraw(), m.token), 400, 'two.factor.code.required');
      const wrong = totpCode(secret, clock.now()) === '000000' ? '111111' : '000000';
      failure(
        await call('paymentPassword', payment({ twoFactorCode: wrong }), m.token),
        400,
        'two.factor.code.invalid',
      );
      // Bad shape: refused before anything is looked at.
      failure(await call('withdraw', withdraw({ twoFactorCode: 'abc' }), m.token), 400, 'request.invalid');

      const ok = await call(
        'paymentPassword',
        payment({ twoFactorCode: totpCode(secret, clock.now()) }),
        m.token,
      );
      expect(ok.statusCode).toBe(200);
      clock.advance(TOTP_STEP_MS);
      // The withdrawal passes the guard and meets the cashier's own checks (no such account).
      const wd = await call('withdraw', withdraw({ twoFactorCode: totpCode(secret, clock.now()) }), m.token);
      expect(failureEnvelopeSchema.parse(wd.json()).errorCode).not.toMatch(/^two\.factor/);
      clock.advance(TOTP_STEP_MS);
      const changed = await call(
        'changePassword',
        {
          oldPassword: PASSWORD,
          newPassword: 'Other-13579',
          confirmNewPassword: 'Other-13579',
          twoFactorCode: totpCode(secret, clock.now()),
        },
        m.token,
      );
      expect(changed.statusCode).toBe(200);
    } finally {
      await guard(false);
    }
  });

  it('resets a forgotten payment password with a code to the bound mobile or the authenticator, ending the lock-out', async () => {
    const m = await newMember();
    await t.db.database.db.execute(
      sql`UPDATE members SET mobile = '+639170000401' WHERE account = ${m.account}`,
    );
    expect((await call('paymentPassword', payment(), m.token)).statusCode).toBe(200);
    // Locked out after five wrong tries.
    for (let i = 0; i < 5; i++) {
      await call(
        'paymentPassword',
        payment({ loginPassword: undefined, oldPaymentPassword: '000000' }),
        m.token,
      );
    }
    const change = (old: string) =>
      call(
        'paymentPassword',
        { oldPaymentPassword: old, newPaymentPassword: '582047', confirmPaymentPassword: '582047' },
        m.token,
      );
    failure(await change('739146'), 429, 'TOO_MANY_REQUESTS');

    for (const bad of [
      { newPaymentPassword: '615283', confirmPaymentPassword: '615283' },
      {
        smsCode: '123456',
        twoFactorCode: '123456',
        newPaymentPassword: '615283',
        confirmPaymentPassword: '615283',
      },
      { smsCode: '12', newPaymentPassword: '615283', confirmPaymentPassword: '615283' },
    ]) {
      failure(await call('paymentPasswordReset', bad, m.token), 400, 'request.invalid');
    }
    const sent = await t.app.inject({
      method: 'POST',
      url: routes.paymentPasswordResetCode.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: {},
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode).toBe(200);
    const code = await lastCodeSent(t, '+639170000401');
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (smsCode: string) =>
      call(
        'paymentPasswordReset',
        { smsCode, newPaymentPassword: '615283', confirmPaymentPassword: '615283' },
        m.token,
      );
    failure(await reset(wrong), 400, 'sms.code.invalid');
    expect((await reset(code)).statusCode).toBe(200);
    failure(await reset(code), 400, 'sms.code.invalid');
    // The new one works and the lock-out is over.
    expect((await change('615283')).statusCode).toBe(200);

    // Behind the authenticator.
    const secret = await bind(m.token);
    const viaApp = await call(
      'paymentPasswordReset',
      {
        twoFactorCode: totpCode(secret, clock.now()),
        newPaymentPassword: '307194',
        confirmPaymentPassword: '307194',
      },
      m.token,
    );
    expect(viaApp.statusCode).toBe(200);
    clock.advance(TOTP_STEP_MS);
    failure(
      await call(
        'paymentPasswordReset',
        { twoFactorCode: '000000', newPaymentPassword: '307194', confirmPaymentPassword: '307194' },
        m.token,
      ),
      400,
      'two.factor.code.invalid',
    );
  });
});
