import {
  envelopeSchema,
  failureEnvelopeSchema,
  PROOF_IMAGE_MAX_BYTES,
  routes,
  TX_TYPE,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { pngBytes, polyglots, storedFileCount } from '../../testing/images.ts';
import { checkLedger } from '../wallet/index.ts';
import { injectTransport, newMemberSession, pngDataUrl } from './deposit-testing.ts';

type Session = { id: number; account: string; token: string };
type Res = { statusCode: number; json(): unknown; body: string };

describe.each(engines)('deposits on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  let keySeq = 0;
  const key = () => `dep-${++keySeq}`;

  beforeAll(async () => {
    // No SANDBOX_PAY_SECRET: the sandbox makes its secret and keeps it in the database.
    t = await createTestApp(engine, {}, { clock, webhookTransport: injectTransport(() => t?.app) });
  });
  afterAll(async () => t?.close());

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: siteHeaders({ ...(token ? { authorization: token } : {}), ...headers }),
      remoteAddress: nextIp(),
    });
  const deposit = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: routes.deposit.path,
      headers: siteHeaders({ authorization: token }),
      payload: { idempotencyKey: key(), ...body },
      remoteAddress: nextIp(),
    });
  const value = <T>(res: Res, schema: { parse(v: unknown): T }): T => {
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; value: unknown };
    return schema.parse(body.value);
  };
  const order = (res: Res) => value(res, routes.deposit.response);
  const failure = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const envelope = failureEnvelopeSchema.parse(res.json());
    expect(envelope.errorCode).toBe(code);
    return envelope;
  };
  const mainBalance = async (memberId: number) =>
    (await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId)).find((a) => a.code === 'MAIN')
      ?.balanceMinor ?? 0n;
  const orderCount = async () =>
    (
      await t.db.database.rawTransaction((tx) =>
        tx.rows<{ n: number }>('SELECT count(*)::int AS n FROM deposit_orders'),
      )
    )[0]!.n;
  const readOrder = async (token: string, orderNo: string) =>
    value(await get(`${routes.depositOrder.path}?orderNo=${orderNo}`, token), routes.depositOrder.response);

  describe('settings', () => {
    it('lists the usable channels in the member’s language, with limits and tutorials', async () => {
      const m = await newMemberSession(t);
      const en = value(await get(routes.depositSettings.path, m.token), routes.depositSettings.response);
      expect(en).toMatchObject({
        allowDeposit: true,
        inProgressCashInCount: 0,
        currency: 'USD',
        currencySymbol: '$',
        mobileVerified: false,
      });
      expect(en.channels.map((c) => [c.id, c.type, c.minAmount, c.maxAmount])).toEqual([
        ['SANDBOX_CARD', 'GATEWAY', '10.00', '20000.00'],
        ['BANK_TRANSFER', 'BANK', '50.00', '50000.00'],
      ]);
      expect(en.channels[0]).toMatchObject({ name: 'Card & e-wallet (instant)', bank: null });
      expect(en.channels[1]?.bank).toMatchObject({ bankName: 'Aurum Trust Bank' });
      const cn = value(
        await get(routes.depositSettings.path, m.token, { language: 'CN' }),
        routes.depositSettings.response,
      );
      expect(cn.channels[1]?.name).toBe('银行转账');
      expect(cn.channels[1]?.tutorial).toContain('银行');
    });

    it('needs a session and a real account', async () => {
      failure(await get(routes.depositSettings.path), 401, 'user.or.token.invalid');
      const trial = await t.app.inject({
        method: 'POST',
        url: routes.loginFreePlay.path,
        headers: siteHeaders(),
        payload: { os: 'x', platform: 'W', gatewayVersion: '3' },
        remoteAddress: nextIp(),
      });
      const token = (trial.json() as { value: { token: string } }).value.token;
      const before = await orderCount();
      failure(await get(routes.depositSettings.path, token), 403, 'trial.forbidden');
      failure(await deposit(token, { channelId: 'SANDBOX_CARD', amount: '100' }), 403, 'trial.forbidden');
      failure(await get(routes.depositOrders.path, token), 403, 'trial.forbidden');
      expect(await orderCount()).toBe(before);
    });
  });

  describe('through the sandbox gateway', () => {
    let m: Session;
    beforeAll(async () => {
      m = await newMemberSession(t);
    });

    it('approves on the hosted page, credits once, and the balance rises', async () => {
      const created = order(await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '100.50' }));
      expect(created).toMatchObject({
        status: 'PENDING',
        type: 'GATEWAY',
        amount: '100.50',
        channelName: 'Card & e-wallet (instant)',
        expiresAt: clock.now() + 30 * MINUTE_MS,
        completedAt: null,
      });
      expect(created.orderNo).toMatch(/^D260301[0-9A-Z]{10}$/);
      expect(created.payUrl).toMatch(/^\/sandbox-pay\/pay\/sp_[A-Za-z0-9_-]{24}$/);

      const page = await t.app.inject({ method: 'GET', url: created.payUrl!, remoteAddress: nextIp() });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.body).toContain('Sandbox Pay');
      expect(page.body).toContain('100.50');
      expect(page.body).toContain(created.orderNo);
      expect(page.body).not.toMatch(/<script/i);
      expect(page.body).toContain(`action="${created.payUrl}/approve"`);

      const approve = await t.app.inject({
        method: 'POST',
        url: `${created.payUrl}/approve`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
        remoteAddress: nextIp(),
      });
      expect(approve.statusCode).toBe(303);
      expect(approve.headers.location).toBe(`/?deposit=${created.orderNo}`);
      const paid = await readOrder(m.token, created.orderNo);
      expect(paid).toMatchObject({ status: 'PAID', payUrl: null, completedAt: clock.now() });

      const balance = value(await get(routes.walletBalance.path, m.token), routes.walletBalance.response);
      expect(balance.sumBalance).toBe('100.50');

      // A second click finds the payment decided: no second webhook, no second credit.
      const again = await t.app.inject({
        method: 'POST',
        url: `${created.payUrl}/approve`,
        remoteAddress: nextIp(),
      });
      expect(again.statusCode).toBe(303);
      expect(await mainBalance(m.id)).toBe(10_050n);
      const shown = await t.app.inject({ method: 'GET', url: created.payUrl!, remoteAddress: nextIp() });
      expect(shown.body).toContain('Payment approved.');
      expect(shown.body).not.toContain('/approve"');

      const transfers = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ kind: number; amount: string; memo: string }>(
          `SELECT t.kind, t.amount::text AS amount, t.memo FROM ledger_transfers t
           JOIN ledger_entries e ON e.transfer_id = t.id
           JOIN ledger_accounts a ON a.id = e.account_id
           WHERE a.member_id = $1`,
          [m.id],
        ),
      );
      expect(transfers).toEqual([
        { kind: TX_TYPE.deposit, amount: '10050', memo: `deposit ${created.orderNo}` },
      ]);
    });

    it('marks a declined payment REJECTED and credits nothing', async () => {
      const before = await mainBalance(m.id);
      const created = order(await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '20' }));
      const decline = await t.app.inject({
        method: 'POST',
        url: `${created.payUrl}/decline`,
        remoteAddress: nextIp(),
      });
      expect(decline.statusCode).toBe(303);
      expect(decline.headers.location).toBe(`/?deposit=${created.orderNo}`);
      expect(await readOrder(m.token, created.orderNo)).toMatchObject({
        status: 'REJECTED',
        remark: 'Declined at the payment page.',
      });
      expect(await mainBalance(m.id)).toBe(before);
    });

    it('answers a retried request with the first order, and refuses the key for another request', async () => {
      const idempotencyKey = key();
      const first = order(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '30', idempotencyKey }),
      );
      const retry = order(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '30.00', idempotencyKey }),
      );
      expect(retry).toEqual(first);
      failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '31', idempotencyKey }),
        409,
        'idempotency.conflict',
      );
      // Another member's key of the same name is its own.
      const other = await newMemberSession(t);
      const theirs = order(
        await deposit(other.token, { channelId: 'SANDBOX_CARD', amount: '31', idempotencyKey }),
      );
      expect(theirs.orderNo).not.toBe(first.orderNo);
      await t.app.inject({ method: 'POST', url: `${first.payUrl}/decline`, remoteAddress: nextIp() });
      await t.app.inject({ method: 'POST', url: `${theirs.payUrl}/decline`, remoteAddress: nextIp() });
    });

    it('keeps the generated webhook secret in the database', async () => {
      const rows = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ gateway: string; secret: string }>('SELECT gateway, secret FROM gateway_secrets'),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.gateway).toBe('sandbox');
      expect(rows[0]?.secret.length).toBeGreaterThanOrEqual(40);
    });

    it('shows an unknown payment page as missing', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sandbox-pay/pay/sp_nope',
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('There is no such payment.');
      const post = await t.app.inject({
        method: 'POST',
        url: `/sandbox-pay/pay/sp_${'a'.repeat(24)}/approve`,
        remoteAddress: nextIp(),
      });
      expect(post.statusCode).toBe(404);
    });
  });

  describe('by bank transfer', () => {
    let m: Session;
    beforeAll(async () => {
      m = await newMemberSession(t);
    });

    it('keeps an order with a reference, with or without a proof image', async () => {
      const plain = order(
        await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '50', reference: '  REF-001 ' }),
      );
      expect(plain).toMatchObject({
        type: 'BANK',
        status: 'PENDING',
        reference: 'REF-001',
        payUrl: null,
        expiresAt: null,
      });
      const image = pngDataUrl();
      const proved = order(
        await deposit(m.token, {
          channelId: 'BANK_TRANSFER',
          amount: '75.25',
          reference: 'REF-002',
          proofImage: image,
        }),
      );
      const rows = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ proof_key: string | null }>('SELECT proof_key FROM deposit_orders WHERE order_no = $1', [
          proved.orderNo,
        ]),
      );
      const stored = await t.app.storage.get(rows[0]!.proof_key!);
      expect(stored?.mime).toBe('image/png');
      expect(stored?.bytes.equals(Buffer.from(image.split(',')[1]!, 'base64'))).toBe(true);
      // The operator sees the proof image (the console shows it beside the order).
      expect(
        await opsCommand(t.app, { command: 'deposit', action: 'proof', orderNo: proved.orderNo }),
      ).toEqual({
        orderNo: proved.orderNo,
        mime: 'image/png',
        dataUrl: `data:image/png;base64,${image.split(',')[1]}`,
      });
      await expect(
        opsCommand(t.app, { command: 'deposit', action: 'proof', orderNo: plain.orderNo }),
      ).rejects.toThrow(/no proof image/);
      await expect(
        opsCommand(t.app, { command: 'deposit', action: 'proof', orderNo: 'D-NONE' }),
      ).rejects.toThrow(/cashier.order.not.found/);
      const settings = value(
        await get(routes.depositSettings.path, m.token),
        routes.depositSettings.response,
      );
      expect(settings.inProgressCashInCount).toBe(2);

      // The operator approves one and rejects the other.
      const approved = await opsCommand(t.app, {
        command: 'deposit',
        action: 'approve',
        orderNo: proved.orderNo,
      });
      expect(approved).toMatchObject({
        status: 'PAID',
        amount: '75.25',
        account: m.account,
        reviewedBy: 'break-glass:test',
      });
      expect(await mainBalance(m.id)).toBe(7525n);
      const rejected = await opsCommand(t.app, {
        command: 'deposit',
        action: 'reject',
        orderNo: plain.orderNo,
        reason: 'no such transfer arrived',
      });
      expect(rejected).toMatchObject({ status: 'REJECTED', remark: 'no such transfer arrived' });
      expect(await readOrder(m.token, plain.orderNo)).toMatchObject({
        status: 'REJECTED',
        remark: 'no such transfer arrived',
      });
      expect(await mainBalance(m.id)).toBe(7525n);

      // Settled orders are never settled again.
      const refused = async (args: Record<string, unknown>, code: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/ops/command',
          headers: { 'x-ops-token': OPS_TOKEN },
          payload: { merchant: DEMO_MERCHANT, actor: 'test', args: { command: 'deposit', ...args } },
          remoteAddress: '127.0.0.1',
        });
        failure(res, code === 'cashier.order.not.found' ? 404 : 409, code);
      };
      await refused({ action: 'approve', orderNo: proved.orderNo }, 'cashier.order.state');
      await refused({ action: 'approve', orderNo: plain.orderNo }, 'cashier.order.state');
      await refused({ action: 'reject', orderNo: proved.orderNo, reason: 'x' }, 'cashier.order.state');
      await refused({ action: 'approve', orderNo: 'D000000NOSUCHONE' }, 'cashier.order.not.found');
      const gatewayOrder = order(await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '10' }));
      await refused({ action: 'approve', orderNo: gatewayOrder.orderNo }, 'cashier.order.state');
      await t.app.inject({ method: 'POST', url: `${gatewayOrder.payUrl}/decline`, remoteAddress: nextIp() });
      expect(await mainBalance(m.id)).toBe(7525n);

      const audit = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ actor: string; action: string; detail: { orderNo: string } }>(
          "SELECT actor, action, detail FROM ops_audit WHERE action LIKE 'deposit-%' ORDER BY id",
        ),
      );
      expect(audit.map((a) => [a.actor, a.action, a.detail.orderNo])).toEqual([
        ['break-glass:test', 'deposit-proof', proved.orderNo],
        ['break-glass:test', 'deposit-approve', proved.orderNo],
        ['break-glass:test', 'deposit-reject', plain.orderNo],
      ]);
    });

    it('lists orders for the operator by status', async () => {
      const pending = order(
        await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '60', reference: 'REF-3' }),
      );
      const listed = (await opsCommand(t.app, { command: 'deposit', action: 'list', status: 'PENDING' })) as {
        orders: { orderNo: string; status: string; account: string; reference: string }[];
      };
      expect(listed.orders.every((o) => o.status === 'PENDING')).toBe(true);
      expect(listed.orders[0]).toMatchObject({
        orderNo: pending.orderNo,
        account: m.account,
        reference: 'REF-3',
      });
      const all = (await opsCommand(t.app, { command: 'deposit', action: 'list', limit: 2 })) as {
        orders: unknown[];
      };
      expect(all.orders).toHaveLength(2);
      await opsCommand(t.app, {
        command: 'deposit',
        action: 'reject',
        orderNo: pending.orderNo,
        reason: 'test',
      });
    });

    it('refuses a proof that is an image with something else in it (a polyglot), storing nothing', async () => {
      const before = await orderCount();
      const stored = await storedFileCount();
      for (const [name, proofImage] of Object.entries(polyglots())) {
        const res = await deposit(m.token, {
          channelId: 'BANK_TRANSFER',
          amount: '50',
          reference: 'P',
          proofImage,
        });
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({
          errorCode: 'cashier.proof.invalid',
          message: expect.stringMatching(/png or jpg/),
        });
      }
      expect(await orderCount()).toBe(before);
      expect(await storedFileCount()).toBe(stored);
    });

    it('refuses a proof that is not a png or jpg, and a missing reference', async () => {
      const before = await orderCount();
      const text = `data:image/png;base64,${Buffer.from('this is not an image at all').toString('base64')}`;
      failure(
        await deposit(m.token, {
          channelId: 'BANK_TRANSFER',
          amount: '50',
          reference: 'R',
          proofImage: text,
        }),
        400,
        'cashier.proof.invalid',
      );
      failure(
        await deposit(m.token, {
          channelId: 'BANK_TRANSFER',
          amount: '50',
          reference: 'R',
          proofImage: 'data:text/plain;base64,aGk=',
        }),
        400,
        'request.invalid',
      );
      failure(
        await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '50' }),
        400,
        'cashier.reference.required',
      );
      failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '50', reference: 'R' }),
        400,
        'request.invalid',
      );
      expect(await orderCount()).toBe(before);
    });

    it('takes a proof image larger than the usual body limit', async () => {
      const big = pngBytes(2 * 1024 * 1024);
      const res = await deposit(m.token, {
        channelId: 'BANK_TRANSFER',
        amount: '50',
        reference: 'BIG',
        proofImage: `data:image/png;base64,${big.toString('base64')}`,
      });
      const created = order(res);
      await opsCommand(t.app, {
        command: 'deposit',
        action: 'reject',
        orderNo: created.orderNo,
        reason: 'test',
      });
      const tooBig = pngBytes(PROOF_IMAGE_MAX_BYTES);
      failure(
        await deposit(m.token, {
          channelId: 'BANK_TRANSFER',
          amount: '50',
          reference: 'BIG',
          proofImage: `data:image/png;base64,${tooBig.toString('base64')}`,
        }),
        400,
        'request.invalid',
      );
    });
  });

  describe('rules', () => {
    it('refuses bad amounts, unknown channels and amounts outside the channel’s range, moving nothing', async () => {
      const m = await newMemberSession(t);
      const before = await orderCount();
      for (const amount of ['-10', '0', '0.00', '10.001', '100000000000000000', 'ten', '1e3', '', ' ']) {
        failure(await deposit(m.token, { channelId: 'SANDBOX_CARD', amount }), 400, 'request.invalid');
      }
      for (const amount of [10, null, ['10']]) {
        failure(await deposit(m.token, { channelId: 'SANDBOX_CARD', amount }), 400, 'request.invalid');
      }
      failure(await deposit(m.token, { channelId: 'NOPE', amount: '100' }), 400, 'cashier.channel.unknown');
      failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '100', extra: 1 }),
        400,
        'request.invalid',
      );
      const low = failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '9.99' }),
        400,
        'cashier.amount.out.of.range',
      );
      expect(low.details).toEqual({ minimumAmount: '10.00', maximumAmount: '20000.00' });
      failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '20000.01' }),
        400,
        'cashier.amount.out.of.range',
      );
      failure(
        await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '49.99', reference: 'R' }),
        400,
        'cashier.amount.out.of.range',
      );
      expect(await orderCount()).toBe(before);
      expect(await mainBalance(m.id)).toBe(0n);
    });

    it('allows at most maxPending orders in progress per member', async () => {
      const m = await newMemberSession(t);
      const made = [];
      for (let i = 0; i < 3; i++) {
        made.push(
          order(await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '50', reference: `P${i}` })),
        );
      }
      failure(
        await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '50' }),
        409,
        'cashier.deposit.too.many.pending',
      );
      // Another member is not held back by this one's orders.
      const other = await newMemberSession(t);
      order(await deposit(other.token, { channelId: 'BANK_TRANSFER', amount: '50', reference: 'X' }));
      // Once one is settled, there is room again.
      await opsCommand(t.app, {
        command: 'deposit',
        action: 'reject',
        orderNo: made[0]!.orderNo,
        reason: 'test',
      });
      order(await deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '50', reference: 'P3' }));
    });

    it('counts requests sent at once against the limit one after another', async () => {
      const m = await newMemberSession(t);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          deposit(m.token, { channelId: 'BANK_TRANSFER', amount: '50', reference: `C${i}` }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      for (const r of results.filter((r) => r.statusCode !== 200)) {
        failure(r, 409, 'cashier.deposit.too.many.pending');
      }
    });

    it('refuses deposits while the merchant has switched them off', async () => {
      const m = await newMemberSession(t);
      const setAllow = async (allow: boolean) => {
        await t.db.database.rawTransaction((tx) =>
          tx.rows(
            `UPDATE merchants SET config = jsonb_set(config, '{cashier,deposit,allowDeposit}', $1::jsonb)
             WHERE code = $2`,
            [JSON.stringify(allow), DEMO_MERCHANT],
          ),
        );
        await t.app.merchants.changed(DEMO_MERCHANT);
      };
      await setAllow(false);
      try {
        const settings = value(
          await get(routes.depositSettings.path, m.token),
          routes.depositSettings.response,
        );
        expect(settings.allowDeposit).toBe(false);
        failure(
          await deposit(m.token, { channelId: 'SANDBOX_CARD', amount: '50' }),
          403,
          'cashier.deposit.disabled',
        );
      } finally {
        await setAllow(true);
      }
    });
  });

  describe('access', () => {
    it('shows members their own orders only', async () => {
      const mine = await newMemberSession(t);
      const other = await newMemberSession(t);
      const created = order(
        await deposit(mine.token, { channelId: 'BANK_TRANSFER', amount: '55', reference: 'MINE' }),
      );
      failure(
        await get(`${routes.depositOrder.path}?orderNo=${created.orderNo}`, other.token),
        404,
        'cashier.order.not.found',
      );
      failure(
        await get(`${routes.depositOrder.path}?orderNo=NOPE`, mine.token),
        404,
        'cashier.order.not.found',
      );
      failure(
        await get(`${routes.depositOrder.path}?orderNo=${created.orderNo}`),
        401,
        'user.or.token.invalid',
      );
      failure(
        await get(`${routes.depositOrders.path}?memberId=${mine.id}`, other.token),
        400,
        'request.invalid',
      );
      const theirs = value(await get(routes.depositOrders.path, other.token), routes.depositOrders.response);
      expect(theirs).toEqual({ content: [], pageNum: 1, totalPages: 0, total: 0 });
      const own = value(
        await get(`${routes.depositOrders.path}?size=1`, mine.token),
        routes.depositOrders.response,
      );
      expect(own).toMatchObject({ pageNum: 1, totalPages: 1, total: 1 });
      expect(own.content[0]?.orderNo).toBe(created.orderNo);
      expect(
        envelopeSchema(routes.depositOrders.response).safeParse(
          (await get(routes.depositOrders.path, mine.token)).json(),
        ).success,
      ).toBe(true);
    });
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedger(t.db.database);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
