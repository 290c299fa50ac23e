import { randomBytes } from 'node:crypto';
import { type ErrorCode, failureEnvelopeSchema, type RouteDef, routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/crypto.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_AGENT,
  DEMO_MEMBER,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';
import { PAYMENT_PASSWORD_LOCK_FAILURES } from '../cashier/index.ts';
import { checkLedger } from './invariants.ts';

const PASSWORD = 'Test1234';
const PAY_PASSWORD = '246810';
const AGENT_TYPE = 1;

type Res = { statusCode: number; json(): unknown; body: string };
type Session = { token: string; id: number; account: string };

describe.each(engines)('wallet transfers on %s', (engine) => {
  let t: TestApp;
  let keySeq = 0;
  const key = (p = 'k') => `${p}-${++keySeq}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // Two playable game wallets and one of a vendor that is not contracted (TIDE).
    await setMerchantConfig(t.app, (c) => {
      c.cashier.transferVendors = ['AURL', 'AURX', 'TIDE'];
    });
  });
  afterAll(async () => t.close());

  let memberSeq = 0;
  /** A member who can sign in, under `upline` when given. */
  const addMember = async (
    opts: { type?: number; upline?: string; prefix?: string } = {},
  ): Promise<Session> => {
    const db = t.db.database.db;
    const account = `${opts.prefix ?? 'tm'}${++memberSeq}${randomBytes(2).toString('hex')}`;
    const upline = opts.upline ? await findByAccount(db, DEMO_MERCHANT, opts.upline) : null;
    await insertMember(db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type: opts.type ?? 0,
      upline,
      passwordHash: await hashPassword(PASSWORD),
      language: 'EN',
      createdAt: new Date(),
    });
    const session = await loginAs(t.app, account, PASSWORD);
    return { token: session.token, id: session.id, account };
  };
  const setPaymentPassword = async (account: string, password = PAY_PASSWORD) => {
    const hash = await hashPassword(password);
    await t.db.database.rawTransaction((tx) =>
      tx.rows('UPDATE members SET payment_password_hash = $1 WHERE account_lower = $2', [
        hash,
        account.toLowerCase(),
      ]),
    );
  };
  const fund = (account: string, amount: string) =>
    opsCommand(t.app, { command: 'adjust', account, amount, reason: 'test funding' });

  const get = (route: RouteDef, token: string | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${route.path}${query}`,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
    });
  const post = (route: RouteDef, token: string | null, body: unknown) =>
    route.encrypted
      ? callEncrypted(t.app, 'POST', route.path, body, token ? { token } : {})
      : t.app.inject({
          method: 'POST',
          url: route.path,
          headers: siteHeaders(token ? { authorization: token } : {}),
          payload: body as object,
          remoteAddress: nextIp(),
        });
  const value = (res: Res) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field below
    return (res.json() as { value: any }).value;
  };
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const balances = async (s: Session) => {
    const v = value(await get(routes.walletBalance, s.token));
    const lines: Record<string, string> = {};
    for (const line of v.balance) lines[line.vendor ?? 'MAIN'] = line.availBalance;
    return lines;
  };
  const transferCount = async () =>
    (
      await t.db.database.rawTransaction((tx) =>
        tx.rows<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers'),
      )
    )[0]!.n;
  const walletTransfer = (s: Session, body: Record<string, unknown>) =>
    post(routes.walletTransfer, s.token, { idempotencyKey: key('wt'), ...body });
  const freePlay = async (): Promise<Session> => {
    const res = await t.app.inject({
      method: 'POST',
      url: routes.loginFreePlay.path,
      headers: siteHeaders(),
      payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
      remoteAddress: nextIp(),
    });
    const v = value(res);
    return { token: v.token, id: v.id, account: v.account };
  };
  /** Switches the merchant's wallet mode as an operator's reload-config does. */
  const setWalletMode = (walletMode: 'single' | 'transfer') =>
    setMerchantConfig(t.app, (c) => {
      c.cashier.walletMode = walletMode;
    });

  describe('my wallet (transfer mode)', () => {
    it('describes the merchant wallet: transfer mode with the playable vendors named as the site names them', async () => {
      const m = await addMember();
      expect(value(await get(routes.merchantWallet, m.token))).toEqual({
        isSingle: 0,
        vendors: [
          { vendor: 'AURL', name: 'Aurum Live', icon: '/media/vendors/aurl.svg' },
          { vendor: 'AURX', name: 'Aurum Originals', icon: '/media/vendors/aurx.svg' },
        ],
      });
      failure(await get(routes.merchantWallet, null), 401, 'user.or.token.invalid');
    });

    it('refuses money into the wallet of a vendor that cannot be launched, but lets it come home', async () => {
      const m = await addMember();
      await fund(m.account, '50.00');
      const before = await transferCount();
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'TIDE', amount: '5' }),
        400,
        'transfer.vendor.unplayable',
      );
      expect(await transferCount()).toBe(before);
      // Money left there (from before the vendor stopped) can still move back to main.
      await t.app.ledger.run((tx) =>
        t.app.ledger.transfer(tx, {
          merchant: DEMO_MERCHANT,
          from: { memberId: m.id, code: 'MAIN' },
          to: { memberId: m.id, code: 'VENDOR:TIDE' },
          amountMinor: 700n,
          kind: TX_TYPE.transferToGame,
          idempotencyKey: key('stranded'),
          memo: 'test',
          actor: 'test',
        }),
      );
      value(await walletTransfer(m, { from: 'TIDE', to: 'MAIN', amount: '7' }));
      expect((await balances(m)).MAIN).toBe('50.00');
    });

    it('moves money between the main wallet and a game wallet', async () => {
      const m = await addMember();
      await fund(m.account, '100.00');
      const out = value(await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '30.25' }));
      expect(out).toMatchObject({ amount: '30.25', txTypeId: TX_TYPE.transferToGame, balanceAfter: '69.75' });
      expect(out.createdAt).toEqual(expect.any(Number));
      const back = value(await walletTransfer(m, { from: 'AURL', to: 'MAIN', amount: '10' }));
      expect(back).toMatchObject({
        amount: '10.00',
        txTypeId: TX_TYPE.transferFromGame,
        balanceAfter: '20.25',
      });
      expect(await balances(m)).toEqual({ MAIN: '79.75', AURL: '20.25' });
    });

    it('moves once per key: a retry answers the first result, another request under the key is refused', async () => {
      const m = await addMember();
      const other = await addMember();
      await fund(m.account, '50');
      await fund(other.account, '50');
      const body = { from: 'MAIN', to: 'AURX', amount: '5', idempotencyKey: key('same') };
      const first = value(await walletTransfer(m, body));
      const retries = await Promise.all([1, 2, 3].map(() => walletTransfer(m, body)));
      for (const r of retries) expect(value(r)).toEqual(first);
      expect(await balances(m)).toEqual({ MAIN: '45.00', AURX: '5.00' });
      failure(await walletTransfer(m, { ...body, amount: '6' }), 409, 'idempotency.conflict');
      // The key is the member's own: another member using the same key moves its own money.
      const theirs = value(await walletTransfer(other, body));
      expect(theirs.transferId).not.toBe(first.transferId);
      expect(await balances(other)).toEqual({ MAIN: '45.00', AURX: '5.00' });
    });

    it.each([
      ['a negative amount', '-1.00'],
      ['a zero amount', '0'],
      ['three decimals', '1.005'],
      ['a huge amount', '99999999999999999'],
      ['text', 'ten'],
      ['a JSON number', 1],
    ])('refuses %s and moves nothing', async (_what, amount) => {
      const m = await addMember();
      await fund(m.account, '10');
      const before = await transferCount();
      const res = await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount });
      failure(res, 400, 'request.invalid');
      expect((res.json() as { details: object }).details).toHaveProperty('amount');
      expect(await transferCount()).toBe(before);
      expect(await balances(m)).toEqual({ MAIN: '10.00' });
    });

    it('refuses overdrafts, unknown wallets, wallet pairs other than main and a game, and extra fields', async () => {
      const m = await addMember();
      await fund(m.account, '10');
      const before = await transferCount();
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '10.01' }),
        400,
        'wallet.insufficient.funds',
      );
      failure(
        await walletTransfer(m, { from: 'AURL', to: 'MAIN', amount: '1' }),
        400,
        'wallet.insufficient.funds',
      );
      // KNG is a vendor of the merchant, but not one with a game wallet.
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'KNG', amount: '1' }),
        400,
        'transfer.vendor.unknown',
      );
      failure(
        await walletTransfer(m, { from: 'NOPE', to: 'MAIN', amount: '1' }),
        400,
        'transfer.vendor.unknown',
      );
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'tide', amount: '1' }),
        400,
        'transfer.vendor.unknown',
      );
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'MAIN', amount: '1' }),
        403,
        'wallet.transfer.forbidden',
      );
      failure(
        await walletTransfer(m, { from: 'AURL', to: 'AURX', amount: '1' }),
        403,
        'wallet.transfer.forbidden',
      );
      failure(
        await walletTransfer(m, { from: 'AURL', to: 'NOPE', amount: '1' }),
        400,
        'transfer.vendor.unknown',
      );
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '1', idempotencyKey: 'has space' }),
        400,
        'request.invalid',
      );
      failure(
        await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '1', idempotencyKey: undefined }),
        400,
        'request.invalid',
      );
      failure(
        await post(routes.walletTransfer, null, {
          from: 'MAIN',
          to: 'AURL',
          amount: '1',
          idempotencyKey: key(),
        }),
        401,
        'user.or.token.invalid',
      );
      expect(await transferCount()).toBe(before);
      expect(await balances(m)).toEqual({ MAIN: '10.00' });
    });

    it('never moves another member’s money: no call takes a member or an account id', async () => {
      const victim = await addMember();
      const thief = await addMember();
      await fund(victim.account, '20');
      const before = await transferCount();
      for (const extra of [{ memberId: victim.id }, { account: victim.account }, { accountId: 1 }]) {
        failure(
          await walletTransfer(thief, { from: 'MAIN', to: 'AURL', amount: '1', ...extra }),
          400,
          'request.invalid',
        );
        failure(
          await post(routes.walletRecall, thief.token, { idempotencyKey: key(), ...extra }),
          400,
          'request.invalid',
        );
      }
      expect(await transferCount()).toBe(before);
      expect(await balances(victim)).toEqual({ MAIN: '20.00' });
    });

    it('returns every game wallet to the main wallet at once, once per key', async () => {
      const m = await addMember();
      await fund(m.account, '100');
      value(await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '20' }));
      value(await walletTransfer(m, { from: 'MAIN', to: 'AURX', amount: '5.50' }));
      const recallKey = key('recall');
      const first = value(await post(routes.walletRecall, m.token, { idempotencyKey: recallKey }));
      expect(first.total).toBe('25.50');
      expect(first.transfers).toHaveLength(2);
      for (const r of first.transfers) {
        expect(r).toMatchObject({ txTypeId: TX_TYPE.transferFromGame, balanceAfter: '0.00' });
      }
      expect(first.transfers.map((r: { amount: string }) => r.amount).sort()).toEqual(['20.00', '5.50']);
      expect(await balances(m)).toEqual({ MAIN: '100.00', AURL: '0.00', AURX: '0.00' });

      // A retry after more money went out answers the first recall and moves nothing.
      value(await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '1' }));
      const retry = value(await post(routes.walletRecall, m.token, { idempotencyKey: recallKey }));
      expect(retry).toEqual(first);
      expect(await balances(m)).toEqual({ MAIN: '99.00', AURL: '1.00', AURX: '0.00' });

      const again = value(await post(routes.walletRecall, m.token, { idempotencyKey: key('recall') }));
      expect(again).toMatchObject({ total: '1.00', transfers: [{ amount: '1.00' }] });
      const empty = value(await post(routes.walletRecall, m.token, { idempotencyKey: key('recall') }));
      expect(empty).toEqual({ transfers: [], total: '0.00' });
      failure(await post(routes.walletRecall, m.token, {}), 400, 'request.invalid');
    });

    it('recalls concurrently sent copies of one request once', async () => {
      const m = await addMember();
      await fund(m.account, '30');
      value(await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '30' }));
      const recallKey = key('recall');
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => post(routes.walletRecall, m.token, { idempotencyKey: recallKey })),
      );
      const values = answers.map(value);
      for (const v of values) expect(v).toEqual(values[0]);
      expect(values[0].total).toBe('30.00');
      expect(await balances(m)).toEqual({ MAIN: '30.00', AURL: '0.00' });
    });
  });

  describe('a single-wallet merchant', () => {
    it('says so, refuses wallet transfers, and still brings game wallets home', async () => {
      const m = await addMember();
      await fund(m.account, '40');
      value(await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '15' }));
      await setWalletMode('single');
      try {
        expect(value(await get(routes.merchantWallet, m.token))).toEqual({ isSingle: 1, vendors: [] });
        const before = await transferCount();
        failure(
          await walletTransfer(m, { from: 'MAIN', to: 'AURL', amount: '1' }),
          400,
          'transfer.single.wallet',
        );
        failure(
          await walletTransfer(m, { from: 'AURL', to: 'MAIN', amount: '1' }),
          400,
          'transfer.single.wallet',
        );
        expect(await transferCount()).toBe(before);
        // Money left in a game wallet from before the switch still comes back to the main wallet.
        const recalled = value(await post(routes.walletRecall, m.token, { idempotencyKey: key('recall') }));
        expect(recalled.total).toBe('15.00');
        expect(await balances(m)).toEqual({ MAIN: '40.00', AURL: '0.00' });
      } finally {
        await setWalletMode('transfer');
      }
      expect(value(await get(routes.merchantWallet, m.token)).isSingle).toBe(0);
    });
  });

  describe('to the upline', () => {
    it('shows the upline, the limits and whether a payment password is set', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const m = await addMember({ upline: agent.account });
      expect(value(await get(routes.uplineInfo, m.token))).toEqual({
        upline: { account: agent.account, nickname: null },
        minimumAmount: '1.00',
        maximumAmount: '100000.00',
        hasPaymentPassword: false,
      });
      await setPaymentPassword(m.account);
      expect(value(await get(routes.uplineInfo, m.token)).hasPaymentPassword).toBe(true);
      const top = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      expect(value(await get(routes.uplineInfo, top.token)).upline).toBeNull();
    });

    it('sends money from the main wallet to the upline’s, guarded by the payment password', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const m = await addMember({ upline: agent.account });
      await fund(m.account, '100');
      const body = { amount: '40.50', paymentPassword: PAY_PASSWORD, idempotencyKey: key('up') };
      failure(await post(routes.uplineTransfer, m.token, body), 400, 'payment.password.required');
      await setPaymentPassword(m.account);
      failure(
        await post(routes.uplineTransfer, m.token, { ...body, paymentPassword: '000000' }),
        400,
        'payment.password.invalid',
      );
      const sent = value(await post(routes.uplineTransfer, m.token, body));
      expect(sent).toMatchObject({ amount: '40.50', txTypeId: TX_TYPE.agentTransfer, balanceAfter: '59.50' });
      expect(value(await post(routes.uplineTransfer, m.token, body))).toEqual(sent);
      failure(
        await post(routes.uplineTransfer, m.token, { ...body, amount: '1' }),
        409,
        'idempotency.conflict',
      );
      expect(await balances(m)).toEqual({ MAIN: '59.50' });
      expect(await balances(agent)).toEqual({ MAIN: '40.50' });
    });

    it('refuses amounts outside the limits, bad amounts, overdrafts and plain bodies, moving nothing', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const m = await addMember({ upline: agent.account });
      await fund(m.account, '10');
      await setPaymentPassword(m.account);
      const send = (amount: unknown) =>
        post(routes.uplineTransfer, m.token, {
          amount,
          paymentPassword: PAY_PASSWORD,
          idempotencyKey: key('up'),
        });
      const before = await transferCount();
      const low = await send('0.99');
      failure(low, 400, 'cashier.amount.out.of.range');
      expect((low.json() as { details: object }).details).toEqual({
        minimumAmount: '1.00',
        maximumAmount: '100000.00',
      });
      failure(await send('100000.01'), 400, 'cashier.amount.out.of.range');
      for (const bad of ['-5', '0', '1.001', 'lots', 5, '1e3'])
        failure(await send(bad), 400, 'request.invalid');
      failure(await send('10.01'), 400, 'wallet.insufficient.funds');
      const plain = await t.app.inject({
        method: 'POST',
        url: routes.uplineTransfer.path,
        headers: siteHeaders({ authorization: m.token }),
        payload: { amount: '1', paymentPassword: PAY_PASSWORD, idempotencyKey: key() },
        remoteAddress: nextIp(),
      });
      failure(plain, 400, 'encryption.required');
      expect(await transferCount()).toBe(before);
      expect(await balances(m)).toEqual({ MAIN: '10.00' });
      expect(await balances(agent)).toEqual({ MAIN: '0.00' });
    });

    it('refuses a member without an upline', async () => {
      const top = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      await fund(top.account, '10');
      await setPaymentPassword(top.account);
      const res = await post(routes.uplineTransfer, top.token, {
        amount: '1',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key('up'),
      });
      failure(res, 400, 'transfer.no.upline');
    });

    it('locks the payment password after repeated wrong ones', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const m = await addMember({ upline: agent.account });
      await fund(m.account, '10');
      await setPaymentPassword(m.account);
      const send = (paymentPassword: string) =>
        post(routes.uplineTransfer, m.token, { amount: '1', paymentPassword, idempotencyKey: key('up') });
      for (let i = 0; i < PAYMENT_PASSWORD_LOCK_FAILURES; i++)
        failure(await send('111111'), 400, 'payment.password.invalid');
      failure(await send(PAY_PASSWORD), 429, 'TOO_MANY_REQUESTS');
      expect(await balances(m)).toEqual({ MAIN: '10.00' });
    });
  });

  describe('an agent to its downlines', () => {
    it('lists the agent’s direct downlines only, newest first, narrowed by account', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const a = await addMember({ upline: agent.account, prefix: 'alpha' });
      const b = await addMember({ upline: agent.account, prefix: 'beta' });
      await addMember({ upline: a.account, prefix: 'grand' });
      await addMember({ prefix: 'stranger' });
      const all = value(await get(routes.downlines, agent.token));
      expect(all.total).toBe(2);
      expect(all.content.map((d: { account: string }) => d.account)).toEqual([b.account, a.account]);
      expect(all.content[0]).toEqual({
        account: b.account,
        nickname: null,
        type: 0,
        regDate: expect.any(Number),
      });
      const narrowed = value(
        await get(routes.downlines, agent.token, `?account=${a.account.slice(0, 6).toUpperCase()}`),
      );
      expect(narrowed).toMatchObject({
        total: 1,
        content: [{ account: a.account }],
        pageNum: 1,
        totalPages: 1,
      });
      const paged = value(await get(routes.downlines, agent.token, '?page=2&size=1'));
      expect(paged).toMatchObject({ total: 2, totalPages: 2, pageNum: 2, content: [{ account: a.account }] });
      // Wildcards are letters here, not patterns.
      expect(value(await get(routes.downlines, agent.token, '?account=%25')).total).toBe(0);
      failure(await get(routes.downlines, agent.token, `?uplineId=${a.id}`), 400, 'request.invalid');
    });

    it('sends money to a direct downline, guarded by the payment password', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const d = await addMember({ upline: agent.account });
      await fund(agent.account, '500');
      await setPaymentPassword(agent.account);
      const body = {
        downlineAccount: d.account.toUpperCase(),
        amount: '120',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key('down'),
      };
      const sent = value(await post(routes.downlineTransfer, agent.token, body));
      expect(sent).toMatchObject({
        amount: '120.00',
        txTypeId: TX_TYPE.agentTransfer,
        balanceAfter: '380.00',
      });
      expect(value(await post(routes.downlineTransfer, agent.token, body))).toEqual(sent);
      expect(await balances(agent)).toEqual({ MAIN: '380.00' });
      expect(await balances(d)).toEqual({ MAIN: '120.00' });
      failure(
        await post(routes.downlineTransfer, agent.token, { ...body, paymentPassword: '999999' }),
        400,
        'payment.password.invalid',
      );
    });

    it('refuses members who are not its direct downlines, and members who are not agents', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const otherAgent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const d = await addMember({ upline: agent.account });
      const grandchild = await addMember({ upline: d.account });
      const stranger = await addMember({ upline: otherAgent.account });
      await fund(agent.account, '100');
      await fund(d.account, '100');
      await setPaymentPassword(agent.account);
      await setPaymentPassword(d.account);
      const send = (s: Session, downlineAccount: string) =>
        post(routes.downlineTransfer, s.token, {
          downlineAccount,
          amount: '1',
          paymentPassword: PAY_PASSWORD,
          idempotencyKey: key('down'),
        });
      const before = await transferCount();
      for (const target of [
        stranger.account,
        grandchild.account,
        otherAgent.account,
        agent.account,
        'nobody-here',
      ]) {
        failure(await send(agent, target), 403, 'transfer.not.downline');
      }
      // A member (not an agent) has no downline calls, even for its own downline.
      failure(await send(d, grandchild.account), 403, 'agent.only');
      failure(await get(routes.downlines, d.token), 403, 'agent.only');
      expect(await transferCount()).toBe(before);
      expect(await balances(agent)).toEqual({ MAIN: '100.00' });
      expect(await balances(stranger)).toEqual({ MAIN: '0.00' });
    });

    it('keeps to the limits and the balance', async () => {
      const agent = await addMember({ type: AGENT_TYPE, prefix: 'ag' });
      const d = await addMember({ upline: agent.account });
      await fund(agent.account, '5');
      await setPaymentPassword(agent.account);
      const send = (amount: unknown) =>
        post(routes.downlineTransfer, agent.token, {
          downlineAccount: d.account,
          amount,
          paymentPassword: PAY_PASSWORD,
          idempotencyKey: key('down'),
        });
      failure(await send('0.50'), 400, 'cashier.amount.out.of.range');
      failure(await send('5.01'), 400, 'wallet.insufficient.funds');
      for (const bad of ['-1', '0', '0.001', 'x', 1]) failure(await send(bad), 400, 'request.invalid');
      expect(await balances(agent)).toEqual({ MAIN: '5.00' });
    });
  });

  it('refuses trial accounts every movement and the transfer pages', async () => {
    const trial = await freePlay();
    const before = await transferCount();
    failure(await walletTransfer(trial, { from: 'MAIN', to: 'AURL', amount: '1' }), 403, 'trial.forbidden');
    failure(await post(routes.walletRecall, trial.token, { idempotencyKey: key() }), 403, 'trial.forbidden');
    failure(await get(routes.uplineInfo, trial.token), 403, 'trial.forbidden');
    failure(
      await post(routes.uplineTransfer, trial.token, {
        amount: '1',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key(),
      }),
      403,
      'trial.forbidden',
    );
    failure(await get(routes.downlines, trial.token), 403, 'trial.forbidden');
    failure(
      await post(routes.downlineTransfer, trial.token, {
        downlineAccount: DEMO_MEMBER.account,
        amount: '1',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key(),
      }),
      403,
      'trial.forbidden',
    );
    expect(await transferCount()).toBe(before);
  });

  it('works for the demo accounts: demo sends to its upline agent01, who sends it back', async () => {
    const demo = await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const agent = await loginAs(t.app, DEMO_AGENT.account, DEMO_AGENT.password);
    await fund(DEMO_MEMBER.account, '10');
    await setPaymentPassword(DEMO_MEMBER.account);
    await setPaymentPassword(DEMO_AGENT.account);
    expect(value(await get(routes.uplineInfo, demo.token)).upline).toEqual({
      account: DEMO_AGENT.account,
      nickname: 'Agent 01',
    });
    value(
      await post(routes.uplineTransfer, demo.token, {
        amount: '4',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key(),
      }),
    );
    value(
      await post(routes.downlineTransfer, agent.token, {
        downlineAccount: DEMO_MEMBER.account,
        amount: '1.5',
        paymentPassword: PAY_PASSWORD,
        idempotencyKey: key(),
      }),
    );
    const demoSession = { ...demo, account: DEMO_MEMBER.account };
    expect((await balances(demoSession)).MAIN).toBe('7.50');
  });

  it('keeps the ledger whole: every merchant sums to zero and every balance to its entries', async () => {
    const report = await checkLedger(t.db.database);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
