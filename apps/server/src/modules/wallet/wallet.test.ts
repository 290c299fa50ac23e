import { envelopeSchema, failureEnvelopeSchema, routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  DEMO_AGENT,
  DEMO_MEMBER,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { PLAY_MONEY_GRANT_MINOR } from './service.ts';

describe.each(engines)('wallet API on %s', (engine) => {
  let t: TestApp;
  let demo: { token: string; id: number };
  let agent: { token: string; id: number };
  let keySeq = 0;
  const key = (p = 'api') => `${p}-${++keySeq}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    demo = await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    agent = await loginAs(t.app, DEMO_AGENT.account, DEMO_AGENT.password);
  });
  afterAll(async () => t.close());

  const getBalance = (token?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${routes.walletBalance.path}${query}`,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
    });
  const balanceOf = async (token: string) => {
    const res = await getBalance(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = envelopeSchema(routes.walletBalance.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const operator = (url: string, payload: unknown, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-ops-token': opts.token ?? OPS_TOKEN },
      payload: payload as object,
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
  const transfer = (body: Record<string, unknown>, opts?: { token?: string; ip?: string }) =>
    operator(
      '/ops/ledger/transfer',
      { merchant: DEMO_MERCHANT, actor: 'test', kind: TX_TYPE.bet, idempotencyKey: key(), ...body },
      opts,
    );
  const failure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const movedCount = async () =>
    (
      await t.db.database.rawTransaction((tx) =>
        tx.rows<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers'),
      )
    )[0]!.n;

  it('needs a session', async () => {
    failure(await getBalance(), 401, 'user.or.token.invalid');
    failure(await getBalance('not-a-token'), 401, 'user.or.token.invalid');
  });

  it('shows a member with no money yet a zero main wallet, in the merchant currency', async () => {
    expect(await balanceOf(agent.token)).toEqual({
      sumBalance: '0.00',
      balance: [{ accountTypeId: 2, availBalance: '0.00' }],
      currency: 'USD',
      currencySymbol: '$',
      playMoney: false,
    });
  });

  it('only ever shows the signed-in member its own balance', async () => {
    failure(await getBalance(demo.token, `?memberId=${agent.id}`), 400, 'request.invalid');
    await opsCommand(t.app, { command: 'adjust', account: 'agent01', amount: '5.00', reason: 'test' });
    expect((await balanceOf(demo.token)).sumBalance).toBe('0.00');
    expect((await balanceOf(agent.token)).sumBalance).toBe('5.00');
  });

  it('adjusts a balance by operator command, once per key, with an audit row', async () => {
    const first = await opsCommand(t.app, {
      command: 'adjust',
      account: 'demo',
      amount: '150.25',
      reason: 'welcome credit',
    });
    expect(first).toMatchObject({
      account: 'demo',
      amount: '150.25',
      balanceAfter: '150.25',
      replayed: false,
    });
    expect(first.key).toMatch(/^adjust-/);
    const retry = await opsCommand(t.app, {
      command: 'adjust',
      account: 'demo',
      amount: '150.25',
      reason: 'welcome credit',
      key: first.key,
    });
    expect(retry).toMatchObject({ transferId: first.transferId, replayed: true });
    const debit = await opsCommand(t.app, {
      command: 'adjust',
      account: 'demo',
      amount: '-0.25',
      reason: 'fee',
    });
    expect(debit.balanceAfter).toBe('150.00');
    expect(await balanceOf(demo.token)).toMatchObject({
      sumBalance: '150.00',
      balance: [{ accountTypeId: 2, availBalance: '150.00' }],
    });
    const audit = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ actor: string; detail: { key: string; reason: string } }>(
        "SELECT actor, detail FROM ops_audit WHERE action = 'adjust' AND detail->>'account' = 'demo' ORDER BY id",
      ),
    );
    expect(audit.map((a) => [a.actor, a.detail.reason])).toEqual([
      ['break-glass:test', 'welcome credit'],
      ['break-glass:test', 'fee'],
    ]);
    // The operator's keys are a space of their own: one that reads like another area's key
    // is stored under the operator prefix, so it can never take that area's transfer.
    const lookalike = await opsCommand(t.app, {
      command: 'adjust',
      account: 'demo',
      amount: '1.00',
      reason: 'look-alike key',
      key: 'deposit:D0001',
    });
    expect(lookalike.key).toBe('deposit:D0001');
    const stored = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ key: string }>('SELECT idempotency_key AS key FROM ledger_transfers WHERE id = $1', [
        lookalike.transferId,
      ]),
    );
    expect(stored).toEqual([{ key: 'ops:deposit:D0001' }]);
    await opsCommand(t.app, {
      command: 'adjust',
      account: 'demo',
      amount: '-1.00',
      reason: 'look-alike back',
    });
    const overdraw = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: {
        merchant: DEMO_MERCHANT,
        actor: 'test',
        args: { command: 'adjust', account: 'demo', amount: '-150.01', reason: 'x' },
      },
      remoteAddress: '127.0.0.1',
    });
    failure(overdraw, 400, 'wallet.insufficient.funds');
    for (const amount of ['0', '1.001', 'ten', '100000000000000']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': OPS_TOKEN },
        payload: {
          merchant: DEMO_MERCHANT,
          actor: 'test',
          args: { command: 'adjust', account: 'demo', amount, reason: 'x' },
        },
        remoteAddress: '127.0.0.1',
      });
      failure(bad, 400, 'ops.invalid');
    }
    expect((await balanceOf(demo.token)).sumBalance).toBe('150.00');
  });

  it('lists game wallets and sums them with the main wallet', async () => {
    const res = await transfer({
      from: `member:${demo.id}:MAIN`,
      to: `member:${demo.id}:VENDOR:TIDE`,
      amount: '40',
      kind: TX_TYPE.transferToGame,
    });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(demo.token)).toMatchObject({
      sumBalance: '150.00',
      balance: [
        { accountTypeId: 2, availBalance: '110.00' },
        { accountTypeId: 3, availBalance: '40.00', vendor: 'TIDE' },
      ],
    });
  });

  it('gives a trial account its play money once, flagged as play money', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const trial = res.json().value as { token: string; id: number };
    const expected = {
      sumBalance: '2000.00',
      balance: [{ accountTypeId: 2, availBalance: '2000.00' }],
      currency: 'USD',
      currencySymbol: '$',
      playMoney: true,
    };
    expect(PLAY_MONEY_GRANT_MINOR).toBe(200_000n);
    expect(await balanceOf(trial.token)).toEqual(expected);
    expect(await balanceOf(trial.token)).toEqual(expected);
    // Play money never becomes real: no main wallet, and play money goes nowhere but the house.
    failure(
      await transfer({ from: 'HOUSE:ADJUST', to: `member:${trial.id}:MAIN`, amount: '1' }),
      403,
      'trial.forbidden',
    );
    failure(
      await transfer({ from: `member:${trial.id}:PLAY`, to: `member:${demo.id}:MAIN`, amount: '1' }),
      403,
      'wallet.transfer.forbidden',
    );
    expect((await balanceOf(trial.token)).sumBalance).toBe('2000.00');
  });

  describe('operator transfers', () => {
    it('answer only loopback callers with the operator token', async () => {
      const body = { from: 'HOUSE:ADJUST', to: `member:${demo.id}:MAIN`, amount: '1' };
      failure(await transfer(body, { token: 'wrong-token-wrong-token-wrong' }), 401, 'ops.unauthorized');
      failure(await transfer(body, { ip: '10.1.2.3' }), 401, 'ops.unauthorized');
      failure(
        await operator('/ops/ledger/reverse', { transferId: 1 }, { token: '' }),
        401,
        'ops.unauthorized',
      );
    });

    it.each([
      ['a negative amount', '-1.00'],
      ['a zero amount', '0'],
      ['three decimals', '1.005'],
      ['a huge amount', '999999999999999999'],
      ['text', 'lots'],
      ['an exponent', '1e2'],
      ['a JSON number', 1],
      ['null', null],
    ])('refuse %s with a 4xx envelope and move nothing', async (_what, amount) => {
      const before = await movedCount();
      const balanceBefore = await balanceOf(demo.token);
      const res = await transfer({ from: `member:${demo.id}:MAIN`, to: 'HOUSE:AURX', amount });
      failure(res, 400, 'request.invalid');
      expect(res.json().details).toHaveProperty('amount');
      expect(await movedCount()).toBe(before);
      expect(await balanceOf(demo.token)).toEqual(balanceBefore);
    });

    it('refuse unknown accounts, kinds, merchants and fields', async () => {
      const base = { from: `member:${demo.id}:MAIN`, to: 'HOUSE:AURX', amount: '1' };
      failure(await transfer({ ...base, from: 'member:abc:MAIN' }), 400, 'request.invalid');
      failure(await transfer({ ...base, to: 'HOUSE:lower' }), 400, 'request.invalid');
      failure(await transfer({ ...base, kind: 4242 }), 400, 'request.invalid');
      failure(await transfer({ ...base, idempotencyKey: 'spaces are not allowed' }), 400, 'request.invalid');
      failure(await transfer({ ...base, extra: true }), 400, 'request.invalid');
      failure(await transfer({ ...base, merchant: 'NOPE' }), 400, 'merchant.unknown');
      failure(await transfer({ ...base, from: 'member:99999999:MAIN' }), 400, 'wallet.account.invalid');
    });

    it('move money once per key, refuse a reused key and overdrafts, and reverse', async () => {
      const idempotencyKey = key('op');
      const body = { from: `member:${demo.id}:MAIN`, to: 'HOUSE:AURX', amount: '10.50', idempotencyKey };
      const first = await transfer(body);
      expect(first.statusCode).toBe(200);
      const value = first.json().value;
      expect(value).toMatchObject({
        amount: '10.50',
        kind: TX_TYPE.bet,
        replayed: false,
        from: { memberId: demo.id, amount: '-10.50', balanceBefore: '110.00', balanceAfter: '99.50' },
        to: { memberId: null, amount: '10.50' },
      });
      const again = await transfer(body);
      expect(again.json().value).toMatchObject({ transferId: value.transferId, replayed: true });
      failure(await transfer({ ...body, amount: '10.51' }), 409, 'idempotency.conflict');
      failure(
        await transfer({ ...body, idempotencyKey: key(), amount: '1000' }),
        400,
        'wallet.insufficient.funds',
      );
      expect((await balanceOf(demo.token)).balance[0]?.availBalance).toBe('99.50');

      const reverseKey = key('rev');
      const reversed = await operator('/ops/ledger/reverse', {
        merchant: DEMO_MERCHANT,
        actor: 'test',
        transferId: value.transferId,
        idempotencyKey: reverseKey,
      });
      expect(reversed.json().value).toMatchObject({
        reversesTransferId: value.transferId,
        kind: TX_TYPE.reversal,
      });
      expect((await balanceOf(demo.token)).balance[0]?.availBalance).toBe('110.00');
      failure(
        await operator('/ops/ledger/reverse', {
          merchant: DEMO_MERCHANT,
          actor: 'test',
          transferId: value.transferId,
          idempotencyKey: key('rev'),
        }),
        409,
        'wallet.transfer.reversed',
      );
    });
  });

  it('checks the ledger by operator command', async () => {
    const report = await opsCommand(t.app, { command: 'ledger-check' });
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.transfers).toBeGreaterThan(0);
  });
});
