import { envelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { maskAccountNumber } from './bound-accounts.ts';
import {
  bind,
  expectFailure,
  get,
  givePin,
  makeMember,
  okValue,
  PIN,
  type TestMember,
} from './withdraw-testing.ts';

describe.each(engines)('bound withdrawal accounts on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const list = async (m: TestMember) => {
    const res = await get(t, routes.boundAccounts.path, m.token);
    const parsed = envelopeSchema(routes.boundAccounts.response).parse(res.json());
    if (!parsed.success) throw new Error(res.body);
    return parsed.value;
  };
  const remove = (m: TestMember, body: Record<string, unknown>) =>
    callEncrypted(
      t.app,
      'POST',
      routes.removeAccount.path,
      { paymentPassword: PIN, ...body },
      { token: m.token },
    );
  const withPin = async () => {
    const m = await makeMember(t, clock, 'ba');
    await givePin(t, m);
    return m;
  };

  it('masks all but the last four characters', () => {
    expect(maskAccountNumber('123456789012')).toBe('********9012');
    expect(maskAccountNumber('ABCD')).toBe('ABCD');
  });

  it('binds bank and e-wallet accounts, replies masked, and lists only the own ones', async () => {
    const m = await withPin();
    const other = await withPin();
    const bank = okValue(await bind(t, m, { provider: 'metrobank', accountNumber: '1234-5678 9012' }));
    expect(bank).toEqual({
      id: expect.any(Number),
      type: 'BANK',
      provider: 'Metrobank',
      payeeName: 'Juan Dela Cruz',
      accountNumber: '********9012',
      createdAt: clock.now(),
    });
    const wallet = okValue(
      await bind(t, m, {
        type: 'EWALLET',
        provider: 'GCash',
        accountNumber: '09171234567',
        payeeName: ' Juan ',
      }),
    );
    expect(wallet).toMatchObject({
      type: 'EWALLET',
      provider: 'GCash',
      payeeName: 'Juan',
      accountNumber: '*******4567',
    });
    expect((await list(m)).map((a) => a.id)).toEqual([bank.id, wallet.id]);
    expect(await list(other)).toEqual([]);
    expect(JSON.stringify(await list(m))).not.toContain('12345678');
  });

  it('refuses duplicates, unknown providers, bad numbers and the wrong payment password', async () => {
    const m = await withPin();
    okValue(await bind(t, m, {}));
    expectFailure(await bind(t, m, { accountNumber: '123456789012' }), 409, 'cashier.account.exists');
    expectFailure(await bind(t, m, { provider: 'Nobody Bank' }), 400, 'validation.failed');
    expectFailure(await bind(t, m, { type: 'EWALLET', provider: 'Metrobank' }), 400, 'validation.failed');
    for (const accountNumber of ['12', '1234/5678', 'x'.repeat(41), 12345678]) {
      expectFailure(await bind(t, m, { accountNumber }), 400, 'request.invalid');
    }
    expectFailure(await bind(t, m, { accountNumber: '-- --' }), 400, 'validation.failed');
    expectFailure(await bind(t, m, { type: 'CARD' }), 400, 'request.invalid');
    expectFailure(await bind(t, m, { payeeName: '' }), 400, 'request.invalid');
    expectFailure(
      await bind(t, m, { accountNumber: '999988887777', paymentPassword: '000000' }),
      400,
      'payment.password.invalid',
    );
    expect(await list(m)).toHaveLength(1);
    const noPin = await makeMember(t, clock, 'ba');
    expectFailure(await bind(t, noPin, {}), 400, 'payment.password.required');
  });

  it('refuses a payee name the real-name rule refuses: markup and control characters, with the format error', async () => {
    const m = await withPin();
    const refusedWith = async (payeeName: string, key: string) => {
      const res = await bind(t, m, { payeeName });
      expectFailure(res, 400, 'validation.failed');
      expect(res.json().details).toEqual({ payeeName: key });
    };
    // The demo merchant's payeeName rule: TWO_LETTERS_SPACES, 2 to 50.
    for (const name of [
      '<b>x</b>',
      '<script>alert(1)</script>',
      'Juan\u0001Cruz',
      'Juan\tCruz',
      'Juan\u202eCruz',
    ]) {
      await refusedWith(name, 'pattern_two_letters_spaces');
    }
    // NUL is refused for every body before any rule.
    expectFailure(await bind(t, m, { payeeName: 'Juan\u0000Cruz' }), 400, 'request.invalid');
    await refusedWith('J', 'length_invalid');
    await refusedWith('J'.repeat(51), 'length_invalid');
    // A merchant whose rule takes any characters still gets no markup or control characters.
    await setMerchantConfig(t.app, (c) => {
      const rule = c.accounts!.rules.find((r) => r.key === 'payeeName')!;
      rule.patternId = 'LENGTH';
    });
    try {
      for (const name of ['<b>x</b>', '<script>', 'a&lt;b', 'Juan\u0007Cruz', 'Juan\u200bCruz']) {
        await refusedWith(name, 'not_accepted');
      }
      okValue(await bind(t, m, { payeeName: '张三', accountNumber: '44443333' }));
      okValue(await bind(t, m, { payeeName: "Ana-María O'Neil Jr.", accountNumber: '44443334' }));
      // The rule switched off: the same name check still applies, and the name is still required.
      await setMerchantConfig(t.app, (c) => {
        c.accounts!.rules.find((r) => r.key === 'payeeName')!.enabled = false;
      });
      await refusedWith('<i>x</i>', 'not_accepted');
      okValue(await bind(t, m, { payeeName: 'Nguyễn Văn An', accountNumber: '44443335' }));
    } finally {
      await setMerchantConfig(t.app, (c) => {
        const rule = c.accounts!.rules.find((r) => r.key === 'payeeName')!;
        rule.patternId = 'TWO_LETTERS_SPACES';
        rule.enabled = true;
      });
    }
    expect((await list(m)).map((a) => a.payeeName)).toEqual([
      '张三',
      "Ana-María O'Neil Jr.",
      'Nguyễn Văn An',
    ]);
  });

  it('binds at most the merchant maximum, even when asked at once', async () => {
    const m = await withPin();
    const replies = await Promise.all(
      Array.from({ length: 7 }, (_, i) => bind(t, m, { accountNumber: `55550000${i}` })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const r of replies.filter((r) => r.statusCode !== 200))
      expectFailure(r, 409, 'cashier.account.limit');
    expect(await list(m)).toHaveLength(5);
  });

  it("removes the own account with the payment password, never another member's", async () => {
    const m = await withPin();
    const other = await withPin();
    const mine = okValue<{ id: number }>(await bind(t, m, {}));
    expectFailure(await remove(other, { id: mine.id }), 404, 'cashier.account.not.found');
    expectFailure(
      await remove(m, { id: mine.id, paymentPassword: '000000' }),
      400,
      'payment.password.invalid',
    );
    expectFailure(await remove(m, { id: 0 }), 400, 'request.invalid');
    expect(okValue(await remove(m, { id: mine.id }))).toEqual({ removed: true });
    expectFailure(await remove(m, { id: mine.id }), 404, 'cashier.account.not.found');
    expect(await list(m)).toEqual([]);
    // Removed, it may be bound again.
    okValue(await bind(t, m, {}));
  });

  it('needs a session, encrypted bodies and a real account', async () => {
    expectFailure(await get(t, routes.boundAccounts.path), 401, 'user.or.token.invalid');
    const m = await withPin();
    const plain = await t.app.inject({
      method: 'PUT',
      url: routes.bindAccount.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: {
        type: 'BANK',
        provider: 'Metrobank',
        payeeName: 'X',
        accountNumber: '12345678',
        paymentPassword: PIN,
      },
      remoteAddress: nextIp(),
    });
    expectFailure(plain, 400, 'encryption.required');
    const trial = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'x', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const token = trial.json().value.token as string;
    expectFailure(await get(t, routes.boundAccounts.path, token), 403, 'trial.forbidden');
    expectFailure(await bind(t, { id: 0, account: '', token }, {}), 403, 'trial.forbidden');
  });
});
