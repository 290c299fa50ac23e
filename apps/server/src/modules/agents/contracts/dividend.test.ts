import { envelopeSchema, type RouteDef, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../platform/clock.ts';
import { hashPassword } from '../../../platform/crypto.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { findByAccount, insertMember } from '../../accounts/index.ts';
import { checkLedger } from '../../wallet/index.ts';

const PASSWORD = 'Quiet-River-42';
type Who = { id: number; account: string; token: string };

/** B's dividend offer of the issue's vector: (100,000 / 10,000 / 5) 5 %, (300,000 / 30,000 / 8) 10 %. */
const B_TERMS = {
  tiers: [
    { min: { validBet: '100000', pnl: '10000', active: 5 }, percent: '5' },
    { min: { validBet: '300000', pnl: '30000', active: 8 }, percent: '10' },
  ],
};

/**
 * The issue's dividend vectors through the database: A (top agent, the merchant's half-monthly
 * terms) and B, settled per half-month from the record of play; A's loss carried (mode 1).
 */
describe.each(engines)('dividend contracts on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-02-28T04:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const db = () => t.db.database.db;
  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  let seq = 0;
  const add = async (prefix: string, type: number, upline: string | null): Promise<Who> => {
    const account = `${prefix}${++seq}y${engine.slice(0, 2)}`;
    await insertMember(db(), {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      upline: upline ? await findByAccount(db(), DEMO_MERCHANT, upline) : null,
      passwordHash: await hashPassword(PASSWORD),
      profile: {},
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const s = await loginAs(t.app, account, PASSWORD);
    return { id: s.id, account, token: s.token };
  };
  const call = (def: RouteDef, token: string, body?: unknown) =>
    t.app.inject({
      method: def.method,
      url: def.path,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const ok = async <T>(
    def: RouteDef & { response: { parse(v: unknown): T } },
    token: string,
    body?: unknown,
  ) => {
    const res = await call(def, token, body);
    if (res.statusCode !== 200) throw new Error(`${def.path}: ${res.statusCode} ${res.body}`);
    const parsed = envelopeSchema(def.response).parse(res.json());
    if (!parsed.success) throw new Error(res.body);
    return parsed.value as T;
  };
  /** Settled rounds of a player at `at`: bet and win in currency units. */
  const play = async (who: Who, bet: number, win: number, at: string) => {
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AURX', $2, $2, $3, 'dice', 'real', 'settled', $4::bigint, $5::bigint, $6::timestamptz, $6::timestamptz)`,
      [DEMO_MERCHANT, `dv-${who.id}-${++seq}`, who.id, bet * 100, win * 100, at],
    );
  };
  const main = async (id: number) =>
    BigInt(
      (
        await raw<{ b: string }>(
          "SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE member_id = $1 AND code = 'MAIN'",
          [id],
        )
      )[0]!.b,
    );
  const bill = async (downline: number, period: string) =>
    (
      await raw<{ amount: string; net: string; carry: string; tier: number | null; state: string }>(
        `SELECT b.amount_minor::text AS amount, b.net_minor::text AS net, b.carry_minor::text AS carry, b.tier, b.state
           FROM agent_contract_bills b JOIN agent_contracts c ON c.id = b.contract_id
          WHERE c.downline_id = $1 AND c.kind = 'dividend' AND b.period_key = $2`,
        [downline, period],
      )
    )[0];
  const settle = (period: string) =>
    opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'dividend', period });

  let A: Who;
  let B: Who;
  const aPlayers: Who[] = [];
  const bPlayers: Who[] = [];
  beforeAll(async () => {
    A = await add('da', 1, null);
    B = await add('db', 1, A.account);
    await ok(routes.contracts, A.token); // A's own terms with the house
    const offered = await ok(routes.offerContract, A.token, {
      downline: B.account,
      kind: 'dividend',
      terms: B_TERMS,
    });
    expect(offered.terms.period).toBe('half-monthly'); // the upline's period
    await ok(routes.contractAction, B.token, { id: offered.id, action: 'accept' });
    // 1–15 March: B's 8 players 50,000 each, P&L 5,000 each (400,000 / 40,000 / 8); A's own 4
    // players 100,000 each, 5,000 each: A's team 800,000 / 60,000 / 12.
    for (let i = 0; i < 8; i++) {
      const p = await add('dbp', 0, B.account);
      bPlayers.push(p);
      await play(p, 50_000, 45_000, '2026-03-05T02:00:00Z');
    }
    for (let i = 0; i < 4; i++) {
      const p = await add('dap', 0, A.account);
      aPlayers.push(p);
      await play(p, 100_000, 95_000, '2026-03-05T02:00:00Z');
    }
  });

  it('pays the half-month: A 12,000 from the house (T2), B 4,000 from A (T2), A keeps 8,000', async () => {
    clock.set(Date.parse('2026-03-16T04:00:00Z'));
    expect(await settle('2026-03-H1')).toMatchObject({ bills: 2 + 0 }); // A's and B's (others: no contract in force)
    expect(await bill(A.id, '2026-03-H1')).toMatchObject({
      amount: '1200000',
      net: '800000',
      tier: 2,
      state: 'paid',
    });
    expect(await bill(B.id, '2026-03-H1')).toMatchObject({
      amount: '400000',
      net: '400000',
      tier: 2,
      state: 'paid',
    });
    expect(await main(A.id)).toBe(800_000n);
    expect(await main(B.id)).toBe(400_000n);
    expect(await settle('2026-03-H1')).toMatchObject({ bills: 0 });
    expect(await main(A.id)).toBe(800_000n);
  });

  it("carries A's loss into the next half-month (mode 1) and matches the tier on the P&L after it", async () => {
    // 16–31 March: A's team loses the company 20,000 → nothing paid, carry −20,000.
    await play(aPlayers[0]!, 100_000, 120_000, '2026-03-20T02:00:00Z');
    clock.set(Date.parse('2026-04-01T04:00:00Z'));
    await settle('2026-03-H2');
    expect(await bill(A.id, '2026-03-H2')).toMatchObject({ amount: '0', carry: '-2000000', tier: null });
    // 1–15 April: 600,000 valid bet, P&L +50,000, 12 active → base 30,000 → T1 → 3,000, carry 0.
    const players = [...aPlayers];
    while (players.length < 12) players.push(await add('dap', 0, A.account));
    for (const [i, p] of players.entries())
      await play(p, 50_000, i < 10 ? 45_000 : 50_000, '2026-04-03T02:00:00Z');
    clock.set(Date.parse('2026-04-16T04:00:00Z'));
    await settle('2026-04-H1');
    expect(await bill(A.id, '2026-04-H1')).toMatchObject({ amount: '300000', carry: '0', tier: 1 });
    expect(await main(A.id)).toBe(800_000n + 300_000n);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('survives a crash between storing the bills and paying them: the next run pays each once', async () => {
    // 16–30 April: A's team 600,000 / 60,000 / 12 → T2 20 % → 12,000.
    for (const p of aPlayers) await play(p, 150_000, 135_000, '2026-04-20T02:00:00Z');
    const extra = [];
    for (let i = 0; i < 8; i++) extra.push(await add('dap', 0, A.account));
    for (const p of extra) await play(p, 1_000, 1_000, '2026-04-20T02:00:00Z');
    // Every payment fails as if the process died in it (its transaction never commits).
    await raw(`CREATE FUNCTION crash_bill_payment() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'crash'; END $$`);
    await raw(`CREATE TRIGGER crash_bill_payment BEFORE UPDATE ON agent_contract_bills
               FOR EACH ROW EXECUTE FUNCTION crash_bill_payment()`);
    clock.set(Date.parse('2026-05-01T04:00:00Z'));
    const before = await main(A.id);
    await expect(settle('2026-04-H2')).rejects.toThrow();
    expect(await bill(A.id, '2026-04-H2')).toMatchObject({ amount: '1200000', state: 'pending' });
    expect(await main(A.id)).toBe(before);
    await raw('DROP TRIGGER crash_bill_payment ON agent_contract_bills');
    await raw('DROP FUNCTION crash_bill_payment()');
    await Promise.all([settle('2026-04-H2'), settle('2026-04-H2')]);
    expect(await bill(A.id, '2026-04-H2')).toMatchObject({ state: 'paid' });
    expect(await main(A.id)).toBe(before + 1_200_000n);
    const [moved] = await raw<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE 'contract-bill:%'
          AND memo LIKE $2`,
      [DEMO_MERCHANT, '% bill %'],
    );
    const [bills] = await raw<{ n: number }>(
      "SELECT count(*)::int AS n FROM agent_contract_bills WHERE merchant_code = $1 AND kind = 'dividend' AND amount_minor > 0",
      [DEMO_MERCHANT],
    );
    expect(moved!.n).toBe(bills!.n); // one transfer per bill paid in full
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('pays the hourly salary vector: 57,300 in the 10:00 slot, 4 active, unit 10,000 → 250.00', async () => {
    clock.set(Date.parse('2026-05-02T01:00:00Z')); // 09:00 GMT+8
    const H = await add('dh', 1, null);
    const bets = [15_000, 15_000, 15_000, 12_300];
    for (const bet of bets) await play(await add('dhp', 0, H.account), bet, 0, '2026-05-02T02:30:00Z');
    clock.set(Date.parse('2026-05-02T03:10:00Z')); // 11:10: the 10:00 slot has ended
    await expect(
      opsCommand(t.app, { command: 'contract', action: 'settle', kind: 'hourly', period: '2026-05-02T11' }),
    ).rejects.toThrow(/not_ended/);
    await t.app.jobs.runNow('agent-contracts');
    const [row] = await raw<{
      amount: string;
      figures: { countedBet: string; active: number };
      state: string;
    }>(
      `SELECT b.amount_minor::text AS amount, b.figures, b.state FROM agent_contract_bills b
         JOIN agent_contracts c ON c.id = b.contract_id
        WHERE c.downline_id = $1 AND c.kind = 'hourly' AND b.period_key = '2026-05-02T10'`,
      [H.id],
    );
    expect(row).toMatchObject({
      amount: '25000',
      state: 'paid',
      figures: { countedBet: '5000000', active: 4 },
    });
    expect(await main(H.id)).toBe(25_000n);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('pays the real-time salary vector per player per draw: X loses 2,500 on one SSC draw, Y wins on 500', async () => {
    clock.set(Date.parse('2026-05-03T01:00:00Z')); // 09:00 GMT+8
    const R = await add('dr', 1, null);
    const RB = await add('drb', 1, R.account);
    const X = await add('drx', 0, RB.account);
    const Y = await add('dry', 0, R.account);
    await ok(routes.contracts, R.token);
    const terms = { tiers: [{ min: { playerBet: '1000' }, percent: '1.0', winPercent: '0.5' }] };
    const offered = await ok(routes.offerContract, R.token, {
      downline: RB.account,
      kind: 'realtime',
      terms,
    });
    await ok(routes.contractAction, RB.token, { id: offered.id, action: 'accept' });
    // X's two tickets of one draw (2,500, lost) and Y's round (500, won 900), at 10:01.
    const at = '2026-05-03T02:01:00Z';
    for (const [n, bet] of [
      [1, 1_500],
      [2, 1_000],
    ] as const) {
      await raw(
        `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
           bet_minor, win_minor, detail, opened_at, settled_at)
         VALUES ($1, 'AURLT', $2, $2, $3, 'SSC1', 'real', 'settled', $4::bigint, 0, $5::jsonb, $6::timestamptz, $6::timestamptz)`,
        [
          DEMO_MERCHANT,
          `lt-rt-${X.id}-${n}`,
          X.id,
          bet * 100,
          JSON.stringify({ lottery: 'SSC1', issueNo: '20260503-0121' }),
          at,
        ],
      );
    }
    await play(Y, 500, 900, at);
    clock.set(Date.parse('2026-05-03T02:06:00Z')); // 10:06: the 10:00 run has ended
    await t.app.jobs.runNow('agent-contracts');
    const rt = async (downline: number) =>
      (
        await raw<{ amount: string; net: string; state: string }>(
          `SELECT b.amount_minor::text AS amount, b.net_minor::text AS net, b.state FROM agent_contract_bills b
             JOIN agent_contracts c ON c.id = b.contract_id
            WHERE c.downline_id = $1 AND c.kind = 'realtime' AND b.period_key = '2026-05-03T10:00'`,
          [downline],
        )
      )[0];
    expect(await rt(RB.id)).toMatchObject({ amount: '2500', net: '2500', state: 'paid' });
    expect(await rt(R.id)).toMatchObject({ amount: '4000', net: '1500', state: 'paid' }); // 37.50 + 2.50, keeps 12.50 + 2.50
    expect(await main(RB.id)).toBe(2_500n);
    expect(await main(R.id)).toBe(1_500n);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('makes A pay its downline in full from its own wallet when the differential is negative', async () => {
    // 16–31 May: B's team 400,000 / 40,000 / 8 → 4,000; A's own players win 30,000, so A's team
    // is 800,000 / 10,000 / 12 → T1 10 % → 1,000: A's bill shows −3,000, paid from its wallet.
    for (const p of bPlayers) await play(p, 50_000, 45_000, '2026-05-20T02:00:00Z');
    for (const p of aPlayers) await play(p, 100_000, 107_500, '2026-05-20T02:00:00Z');
    clock.set(Date.parse('2026-06-01T04:00:00Z'));
    const [a0, b0] = [await main(A.id), await main(B.id)];
    await settle('2026-05-H2');
    expect(await bill(A.id, '2026-05-H2')).toMatchObject({
      amount: '100000',
      net: '-300000',
      tier: 1,
      state: 'paid',
    });
    expect(await bill(B.id, '2026-05-H2')).toMatchObject({ amount: '400000', net: '400000', state: 'paid' });
    expect((await main(A.id)) - a0).toBe(-300_000n);
    expect((await main(B.id)) - b0).toBe(400_000n);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });
});
