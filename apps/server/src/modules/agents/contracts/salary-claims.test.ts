import {
  contractsConfigSchema,
  envelopeSchema,
  failureEnvelopeSchema,
  type RouteDef,
  routes,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../../platform/clock.ts';
import {
  createTestApp,
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
import { CONTRACTS_JOB } from '../index.ts';
import { TEAM_PASSWORD, teamMemberMaker } from '../testing.ts';

const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/** The daily-salary vector: B (team bet ≥ 100,000, 5 active) 1.0 % under A's house terms. */
const B_TERMS = { tiers: [{ min: { teamBet: '100000', active: 5 }, percent: '1.0' }] };

/**
 * DAYSALMR, the daily salary claimed by hand: with the key on, a settled daily-salary bill waits
 * for its payee (claimable) instead of being paid; the payee claims it once (one keyed transfer,
 * however many claims arrive at once), the operator may reject it, and past the merchant's claim
 * window it expires. With the key off the calls are refused and the settlement pays as before.
 */
describe.each(engines)('daily salary claimed by hand (DAYSALMR) on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-08T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  let seq = 0;
  const add = teamMemberMaker(() => t, clock, `m${engine.slice(0, 2)}`);
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
  const refresh = async (...who: Who[]) => {
    for (const w of who) w.token = (await loginAs(t.app, w.account, TEAM_PASSWORD)).token;
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
  const play = async (who: Who, betMinor: bigint, at: number) => {
    const round = `mr-${who.id}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AURX', $2, $2, $3, 'dice', 'real', 'settled', $4::bigint, 0, $5::timestamptz, $5::timestamptz)`,
      [DEMO_MERCHANT, round, who.id, betMinor.toString(), new Date(at).toISOString()],
    );
  };
  const claims = async (who: Who, query = '') =>
    ok(routes.salaryClaims, await call(routes.salaryClaims, who.token, { query }));
  const claim = (who: Who, id: unknown) => call(routes.claimSalary, who.token, { body: { id } });
  const salaryTransfers = async (bill: number) =>
    Number(
      (
        await raw<{ n: string }>(
          'SELECT count(*)::text AS n FROM ledger_transfers WHERE idempotency_key = $1',
          [`contract-claim:${bill}`],
        )
      )[0]!.n,
    );

  // The vector: A (top agent, the house's 1.0 / 1.5 / 2.0 %) → B (1.0 %) → five players of 24,000;
  // A's own player 200,000: A's team 320,000 with 6 active → 4,800; B's 120,000 with 5 → 1,200.
  let A: Who;
  let B: Who;
  let X: Who; // an unrelated top agent
  let P: Who; // a player
  const playDay = async (dayStartUtc: number) => {
    const at = dayStartUtc + 2 * 3_600_000;
    for (const p of Bp) await play(p, 2_400_000n, at);
    await play(P, 20_000_000n, at);
  };
  const Bp: Who[] = [];
  /** Settles the business day that began (GMT+8) at dayStartUtc; returns the bills of A and B. */
  const settleDay = async (dayStartUtc: number) => {
    clock.set(dayStartUtc + DAY_MS + 4 * 3_600_000);
    await refresh(A, B, X, P);
    await t.app.jobs.runNow(CONTRACTS_JOB);
    const day = new Date(dayStartUtc + 8 * 3_600_000).toISOString().slice(0, 10);
    const rows = await raw<{ id: number; payee: number; amount: string; paid: string; state: string }>(
      `SELECT id::int AS id, payee_id::int AS payee, amount_minor::text AS amount, paid_minor::text AS paid, state
         FROM agent_contract_bills WHERE kind = 'daily' AND period_key = $1 AND payee_id = ANY($2::bigint[])`,
      [day, [A.id, B.id]],
    );
    return { a: rows.find((r) => r.payee === A.id)!, b: rows.find((r) => r.payee === B.id)! };
  };
  // Business days (GMT+8) starting at 16:00 UTC the day before.
  const D9 = Date.parse('2026-03-08T16:00:00Z');
  const D10 = D9 + DAY_MS;
  const D11 = D10 + DAY_MS;
  const D12 = D11 + DAY_MS;
  beforeAll(async () => {
    await setFeature(t.app, 'DAYSALMR', true);
    A = await add('ma', AGENT, null);
    B = await add('mb', AGENT, A.account);
    X = await add('mx', AGENT, null);
    P = await add('mp', 0, A.account);
    for (let i = 0; i < 5; i++) Bp.push(await add('mq', 0, B.account));
    await call(routes.contracts, A.token, { query: '?kind=daily' }); // A's house contract
    const made = ok(
      routes.offerContract,
      await call(routes.offerContract, A.token, {
        body: { downline: B.account, kind: 'daily', terms: B_TERMS },
      }),
    );
    ok(
      routes.contractAction,
      await call(routes.contractAction, B.token, { body: { id: made.id, action: 'accept' } }),
    );
  });

  it('validates the claim window setting (config/contracts.json claimDays, 1 to 90, default 7)', async () => {
    expect(contractsConfigSchema.parse({}).claimDays).toBe(7);
    for (const claimDays of [0, 91, 1.5, '7']) {
      expect(contractsConfigSchema.safeParse({ claimDays }).success).toBe(false);
    }
    await setMerchantConfig(t.app, (c) => {
      c.contracts.claimDays = 7;
    });
  });

  let day9: Awaited<ReturnType<typeof settleDay>>;
  it('leaves a settled daily salary claimable instead of paying it', async () => {
    await playDay(D9);
    const [a0, b0] = [await main(A.id), await main(B.id)];
    day9 = await settleDay(D9);
    expect(day9.a).toMatchObject({ amount: '480000', paid: '0', state: 'claimable' });
    expect(day9.b).toMatchObject({ amount: '120000', paid: '0', state: 'claimable' });
    expect(await main(A.id)).toBe(a0);
    expect(await main(B.id)).toBe(b0);
    const listed = await claims(B);
    expect(listed.total).toBe(1);
    expect(listed.content[0]).toMatchObject({
      id: day9.b.id,
      period: '2026-03-09',
      upline: A.account,
      amount: '1200.00',
      state: 'claimable',
      claimedAt: null,
      reason: null,
    });
    expect(listed.content[0]!.claimUntil).toBe(clock.now() + 7 * DAY_MS);
    expect((await claims(A)).content[0]).toMatchObject({ id: day9.a.id, upline: null, amount: '4800.00' });
  });

  it('refuses bad input, another member’s row and a player, changing nothing', async () => {
    fails(await claim(B, 'one'), 400, 'request.invalid');
    fails(await claim(B, 0), 400, 'request.invalid');
    fails(
      await call(routes.claimSalary, B.token, { body: { id: day9.b.id, amount: '1' } }),
      400,
      'request.invalid',
    );
    fails(await call(routes.salaryClaims, B.token, { query: '?state=paid' }), 400, 'request.invalid');
    fails(await claim(X, day9.b.id), 404, 'contract.claim.unknown'); // not X's
    fails(await claim(A, day9.b.id), 404, 'contract.claim.unknown'); // A pays it; B claims it
    fails(await claim(B, 99_999_999), 404, 'contract.claim.unknown');
    fails(await claim(P, day9.b.id), 403, 'agent.only');
    fails(await call(routes.salaryClaims, P.token), 403, 'agent.only');
    fails(await call(routes.claimSalary, null, { body: { id: day9.b.id } }), 401, 'user.or.token.invalid');
    expect((await claims(B)).content[0]!.state).toBe('claimable');
  });

  it('pays a claim once from the payer, and refuses while the payer is short', async () => {
    // A has not claimed from the house yet: its wallet cannot pay B.
    fails(await claim(B, day9.b.id), 400, 'wallet.insufficient.funds');
    expect(await salaryTransfers(day9.b.id)).toBe(0);
    const [a0, b0] = [await main(A.id), await main(B.id)];
    const got = ok(routes.claimSalary, await claim(A, day9.a.id));
    expect(got).toMatchObject({ id: day9.a.id, state: 'claimed', amount: '4800.00' });
    expect(got.claimedAt).toBe(clock.now());
    expect((await main(A.id)) - a0).toBe(480_000n);
    ok(routes.claimSalary, await claim(B, day9.b.id));
    expect((await main(B.id)) - b0).toBe(120_000n);
    expect((await main(A.id)) - a0).toBe(360_000n); // A keeps 3,600
    fails(await claim(B, day9.b.id), 409, 'contract.claim.state');
    expect(await salaryTransfers(day9.b.id)).toBe(1);
    const [row] = await raw<{ paid: string; state: string }>(
      'SELECT paid_minor::text AS paid, state FROM agent_contract_bills WHERE id = $1',
      [day9.b.id],
    );
    expect(row).toEqual({ paid: '120000', state: 'claimed' });
    // The bills view shows it claimed, nothing owed.
    const bills = ok(
      routes.contractBills,
      await call(routes.contractBills, B.token, { query: '?kind=daily&role=held' }),
    );
    expect(bills.content[0]).toMatchObject({ state: 'claimed', paid: '1200.00', owed: '0.00' });
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('pays once when the same bill is claimed several times at once', async () => {
    await playDay(D10);
    const day10 = await settleDay(D10);
    ok(routes.claimSalary, await claim(A, day10.a.id));
    const b0 = await main(B.id);
    const answers = await Promise.all([1, 2, 3, 4].map(() => claim(B, day10.b.id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) fails(r, 409, 'contract.claim.state');
    expect((await main(B.id)) - b0).toBe(120_000n);
    expect(await salaryTransfers(day10.b.id)).toBe(1);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  let day11: Awaited<ReturnType<typeof settleDay>>;
  it('lets the operator reject a claimable row with a reason (agents.write, audited)', async () => {
    await playDay(D11);
    day11 = await settleDay(D11);
    await expect(
      opsCommand(t.app, { command: 'contract', action: 'reject-claim', bill: day11.b.id }),
    ).rejects.toThrow(/ops.invalid|request/);
    const done = await opsCommand(t.app, {
      command: 'contract',
      action: 'reject-claim',
      bill: day11.b.id,
      reason: 'bets under review',
    });
    expect(done).toEqual({ bill: day11.b.id, state: 'rejected' });
    await expect(
      opsCommand(t.app, { command: 'contract', action: 'reject-claim', bill: day11.b.id, reason: 'again' }),
    ).rejects.toThrow(/not claimable/);
    // A paid bill is no claim to reject.
    await expect(
      opsCommand(t.app, { command: 'contract', action: 'reject-claim', bill: day9.b.id, reason: 'late' }),
    ).rejects.toThrow(/not claimable/);
    const [audit] = await raw<{ actor: string; before: unknown; after: unknown; detail: unknown }>(
      "SELECT actor, before_state AS before, after_state AS after, detail FROM ops_audit WHERE action = 'contract.reject-claim' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toMatchObject({
      actor: 'break-glass:test',
      before: { state: 'claimable' },
      after: { state: 'rejected' },
      detail: { bill: day11.b.id, reason: 'bets under review', amount: '1200.00' },
    });
    const b0 = await main(B.id);
    fails(await claim(B, day11.b.id), 409, 'contract.claim.state');
    expect(await main(B.id)).toBe(b0);
    const rejected = await claims(B, '?state=rejected');
    expect(rejected.content).toEqual([
      expect.objectContaining({ id: day11.b.id, state: 'rejected', reason: 'bets under review' }),
    ]);
  });

  it('expires a row past the claim window', async () => {
    await playDay(D12);
    const day12 = await settleDay(D12);
    ok(routes.claimSalary, await claim(A, day12.a.id));
    clock.advance(7 * DAY_MS);
    await refresh(A, B);
    const b0 = await main(B.id);
    fails(await claim(B, day12.b.id), 409, 'contract.claim.expired');
    expect(await main(B.id)).toBe(b0);
    expect((await claims(B, '?state=expired')).content.map((c) => c.id)).toContain(day12.b.id);
    // The job's sweep marks it in the table too; the operator cannot reject it any more.
    await t.app.jobs.runNow(CONTRACTS_JOB);
    const [row] = await raw<{ state: string }>('SELECT state FROM agent_contract_bills WHERE id = $1', [
      day12.b.id,
    ]);
    expect(row!.state).toBe('expired');
    await expect(
      opsCommand(t.app, { command: 'contract', action: 'reject-claim', bill: day12.b.id, reason: 'late' }),
    ).rejects.toThrow(/not claimable/);
    const all = await claims(B);
    expect(all.content.map((c) => c.state)).toEqual(['expired', 'rejected', 'claimed', 'claimed']);
    expect((await checkLedger(t.db.database, DEMO_MERCHANT)).problems).toEqual([]);
  });

  it('refuses the claim calls while DAYSALMR is off, and the settlement pays by itself again', async () => {
    await setFeature(t.app, 'DAYSALMR', false);
    fails(await call(routes.salaryClaims, B.token), 403, 'feature.disabled');
    fails(await claim(B, day11.b.id), 403, 'feature.disabled');
    const D = Date.parse('2026-03-19T16:00:00Z');
    await playDay(D);
    const [a0, b0] = [await main(A.id), await main(B.id)];
    const settled = await settleDay(D);
    expect(settled.a).toMatchObject({ state: 'paid', paid: '480000' });
    expect(settled.b).toMatchObject({ state: 'paid', paid: '120000' });
    expect((await main(A.id)) - a0).toBe(360_000n);
    expect((await main(B.id)) - b0).toBe(120_000n);
    await setFeature(t.app, 'DAYSALMR', true);
    expect((await claims(B)).content.map((c) => c.id)).not.toContain(settled.b.id);
  });
});
