import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestApp, engines, nextIp, siteHeaders, type TestApp } from '../../testing/app.ts';
import { PAYMENT_PASSWORD_FAILURE_WINDOW_MS, PAYMENT_PASSWORD_LOCK_FAILURES } from './payment-password.ts';
import {
  expectFailure,
  get,
  givePin,
  LOGIN_PASSWORD,
  makeMember,
  okValue,
  PIN,
  relogin,
  setPin,
} from './withdraw-testing.ts';

describe.each(engines)('payment password on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const hasPin = async (token: string) =>
    okValue<{ hasPaymentPassword: boolean }>(await get(t, routes.withdrawSettings.path, token))
      .hasPaymentPassword;

  it('is set the first time with the login password, stored as an Argon2 hash', async () => {
    const m = await makeMember(t, clock, 'pp');
    expect(await hasPin(m.token)).toBe(false);
    const set = await setPin(t, m, {
      loginPassword: LOGIN_PASSWORD,
      newPaymentPassword: PIN,
      confirmPaymentPassword: PIN,
    });
    expect(okValue(set)).toEqual({ hasPaymentPassword: true });
    expect(await hasPin(m.token)).toBe(true);
    const [row] = await queryRows<{ h: string }>(
      t.db.database.db,
      'SELECT payment_password_hash AS h FROM members WHERE id = $1',
      [m.id],
    );
    expect(row?.h).toMatch(/^\$argon2id\$/);
    expect(row?.h).not.toContain(PIN);
  });

  it('refuses a first set without the right login password or with entries that differ', async () => {
    const m = await makeMember(t, clock, 'pp');
    const body = { newPaymentPassword: PIN, confirmPaymentPassword: PIN };
    expectFailure(await setPin(t, m, body), 400, 'validation.failed');
    expectFailure(await setPin(t, m, { ...body, loginPassword: 'Wrong123' }), 400, 'password.old.wrong');
    expectFailure(
      await setPin(t, m, { ...body, loginPassword: LOGIN_PASSWORD, confirmPaymentPassword: '246811' }),
      400,
      'payment.password.mismatch',
    );
    for (const newPaymentPassword of ['12345', '1234567', 'abcdef', '12 456', '']) {
      expectFailure(
        await setPin(t, m, {
          loginPassword: LOGIN_PASSWORD,
          newPaymentPassword,
          confirmPaymentPassword: newPaymentPassword,
        }),
        400,
        'request.invalid',
      );
    }
    expect(await hasPin(m.token)).toBe(false);
  });

  it('refuses repeats, runs and the birthday with the reason, and sets nothing', async () => {
    const m = await makeMember(t, clock, 'pp');
    await queryRows(t.db.database.db, 'UPDATE members SET profile = $1 WHERE id = $2', [
      JSON.stringify({ birthday: '1990-07-24' }),
      m.id,
    ]);
    const first = (pin: string) =>
      setPin(t, m, { loginPassword: LOGIN_PASSWORD, newPaymentPassword: pin, confirmPaymentPassword: pin });
    const cases: [string, string][] = [
      ['111111', 'pin_repeated'],
      ['123456', 'pin_sequence'],
      ['654321', 'pin_sequence'],
      ['012345', 'pin_sequence'],
      ['900724', 'pin_birthday'],
      ['240790', 'pin_birthday'],
      ['072490', 'pin_birthday'],
      ['072438', 'pin_birthday'],
    ];
    for (const [pin, reason] of cases) {
      const body = expectFailure(await first(pin), 400, 'payment.password.weak');
      expect(body.details).toEqual({ newPaymentPassword: reason });
    }
    expect(await hasPin(m.token)).toBe(false);
    // A change is held to the same rules; the old one stays.
    okValue(await first(PIN));
    const change = (pin: string) =>
      setPin(t, m, { oldPaymentPassword: PIN, newPaymentPassword: pin, confirmPaymentPassword: pin });
    expectFailure(await change('999999'), 400, 'payment.password.weak');
    expectFailure(await change('240790'), 400, 'payment.password.weak');
    okValue(await change('135790'));
  });

  it('is changed with the old payment password, not the login password', async () => {
    const m = await makeMember(t, clock, 'pp');
    await givePin(t, m);
    const next = { newPaymentPassword: '135790', confirmPaymentPassword: '135790' };
    expectFailure(await setPin(t, m, { ...next, loginPassword: LOGIN_PASSWORD }), 400, 'validation.failed');
    expectFailure(
      await setPin(t, m, { ...next, oldPaymentPassword: '000000' }),
      400,
      'payment.password.invalid',
    );
    expect(okValue(await setPin(t, m, { ...next, oldPaymentPassword: PIN }))).toEqual({
      hasPaymentPassword: true,
    });
    // The old one no longer works.
    expectFailure(await setPin(t, m, { ...next, oldPaymentPassword: PIN }), 400, 'payment.password.invalid');
  });

  it('locks the member out after repeated wrong payment passwords, until the window ends', async () => {
    const m = await makeMember(t, clock, 'pp');
    await givePin(t, m);
    const change = (old: string) =>
      setPin(t, m, { oldPaymentPassword: old, newPaymentPassword: PIN, confirmPaymentPassword: PIN });
    for (let i = 0; i < PAYMENT_PASSWORD_LOCK_FAILURES; i++) {
      expectFailure(await change('000000'), 400, 'payment.password.invalid');
    }
    // Even the right one is refused while locked; the reply says when to try again.
    const locked = await change(PIN);
    expectFailure(locked, 429, 'TOO_MANY_REQUESTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(PAYMENT_PASSWORD_FAILURE_WINDOW_MS + MINUTE_MS);
    await relogin(t, m);
    expect(okValue(await change(PIN))).toEqual({ hasPaymentPassword: true });
  });

  it('counts failures per member: another member is not locked', async () => {
    const a = await makeMember(t, clock, 'pp');
    const b = await makeMember(t, clock, 'pp');
    await givePin(t, a);
    await givePin(t, b);
    for (let i = 0; i < PAYMENT_PASSWORD_LOCK_FAILURES; i++) {
      await setPin(t, a, {
        oldPaymentPassword: '000000',
        newPaymentPassword: PIN,
        confirmPaymentPassword: PIN,
      });
    }
    expect(
      okValue(
        await setPin(t, b, { oldPaymentPassword: PIN, newPaymentPassword: PIN, confirmPaymentPassword: PIN }),
      ),
    ).toEqual({ hasPaymentPassword: true });
  });

  it('needs a session, an encrypted body, and a real account', async () => {
    const plain = await t.app.inject({
      method: 'PUT',
      url: routes.paymentPassword.path,
      headers: siteHeaders(),
      payload: { newPaymentPassword: PIN, confirmPaymentPassword: PIN },
      remoteAddress: nextIp(),
    });
    expectFailure(plain, 401, 'user.or.token.invalid');
    const trial = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'x', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const token = trial.json().value.token as string;
    expectFailure(
      await setPin(
        t,
        { id: 0, account: '', token },
        { newPaymentPassword: PIN, confirmPaymentPassword: PIN },
      ),
      403,
      'trial.forbidden',
    );
  });
});
