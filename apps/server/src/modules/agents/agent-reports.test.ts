import {
  envelopeSchema,
  failureEnvelopeSchema,
  type ReportPreset,
  type RouteDef,
  routes,
  TX_TYPE,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { expectOk, nextId } from '../vendor/testing/helpers.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import { reportPeriod } from './report-periods.ts';
import { TEAM_PASSWORD, teamMemberMaker } from './testing.ts';

const _PASSWORD = TEAM_PASSWORD;
const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/**
 * The team reports (team betting, user profit and loss, downline transactions, my income, CSV):
 * the team's figures add up to its members' own records, every call answers only about the
 * caller's own subtree, members and switched-off keys are refused, bad input gets a 4xx envelope.
 */
describe.each(engines)('agent team reports on %s', (engine) => {
  let t: TestApp;
  // 12:00 on 10 March in GMT+8 (a Tuesday).
  const clock = new ManualClock(Date.parse('2026-03-10T04:00:00Z'));
  let client: Awaited<ReturnType<TestApp['app']['vendors']['clientFor']>>;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    client = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURX');
  });
  afterAll(async () => t.close());

  const _db = () => t.db.database.db;
  const add = teamMemberMaker(() => t, clock, `r${engine.slice(0, 2)}`);
  const move = (
    kind: number,
    from: Parameters<TestApp['app']['ledger']['move']>[0]['from'],
    to: typeof from,
    amountMinor: bigint,
  ) =>
    t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from,
      to,
      amountMinor,
      kind,
      idempotencyKey: nextId('rep'),
      actor: 'test',
    });
  const deposit = (m: Who, minor: bigint) =>
    move(TX_TYPE.deposit, systemAccount('CLEARING'), memberAccount(m.id), minor);
  /** One settled in-house round of the member: stake and payout in decimal text. */
  const play = async (m: Who, bet: string, win: string) => {
    const token = await t.app.vendors.issueLaunchToken({
      merchant: DEMO_MERCHANT,
      memberId: m.id,
      vassalage: 'AURX',
      gameCode: 'dice',
      mode: 'real',
      language: 'EN',
    });
    const { sessionToken } = expectOk(await client.authenticate({ token }));
    expectOk(await client.settle({ sessionToken, txId: nextId('s'), roundId: nextId('r'), bet, win }));
  };

  const call = (def: RouteDef, token: string | null, query = '') =>
    t.app.inject({
      method: def.method,
      url: `${def.path}${query}`,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
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
  const money = (text: string) => Math.round(Number(text) * 100);

  // A (top agent) → A1 (agent) → A1p (player); A → Ap (player). B (another top agent) → Bp.
  let A: Who;
  let A1: Who;
  let A1p: Who;
  let Ap: Who;
  let B: Who;
  let Bp: Who;
  beforeAll(async () => {
    A = await add('ag', AGENT, null);
    A1 = await add('sub', AGENT, A.account);
    A1p = await add('pl', 0, A1.account);
    Ap = await add('pl', 0, A.account);
    B = await add('ag', AGENT, null);
    Bp = await add('pl', 0, B.account);
    for (const m of [A, A1p, Ap, Bp]) await deposit(m, 100_000n);
    await play(Ap, '100.00', '250.00');
    await play(Ap, '40.00', '0');
    await play(A1p, '60.00', '0');
    await play(A, '10.00', '15.50');
    await play(Bp, '300.00', '900.00');
    await move(TX_TYPE.bonus, systemAccount('BONUS'), memberAccount(Ap.id), 1_000n);
    await move(TX_TYPE.salary, systemAccount('HOUSE:SALARY'), memberAccount(A.id), 4_800n);
    await move(TX_TYPE.dividend, systemAccount('HOUSE:DIVIDEND'), memberAccount(B.id), 9_900n);
  });

  /** A member's own betting record totals over the same business day. */
  const ownTotals = async (m: Who) => {
    const day = Date.parse('2026-03-09T16:00:00Z');
    const res = await call(routes.betRecords, m.token, `?startDate=${day}&endDate=${day + DAY_MS - 1}`);
    return ok(routes.betRecords, res).totals;
  };

  describe('team betting', () => {
    it('lists the team’s rounds (the agent’s own included) and totals that add up to the members’ own records', async () => {
      const r = ok(routes.teamBets, await call(routes.teamBets, A.token, '?size=100'));
      expect(r.content.map((b) => b.account).sort()).toEqual(
        [A.account, A1p.account, Ap.account, Ap.account].sort(),
      );
      const own = await Promise.all([A, A1p, Ap].map(ownTotals));
      const sum = (k: 'betAmount' | 'validBetAmount' | 'winAmount' | 'profitAndLoss') =>
        own.reduce((s, o) => s + money(o[k]), 0);
      for (const k of ['betAmount', 'validBetAmount', 'winAmount', 'profitAndLoss'] as const) {
        expect(money(r.totals[k])).toBe(sum(k));
      }
      expect(r.totals.validBetAmount).toBe('210.00');
      expect(r.period).toEqual({
        from: Date.parse('2026-03-09T16:00:00Z'),
        to: Date.parse('2026-03-10T16:00:00Z'),
        utcOffset: '+08:00',
      });
    });

    it('filters by member and category; a member outside the team matches nothing', async () => {
      const one = ok(
        routes.teamBets,
        await call(routes.teamBets, A.token, `?account=${Ap.account.toUpperCase()}`),
      );
      expect(one.content.map((b) => b.account)).toEqual([Ap.account, Ap.account]);
      expect(one.totals.winAmount).toBe('250.00');
      const outside = ok(routes.teamBets, await call(routes.teamBets, A.token, `?account=${Bp.account}`));
      expect(outside.total).toBe(0);
      const lottery = ok(routes.teamBets, await call(routes.teamBets, A.token, '?category=LOTT'));
      expect(lottery.total).toBe(0);
    });

    it('bounds each preset by business days in GMT+8 (weeks Sunday to Saturday)', async () => {
      const now = clock.now();
      const at = (iso: string) => Date.parse(iso);
      const period = (preset: ReportPreset) => {
        const p = reportPeriod({ preset }, now, '+08:00');
        return [new Date(p.fromMs).toISOString(), new Date(p.toMs).toISOString()];
      };
      expect(period('today')).toEqual(['2026-03-09T16:00:00.000Z', '2026-03-10T16:00:00.000Z']);
      expect(period('yesterday')).toEqual(['2026-03-08T16:00:00.000Z', '2026-03-09T16:00:00.000Z']);
      expect(period('thisWeek')).toEqual(['2026-03-07T16:00:00.000Z', '2026-03-14T16:00:00.000Z']);
      expect(period('lastWeek')).toEqual(['2026-02-28T16:00:00.000Z', '2026-03-07T16:00:00.000Z']);
      expect(period('thisMonth')).toEqual(['2026-02-28T16:00:00.000Z', '2026-03-31T16:00:00.000Z']);
      expect(period('lastMonth')).toEqual(['2026-01-31T16:00:00.000Z', '2026-02-28T16:00:00.000Z']);
      const count = async (q: string) => ok(routes.teamBets, await call(routes.teamBets, A.token, q)).total;
      expect(await count('?preset=yesterday')).toBe(0);
      expect(await count('?preset=thisWeek')).toBe(4);
      expect(await count('?preset=lastMonth')).toBe(0);
      const from = at('2026-03-10T16:00:00Z');
      expect(await count(`?preset=custom&startDate=${from}&endDate=${from + DAY_MS}`)).toBe(0);
      expect(await count(`?preset=custom&startDate=${from - DAY_MS}&endDate=${from}`)).toBe(4);
    });
  });

  describe('user profit and loss', () => {
    it('gives each member’s figures from its own record and the ledger, and a team total that adds them up', async () => {
      const r = ok(routes.teamPnl, await call(routes.teamPnl, A.token, '?size=100'));
      const rows = new Map(r.content.map((row) => [row.account, row]));
      expect([...rows.keys()].sort()).toEqual([A.account, A1p.account, Ap.account].sort());
      for (const m of [A, A1p, Ap]) {
        const own = await ownTotals(m);
        const row = rows.get(m.account)!;
        expect(row.validBet).toBe(own.validBetAmount);
        expect(row.win).toBe(own.winAmount);
        expect(row.deposit).toBe('1000.00');
      }
      expect(rows.get(Ap.account)).toMatchObject({ level: 1, promotion: '10.00', profitAndLoss: '120.00' });
      expect(rows.get(A.account)).toMatchObject({ level: 0, salary: '48.00', profitAndLoss: '53.50' });
      expect(rows.get(A1p.account)).toMatchObject({ level: 2, profitAndLoss: '-60.00' });
      for (const k of ['deposit', 'validBet', 'win', 'salary', 'promotion', 'profitAndLoss'] as const) {
        expect(money(r.team[k])).toBe(r.content.reduce((s, row) => s + money(row[k]), 0));
      }
      expect(r.team.dividend).toBe('0.00');
    });
  });

  describe('downline transactions and my income', () => {
    it('lists the downlines’ ledger entries (not the agent’s own), by type', async () => {
      const r = ok(
        routes.downlineTransactions,
        await call(routes.downlineTransactions, A.token, '?size=100'),
      );
      const accounts = new Set(r.content.map((x) => x.account));
      expect([...accounts].sort()).toEqual([A1p.account, Ap.account].sort());
      const deposits = ok(
        routes.downlineTransactions,
        await call(routes.downlineTransactions, A.token, `?txType=${TX_TYPE.deposit}`),
      );
      expect(deposits.content.map((x) => x.amount)).toEqual(['1000.00', '1000.00']);
    });

    it('shows the agent its own salary, dividend and rebate income only', async () => {
      const r = ok(routes.agentIncome, await call(routes.agentIncome, A.token));
      expect(r.content.map((x) => [x.txTypeId, x.amount])).toEqual([[TX_TYPE.salary, '48.00']]);
      expect(r.totals).toEqual({ salary: '48.00', dividend: '0.00', rebate: '0.00', total: '48.00' });
      expect(ok(routes.agentIncome, await call(routes.agentIncome, A1.token)).total).toBe(0);
    });

    it('exports each report as CSV with every row', async () => {
      const pnl = ok(routes.agentReportCsv, await call(routes.agentReportCsv, A.token, '?report=teamPnl'));
      expect(pnl.filename).toBe('teamPnl-2026-03-10-2026-03-10.csv');
      const lines = pnl.csv.trim().split('\r\n');
      expect(lines[0]).toBe(
        'account,level,deposit,withdrawal,bet,validBet,win,rebate,salary,dividend,promotion,fees,profitAndLoss',
      );
      expect(lines).toHaveLength(5);
      expect(lines[4]).toMatch(/^TOTAL,,3000\.00,/);
      const bets = ok(routes.agentReportCsv, await call(routes.agentReportCsv, A.token, '?report=teamBets'));
      expect(bets.csv.trim().split('\r\n')).toHaveLength(5);
      const tx = ok(
        routes.agentReportCsv,
        await call(routes.agentReportCsv, A.token, '?report=downlineTransactions'),
      );
      expect(tx.csv).not.toContain(`,${A.account},`);
      const income = ok(
        routes.agentReportCsv,
        await call(routes.agentReportCsv, A.token, '?report=agentIncome'),
      );
      expect(income.csv.trim().split('\r\n')[1]).toMatch(new RegExp(`^\\d+,${TX_TYPE.salary},48\\.00,`));
    });
  });

  describe('who may call', () => {
    const everyCall = (token: string) => [
      call(routes.teamBets, token),
      call(routes.teamPnl, token),
      call(routes.downlineTransactions, token),
      call(routes.agentIncome, token),
      call(routes.agentReportCsv, token, '?report=teamPnl'),
    ];

    it('never shows anything outside the agent’s own subtree', async () => {
      const outsiders = [A.account, Ap.account, B.account, Bp.account];
      for (const query of ['', `?account=${A.account}`, `?account=${Bp.account}`, `?account=${Ap.account}`]) {
        const bets = ok(routes.teamBets, await call(routes.teamBets, A1.token, query));
        const pnl = ok(routes.teamPnl, await call(routes.teamPnl, A1.token, query));
        const tx = ok(routes.downlineTransactions, await call(routes.downlineTransactions, A1.token, query));
        const names = [...bets.content, ...pnl.content, ...tx.content].map((r) => r.account);
        for (const o of outsiders) expect(names).not.toContain(o);
        for (const report of ['teamBets', 'teamPnl', 'downlineTransactions']) {
          const csv = ok(
            routes.agentReportCsv,
            await call(routes.agentReportCsv, A1.token, `?report=${report}${query.replace('?', '&')}`),
          ).csv;
          for (const o of outsiders) expect(csv).not.toContain(o);
        }
      }
      // A1's team is A1 and A1p: its figures are A1p's alone.
      const pnl = ok(routes.teamPnl, await call(routes.teamPnl, A1.token));
      expect(pnl.team.validBet).toBe('60.00');
      // B's reports never show A's team, and A's never B's dividend.
      const bBets = ok(routes.teamBets, await call(routes.teamBets, B.token));
      expect(bBets.content.map((r) => r.account)).toEqual([Bp.account]);
      expect(ok(routes.agentIncome, await call(routes.agentIncome, A.token)).totals.dividend).toBe('0.00');
      expect(ok(routes.agentIncome, await call(routes.agentIncome, B.token)).totals.dividend).toBe('99.00');
    });

    it('refuses a member who is not an agent, and a caller not signed in', async () => {
      for (const res of await Promise.all(everyCall(Ap.token))) fails(res, 403, 'agent.only');
      for (const res of await Promise.all(everyCall(''))) expect(res.statusCode).toBe(401);
    });

    it('refuses every report whose key is off, its CSV included', async () => {
      const keys: [string, RouteDef, string][] = [
        ['TRANSBETREPMEM3', routes.teamBets, 'teamBets'],
        ['AGETEAMPNL3', routes.teamPnl, 'teamPnl'],
        ['AGEDOWNTRANS3', routes.downlineTransactions, 'downlineTransactions'],
        ['AGEREV3', routes.agentIncome, 'agentIncome'],
      ];
      for (const [key, def, report] of keys) {
        await setFeature(t.app, key, false);
        try {
          fails(await call(def, A.token), 403, 'feature.disabled');
          fails(await call(routes.agentReportCsv, A.token, `?report=${report}`), 403, 'feature.disabled');
          expect((await call(routes.teamOverview, A.token)).statusCode).toBe(200);
        } finally {
          await setFeature(t.app, key, true);
        }
      }
    });
  });

  describe('bad input', () => {
    const bad: [RouteDef, string][] = [
      [routes.teamBets, '?x=1'],
      [routes.teamBets, '?preset=decade'],
      [routes.teamBets, '?preset=custom'],
      [routes.teamBets, '?preset=custom&startDate=20&endDate=10'],
      [routes.teamBets, '?category=CARDS_X'],
      [routes.teamBets, '?size=1000'],
      [routes.teamPnl, '?page=0'],
      [routes.teamPnl, '?startDate=abc'],
      [routes.downlineTransactions, `?preset=custom&startDate=0&endDate=${100 * DAY_MS}`],
      [routes.downlineTransactions, '?txType=abc'],
      [routes.agentIncome, '?account=someone'],
      [routes.agentReportCsv, ''],
      [routes.agentReportCsv, '?report=everything'],
      [routes.agentReportCsv, '?report=agentIncome&account=x'],
      [routes.agentReportCsv, '?report=teamBets&page=1'],
    ];
    it.each(bad.map(([def, q], i) => [`${i} ${def.path}${q}`, def, q] as const))(
      'refuses %s with a 4xx envelope',
      async (_name, def, q) => {
        const res = await call(def, A.token, q);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(failureEnvelopeSchema.parse(res.json()).success).toBe(false);
      },
    );
  });

  describe('the overview from the activity kept on each member (migration 0043)', () => {
    it('counts first deposits, first bets and sign-ins per business day; a sign-in today leaves yesterday’s counted', async () => {
      const C = await add('ov', AGENT, null);
      const c1 = await add('ovp', 0, C.account);
      const c2 = await add('ovp', 0, C.account);
      await deposit(c1, 50_00n);
      await deposit(c1, 70_00n); // not a first deposit
      await opsCommand(t.app, { command: 'adjust', account: c2.account, amount: '20.00', reason: 'test' });
      await play(c2, '10.00', '0.00');
      await play(c2, '5.00', '0.00'); // not a first bet
      const overview = async (who: Who) =>
        ok(routes.teamOverview, await call(routes.teamOverview, who.token));
      const today = (await overview(C)).today;
      expect(today).toEqual({ registrations: 2, firstDeposits: 1, firstBets: 1, logins: 3 });
      // The columns hold the first deposit and bet and the last sign-in, from the ledger, the
      // record of play and the sign-in history as they happened.
      const [row] = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ dep: string; bet: string; sign: string }>(
          `SELECT (SELECT min(t.created_at) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.to_account_id
                    WHERE a.member_id = m.id AND a.code = 'MAIN' AND t.kind = 1) = m.first_deposit_at AS dep,
                  (SELECT min(r.settled_at) FROM game_rounds r WHERE r.member_id = m.id AND r.mode = 'real'
                    AND r.status = 'settled') = m.first_bet_at AS bet,
                  (SELECT max(s.created_at) FROM member_sign_ins s WHERE s.member_id = m.id AND s.success)
                    = m.last_sign_in_at AS sign
             FROM members m WHERE m.id = $1`,
          [c1.id],
        ),
      );
      expect(row).toMatchObject({ dep: true, sign: true });
      // The next business day: c1 signs in, deposits again and bets for the first time.
      clock.advance(DAY_MS);
      for (const w of [C, c1]) w.token = (await loginAs(t.app, w.account, TEAM_PASSWORD)).token;
      await deposit(c1, 10_00n);
      await play(c1, '1.00', '0.00');
      const next = await overview(C);
      expect(next.today).toEqual({ registrations: 0, firstDeposits: 0, firstBets: 1, logins: 2 });
      expect(next.yesterday).toEqual({ registrations: 2, firstDeposits: 1, firstBets: 1, logins: 3 });
      // The downline list shows the last sign-in kept on the member.
      const list = ok(routes.teamMembers, await call(routes.teamMembers, C.token, `?account=${c1.account}`));
      expect(list.content[0]!.lastLoginAt).toBe(clock.now());
    });
  });
});
