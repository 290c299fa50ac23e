import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { checkLedger } from '../wallet/index.ts';
import { DEPOSIT_EXPIRY_JOB } from './deposit-expiry.ts';
import { injectTransport, newMemberSession, postWebhook, TEST_SANDBOX_SECRET } from './deposit-testing.ts';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, webhookSignature } from './gateway.ts';
import type { SandboxWebhookBody } from './sandbox-gateway.ts';

type Res = { statusCode: number; json(): unknown; body: string };
type Order = { orderNo: string; payUrl: string | null; status: string; amount: string };

describe.each(engines)('deposit webhooks on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  /** Off: the sandbox's webhooks get lost on the way (the redelivery test turns it off). */
  let deliver = true;
  let keySeq = 0;
  let txnSeq = 0;
  let member: { id: number; token: string };

  beforeAll(async () => {
    const inject = injectTransport(() => t?.app);
    t = await createTestApp(
      engine,
      { SANDBOX_PAY_SECRET: TEST_SANDBOX_SECRET },
      {
        clock,
        webhookTransport: async (req) => {
          if (!deliver) throw new Error('network down');
          return inject(req);
        },
      },
    );
  });
  afterAll(async () => t?.close());

  /** A fresh member and session: time jumps past the session's idle limit in these tests. */
  const freshMember = async () => {
    member = await newMemberSession(t);
    return member;
  };
  const createOrder = async (amount = '100.00', channelId = 'SANDBOX_CARD') => {
    const res = await t.app.inject({
      method: 'POST',
      url: routes.deposit.path,
      headers: siteHeaders({ authorization: member.token }),
      payload: {
        channelId,
        amount,
        idempotencyKey: `wh-${++keySeq}`,
        ...(channelId === 'BANK_TRANSFER' ? { reference: 'R' } : {}),
      },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: Order }).value;
  };
  const readOrder = async (orderNo: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${routes.depositOrder.path}?orderNo=${orderNo}`,
      headers: siteHeaders({ authorization: member.token }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: Order & { remark: string | null } }).value;
  };
  const event = (order: Order, over: Partial<SandboxWebhookBody> = {}): SandboxWebhookBody => ({
    paymentId: 'sp_test',
    merchant: DEMO_MERCHANT,
    orderNo: order.orderNo,
    txnId: `TXN${++txnSeq}`,
    status: 'APPROVED',
    amount: order.amount,
    currency: 'USD',
    decidedAt: clock.now(),
    ...over,
  });
  const send = (body: SandboxWebhookBody | string, opts: Parameters<typeof postWebhook>[2] = {}) =>
    postWebhook(t.app, body, { nowMs: clock.now(), ...opts });
  const receipt = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: { orderNo: string; status: string; credited: boolean } }).value;
  };
  const failure = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const mainBalance = async (memberId = member.id) =>
    (await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId)).find((a) => a.code === 'MAIN')
      ?.balanceMinor ?? 0n;

  it('credits an approved payment once; a replay gets the first answer', async () => {
    await freshMember();
    const order = await createOrder('100.00');
    const body = event(order);
    expect(receipt(await send(body))).toEqual({ orderNo: order.orderNo, status: 'PAID', credited: true });
    expect(await mainBalance()).toBe(10_000n);
    // The same webhook again, later (still fresh) and re-signed: nothing moves.
    clock.advance(SECOND_MS);
    expect(receipt(await send(body))).toEqual({ orderNo: order.orderNo, status: 'PAID', credited: false });
    expect(receipt(await send({ ...body, status: 'DECLINED' }))).toMatchObject({
      status: 'PAID',
      credited: false,
    });
    expect(await mainBalance()).toBe(10_000n);
    // Another transaction for a paid order is refused.
    failure(await send(event(order)), 409, 'cashier.order.state');
    expect(await mainBalance()).toBe(10_000n);
  });

  it('keeps every webhook in the log the console reads: credited, replay, declined and refused', async () => {
    await freshMember();
    const order = await createOrder('41.50');
    const body = event(order);
    receipt(await send(body));
    clock.advance(SECOND_MS);
    receipt(await send(body));
    failure(await send(event(order)), 409, 'cashier.order.state');
    const declined = await createOrder('15.00');
    receipt(await send(event(declined, { status: 'DECLINED' })));
    const webhooks = async (args: Record<string, unknown>) =>
      (await opsCommand(t.app, { command: 'deposit', action: 'webhooks', ...args })).webhooks as {
        orderNo: string;
        result: string;
        errorCode: string | null;
        amount: string;
        outcome: string;
      }[];
    expect((await webhooks({ orderNo: order.orderNo })).map((w) => [w.result, w.errorCode])).toEqual([
      ['refused', 'cashier.order.state'],
      ['replay', null],
      ['credited', null],
    ]);
    expect((await webhooks({ orderNo: order.orderNo }))[2]).toMatchObject({
      amount: '41.50',
      outcome: 'PAID',
    });
    expect(await webhooks({ orderNo: declined.orderNo })).toEqual([
      expect.objectContaining({ result: 'declined', outcome: 'DECLINED' }),
    ]);
    expect(await webhooks({ limit: 2 })).toHaveLength(2);
    for (const bad of [{ limit: 0 }, { limit: 501 }, { orderNo: '' }, { orderNo: 'x'.repeat(41) }])
      await expect(opsCommand(t.app, { command: 'deposit', action: 'webhooks', ...bad })).rejects.toThrow(
        /ops.invalid/,
      );
  });

  it('credits once when the same webhook arrives many times at once', async () => {
    await freshMember();
    const order = await createOrder('12.34');
    const body = event(order);
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(body)));
    const receipts = answers.map(receipt);
    expect(receipts.filter((r) => r.credited)).toHaveLength(1);
    expect(receipts.every((r) => r.status === 'PAID')).toBe(true);
    expect(await mainBalance()).toBe(1234n);
    const transfers = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = $1', [
        `deposit:${order.orderNo}`,
      ]),
    );
    expect(transfers[0]?.n).toBe(1);
  });

  it('refuses a bad, missing or foreign signature and a tampered body', async () => {
    await freshMember();
    const order = await createOrder();
    const body = event(order);
    failure(
      await send(body, { secret: 'another-secret-0123456789abcdef0123456' }),
      401,
      'cashier.webhook.signature',
    );
    failure(
      await send(body, { headers: { [WEBHOOK_SIGNATURE_HEADER]: `sha256=${'0'.repeat(64)}` } }),
      401,
      'cashier.webhook.signature',
    );
    failure(
      await send(body, { headers: { [WEBHOOK_SIGNATURE_HEADER]: 'nonsense' } }),
      401,
      'cashier.webhook.signature',
    );
    failure(
      await t.app.inject({ method: 'POST', url: '/wps/cashier/webhook/sandbox', payload: body }),
      401,
      'cashier.webhook.signature',
    );
    // Signed for one body, sent with another (a higher amount).
    const signedFor = JSON.stringify(body);
    const timestamp = Math.floor(clock.now() / 1000);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(TEST_SANDBOX_SECRET, timestamp, signedFor),
      },
      payload: JSON.stringify({ ...body, amount: '1000000.00' }),
    });
    failure(tampered, 401, 'cashier.webhook.signature');
    // Not JSON at all: a form body is refused unread, like on every JSON call.
    failure(
      await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/webhook/sandbox',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      }),
      415,
      'media.unsupported',
    );
    // A trusted body that is not a sandbox payment.
    failure(await send('{"hello":"world"}'), 400, 'request.invalid');
    failure(await send('not json'), 400, 'request.invalid');
    failure(await send(event(order, { amount: 'lots' })), 400, 'request.invalid');
    // No such gateway.
    failure(
      await t.app.inject({ method: 'POST', url: '/wps/cashier/webhook/nope', payload: body }),
      404,
      'route.not.found',
    );
    expect((await readOrder(order.orderNo)).status).toBe('PENDING');
    expect(await mainBalance()).toBe(0n);
  });

  it('refuses a stale or future timestamp', async () => {
    await freshMember();
    const order = await createOrder();
    const body = event(order);
    failure(await send(body, { nowMs: clock.now() - 6 * MINUTE_MS }), 401, 'cashier.webhook.signature');
    failure(await send(body, { nowMs: clock.now() + 6 * MINUTE_MS }), 401, 'cashier.webhook.signature');
    expect(receipt(await send(body, { nowMs: clock.now() - 4 * MINUTE_MS })).credited).toBe(true);
  });

  it('refuses an unknown order, a wrong amount or currency, and another gateway’s order', async () => {
    await freshMember();
    const order = await createOrder('100.00');
    failure(await send(event(order, { orderNo: 'D260301NOSUCHORD' })), 404, 'cashier.order.not.found');
    failure(await send(event(order, { merchant: 'NOSUCH' })), 404, 'cashier.order.not.found');
    failure(await send(event(order, { amount: '100.01' })), 409, 'cashier.webhook.mismatch');
    failure(await send(event(order, { amount: '10.00' })), 409, 'cashier.webhook.mismatch');
    failure(await send(event(order, { currency: 'EUR' })), 409, 'cashier.webhook.mismatch');
    const bank = await createOrder('50.00', 'BANK_TRANSFER');
    failure(await send(event(bank)), 409, 'cashier.webhook.mismatch');
    expect((await readOrder(order.orderNo)).status).toBe('PENDING');
    expect((await readOrder(bank.orderNo)).status).toBe('PENDING');
    expect(await mainBalance()).toBe(0n);
    // The right webhook still goes through afterwards.
    expect(receipt(await send(event(order))).credited).toBe(true);
  });

  it('refuses a transaction id that settled another order', async () => {
    await freshMember();
    const first = await createOrder('20.00');
    const second = await createOrder('20.00');
    const body = event(first);
    expect(receipt(await send(body)).credited).toBe(true);
    failure(await send({ ...body, orderNo: second.orderNo }), 409, 'cashier.webhook.mismatch');
    expect((await readOrder(second.orderNo)).status).toBe('PENDING');
    expect(await mainBalance()).toBe(2000n);
  });

  it('marks a declined payment REJECTED; a later approval is refused', async () => {
    await freshMember();
    const order = await createOrder();
    expect(receipt(await send(event(order, { status: 'DECLINED' })))).toEqual({
      orderNo: order.orderNo,
      status: 'REJECTED',
      credited: false,
    });
    failure(await send(event(order)), 409, 'cashier.order.state');
    expect(await mainBalance()).toBe(0n);
  });

  it('never credits an expired order, whether the job or the webhook sees it first', async () => {
    await freshMember();
    const late = await createOrder('40.00');
    const swept = await createOrder('41.00');
    const paidInTime = await createOrder('42.00');
    expect(receipt(await send(event(paidInTime))).credited).toBe(true);
    clock.advance(30 * MINUTE_MS);
    // Past expiresAt, before the job ran: the webhook checks expiry itself.
    failure(await send(event(late)), 409, 'cashier.order.state');
    // Earlier tests' unpaid orders expire with it.
    expect(await t.app.jobs.runNow(DEPOSIT_EXPIRY_JOB)).toBeGreaterThanOrEqual(1);
    expect(await t.app.jobs.runNow(DEPOSIT_EXPIRY_JOB)).toBe(0);
    failure(await send(event(swept)), 409, 'cashier.order.state');
    const rows = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ order_no: string; status: string; remark: string | null; completed_at: Date }>(
        'SELECT order_no, status, remark, completed_at FROM deposit_orders WHERE order_no = ANY($1) ORDER BY id',
        [[late.orderNo, swept.orderNo, paidInTime.orderNo]],
      ),
    );
    expect(rows.map((r) => r.status)).toEqual(['EXPIRED', 'EXPIRED', 'PAID']);
    expect(rows[0]?.remark).toMatch(
      /^Paid after the order expired \(gateway transaction TXN\d+\); not credited\.$/,
    );
    const balances = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ balance: string }>(
        `SELECT a.balance::text AS balance FROM ledger_accounts a
         JOIN deposit_orders o ON o.member_id = a.member_id AND a.code = 'MAIN'
         WHERE o.order_no = $1`,
        [late.orderNo],
      ),
    );
    expect(balances[0]?.balance).toBe('4200');
  });

  it('shows the payer an expired payment and takes no answer to it', async () => {
    await freshMember();
    const order = await createOrder('15.00');
    clock.advance(31 * MINUTE_MS);
    await freshMember();
    const page = await t.app.inject({ method: 'GET', url: order.payUrl!, remoteAddress: nextIp() });
    expect(page.body).toContain('This payment has expired.');
    expect(page.body).not.toContain('/approve"');
    const approve = await t.app.inject({
      method: 'POST',
      url: `${order.payUrl}/approve`,
      remoteAddress: nextIp(),
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.body).toContain('This payment has expired.');
  });

  it('sends a lost webhook again until our side takes it', async () => {
    await freshMember();
    const order = await createOrder('33.00');
    deliver = false;
    try {
      const approve = await t.app.inject({
        method: 'POST',
        url: `${order.payUrl}/approve`,
        remoteAddress: nextIp(),
      });
      expect(approve.statusCode).toBe(303);
      expect((await readOrder(order.orderNo)).status).toBe('PENDING');
      // Not due yet; then due, but the network is still down.
      expect(await t.app.jobs.runNow('sandbox-pay-redelivery')).toBe(0);
      clock.advance(30 * SECOND_MS);
      expect(await t.app.jobs.runNow('sandbox-pay-redelivery')).toBe(1);
      expect((await readOrder(order.orderNo)).status).toBe('PENDING');
    } finally {
      deliver = true;
    }
    clock.advance(30 * SECOND_MS);
    expect(await t.app.jobs.runNow('sandbox-pay-redelivery')).toBe(0);
    clock.advance(30 * SECOND_MS);
    expect(await t.app.jobs.runNow('sandbox-pay-redelivery')).toBe(1);
    expect((await readOrder(order.orderNo)).status).toBe('PAID');
    expect(await mainBalance()).toBe(3300n);
    clock.advance(10 * MINUTE_MS);
    expect(await t.app.jobs.runNow('sandbox-pay-redelivery')).toBe(0);
    const [payment] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ notify_attempts: number; last_notify_status: number; notified_at: Date | null }>(
        'SELECT notify_attempts, last_notify_status, notified_at FROM sandbox_payments WHERE order_no = $1',
        [order.orderNo],
      ),
    );
    expect(payment).toMatchObject({ notify_attempts: 3, last_notify_status: 200 });
    expect(payment?.notified_at).not.toBeNull();
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedger(t.db.database);
    expect(report.problems).toEqual([]);
  });
});

describe.each(engines)('the sandbox gateway over real HTTP on %s', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('calls our webhook over the network and the deposit is paid', async () => {
    const m = await newMemberSession(t);
    const created = await fetch(`${base}${routes.deposit.path}`, {
      method: 'POST',
      headers: { ...siteHeaders({ authorization: m.token }), 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: 'SANDBOX_CARD', amount: '250', idempotencyKey: 'http-1' }),
    });
    expect(created.status).toBe(200);
    const order = ((await created.json()) as { value: Order }).value;
    const page = await fetch(`${base}${order.payUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const approve = await fetch(`${base}${order.payUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(approve.status).toBe(303);
    expect(approve.headers.get('location')).toBe(`/?deposit=${order.orderNo}`);
    const read = await fetch(`${base}${routes.depositOrder.path}?orderNo=${order.orderNo}`, {
      headers: siteHeaders({ authorization: m.token }),
    });
    expect(((await read.json()) as { value: Order }).value.status).toBe('PAID');
    const [payment] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ notify_url: string; last_notify_status: number }>(
        'SELECT notify_url, last_notify_status FROM sandbox_payments WHERE order_no = $1',
        [order.orderNo],
      ),
    );
    expect(payment?.notify_url).toBe(`${base}/wps/cashier/webhook/sandbox`);
    expect(payment?.last_notify_status).toBe(200);
  });
});
