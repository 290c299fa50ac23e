import { envelopeSchema, routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { polyglots, storedFileCount } from '../../testing/images.ts';
import {
  balances,
  bind,
  expectFailure,
  expectInvariants,
  fakePngDataUrl,
  fund,
  get,
  givePin,
  makeMember,
  okValue,
  ops,
  PIN,
  pngDataUrl,
  relogin,
  type TestMember,
} from './withdraw-testing.ts';

describe.each(engines)('withdrawals on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  let keySeq = 0;
  const key = () => `wd-key-${++keySeq}`;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  /** A member with a payment password, a bound bank account and `funds` in the main wallet. */
  const ready = async (funds = '1000.00') => {
    const m = await makeMember(t, clock);
    await givePin(t, m);
    const account = okValue<{ id: number }>(await bind(t, m, {}));
    if (funds !== '0') await fund(t, m, funds);
    return { m, accountId: account.id };
  };
  const withdraw = (m: TestMember, body: Record<string, unknown>) =>
    callEncrypted(t.app, 'POST', routes.withdraw.path, { paymentPassword: PIN, ...body }, { token: m.token });
  const confirm = (m: TestMember, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: routes.withdrawConfirm.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: body,
      remoteAddress: nextIp(),
    });
  const orders = async (m: TestMember) => {
    const res = await get(t, routes.withdrawOrders.path, m.token);
    const parsed = envelopeSchema(routes.withdrawOrders.response).parse(res.json());
    if (!parsed.success) throw new Error(res.body);
    return parsed.value;
  };
  const order = async (m: TestMember, orderNo: string) =>
    (await orders(m)).content.find((o) => o.orderNo === orderNo)!;
  const request = async (m: TestMember, accountId: number, amount: string) =>
    okValue<{ orderNo: string; status: string }>(
      await withdraw(m, { accountId, amount, idempotencyKey: key() }),
    );
  const transfersOf = (memberId: number, kind: number) =>
    queryRows<{ amount: unknown }>(
      t.db.database.db,
      `SELECT DISTINCT t.id, t.amount FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id WHERE a.member_id = $1 AND t.kind = $2`,
      [memberId, kind],
    );
  const countOrders = async (memberId: number) =>
    (
      await queryRows<{ n: unknown }>(
        t.db.database.db,
        'SELECT count(*) AS n FROM withdraw_orders WHERE member_id = $1',
        [memberId],
      )
    ).map((r) => Number(r.n))[0];

  it('shows the settings: limits, accounts (masked), the withdrawable balance', async () => {
    const { m, accountId } = await ready('123.45');
    const res = await get(t, routes.withdrawSettings.path, m.token);
    expect(res.headers['cache-control']).toBe('no-store');
    const value = envelopeSchema(routes.withdrawSettings.response).parse(res.json());
    expect(value).toMatchObject({
      success: true,
      value: {
        minimumAmount: '20.00',
        maximumAmount: '50000.00',
        hasPaymentPassword: true,
        confirmTimeoutMinutes: 1440,
        maxAccounts: 5,
        availableBalance: '123.45',
        accounts: [{ id: accountId, type: 'BANK', provider: 'Metrobank', accountNumber: '********9012' }],
      },
    });
    expectFailure(await get(t, routes.withdrawSettings.path), 401, 'user.or.token.invalid');
  });

  it('holds the amount at once, then the operator pays it out and the member confirms receipt', async () => {
    const { m, accountId } = await ready('500.00');
    const placed = okValue<{ orderNo: string }>(
      await withdraw(m, { accountId, amount: '120.50', idempotencyKey: key() }),
    );
    expect(placed).toMatchObject({
      amount: '120.50',
      status: 'PENDING',
      account: { type: 'BANK', provider: 'Metrobank', accountNumber: '********9012' },
      paidAt: null,
      confirmBy: null,
      receivedAmount: null,
      hasProof: false,
    });
    expect(placed.orderNo).toMatch(/^W20260301[A-Z0-9]{10}$/);
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 37_950n, HOLD: 12_050n });
    await expectInvariants(t);

    const { orders: listed } = okValue<{ orders: Record<string, unknown>[] }>(
      await ops(t, { command: 'withdraw', action: 'list', status: 'PENDING' }),
    );
    expect(listed.find((o) => o.orderNo === placed.orderNo)).toMatchObject({
      member: m.account,
      amount: '120.50',
      account: { payeeName: 'Juan Dela Cruz', accountNumber: '123456789012' },
    });

    // The member's open browsers hear each change of status (the "on hold" notice follows it).
    const heard: unknown[] = [];
    const stop = t.app.events.subscribe(DEMO_MERCHANT, m.id, (e) => {
      if (e.type === 'withdrawal') heard.push(e);
    });
    const paid = okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
    expect(paid).toMatchObject({ status: 'PAID', reviewedBy: 'break-glass:test-operator' });
    expect(heard).toEqual([{ type: 'withdrawal', orderNo: placed.orderNo, status: 'PAID' }]);
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 37_950n, HOLD: 0n });
    expect(await transfersOf(m.id, TX_TYPE.withdrawal)).toHaveLength(1);
    const waiting = await order(m, placed.orderNo);
    expect(waiting).toMatchObject({
      status: 'PAID',
      paidAt: clock.now(),
      confirmBy: clock.now() + 1440 * MINUTE_MS,
    });

    const done = okValue(await confirm(m, { orderNo: placed.orderNo, result: 'RECEIVED' }));
    expect(done).toMatchObject({ status: 'RECEIVED', confirmBy: null });
    expect(heard.at(-1)).toEqual({ type: 'withdrawal', orderNo: placed.orderNo, status: 'RECEIVED' });
    stop();
    expectFailure(
      await confirm(m, { orderNo: placed.orderNo, result: 'RECEIVED' }),
      409,
      'cashier.order.state',
    );
    const audit = await queryRows<{ action: string; actor: string }>(
      t.db.database.db,
      "SELECT action, actor FROM ops_audit WHERE detail->>'orderNo' = $1 ORDER BY id",
      [placed.orderNo],
    );
    expect(audit).toEqual([{ action: 'withdraw-approve', actor: 'break-glass:test-operator' }]);
    await expectInvariants(t);
  });

  it('makes one order and one hold of a double submit with one key', async () => {
    const { m, accountId } = await ready('300.00');
    const body = { accountId, amount: '100.00', idempotencyKey: key() };
    const replies = await Promise.all([withdraw(m, body), withdraw(m, body), withdraw(m, body)]);
    const numbers = new Set(replies.map((r) => okValue<{ orderNo: string }>(r).orderNo));
    expect(numbers.size).toBe(1);
    expect(await countOrders(m.id)).toBe(1);
    expect(await transfersOf(m.id, TX_TYPE.hold)).toHaveLength(1);
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 20_000n, HOLD: 10_000n });
    // Later, the same key still answers with that order; with another request it is refused.
    expect(okValue<{ orderNo: string }>(await withdraw(m, body)).orderNo).toBe([...numbers][0]);
    expectFailure(await withdraw(m, { ...body, amount: '101.00' }), 409, 'idempotency.conflict');
    expect(await countOrders(m.id)).toBe(1);
    await expectInvariants(t);
  });

  it('refuses bad amounts, limits, the balance and passwords, moving nothing', async () => {
    const { m, accountId } = await ready('100.00');
    for (const amount of [
      '-10',
      '0',
      '0.00',
      '10.001',
      '1e3',
      'ten',
      '',
      ' ',
      '99999999999999999',
      10,
      null,
    ]) {
      expectFailure(await withdraw(m, { accountId, amount, idempotencyKey: key() }), 400, 'request.invalid');
    }
    expectFailure(
      await withdraw(m, { accountId, amount: '19.99', idempotencyKey: key() }),
      400,
      'cashier.amount.out.of.range',
    );
    expectFailure(
      await withdraw(m, { accountId, amount: '50000.01', idempotencyKey: key() }),
      400,
      'cashier.amount.out.of.range',
    );
    expectFailure(
      await withdraw(m, { accountId, amount: '100.01', idempotencyKey: key() }),
      400,
      'wallet.insufficient.funds',
    );
    expectFailure(
      await withdraw(m, { accountId, amount: '50', idempotencyKey: key(), paymentPassword: '000000' }),
      400,
      'payment.password.invalid',
    );
    const { paymentPassword: _, ...noPassword } = {
      accountId,
      amount: '50',
      idempotencyKey: key(),
      paymentPassword: '',
    };
    expectFailure(
      await callEncrypted(t.app, 'POST', routes.withdraw.path, noPassword, { token: m.token }),
      400,
      'request.invalid',
    );
    expectFailure(
      await withdraw(m, { accountId, amount: '50', idempotencyKey: 'bad key!' }),
      400,
      'request.invalid',
    );
    expectFailure(
      await withdraw(m, { accountId: -1, amount: '50', idempotencyKey: key() }),
      400,
      'request.invalid',
    );
    // Not encrypted: refused unread.
    const plain = await t.app.inject({
      method: 'POST',
      url: routes.withdraw.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: { accountId, amount: '50', paymentPassword: PIN, idempotencyKey: key() },
      remoteAddress: nextIp(),
    });
    expectFailure(plain, 400, 'encryption.required');
    expect(await countOrders(m.id)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 10_000n });

    const noPin = await makeMember(t, clock);
    await fund(t, noPin, '100.00');
    expectFailure(
      await withdraw(noPin, { accountId, amount: '50', idempotencyKey: key() }),
      400,
      'payment.password.required',
    );
    await expectInvariants(t);
  });

  it("never uses or shows another member's account or order", async () => {
    const a = await ready('200.00');
    const b = await ready('200.00');
    expectFailure(
      await withdraw(b.m, { accountId: a.accountId, amount: '50', idempotencyKey: key() }),
      404,
      'cashier.account.not.found',
    );
    const placed = await request(a.m, a.accountId, '50');
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
    expectFailure(
      await confirm(b.m, { orderNo: placed.orderNo, result: 'RECEIVED' }),
      404,
      'cashier.order.not.found',
    );
    expect((await orders(b.m)).content).toEqual([]);
    expect((await orders(a.m)).total).toBe(1);
    expectFailure(
      await get(t, `${routes.withdrawOrders.path}?memberId=${a.m.id}`, b.m.token),
      400,
      'request.invalid',
    );
    expect(await balances(t, b.m.id)).toMatchObject({ MAIN: 20_000n });
  });

  it('releases a rejected withdrawal, and refuses a second decision', async () => {
    const { m, accountId } = await ready('200.00');
    const placed = await request(m, accountId, '80');
    const rejected = okValue(
      await ops(t, {
        command: 'withdraw',
        action: 'reject',
        orderNo: placed.orderNo,
        reason: 'name mismatch',
      }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', remark: 'name mismatch' });
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 20_000n, HOLD: 0n });
    expect(await order(m, placed.orderNo)).toMatchObject({ status: 'REJECTED', remark: 'name mismatch' });
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }),
      409,
      'cashier.order.state',
    );
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'reject', orderNo: placed.orderNo, reason: 'again' }),
      409,
      'cashier.order.state',
    );
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'reject', orderNo: placed.orderNo }),
      400,
      'ops.invalid',
    );
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'approve', orderNo: 'W000' }),
      404,
      'cashier.order.not.found',
    );
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 20_000n, HOLD: 0n });
    await expectInvariants(t);
  });

  it('pays out once when two operators approve at once, and never rejects after approval', async () => {
    const { m, accountId } = await ready('200.00');
    const first = await request(m, accountId, '60');
    const second = await request(m, accountId, '40');
    const replies = await Promise.all([
      ops(t, { command: 'withdraw', action: 'approve', orderNo: first.orderNo }),
      ops(t, { command: 'withdraw', action: 'approve', orderNo: first.orderNo }),
      ops(t, { command: 'withdraw', action: 'reject', orderNo: first.orderNo, reason: 'late' }),
    ]);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 200)) expectFailure(r, 409, 'cashier.order.state');
    const status = (await order(m, first.orderNo)).status;
    // Whichever came first decided: the hold was paid out or released, exactly once.
    expect(['PAID', 'REJECTED']).toContain(status);
    expect(await transfersOf(m.id, status === 'PAID' ? TX_TYPE.withdrawal : TX_TYPE.release)).toHaveLength(1);
    // The other order's hold is untouched.
    expect((await balances(t, m.id)).HOLD).toBe(4_000n);
    expect((await order(m, second.orderNo)).status).toBe('PENDING');
    await expectInvariants(t);
  });

  it('counts an unanswered payment as received after the merchant minutes, when it is read', async () => {
    const { m, accountId } = await ready('300.00');
    const placed = await request(m, accountId, '50');
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
    clock.advance(1440 * MINUTE_MS - 1);
    await relogin(t, m);
    expect((await order(m, placed.orderNo)).status).toBe('PAID');
    clock.advance(1);
    expect((await order(m, placed.orderNo)).status).toBe('AUTO_RECEIVED');
    expectFailure(
      await confirm(m, { orderNo: placed.orderNo, result: 'RECEIVED' }),
      409,
      'cashier.order.state',
    );
    expect(await balances(t, m.id)).toMatchObject({ MAIN: 25_000n, HOLD: 0n });
    await expectInvariants(t);
  });

  it('runs the auto-received job over every member', async () => {
    const { m, accountId } = await ready('300.00');
    const placed = await request(m, accountId, '50');
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
    const statusOf = async () =>
      (
        await queryRows<{ status: string }>(
          t.db.database.db,
          'SELECT status FROM withdraw_orders WHERE order_no = $1',
          [placed.orderNo],
        )
      )[0]?.status;
    clock.advance(1440 * MINUTE_MS - 1);
    await t.app.jobs.runNow('withdraw-auto-received');
    expect(await statusOf()).toBe('PAID');
    clock.advance(1);
    const heard: unknown[] = [];
    const stop = t.app.events.subscribe(DEMO_MERCHANT, m.id, (e) => heard.push(e));
    expect(await t.app.jobs.runNow('withdraw-auto-received')).toBeGreaterThanOrEqual(1);
    stop();
    expect(await statusOf()).toBe('AUTO_RECEIVED');
    expect(heard).toEqual([{ type: 'withdrawal', orderNo: placed.orderNo, status: 'AUTO_RECEIVED' }]);
    // Another process running it too finds nothing left to do.
    expect(await t.app.jobs.runNow('withdraw-auto-received')).toBe(0);
  });

  it('takes NOT_RECEIVED only with a real image, then returns the margin once', async () => {
    const { m, accountId } = await ready('500.00');
    const placed = await request(m, accountId, '200');
    const notYet = {
      orderNo: placed.orderNo,
      result: 'NOT_RECEIVED',
      receivedAmount: '150.25',
      proofImage: pngDataUrl(),
    };
    expectFailure(await confirm(m, notYet), 409, 'cashier.order.state');
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));

    const { proofImage: _, ...noProof } = notYet;
    expectFailure(await confirm(m, noProof), 400, 'cashier.proof.required');
    expectFailure(
      await confirm(m, { ...notYet, proofImage: fakePngDataUrl() }),
      400,
      'cashier.proof.invalid',
    );
    const filesBefore = await storedFileCount();
    for (const [name, proofImage] of Object.entries(polyglots())) {
      const body = expectFailure(await confirm(m, { ...notYet, proofImage }), 400, 'cashier.proof.invalid');
      expect(body.message, name).toMatch(/png or jpg/);
    }
    expect(await storedFileCount()).toBe(filesBefore);
    expectFailure(
      await confirm(m, { ...notYet, proofImage: 'data:text/plain;base64,aGVsbG8=' }),
      400,
      'request.invalid',
    );
    for (const receivedAmount of ['-1', '1.001', 'abc', '']) {
      expectFailure(await confirm(m, { ...notYet, receivedAmount }), 400, 'request.invalid');
    }
    for (const receivedAmount of ['200', '200.01']) {
      expectFailure(await confirm(m, { ...notYet, receivedAmount }), 400, 'cashier.amount.out.of.range');
    }
    expectFailure(await confirm(m, { ...notYet, result: 'MAYBE' }), 400, 'request.invalid');
    expect((await order(m, placed.orderNo)).status).toBe('PAID');

    const reported = okValue(await confirm(m, notYet));
    expect(reported).toMatchObject({
      status: 'NOT_RECEIVED',
      receivedAmount: '150.25',
      remainingAmount: '49.75',
      hasProof: true,
    });
    const [stored] = await queryRows<{ proof_key: string }>(
      t.db.database.db,
      'SELECT proof_key FROM withdraw_orders WHERE order_no = $1',
      [placed.orderNo],
    );
    expect((await t.app.storage.get(stored!.proof_key))?.mime).toBe('image/png');
    expectFailure(await confirm(m, notYet), 409, 'cashier.order.state');
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }),
      409,
      'cashier.order.state',
    );

    const before = await balances(t, m.id);
    const returned = await Promise.all([
      ops(t, { command: 'withdraw', action: 'return-margin', orderNo: placed.orderNo }),
      ops(t, { command: 'withdraw', action: 'return-margin', orderNo: placed.orderNo }),
    ]);
    expect(returned.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await balances(t, m.id)).MAIN).toBe(before.MAIN! + 4_975n);
    expect((await order(m, placed.orderNo)).status).toBe('MARGIN_RETURNED');
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'force-received', orderNo: placed.orderNo }),
      409,
      'cashier.order.state',
    );
    await expectInvariants(t);
  });

  it('forces a NOT_RECEIVED order received without returning the margin', async () => {
    const { m, accountId } = await ready('500.00');
    const placed = await request(m, accountId, '100');
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
    okValue(
      await confirm(m, {
        orderNo: placed.orderNo,
        result: 'NOT_RECEIVED',
        receivedAmount: '0',
        proofImage: pngDataUrl(),
      }),
    );
    const before = await balances(t, m.id);
    const forced = okValue(
      await ops(t, { command: 'withdraw', action: 'force-received', orderNo: placed.orderNo }),
    );
    expect(forced).toMatchObject({
      status: 'FORCED_RECEIVED',
      receivedAmount: '0.00',
      remainingAmount: '100.00',
    });
    expect(await balances(t, m.id)).toEqual(before);
    expectFailure(
      await ops(t, { command: 'withdraw', action: 'return-margin', orderNo: placed.orderNo }),
      409,
      'cashier.order.state',
    );
    await expectInvariants(t);
  });

  it('lists the member orders newest first, paged', async () => {
    const { m, accountId } = await ready('500.00');
    const placed = [];
    for (const amount of ['20', '21', '22']) {
      placed.push(await request(m, accountId, amount));
      clock.advance(1000);
    }
    await relogin(t, m);
    const res = await get(t, `${routes.withdrawOrders.path}?page=2&size=2`, m.token);
    expect(okValue(res)).toMatchObject({
      pageNum: 2,
      totalPages: 2,
      total: 3,
      content: [{ orderNo: placed[0]!.orderNo }],
    });
    expect((await orders(m)).content.map((o) => o.amount)).toEqual(['22.00', '21.00', '20.00']);
    expectFailure(await get(t, `${routes.withdrawOrders.path}?size=1000`, m.token), 400, 'request.invalid');
  });

  it('refuses trial accounts on every withdrawal call', async () => {
    const trial = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'x', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const token = trial.json().value.token as string;
    const m = { id: 0, account: '', token };
    expectFailure(await get(t, routes.withdrawSettings.path, token), 403, 'trial.forbidden');
    expectFailure(await get(t, routes.withdrawOrders.path, token), 403, 'trial.forbidden');
    expectFailure(
      await withdraw(m, { accountId: 1, amount: '50', idempotencyKey: key() }),
      403,
      'trial.forbidden',
    );
    expectFailure(await confirm(m, { orderNo: 'W1', result: 'RECEIVED' }), 403, 'trial.forbidden');
  });
});
