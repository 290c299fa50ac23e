import { envelopeSchema, failureEnvelopeSchema, type RouteDef, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, ManualClock } from '../../../platform/clock.ts';
import {
  createTestApp,
  DEMO_AGENT,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { checkLedger } from '../../wallet/index.ts';
import { CONTRACT_DEBTS_JOB, CONTRACTS_JOB } from '../index.ts';
import { TEAM_PASSWORD, teamMemberMaker } from '../testing.ts';

const PASSWORD = TEAM_PASSWORD;
const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/** B's daily-salary offer of the vector: (team bet ≥ 100,000, 5 active) 1.0 %. */
const B_TERMS = { tiers: [{ min: { teamBet: '100000', active: 5 }, percent: '1.0' }] };

/**
 * Agent contracts end to end: offers, answers and terminations through the calls (only the
 * parties see or change a contract), the daily salary settled from the record of play into one
 * bill per contract and day, paid through the ledger top-down, exactly once.
 */
describe.each(engines)('agent contracts on %s', (engine) => {
  let t: TestApp;
  // 18:00 on 2026-03-08 in GMT+8: contracts are signed the day before the day they are paid for.
  const clock = new ManualClock(Date.parse('2026-03-08T10:00:00Z'));
  const DAY = '2026-03-09';
  const IN_DAY = Date.parse('2026-03-09T02:00:00Z'); // 10:00 on the 9th in GMT+8
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const _db = () => t.db.database.db;
  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  let seq = 0;
  const add = teamMemberMaker(() => t, clock, `x${engine.slice(0, 2)}`);
  const call = (def: RouteDef, token: string | null, opts: { query?: string; body?: unknown } = {}) =>
    t.app.inject({
      method: def.method,
      url: `${def.path}${opts.query ?? ''}`,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
  const ok = <T>(def: RouteDef & { response: { parse(v: unknown): T } }, res: Res): T => {
    if (res.statusCode !== 200) throw new Error(`${def.path}: ${res.statusCode} ${res.body}`);
    const parsed = envelopeSchema(def.response).parse(res.json());
    if (!parsed.success) throw new Error(res.body);
    return parsed.value as T;
  };
  const fails = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  /** Signs in again after the clock moved past the sessions' idle time. */
  const refresh = async (...who: Who[]) => {
    for (const w of who) w.token = (await loginAs(t.app, w.account, PASSWORD)).token;
  };
  const offer = (from: Who, to: Who, terms: unknown = B_TERMS, kind = 'daily') =>
    call(routes.offerContract, from.token, { body: { downline: to.account, kind, terms } });
  const act = (who: Who, id: number, action: string, confirm?: boolean) =>
    call(routes.contractAction, who.token, {
      body: { id, action, ...(confirm === undefined ? {} : { confirm }) },
    });
  const contractRows = async () =>
    Number((await raw<{ n: string }>('SELECT count(*)::text AS n FROM agent_contracts'))[0]!.n);
  const main = async (id: number) =>
    BigInt(
      (
        await raw<{ b: string }>(
          "SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND code = 'MAIN'",
          [id],
        )
      )[0]!.b,
    );
  const house = async () =>
    BigInt(
      (
        await raw<{ b: string }>(
          "SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE merchant_code = $1 AND code = 'HOUSE:CONTRACTS'",
          [DEMO_MERCHANT],
        )
      )[0]!.b,
    );
  const play = async (who: Who, betMinor: bigint, winMinor = 0n) => {
    const round = `ct-${who.id}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AURX', $2, $2, $3, 'dice', 'real', 'settled', $4::bigint, $5::bigint, $6::timestamptz, $6::timestamptz)`,
      [
        DEMO_MERCHANT,
        round,
        who.id,
        betMinor.toString(),
        winMinor.toString(),
        new Date(IN_DAY).toISOString(),
      ],
    );
  };
  const bills = async (contractId: number) =>
    raw<{
      period_key: string;
      amount: string;
      net: string;
      paid: string;
      state: string;
      tier: number | null;
    }>(
      `SELECT period_key, amount_minor::text AS amount, net_minor::text AS net, paid_minor::text AS paid, state, tier
         FROM agent_contract_bills WHERE contract_id = $1 ORDER BY id`,
      [contractId],
    );

  // The daily-salary vector: A (top agent) → B (agent) → five players; A's own player.
  let A: Who;
  let B: Who;
  let Bx: Who; // B's sibling: another direct downline agent of A
  let X: Who; // an unrelated top agent
  let P: Who; // a player (not an agent)
  let bContract = 0;
  beforeAll(async () => {
    A = await add('ca', AGENT, null);
    B = await add('cb', AGENT, A.account);
    Bx = await add('cb', AGENT, A.account);
    X = await add('cx', AGENT, null);
    P = await add('cp', 0, A.account);
  });

  it('gives the seeded top agent (agent01) its house contracts at start, before any call', async () => {
    const rows = await raw<{ kind: string; state: string }>(
      `SELECT c.kind, c.state FROM agent_contracts c
         JOIN members m ON m.id = c.downline_id JOIN members h ON h.id = c.upline_id
        WHERE m.merchant_code = $1 AND m.account = $2 AND h.kind = 'house' ORDER BY c.kind`,
      [DEMO_MERCHANT, DEMO_AGENT.account],
    );
    expect(rows).toEqual(
      ['daily', 'dividend', 'hourly', 'realtime'].map((kind) => ({ kind, state: 'active' })),
    );
  });

  describe('the life cycle', () => {
    it('shows a top agent its own contract with the house, on the merchant terms', async () => {
      const list = ok(routes.contracts, await call(routes.contracts, A.token, { query: '?kind=daily' }));
      expect(list.held).toHaveLength(1);
      expect(list.held[0]).toMatchObject({ kind: 'daily', upline: null, state: 'active', role: 'held' });
      expect(list.offered).toEqual([]);
    });

    it('refuses bad terms, rates above the upline, non-downlines and players, storing nothing', async () => {
      const before = await contractRows();
      fails(
        await offer(A, B, { tiers: [{ min: { teamBet: '100000', active: 5 }, percent: '1.6' }] }),
        400,
        'contract.terms.invalid',
      );
      fails(
        await offer(A, B, {
          tiers: [
            { min: { teamBet: '100000', active: 5 }, percent: '1.0' },
            { min: { teamBet: '50000', active: 5 }, percent: '1.0' },
          ],
        }),
        400,
        'contract.terms.invalid',
      );
      fails(await offer(A, B, { tiers: [] }), 400, 'request.invalid');
      fails(
        await offer(A, B, { tiers: [{ min: { teamBet: 'lots' }, percent: '1' }] }),
        400,
        'request.invalid',
      );
      fails(
        await call(routes.offerContract, A.token, {
          body: { downline: B.account, kind: 'weekly', terms: B_TERMS },
        }),
        400,
        'request.invalid',
      );
      fails(await offer(X, B), 404, 'contract.downline.invalid'); // not X's downline
      fails(await offer(A, P), 404, 'contract.downline.invalid'); // a player
      fails(await offer(P, B), 403, 'agent.only');
      // A member who is not an agent is refused every contract call.
      fails(await call(routes.contractInfo, P.token), 403, 'agent.only');
      fails(await call(routes.contracts, P.token), 403, 'agent.only');
      fails(await call(routes.contractBills, P.token), 403, 'agent.only');
      fails(await act(P, 1, 'accept'), 403, 'agent.only');
      fails(await offer(B, A), 404, 'contract.downline.invalid'); // its upline
      // B holds no daily contract yet, so it has nothing to offer from.
      const b1 = await add('cp', AGENT, B.account);
      fails(await offer(B, b1), 409, 'contract.upline.none');
      expect(await contractRows()).toBe(before);
    });

    it('lets only the downline accept an offer; others do not see it', async () => {
      // Both parties hear of the offer and the answer on their sockets' event bus; nobody else.
      const heard: { who: string; e: unknown }[] = [];
      const stops = [A, B, X].map((w) =>
        t.app.events.subscribe(DEMO_MERCHANT, w.id, (e) => heard.push({ who: w.account, e })),
      );
      const made = ok(routes.offerContract, await offer(A, B));
      expect(made).toMatchObject({
        state: 'pending',
        role: 'offered',
        upline: A.account,
        downline: B.account,
      });
      bContract = made.id;
      fails(await offer(A, B), 409, 'contract.offer.exists');
      const info = ok(routes.contractInfo, await call(routes.contractInfo, B.token));
      expect(info.dailysalreqtype).toEqual([
        expect.objectContaining({ id: made.id, type: 'new', from: A.account }),
      ]);
      expect(info).toMatchObject({ enableSalary: true, enableContract: true });
      // The consolidated contract info call (spec §7) answers the same pending requests.
      const consolidated = await call(routes.consolidatedFunds, B.token);
      expect(ok(routes.consolidatedFunds, consolidated)).toMatchObject({
        dailysalreqtype: [expect.objectContaining({ id: made.id, type: 'new' })],
        divtypereq: [],
      });
      expect(
        ok(routes.consolidatedFunds, await call(routes.consolidatedFunds, X.token)).dailysalreqtype,
      ).toEqual([]);
      fails(await act(X, made.id, 'accept'), 404, 'contract.not.found');
      fails(await act(Bx, made.id, 'reject'), 404, 'contract.not.found');
      fails(await act(A, made.id, 'accept'), 409, 'contract.state'); // the upline cannot accept its own offer
      expect(ok(routes.contracts, await call(routes.contracts, X.token)).offered).toEqual([]);
      const accepted = ok(routes.contractAction, await act(B, made.id, 'accept'));
      expect(accepted).toMatchObject({ warning: null, contract: { state: 'active', role: 'held' } });
      for (const stop of stops) stop();
      const event = (state: string) => ({ type: 'contract', id: made.id, kind: 'daily', state });
      expect(heard).toEqual([
        { who: B.account, e: event('pending') },
        { who: A.account, e: event('active') },
        { who: B.account, e: event('active') },
      ]);
      fails(await act(B, made.id, 'accept'), 409, 'contract.state');
      fails(
        await call(routes.contractAction, B.token, { body: { id: made.id, action: 'sign' } }),
        400,
        'request.invalid',
      );
    });

    it('warns before an acceptance that ends the downline’s higher offers, and ends them with confirm', async () => {
      // B offers its downline C 1.0 % at (100,000, 5); A then offers B a modification at 0.5 %.
      const C = await add('cc', AGENT, B.account);
      const toC = ok(routes.offerContract, await offer(B, C));
      ok(routes.contractAction, await act(C, toC.id, 'accept'));
      const lower = { tiers: [{ min: { teamBet: '100000', active: 5 }, percent: '0.5' }] };
      const mod = ok(routes.offerContract, await offer(A, B, lower));
      expect(mod).toMatchObject({ state: 'pending', replaces: bContract });
      const warned = ok(routes.contractAction, await act(B, mod.id, 'accept'));
      expect(warned.warning?.terminates).toEqual([{ id: toC.id, downline: C.account }]);
      expect(warned.contract.state).toBe('pending');
      // Rejecting the modification puts the old contract back; nothing of C's changed.
      ok(routes.contractAction, await act(B, mod.id, 'reject'));
      const held = ok(routes.contracts, await call(routes.contracts, B.token, { query: '?kind=daily' })).held;
      expect(held.find((c) => c.id === bContract)?.state).toBe('active');
      // Offered again and accepted with confirm: C's contract ends, the new one replaces the old.
      const again = ok(routes.offerContract, await offer(A, B, lower));
      const done = ok(routes.contractAction, await act(B, again.id, 'accept', true));
      expect(done.terminated).toEqual([toC.id]);
      const [cState] = await raw<{ state: string }>('SELECT state FROM agent_contracts WHERE id = $1', [
        toC.id,
      ]);
      expect(cState!.state).toBe('terminated');
      // Back to the vector's terms through a termination request and a new offer.
      ok(routes.contractAction, await act(B, again.id, 'terminate'));
      fails(await act(B, again.id, 'accept'), 409, 'contract.state'); // the other party answers
      const infoA = ok(routes.contractInfo, await call(routes.contractInfo, A.token));
      expect(infoA.dailysalreqtype).toEqual([expect.objectContaining({ id: again.id, type: 'termination' })]);
      ok(routes.contractAction, await act(A, again.id, 'accept'));
      const fresh = ok(routes.offerContract, await offer(A, B));
      ok(routes.contractAction, await act(B, fresh.id, 'accept'));
      bContract = fresh.id;
    });

    it("refuses an acceptance the offerer's own contract no longer covers", async () => {
      const Q = await add('cq', AGENT, null);
      const Q1 = await add('cq', AGENT, Q.account);
      const made = ok(routes.offerContract, await offer(Q, Q1));
      const own = ok(routes.contracts, await call(routes.contracts, Q.token, { query: '?kind=daily' }))
        .held[0]!;
      await opsCommand(t.app, { command: 'contract', action: 'terminate', id: own.id, reason: 'test' });
      fails(await act(Q1, made.id, 'accept'), 409, 'contract.upline.none');
      const [row] = await raw<{ state: string }>('SELECT state FROM agent_contracts WHERE id = $1', [
        made.id,
      ]);
      expect(row!.state).toBe('pending');
    });

    it('refuses every call when the kind or the whole of contracts is switched off', async () => {
      await setFeature(t.app, 'DAYSALCONT3', false);
      fails(await call(routes.contracts, A.token, { query: '?kind=daily' }), 403, 'contract.kind.disabled');
      fails(await offer(A, Bx), 403, 'contract.kind.disabled');
      expect(ok(routes.contractInfo, await call(routes.contractInfo, A.token)).kinds).not.toContain('daily');
      await setFeature(t.app, 'DAYSALCONT3', true);
      await setMerchantConfig(t.app, (c) => {
        c.contracts.salary = false;
      });
      fails(await offer(A, Bx), 403, 'contract.kind.disabled');
      await setMerchantConfig(t.app, (c) => {
        c.contracts.salary = true;
      });
      await setFeature(t.app, 'SIGNCONDIV3', false);
      fails(await call(routes.contractInfo, A.token), 403, 'feature.disabled');
      await setFeature(t.app, 'SIGNCONDIV3', true);
      fails(await call(routes.contracts, null), 401, 'user.or.token.invalid');
    });
  });

  describe('daily salary settlement', () => {
    let T: Who;
    let A2: Who;
    let B2: Who;
    let b2Contract = 0;
    beforeAll(async () => {
      // The vector's play on the 9th: B's five players 24,000 each (120,000, 5 active); A's own
      // player 200,000 (A's team 320,000 with 6 active).
      for (let i = 0; i < 5; i++) await play(await add('bp', 0, B.account), 2_400_000n);
      await play(P, 20_000_000n, 5_000_000n);
      // A short payer: A2 (under top agent T) offers B2 a salary, then A2's own contract ends;
      // A2 still owes B2 and has only 250.00.
      T = await add('ct', AGENT, null);
      A2 = await add('ca', AGENT, T.account);
      B2 = await add('cb', AGENT, A2.account);
      const toA2 = ok(
        routes.offerContract,
        await offer(T, A2, { tiers: [{ min: { teamBet: '50000', active: 3 }, percent: '1.0' }] }),
      );
      ok(routes.contractAction, await act(A2, toA2.id, 'accept'));
      const toB2 = ok(
        routes.offerContract,
        await offer(A2, B2, { tiers: [{ min: { teamBet: '50000', active: 3 }, percent: '1.0' }] }),
      );
      ok(routes.contractAction, await act(B2, toB2.id, 'accept'));
      b2Contract = toB2.id;
      await opsCommand(t.app, { command: 'contract', action: 'terminate', id: toA2.id, reason: 'test' });
      for (let i = 0; i < 3; i++) await play(await add('b2p', 0, B2.account), 2_000_000n);
      await opsCommand(t.app, { command: 'adjust', account: A2.account, amount: '250.00', reason: 'test' });
    });

    it('refuses a period that has not ended, and an unknown one', async () => {
      await expect(
        opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'daily', period: DAY }),
      ).rejects.toThrow(/not_ended/);
      clock.set(Date.parse('2026-03-10T04:00:00Z')); // 12:00 on the 10th in GMT+8
      await refresh(A, B, X, A2, B2);
      await expect(
        opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'daily', period: '2026-02-30' }),
      ).rejects.toThrow(/unknown_period/);
    });

    it('pays the vector: A 4,800 from the house, B 1,200 from A, A keeps 3,600 — once, even run twice at once', async () => {
      const [a0, b0, h0] = [await main(A.id), await main(B.id), await house()];
      const heard: unknown[] = [];
      const stop = t.app.events.subscribe(DEMO_MERCHANT, B.id, (e) => {
        if ((e as { type: string }).type === 'contract') heard.push(e);
      });
      const runs = await Promise.all([
        opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'daily', period: DAY }),
        opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'daily', period: DAY }),
        t.app.jobs.runNow(CONTRACTS_JOB),
      ]);
      expect(runs.length).toBe(3);
      stop();
      // B hears once that its period was settled (the runs that made no bill say nothing).
      expect(heard).toEqual([{ type: 'contract', id: 0, kind: 'daily', state: 'settled' }]);
      expect((await main(A.id)) - a0).toBe(360_000n);
      expect((await main(B.id)) - b0).toBe(120_000n);
      expect(h0 - (await house())).toBe(480_000n + 60_000n); // A's and T's contracts with the house
      const [bBill] = await bills(bContract);
      expect(bBill).toMatchObject({
        period_key: DAY,
        amount: '120000',
        net: '120000',
        paid: '120000',
        state: 'paid',
        tier: 1,
      });
      const aContract = ok(routes.contracts, await call(routes.contracts, A.token, { query: '?kind=daily' }))
        .held[0]!;
      const [aBill] = await bills(aContract.id);
      expect(aBill).toMatchObject({
        amount: '480000',
        net: '360000',
        paid: '480000',
        state: 'paid',
        tier: 2,
      });
      // Again, and by the job: nothing more.
      await opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'daily', period: DAY });
      await t.app.jobs.runNow(CONTRACTS_JOB);
      expect((await main(A.id)) - a0).toBe(360_000n);
      expect(await bills(bContract)).toHaveLength(1);
      // Both parties see the bill through the calls; an outsider sees none.
      const mine = ok(
        routes.contractBills,
        await call(routes.contractBills, B.token, { query: '?kind=daily' }),
      );
      expect(mine.content).toEqual([
        expect.objectContaining({
          role: 'held',
          amount: '1200.00',
          paid: '1200.00',
          owed: '0.00',
          state: 'paid',
        }),
      ]);
      const given = ok(
        routes.contractBills,
        await call(routes.contractBills, A.token, { query: '?role=offered' }),
      );
      expect(given.content.map((b) => b.downline)).toEqual([B.account]);
      // An outsider sees nothing of A's team (its own team did nothing: no bill to show).
      expect(ok(routes.contractBills, await call(routes.contractBills, X.token)).total).toBe(0);
      fails(await call(routes.contractBills, B.token, { query: '?size=1000' }), 400, 'request.invalid');
      // Date presets in the business zone: the bill was made today (the 10th), not yesterday.
      const today = ok(
        routes.contractBills,
        await call(routes.contractBills, B.token, { query: '?preset=today' }),
      );
      expect(today.content.map((b) => b.period)).toEqual([DAY]);
      const yesterday = await call(routes.contractBills, B.token, { query: '?preset=yesterday' });
      expect(ok(routes.contractBills, yesterday).total).toBe(0);
      const custom = `?preset=custom&startDate=${Date.parse('2026-03-09T16:00:00Z')}&endDate=${Date.parse('2026-03-10T16:00:00Z')}`;
      expect(
        ok(routes.contractBills, await call(routes.contractBills, B.token, { query: custom })).total,
      ).toBe(1);
      fails(await call(routes.contractBills, B.token, { query: '?preset=custom' }), 400, 'request.invalid');
      fails(await call(routes.contractBills, B.token, { query: '?preset=someday' }), 400, 'request.invalid');
      expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
    });

    it('leaves what a short payer cannot pay owed, and collects it as soon as the payer is credited', async () => {
      // B2's team: 60,000 with 3 active → 1.0 % = 600.00, owed by A2, which holds 250.00.
      const [bill] = await bills(b2Contract);
      expect(bill).toMatchObject({ amount: '60000', net: '60000', paid: '25000', state: 'partly-paid' });
      expect(await main(A2.id)).toBe(0n);
      const owed = ok(
        routes.contractBills,
        await call(routes.contractBills, A2.token, { query: '?role=offered' }),
      );
      expect(owed.content[0]).toMatchObject({ owed: '350.00', state: 'partly-paid' });
      // Credited 100.00 (less than owed): the owed-bills job pays what it has, nothing more.
      await opsCommand(t.app, { command: 'adjust', account: A2.account, amount: '100.00', reason: 'test' });
      await t.app.jobs.runNow(CONTRACT_DEBTS_JOB);
      expect(await bills(b2Contract)).toEqual([
        expect.objectContaining({ paid: '35000', state: 'partly-paid' }),
      ]);
      expect(await main(A2.id)).toBe(0n);
      // Nothing credited since: another run moves nothing.
      await t.app.jobs.runNow(CONTRACT_DEBTS_JOB);
      expect(await bills(b2Contract)).toEqual([expect.objectContaining({ paid: '35000' })]);
      // Credited again: the rest is paid at once (no settlement run), keyed as the settlement's.
      await opsCommand(t.app, { command: 'adjust', account: A2.account, amount: '900.00', reason: 'test' });
      await t.app.jobs.runNow(CONTRACT_DEBTS_JOB);
      const [after] = await bills(b2Contract);
      expect(after).toMatchObject({ paid: '60000', state: 'paid' });
      const keys = await raw<{ k: string }>(
        "SELECT idempotency_key AS k FROM ledger_transfers WHERE idempotency_key LIKE 'contract-bill:%' AND memo LIKE $1 ORDER BY id",
        [`contract ${b2Contract} bill %`],
      );
      expect(keys.map((k) => k.k.replace(/^contract-bill:\d+:/, ''))).toEqual(['0', '25000', '35000']);
      clock.advance(HOUR_MS);
      await t.app.jobs.runNow(CONTRACTS_JOB);
      expect(await main(A2.id)).toBe(65_000n);
      expect(await main(B2.id)).toBe(60_000n);
      expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
    });

    it('lets the operator write off what a bill owes, audited', async () => {
      // Next day: A2 owes B2 again for the 10th with nothing in its wallet after a withdrawal-like adjustment.
      await opsCommand(t.app, { command: 'adjust', account: A2.account, amount: '-650.00', reason: 'test' });
      for (let i = 0; i < 3; i++) {
        const p = await add('b2q', 0, B2.account);
        await raw(
          `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
             bet_minor, win_minor, opened_at, settled_at)
           VALUES ($1, 'AURX', $2, $2, $3, 'dice', 'real', 'settled', 2000000, 0, $4::timestamptz, $4::timestamptz)`,
          [DEMO_MERCHANT, `wo-${p.id}`, p.id, new Date(clock.now()).toISOString()],
        );
      }
      clock.advance(DAY_MS);
      await refresh(A2);
      await t.app.jobs.runNow(CONTRACTS_JOB);
      const open = (await bills(b2Contract)).at(-1)!;
      expect(open).toMatchObject({ period_key: '2026-03-10', amount: '60000', paid: '0', state: 'pending' });
      const [billRow] = await raw<{ id: number }>(
        "SELECT id::int AS id FROM agent_contract_bills WHERE contract_id = $1 AND period_key = '2026-03-10'",
        [b2Contract],
      );
      fails(
        await t.app.inject({
          method: 'POST',
          url: '/ops/command',
          headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
          payload: {
            merchant: DEMO_MERCHANT,
            actor: 'test',
            args: { command: 'contract', action: 'write-off', bill: billRow!.id },
          },
          remoteAddress: '127.0.0.1',
        }),
        400,
        'ops.invalid',
      );
      const done = await opsCommand(t.app, {
        command: 'contract',
        action: 'write-off',
        bill: billRow!.id,
        reason: 'agent left',
      });
      expect(done).toMatchObject({ state: 'written-off', writtenOff: '600.00' });
      const [audit] = await raw<{ actor: string; before: unknown; after: unknown }>(
        "SELECT actor, before_state AS before, after_state AS after FROM ops_audit WHERE action = 'contract.write-off' ORDER BY id DESC LIMIT 1",
      );
      expect(audit).toMatchObject({ actor: 'break-glass:test', after: { state: 'written-off' } });
      await opsCommand(t.app, { command: 'adjust', account: A2.account, amount: '1000.00', reason: 'test' });
      await t.app.jobs.runNow(CONTRACTS_JOB);
      expect((await bills(b2Contract)).at(-1)).toMatchObject({ paid: '0', state: 'written-off' });
      const shown = await opsCommand(t.app, { command: 'contract', action: 'show', id: b2Contract });
      expect(shown.bills).toHaveLength(2);
      expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
    });
  });
});
