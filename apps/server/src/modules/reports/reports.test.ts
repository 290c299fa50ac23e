/**
 * The reports reconcile with the ledger (issue 17, Reports): money moved through the real
 * paths (the seamless wallet of in-house, live and external vendors, a void, a promotion's
 * bonus, a paid deposit and withdrawal, play money) over several business days; every figure
 * equals the ledger's sums to the minor unit, the grouped rows add up to the total, and the
 * business day (GMT+8) bounds the days. Bad input is refused; a role without reports.read gets 403.
 */
import { routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { bind, fund, givePin, makeMember, okValue, ops, PIN } from '../cashier/withdraw-testing.ts';
import type { Role } from '../operators/index.ts';
import { EXTERNAL_VENDOR, expectOk, newPlayer, nextId } from '../vendor/testing/helpers.ts';
import { memberAccount } from '../wallet/index.ts';

/** Business day 1 (GMT+8) starts at 16:00 UTC the day before. */
const D1 = '2026-11-20';
const D2 = '2026-11-21';
const D3 = '2026-11-22';
const D1_START = Date.UTC(2026, 10, 19, 16, 0, 0);

describe.each(engines)('reports on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(D1_START + 60 * 60_000);
  const clients: Record<string, Awaited<ReturnType<TestApp['app']['vendors']['clientFor']>>> = {};
  let keySeq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    clients.AURX = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURX');
    clients.AURL = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURL');
    // An external vendor: once it has a secret, it signs its calls as any vendor does.
    await opsCommand(t.app, { command: 'vendor-secret', vendor: EXTERNAL_VENDOR });
    clients.AUR = await t.app.vendors.clientFor(DEMO_MERCHANT, EXTERNAL_VENDOR);
  });
  afterAll(async () => t.close());

  /** A fresh real (or play) player with a live session at the vendor, on the game. */
  async function session(vendor: string, gameCode: string, mode: 'real' | 'play' = 'real') {
    const memberId = await newPlayer(t, mode, 100_000n);
    if (vendor === 'AURL') {
      // Aurum Live plays from its own game wallet on the demo (transfer mode): the member moves money there.
      await t.app.ledger.move({
        merchant: DEMO_MERCHANT,
        from: memberAccount(memberId),
        to: memberAccount(memberId, 'VENDOR:AURL'),
        amountMinor: 100_000n,
        kind: TX_TYPE.transferToGame,
        idempotencyKey: `rep-aurl-${memberId}`,
        actor: 'test',
      });
    }
    const token = await t.app.vendors.issueLaunchToken({
      merchant: DEMO_MERCHANT,
      memberId,
      vassalage: vendor,
      gameCode,
      mode,
      language: 'EN',
    });
    const client = clients[vendor]!;
    const { sessionToken } = expectOk(await client.authenticate({ token }));
    return { memberId, sessionToken, client };
  }
  async function settle(
    vendor: string,
    gameCode: string,
    bet: string,
    win: string,
    mode: 'real' | 'play' = 'real',
  ) {
    const s = await session(vendor, gameCode, mode);
    expectOk(
      await s.client.settle({
        sessionToken: s.sessionToken,
        txId: nextId('s'),
        roundId: nextId('r'),
        bet,
        win,
      }),
    );
    return s.memberId;
  }
  async function debitCredit(vendor: string, gameCode: string, bet: string, win: string) {
    const s = await session(vendor, gameCode);
    const roundId = nextId('r');
    expectOk(await s.client.debit({ sessionToken: s.sessionToken, txId: nextId('d'), roundId, amount: bet }));
    expectOk(await s.client.credit({ txId: nextId('c'), roundId, amount: win }));
    return s;
  }
  const at = (ms: number) => clock.set(ms);

  async function deposit(amount: string, approve: boolean) {
    const m = await newMemberSession(t);
    const res = await t.app.inject({
      method: 'POST',
      url: routes.deposit.path,
      headers: siteHeaders({ authorization: m.token }),
      payload: {
        idempotencyKey: `rep-dep-${++keySeq}`,
        channelId: 'BANK_TRANSFER',
        amount,
        reference: `R${keySeq}`,
      },
      remoteAddress: nextIp(),
    });
    const order = okValue<{ orderNo: string }>(res);
    if (approve) await opsCommand(t.app, { command: 'deposit', action: 'approve', orderNo: order.orderNo });
    return m.id;
  }
  async function withdraw(amount: string) {
    const m = await makeMember(t, clock, 'rep');
    await givePin(t, m);
    const account = okValue<{ id: number }>(await bind(t, m, {}));
    await fund(t, m, '500.00');
    const placed = okValue<{ orderNo: string }>(
      await callEncrypted(
        t.app,
        'POST',
        routes.withdraw.path,
        { paymentPassword: PIN, accountId: account.id, amount, idempotencyKey: `rep-wd-${++keySeq}` },
        { token: m.token },
      ),
    );
    okValue(await ops(t, { command: 'withdraw', action: 'approve', orderNo: placed.orderNo }));
  }

  const report = (args: Record<string, unknown>) => opsCommand(t.app, { command: 'report', ...args });
  const members: Record<string, number> = {};

  it('generates three business days of play, payments and a bonus through the real paths', async () => {
    // Day 1 (01:00 local): in-house slots and dice, live baccarat with a void, an external vendor.
    members.diceA = await settle('AURX', 'dice', '10.00', '4.00');
    members.plinko = (await debitCredit('AURX', 'plinko', '20.00', '35.00')).memberId;
    const live = await session('AURL', 'baccarat');
    const voided = nextId('d');
    expectOk(
      await live.client.debit({
        sessionToken: live.sessionToken,
        txId: voided,
        roundId: nextId('r'),
        amount: '50.00',
      }),
    );
    expectOk(
      await live.client.rollback({
        txId: nextId('rb'),
        originalTxId: voided,
        playerId: String(live.memberId),
      }),
    );
    const roundId = nextId('r');
    expectOk(
      await live.client.debit({
        sessionToken: live.sessionToken,
        txId: nextId('d'),
        roundId,
        amount: '30.00',
      }),
    );
    expectOk(await live.client.credit({ txId: nextId('c'), roundId, amount: '0' }));
    members.live = live.memberId;
    await settle('AUR', 'dice', '5.00', '0');
    await deposit('100.00', true);
    const bonus = await newMemberSession(t);
    okValue(
      await t.app.inject({
        method: 'POST',
        url: '/wps/promotion/claim',
        headers: siteHeaders({ authorization: bonus.token }),
        payload: { id: 'app-gift' },
        remoteAddress: nextIp(),
      }),
    );
    members.bonus = bonus.id;
    // The last second of day 1 (23:59:59 local) and the first of day 2.
    at(D1_START + DAY_MS - 1000);
    await settle('AURX', 'dice', '1.00', '0');
    at(D1_START + DAY_MS);
    await settle('AURX', 'dice', '2.00', '7.00');
    await withdraw('120.50');
    // Play money never counts.
    await settle('AURX', 'dice', '3.00', '0', 'play');
    // Day 3: live again; a deposit still waiting.
    at(D1_START + 2 * DAY_MS + 5 * 60 * 60_000);
    await debitCredit('AURL', 'baccarat', '40.00', '10.00');
    await deposit('55.25', false);
  });

  /** The ledger's own sums, read plainly: per business day and kind, real money, not reversed. */
  async function ledgerSums() {
    const rows = await queryRows<Record<string, unknown>>(
      t.db.database.db,
      `SELECT t.kind, t.amount::text AS amount, (extract(epoch FROM t.created_at) * 1000)::bigint::text AS at,
              fa.member_id AS fm, fa.code AS fc, ta.member_id AS tm, ta.code AS tc, t.memo,
              EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id) AS reversed
         FROM ledger_transfers t
         JOIN ledger_accounts fa ON fa.id = t.from_account_id
         JOIN ledger_accounts ta ON ta.id = t.to_account_id
        WHERE t.merchant_code = $1`,
      [DEMO_MERCHANT],
    );
    const sums = new Map<string, bigint>();
    const add = (key: string, v: bigint) => sums.set(key, (sums.get(key) ?? 0n) + v);
    for (const r of rows) {
      if (r.reversed === true || r.reversed === 't') continue;
      const codes = [String(r.fc), String(r.tc)];
      if (codes.includes('PLAY') || codes.includes('HOUSE:PLAY')) continue;
      const day = new Date(Number(r.at) + 8 * 3600_000).toISOString().slice(0, 10);
      const amount = BigInt(String(r.amount));
      const memberPays = r.fm !== null;
      const kind = Number(r.kind);
      if (kind === TX_TYPE.bet && memberPays) {
        const [vendor, game] = String(r.memo).split(' ');
        add(`${day} stakes`, amount);
        add(`game ${vendor} ${game} stakes`, amount);
      } else if (kind === TX_TYPE.win && !memberPays) {
        const [vendor, game] = String(r.memo).split(' ');
        add(`${day} payouts`, amount);
        add(`game ${vendor} ${game} payouts`, amount);
      } else if (kind === TX_TYPE.bonus) add(`${day} bonuses`, amount);
      else if (kind === TX_TYPE.deposit) add(`${day} deposits`, amount);
      else if (kind === TX_TYPE.withdrawal) add(`${day} withdrawals`, memberPays ? amount : -amount);
    }
    return (key: string) => sums.get(key) ?? 0n;
  }

  const minor = (decimal: string) => BigInt(decimal.replace('.', ''));
  const sum = (rows: Record<string, string>[], column: string) =>
    rows.reduce((s, r) => s + minor(r[column]!), 0n);

  it('reports GGR and NGR by day equal to the ledger, the business day bounding each day', async () => {
    const ledger = await ledgerSums();
    const r = await report({ action: 'ggr', from: D1, to: D3, by: 'day' });
    expect(r.rows.map((x: { day: string }) => x.day)).toEqual([D1, D2, D3]);
    for (const row of r.rows) {
      expect(minor(row.stakes), row.day).toBe(ledger(`${row.day} stakes`));
      expect(minor(row.payouts), row.day).toBe(ledger(`${row.day} payouts`));
      expect(minor(row.bonuses), row.day).toBe(ledger(`${row.day} bonuses`));
      expect(minor(row.ggr)).toBe(minor(row.stakes) - minor(row.payouts));
      expect(minor(row.ngr)).toBe(minor(row.ggr) - minor(row.bonuses));
    }
    // What was played: the void (50.00) and play money excluded; 1.00 at 23:59:59 is day 1's.
    expect(r.rows[0]).toMatchObject({
      stakes: '66.00',
      bets: 5,
      payouts: '39.00',
      ggr: '27.00',
      bonuses: '5.00',
      ngr: '22.00',
    });
    expect(r.rows[1]).toMatchObject({ stakes: '2.00', bets: 1, payouts: '7.00', ggr: '-5.00', ngr: '-5.00' });
    expect(r.rows[2]).toMatchObject({ stakes: '40.00', payouts: '10.00', ggr: '30.00' });
    expect(r.total).toMatchObject({
      stakes: '108.00',
      bets: 7,
      payouts: '56.00',
      ggr: '52.00',
      bonuses: '5.00',
      ngr: '47.00',
    });
    for (const c of ['stakes', 'payouts', 'ggr', 'bonuses', 'ngr'])
      expect(sum(r.rows, c)).toBe(minor(r.total[c]));
    // One day alone: day 2 has only its own play.
    const d2 = await report({ action: 'ggr', from: D2, to: D2 });
    expect(d2.total).toMatchObject({ stakes: '2.00', payouts: '7.00', ggr: '-5.00' });
  });

  it('groups GGR by category, vendor and game, each adding up to the total', async () => {
    const ledger = await ledgerSums();
    const byCategory = await report({ action: 'ggr', from: D1, to: D3, by: 'category' });
    expect(
      Object.fromEntries(byCategory.rows.map((x: Record<string, string>) => [x.category, x.ggr])),
    ).toEqual({
      LIVE: '60.00',
      RNG: '5.00',
      INHOUSE: '-13.00',
    });
    const byVendor = await report({ action: 'ggr', from: D1, to: D3, by: 'vendor' });
    expect(byVendor.rows.map((x: Record<string, string>) => [x.vendor, x.stakes, x.payouts])).toEqual([
      ['AURL', '70.00', '10.00'],
      ['AUR', '5.00', '0.00'],
      ['AURX', '33.00', '46.00'],
    ]);
    const byGame = await report({ action: 'ggr', from: D1, to: D3, by: 'game' });
    for (const row of byGame.rows) {
      expect(minor(row.stakes)).toBe(ledger(`game ${row.vendor} ${row.game} stakes`));
      expect(minor(row.payouts)).toBe(ledger(`game ${row.vendor} ${row.game} payouts`));
    }
    expect(byGame.rows.map((x: Record<string, string>) => `${x.vendor}.${x.game}=${x.ggr}`)).toEqual([
      'AURL.baccarat=60.00',
      'AUR.dice=5.00',
      'AURX.dice=2.00',
      'AURX.plinko=-15.00',
    ]);
    for (const r of [byCategory, byVendor, byGame]) {
      expect(r.total).toMatchObject({ stakes: '108.00', payouts: '56.00', ggr: '52.00', ngr: '47.00' });
      for (const c of ['stakes', 'payouts', 'ggr']) expect(sum(r.rows, c)).toBe(minor(r.total[c]));
    }
  });

  it('reports deposits and withdrawals per day with counts, and player P&L', async () => {
    const ledger = await ledgerSums();
    const p = await report({ action: 'payments', from: D1, to: D3 });
    expect(p.rows).toEqual([
      {
        day: D1,
        deposits: '100.00',
        depositCount: 1,
        withdrawals: '0.00',
        withdrawalCount: 0,
        net: '100.00',
      },
      {
        day: D2,
        deposits: '0.00',
        depositCount: 0,
        withdrawals: '120.50',
        withdrawalCount: 1,
        net: '-120.50',
      },
      { day: D3, deposits: '0.00', depositCount: 0, withdrawals: '0.00', withdrawalCount: 0, net: '0.00' },
    ]);
    for (const row of p.rows) {
      expect(minor(row.deposits)).toBe(ledger(`${row.day} deposits`));
      expect(minor(row.withdrawals)).toBe(ledger(`${row.day} withdrawals`));
    }
    expect(p.total).toMatchObject({
      deposits: '100.00',
      depositCount: 1,
      withdrawals: '120.50',
      withdrawalCount: 1,
    });

    const players = await report({ action: 'players', from: D1, to: D3, limit: 3 });
    expect(players.players).toBe(8);
    expect(players.rows).toHaveLength(3);
    // The biggest winner first: the plinko player (+15.00), then the day-2 dice player (+5.00), the bonus (+5.00).
    expect(players.rows[0]).toMatchObject({
      memberId: members.plinko,
      stakes: '20.00',
      payouts: '35.00',
      net: '15.00',
    });
    expect(players.rows.map((x: Record<string, string>) => x.net)).toEqual(['15.00', '5.00', '5.00']);
    const all = await report({ action: 'players', from: D1, to: D3, limit: 1000 });
    expect(all.total).toEqual({
      stakes: '108.00',
      bets: 7,
      payouts: '56.00',
      bonuses: '5.00',
      net: '-47.00',
    });
    for (const c of ['stakes', 'payouts', 'bonuses', 'net'])
      expect(sum(all.rows, c)).toBe(minor(all.total[c]));
    expect(all.rows.find((x: { memberId: number }) => x.memberId === members.live)).toMatchObject({
      stakes: '30.00',
      bets: 1,
      net: '-30.00',
    });
  });

  it('exports each report as RFC 4180 CSV with a header, decimal amounts and the total', async () => {
    const ggr = await report({ action: 'ggr', from: D1, to: D3, by: 'game', format: 'csv' });
    expect(ggr.filename).toBe(`aurum-ggr-by-game-${D1}-${D3}.csv`);
    expect(ggr.csv.split('\r\n')).toEqual([
      'vendor,game,stakes,bets,payouts,ggr',
      'AURL,baccarat,70.00,2,10.00,60.00',
      'AUR,dice,5.00,1,0.00,5.00',
      'AURX,dice,13.00,3,11.00,2.00',
      'AURX,plinko,20.00,1,35.00,-15.00',
      'TOTAL,,108.00,7,56.00,52.00',
      '',
    ]);
    const payments = await report({ action: 'payments', from: D1, to: D2, format: 'csv' });
    expect(payments.csv).toBe(
      'day,deposits,depositCount,withdrawals,withdrawalCount,net\r\n' +
        `${D1},100.00,1,0.00,0,100.00\r\n${D2},0.00,0,120.50,1,-120.50\r\nTOTAL,100.00,1,120.50,1,-20.50\r\n`,
    );
    const days = await report({ action: 'ggr', from: D1, to: D1, format: 'csv' });
    expect(days.csv.split('\r\n')[0]).toBe(
      'day,stakes,bets,payouts,ggr,bonuses,rebates,salaries,dividends,paymentFees,ngr',
    );
    const players = await report({ action: 'players', from: D1, to: D3, limit: 1, format: 'csv' });
    expect(players.csv.split('\r\n')[0]).toBe('account,stakes,bets,payouts,bonuses,net');
  });

  it("shows today's figures in the business day, what waits, and a 14-day series", async () => {
    const d = await opsCommand(t.app, { command: 'dashboard' });
    expect(d.businessDay).toBe(D3);
    expect(d.utcOffset).toBe('+08:00');
    expect(d.today).toEqual({
      deposits: { amount: '0.00', count: 0 },
      withdrawals: { amount: '0.00', count: 0 },
      ggr: '30.00',
      ngr: '30.00',
      activePlayers: 1,
    });
    expect(d.pendingDeposits).toEqual({ count: 1, amount: '55.25' });
    expect(d.pendingWithdrawals).toEqual({ count: 0, amount: '0.00' });
    expect(d.pendingApprovals).toBe(0);
    expect(d.heldRiskCredits).toEqual({ count: 0, amount: '0.00' });
    // This test's commands run without a signed-in operator: each is break-glass, and shows.
    expect(d.breakGlass.days).toBe(7);
    expect(d.breakGlass.count).toBeGreaterThan(1);
    expect(d.breakGlass.latest[0]).toMatchObject({ actor: 'break-glass:test', action: 'dashboard' });
    expect(d.breakGlass.latest[1]?.action).toMatch(/^report /);
    expect(d.series).toHaveLength(14);
    expect(d.series.at(-1).day).toBe(D3);
    const byDay = await report({ action: 'ggr', from: D1, to: D3 });
    expect(d.series.slice(-3).map((x: Record<string, string>) => [x.ggr, x.ngr])).toEqual(
      byDay.rows.map((x: Record<string, string>) => [x.ggr, x.ngr]),
    );
    expect(d.series.slice(-3).map((x: Record<string, string>) => x.deposits)).toEqual([
      '100.00',
      '0.00',
      '0.00',
    ]);
    // Day 1, seen on day 1: its active players are those who bet then (a void alone would not count).
    at(D1_START + DAY_MS - 500);
    const day1 = await opsCommand(t.app, { command: 'dashboard' });
    expect(day1.businessDay).toBe(D1);
    expect(day1.today).toMatchObject({ ggr: '27.00', ngr: '22.00', activePlayers: 5 });
    expect(day1.today.deposits).toEqual({ amount: '100.00', count: 1 });
    at(D1_START + 2 * DAY_MS + 6 * 60 * 60_000);
  });

  it('refuses bad input on every action, and runs nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { command: 'dashboard', extra: 1 },
      { command: 'report' },
      { command: 'report', action: 'nope', from: D1, to: D1 },
      { command: 'report', action: 'ggr', from: '2026-02-30', to: D1 },
      { command: 'report', action: 'ggr', from: D1, to: '20261122' },
      { command: 'report', action: 'ggr', from: D3, to: D1 },
      { command: 'report', action: 'ggr', from: '2025-11-19', to: D1 },
      { command: 'report', action: 'ggr', from: D1, to: D1, by: 'member' },
      { command: 'report', action: 'ggr', from: D1, to: D1, format: 'xlsx' },
      { command: 'report', action: 'payments', from: D1 },
      { command: 'report', action: 'payments', from: D3, to: D2 },
      { command: 'report', action: 'payments', from: D1, to: D1, by: 'day' },
      { command: 'report', action: 'players', from: D1, to: D1, limit: 0 },
      { command: 'report', action: 'players', from: D1, to: D1, limit: 1001 },
      { command: 'report', action: 'players', from: '2024-01-01', to: '2025-01-01' },
    ];
    for (const args of bad) {
      const res = await ops(t, args);
      expect(res.statusCode, JSON.stringify(args)).toBe(400);
      expect(res.json(), JSON.stringify(args)).toMatchObject({ success: false, errorCode: 'ops.invalid' });
    }
    // 366 days is the longest range.
    const year = await ops(t, { command: 'report', action: 'players', from: '2025-11-22', to: D3 });
    expect(year.statusCode, year.body).toBe(200);
  });

  it('refuses a role without reports.read (403) and answers one with it', async () => {
    const call = (path: string, body: unknown, extra: { cookie: string }) =>
      consoleCall(t, path, body, extra.cookie);
    const signedIn = (name: string, role: Role) => signedInOperator(t, clock, name, role);
    const content = await signedIn('rep-content', 'content');
    const reporting = await signedIn('rep-reporting', 'reporting');
    for (const args of [
      { command: 'dashboard' },
      { command: 'report', action: 'ggr', from: D1, to: D3 },
      { command: 'report', action: 'payments', from: D1, to: D3 },
      { command: 'report', action: 'players', from: D1, to: D3 },
    ]) {
      const refused = await call('command', { args }, { cookie: content });
      expect(refused.statusCode, JSON.stringify(args)).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'console.forbidden' });
      const answered = await call('command', { args }, { cookie: reporting });
      expect(answered.statusCode, answered.body).toBe(200);
    }
  });
});
