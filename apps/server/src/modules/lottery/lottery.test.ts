import { createHash, randomBytes } from 'node:crypto';
import { TX_TYPE } from '@aurum/contract';
import { drawOfIssue, type LotteryBet, lotteryGame, parseLotteryConfig, settleBet } from '@aurum/games';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { ManualClock, SECOND_MS } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { openDatabase } from '../../platform/db.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  OPS_TOKEN,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
  testConfig,
} from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';
import { walletOf } from '../vendor/testing/helpers.ts';
import { checkLedger, HOUSE_PLAY, memberAccount, PLAY, systemAccount } from '../wallet/index.ts';
import { LOTTERY_JOB } from './index.ts';
import { issueById } from './repository.ts';

const PASSWORD = 'Test1234';
const GAME = 'ssc1m';
/** 5 s into a minute: ssc1m's current issue closes its sale at :30 and is drawn at :00. */
const T0 = Date.UTC(2026, 10, 26, 2, 0, 5);

interface Issue {
  issueNo: string;
  saleCloseAt: string;
  drawAt: string;
  seedHash: string;
  status: string;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe.each(engines)('lottery on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(T0);

  /** What the merchant's sockets were told (the hub's broadcasts, as member 0 sees them). */
  const told: unknown[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const hub = t.app.realtime!;
    const broadcast = hub.broadcast.bind(hub);
    hub.broadcast = (merchant, make) => {
      told.push({ merchant, ...make(0) });
      broadcast(merchant, make);
    };
  });
  afterAll(async () => t?.close());

  const lotteryConfig = async () => {
    const merchant = await t.app.merchants.get(DEMO_MERCHANT);
    return parseLotteryConfig(merchant!.config.lottery);
  };
  const run = (app: App = t.app) => app.jobs.runNow(LOTTERY_JOB);
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A real (or trial) member with a session and `fund` in their main wallet. */
  const member = async (fund: string, type = 0) => {
    const db = t.db.database.db;
    const account = `lt${randomBytes(4).toString('hex')}`;
    await insertMember(db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      upline: null,
      passwordHash: await hashPassword(PASSWORD),
      paymentPasswordHash: null,
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const row = await findByAccount(db, DEMO_MERCHANT, account);
    const id = Number(row!.id);
    if (fund !== '0') {
      await opsCommand(t.app, { command: 'adjust', account, amount: fund, reason: 'lottery test' });
    }
    return { id, account, token: (await loginAs(t.app, account, PASSWORD)).token };
  };
  const balance = (id: number, code: 'MAIN' | 'PLAY' = 'MAIN') => walletOf(t, id, code);

  const currentIssue = async (game = GAME): Promise<Issue> => {
    const res = await call('GET', '/lgw/vn/games/game_menu');
    expect(res.statusCode).toBe(200);
    const g = res.json().value.games.find((x: { gameCode: string }) => x.gameCode === game);
    expect(g.current).not.toBeNull();
    return g.current;
  };
  const bet = (token: string, issueNo: string, tickets: unknown[], gameCode = GAME) =>
    call('POST', '/lgw/lottery/bets', token, { gameCode, issueNo, tickets });
  const ticketsOf = (memberId: number) =>
    queryRows<{ id: string; status: string; stake_minor: string; payout_minor: string }>(
      t.db.database.db,
      'SELECT id::text, status, stake_minor::text, payout_minor::text FROM lottery_tickets WHERE member_id = $1 ORDER BY id',
      [memberId],
    );
  const seedOf = async (issueNo: string, game = GAME) => {
    const [row] = await queryRows<{ seed: string }>(
      t.db.database.db,
      'SELECT seed FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3',
      [DEMO_MERCHANT, game, issueNo],
    );
    return row!.seed;
  };
  /** Moves the clock to a second after the issue's draw. */
  const pastDraw = (issue: Issue) => clock.set(Date.parse(issue.drawAt) + SECOND_MS);
  /** Every paid ticket has exactly one win transfer of its payout, and no other win moved. */
  const expectPaidOnce = async () => {
    const [moved] = await queryRows<{ n: string; sum: string }>(
      t.db.database.db,
      `SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS sum FROM ledger_transfers
       WHERE merchant_code = $1 AND idempotency_key LIKE 'vendor:AURLT:lt-%-win'`,
      [DEMO_MERCHANT],
    );
    const [owed] = await queryRows<{ n: string; sum: string }>(
      t.db.database.db,
      `SELECT count(*)::text AS n, coalesce(sum(payout_minor), 0)::text AS sum FROM lottery_tickets
       WHERE merchant = $1 AND payout_minor > 0`,
      [DEMO_MERCHANT],
    );
    expect(moved).toEqual(owed);
  };
  const expectLedgerClean = async () => {
    const report = await checkLedger(t.db.database, DEMO_MERCHANT);
    expect(report.problems).toEqual([]);
  };

  it('makes the coming issues with a committed seed, and never answers the seed before the draw', async () => {
    clock.set(T0);
    await run();
    const issue = await currentIssue();
    expect(issue.status).toBe('open');
    expect(issue.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const seed = await seedOf(issue.issueNo);
    expect(sha256(seed)).toBe(issue.seedHash);
    const m = await member('100');
    const placed = await bet(m.token, issue.issueNo, [
      { betType: 'ssc.position', selection: { at: 0, numbers: [1, 2] }, unit: '1', multiplier: 1 },
    ]);
    expect(placed.statusCode).toBe(200);
    const ops = JSON.stringify(await opsCommand(t.app, { command: 'lottery', action: 'issues', game: GAME }));
    const replies = [
      (await call('GET', '/lgw/vn/games/game_menu')).body,
      (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=${GAME}`)).body,
      placed.body,
      (await call('GET', '/lgw/lottery/tickets', m.token)).body,
      ops,
    ];
    for (const body of replies) expect(body).not.toContain(seed);
  });

  it('takes a bet, draws the issue from its seed and pays exactly what the engine settles', async () => {
    clock.set(T0 + 60 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('1000');
    const tickets = [
      { betType: 'ssc.position', selection: { at: 0, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, unit: '0.1' },
      {
        betType: 'ssc.sum.bsoe',
        selection: { option: 'big' },
        amount: '10.50',
        board: 'LOTT',
        boardVersion: 1,
      },
      { betType: 'ssc.dragon-tiger', selection: { option: 'tie' }, amount: '3' },
    ];
    const placed = await bet(m.token, issue.issueNo, tickets);
    expect(placed.statusCode).toBe(200);
    const reply = placed.json().value;
    expect(reply.tickets.map((x: { stake: string }) => x.stake)).toEqual(['2.00', '10.50', '3.00']);
    expect(reply.tickets.every((x: { status: string }) => x.status === 'pending')).toBe(true);
    expect(reply.balance).toBe('984.50');
    expect(await balance(m.id)).toBe(98_450n);

    pastDraw(issue);
    await run();
    const results = (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=${GAME}&size=5`)).json().value;
    const drawn = results.results.find((r: { issueNo: string }) => r.issueNo === issue.issueNo);
    expect(drawn.status).toBe('settled');
    expect(sha256(drawn.seed)).toBe(issue.seedHash);
    // Every signed-in socket of the merchant heard the draw, then the settlement, once each.
    const heard = (status: string) =>
      told.filter(
        (x) =>
          JSON.stringify(x) ===
          JSON.stringify({
            merchant: DEMO_MERCHANT,
            type: 'lottery',
            gameCode: GAME,
            issueNo: issue.issueNo,
            status,
          }),
      ).length;
    expect([heard('drawn'), heard('settled')]).toEqual([1, 1]);
    await run();
    expect([heard('drawn'), heard('settled')]).toEqual([1, 1]);
    const cfg = await lotteryConfig();
    const game = lotteryGame(cfg, GAME)!;
    // The result is the engine's draw of the committed seed and the issue id, nothing else.
    const draw = drawOfIssue(game, drawn.seed, issue.issueNo, Date.parse(issue.drawAt));
    expect(drawn.result).toEqual(JSON.parse(JSON.stringify(draw)));
    const bets: LotteryBet[] = [
      {
        game: GAME,
        type: 'ssc.position',
        selection: { at: 0, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
        unitDivisor: 10,
        prizeGroup: cfg.prizeGroups.default,
        memberGroup: cfg.prizeGroups.default,
      },
      { game: GAME, type: 'ssc.sum.bsoe', selection: { option: 'big' }, amountMinor: 1050n, board: 'LOTT' },
      { game: GAME, type: 'ssc.dragon-tiger', selection: { option: 'tie' }, amountMinor: 300n },
    ];
    const expected = bets.map((b) => settleBet(cfg, b, draw));
    // One of the ten digits always wins: 0.2 × 0.95 × 10 per the default group 1900.
    expect(expected[0]!.payoutMinor).toBe(190n);
    const rows = await ticketsOf(m.id);
    expect(rows.map((r) => BigInt(r.payout_minor))).toEqual(expected.map((s) => s.payoutMinor));
    expect(rows.map((r) => r.status)).toEqual(
      expected.map((s) => (s.outcome === 'push' ? 'refunded' : s.outcome)),
    );
    const paid = expected.reduce((sum, s) => sum + s.payoutMinor, 0n);
    expect(await balance(m.id)).toBe(98_450n + paid);
    // The platform's one record of play: one settled round per ticket with its stake and payout.
    const rounds = await queryRows<{ round_id: string; bet: string; win: string; status: string }>(
      t.db.database.db,
      `SELECT round_id, bet_minor::text AS bet, win_minor::text AS win, status FROM game_rounds
       WHERE merchant = $1 AND vendor = 'AURLT' AND member_id = $2 ORDER BY id`,
      [DEMO_MERCHANT, m.id],
    );
    expect(rounds).toEqual(
      rows.map((r) => ({
        round_id: `lt-${r.id}`,
        bet: r.stake_minor,
        win: r.payout_minor,
        status: 'settled',
      })),
    );
    // Running again pays nothing more.
    await run();
    expect(await balance(m.id)).toBe(98_450n + paid);
    await expectPaidOnce();
    await expectLedgerClean();
  });

  it('refuses bad bets with a 4xx envelope, storing and moving nothing', async () => {
    clock.set(T0 + 120 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('50');
    const other = await member('50');
    const position = (numbers: number[]) => ({
      betType: 'ssc.position',
      selection: { at: 0, numbers },
      unit: '1',
    });
    const refusals: [unknown, number, string][] = [
      // A selection outside the grid.
      [{ gameCode: GAME, issueNo: issue.issueNo, tickets: [position([10])] }, 400, 'lottery.bet.invalid'],
      [{ gameCode: GAME, issueNo: issue.issueNo, tickets: [position([1, 1])] }, 400, 'lottery.bet.invalid'],
      [
        {
          gameCode: GAME,
          issueNo: issue.issueNo,
          tickets: [{ betType: 'ssc.position', selection: { at: 5, numbers: [1] } }],
        },
        400,
        'lottery.bet.invalid',
      ],
      [
        {
          gameCode: GAME,
          issueNo: issue.issueNo,
          tickets: [{ betType: 'ssc.sum.bsoe', selection: { option: 'big' }, amount: '1.005' }],
        },
        400,
        'request.invalid',
      ],
      [
        {
          gameCode: GAME,
          issueNo: issue.issueNo,
          tickets: [
            {
              betType: 'ssc.sum.bsoe',
              selection: { option: 'big' },
              amount: '1',
              board: 'LOTT',
              boardVersion: 2,
            },
          ],
        },
        409,
        'lottery.board.changed',
      ],
      [
        {
          gameCode: GAME,
          issueNo: issue.issueNo,
          tickets: Array.from({ length: 6 }, () => ({
            betType: 'ssc.sum.bsoe',
            selection: { option: 'big' },
            amount: '1000000',
          })),
        },
        400,
        'lottery.limit.exceeded',
      ],
      [
        {
          gameCode: GAME,
          issueNo: issue.issueNo,
          tickets: Array.from({ length: 3 }, () => ({
            betType: 'ssc.dragon-tiger',
            selection: { option: 'tie' },
            amount: '1000000',
          })),
        },
        400,
        'lottery.limit.exceeded',
      ],
      [{ gameCode: 'nosuch', issueNo: issue.issueNo, tickets: [position([1])] }, 404, 'lottery.game.unknown'],
      [{ gameCode: GAME, issueNo: '20990101-0001', tickets: [position([1])] }, 400, 'lottery.issue.closed'],
      [
        { gameCode: GAME, issueNo: issue.issueNo, tickets: [{ ...position([1]), multiplier: 100 }] },
        400,
        'lottery.balance.not.enough',
      ],
    ];
    for (const [payload, status, code] of refusals) {
      const res = await call('POST', '/lgw/lottery/bets', m.token, payload);
      expect({ status: res.statusCode, code: res.json().errorCode }).toEqual({ status, code });
      expect(res.json().success).toBe(false);
    }
    expect(await ticketsOf(m.id)).toEqual([]);
    expect(await balance(m.id)).toBe(5_000n);

    // A bet after the sale close of the issue it names.
    const ok = await bet(other.token, issue.issueNo, [position([3])]);
    expect(ok.statusCode).toBe(200);
    clock.set(Date.parse(issue.saleCloseAt));
    const late = await bet(m.token, issue.issueNo, [position([3])]);
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe('lottery.issue.closed');
    expect(await ticketsOf(m.id)).toEqual([]);
    expect(await balance(m.id)).toBe(5_000n);

    // Another member's ticket is unknown; one's own is answered.
    const ticketId = ok.json().value.tickets[0].ticketId;
    const theirs = await call('GET', `/lgw/lottery/ticket?ticketId=${ticketId}`, m.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCode).toBe('lottery.ticket.unknown');
    const mine = await call('GET', `/lgw/lottery/ticket?ticketId=${ticketId}`, other.token);
    expect(mine.json().value).toMatchObject({ ticketId, issueNo: issue.issueNo, stake: '2.00' });
    // Without a session.
    expect((await bet('', issue.issueNo, [position([3])])).statusCode).toBe(401);
    await expectLedgerClean();
  });

  it('lets a trial account bet with play money, never its main wallet', async () => {
    clock.set(T0 + 180 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const free = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: siteHeaders(),
      payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
      remoteAddress: '10.9.8.7',
    });
    expect(free.statusCode).toBe(200);
    const trial = { id: Number(free.json().value.id), token: String(free.json().value.token) };
    const playBefore = await balance(trial.id, 'PLAY');
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount(HOUSE_PLAY),
      to: memberAccount(trial.id, PLAY),
      amountMinor: 10_000n,
      kind: TX_TYPE.playMoney,
      idempotencyKey: `lottery-test-play-${trial.id}`,
      actor: 'test',
    });
    const res = await bet(trial.token, issue.issueNo, [
      { betType: 'ssc.position', selection: { at: 1, numbers: [4] }, unit: '1' },
    ]);
    expect(res.json()).toMatchObject({ success: true });
    const [row] = await queryRows<{ mode: string }>(
      t.db.database.db,
      'SELECT mode FROM lottery_tickets WHERE member_id = $1',
      [trial.id],
    );
    expect(row?.mode).toBe('play');
    expect(await balance(trial.id, 'PLAY')).toBe(playBefore + 10_000n - 200n);
    expect(await balance(trial.id)).toBe(0n);
  });

  it('resumes a settlement that stopped half way without paying any ticket twice', async () => {
    clock.set(T0 + 240 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const members = await Promise.all([member('100'), member('100'), member('100')]);
    for (const m of members) {
      const res = await bet(m.token, issue.issueNo, [
        { betType: 'ssc.position', selection: { at: 0, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, unit: '1' },
        { betType: 'ssc.position', selection: { at: 1, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, unit: '1' },
      ]);
      expect(res.statusCode).toBe(200);
    }
    pastDraw(issue);
    const lottery = t.app.lottery;
    await lottery.drawDue(clock.now());
    const [row] = await queryRows<{ id: string }>(
      t.db.database.db,
      'SELECT id::text FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3',
      [DEMO_MERCHANT, GAME, issue.issueNo],
    );
    const drawnIssue = (await issueById(t.db.database.db, Number(row!.id)))!;
    expect(drawnIssue.status).toBe('drawn');
    // Half the tickets are paid, then the process stops.
    expect(await lottery.settleIssue(drawnIssue, 3)).toBe(3);
    // One more is paid but the process stops before the ticket is marked.
    const all = await queryRows<{ id: string }>(
      t.db.database.db,
      "SELECT id::text FROM lottery_tickets WHERE issue_id = $1 AND status = 'pending' ORDER BY id",
      [drawnIssue.id],
    );
    expect(all).toHaveLength(3);
    expect(await lottery.settleIssue(drawnIssue, 1)).toBe(1);
    await queryRows(t.db.database.db, "UPDATE lottery_tickets SET status = 'pending' WHERE id = $1", [
      all[0]!.id,
    ]);

    await run();
    const after = (await issueById(t.db.database.db, drawnIssue.id))!;
    expect(after.status).toBe('settled');
    // Each ticket pays 2 × 0.95 × 10 = 19.00 (one digit of ten wins).
    for (const m of members) {
      expect(await balance(m.id)).toBe(10_000n - 4_000n + 2n * 1_900n);
      expect((await ticketsOf(m.id)).map((x) => [x.status, x.payout_minor])).toEqual([
        ['won', '1900'],
        ['won', '1900'],
      ]);
    }
    await expectPaidOnce();
    await expectLedgerClean();
  });

  it('cancels an issue before its draw and refunds every ticket once', async () => {
    clock.set(T0 + 300 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('100');
    const res = await bet(m.token, issue.issueNo, [
      { betType: 'ssc.position', selection: { at: 2, numbers: [1, 2, 3] }, unit: '1' },
      { betType: 'ssc.sum.bsoe', selection: { option: 'odd' }, amount: '5' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await balance(m.id)).toBe(10_000n - 600n - 500n);
    const exposure = await opsCommand(t.app, {
      command: 'lottery',
      action: 'exposure',
      game: GAME,
      issueNo: issue.issueNo,
    });
    expect(exposure).toMatchObject({ totalStake: '11.00' });
    const cancel = () =>
      opsCommand(t.app, { command: 'lottery', action: 'cancel', game: GAME, issueNo: issue.issueNo });
    const first = await cancel();
    expect(first).toEqual({ refunded: 2 });
    expect(told).toContainEqual({
      merchant: DEMO_MERCHANT,
      type: 'lottery',
      gameCode: GAME,
      issueNo: issue.issueNo,
      status: 'cancelled',
    });
    expect(await cancel()).toEqual({ refunded: 0 });
    const audit = await queryRows<{ action: string }>(
      t.db.database.db,
      `SELECT action FROM ops_audit WHERE merchant_code = $1 AND detail ->> 'issueNo' = $2`,
      [DEMO_MERCHANT, issue.issueNo],
    );
    expect(audit.map((a) => a.action)).toEqual(['lottery-cancel', 'lottery-cancel']);
    expect(await balance(m.id)).toBe(10_000n);
    expect((await ticketsOf(m.id)).map((x) => x.status)).toEqual(['cancelled', 'cancelled']);
    // A cancelled issue is never drawn, and its seed is never shown.
    pastDraw(issue);
    await run();
    const results = (await call('GET', `/lgw/vn/numeros/opened/game?gameCode=${GAME}&size=50`)).json().value;
    expect(results.results.map((r: { issueNo: string }) => r.issueNo)).not.toContain(issue.issueNo);
    expect(JSON.stringify(results)).not.toContain(await seedOf(issue.issueNo));
    // A drawn issue cannot be cancelled.
    const drawn = results.results[0];
    await expect(
      opsCommand(t.app, { command: 'lottery', action: 'cancel', game: GAME, issueNo: drawn.issueNo }),
    ).rejects.toThrow(/only an issue not drawn yet/);
    expect(await balance(m.id)).toBe(10_000n);
    await expectLedgerClean();
  });

  it.runIf(engine === 'postgres')(
    'draws and settles each issue once with two schedulers on one database',
    async () => {
      const second = await openDatabase({
        url: process.env.TEST_DATABASE_URL,
        schema: t.db.schema,
        poolSize: 5,
      });
      const other = await buildApp({
        config: testConfig(),
        database: second,
        opsToken: OPS_TOKEN,
        serveWeb: false,
        logger: false,
        clock,
      });
      await other.ready();
      try {
        clock.set(T0 + 360 * SECOND_MS);
        await Promise.all([run(), run(other)]);
        const issue = await currentIssue();
        const members = await Promise.all(Array.from({ length: 4 }, () => member('100')));
        for (const m of members) {
          const res = await bet(m.token, issue.issueNo, [
            {
              betType: 'ssc.position',
              selection: { at: 3, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
              unit: '1',
            },
            { betType: 'ssc.sum.bsoe', selection: { option: 'big' }, amount: '10' },
          ]);
          expect(res.statusCode).toBe(200);
        }
        pastDraw(issue);
        await Promise.all([run(), run(other), run(), run(other)]);
        const [row] = await queryRows<{ status: string; n: string }>(
          t.db.database.db,
          `SELECT status, (SELECT count(*) FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3)::text AS n
         FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3`,
          [DEMO_MERCHANT, GAME, issue.issueNo],
        );
        expect(row).toEqual({ status: 'settled', n: '1' });
        for (const m of members) {
          const rows = await ticketsOf(m.id);
          const paid = rows.reduce((s, r) => s + BigInt(r.payout_minor), 0n);
          expect(rows.every((r) => r.status === 'won' || r.status === 'lost')).toBe(true);
          expect(await balance(m.id)).toBe(10_000n - 3_000n + paid);
        }
        await expectPaidOnce();
        await expectLedgerClean();
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it("lists a prize mode's games on its board, and the member's recent games first", async () => {
    clock.set(T0 + 3_600 * SECOND_MS);
    await run();
    const menu = async (query: string, token?: string) => {
      const res = await call('GET', `/lgw/vn/games/game_menu${query}`, token);
      expect(res.statusCode).toBe(200);
      const v = res.json().value;
      return { ...v, codes: v.games.map((g: { gameCode: string }) => g.gameCode) };
    };
    const all = await menu('');
    expect(all.prizeMode).toBeNull();
    expect(all.accountTypeName).toBe('TCG_LOTTO_VN');
    // The page prices its slip from the merchant's configuration, as the engine reads it.
    const cfg = (await call('GET', '/lgw/lottery/config')).json().value;
    expect(parseLotteryConfig(cfg.config)).toEqual(await lotteryConfig());
    expect(cfg.version).toBe((await t.app.merchants.get(DEMO_MERCHANT))!.version);
    expect(all.board).toEqual({ code: 'LOTT', version: 1 });
    expect(all.codes).toContain('sea4d');
    const zy = await menu('?prizeMode=ZY');
    expect(zy.board).toEqual({ code: 'ZY', version: 1 });
    expect(zy.codes).toContain(GAME);
    expect(zy.games.some((g: { family: string }) => g.family === 'vn' || g.family === '4d')).toBe(false);
    const sea = await menu('?prizeMode=SEA');
    expect(new Set(sea.games.map((g: { family: string }) => g.family))).toEqual(new Set(['4d', 'vn']));
    expect((await call('GET', '/lgw/vn/games/game_menu?prizeMode=XX')).json().errorCode).toBe(
      'request.invalid',
    );

    const m = await member('100');
    const recent = (query = '') => menu(`/recent${query}`, m.token);
    expect((await recent()).codes).toEqual([]);
    for (const game of [GAME, 'k3-1m']) {
      const issue = await currentIssue(game);
      const betType = game === GAME ? 'ssc.position' : 'k3.sum';
      const selection = game === GAME ? { at: 0, numbers: [1] } : { option: '10' };
      const res = await bet(
        m.token,
        issue.issueNo,
        [{ betType, selection, ...(game === GAME ? {} : { amount: '1' }) }],
        game,
      );
      expect(res.statusCode).toBe(200);
    }
    expect((await recent()).codes).toEqual(['k3-1m', GAME]);
    expect((await recent('?prizeMode=ELOTT')).codes).toEqual([]);
    const visitor = await call('GET', '/lgw/vn/games/game_menu/recent');
    expect(visitor.statusCode).toBe(401);
  });

  it('marks the tickets paid when one credit of the chunk failed and pays it on the next run, each once', async () => {
    clock.set(T0 + 5_400 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const members = await Promise.all([member('100'), member('100'), member('100')]);
    for (const m of members) {
      const res = await bet(m.token, issue.issueNo, [
        { betType: 'ssc.position', selection: { at: 0, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, unit: '1' },
        { betType: 'ssc.position', selection: { at: 1, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, unit: '1' },
      ]);
      expect(res.statusCode).toBe(200);
    }
    pastDraw(issue);
    const lottery = t.app.lottery;
    await lottery.drawDue(clock.now());
    const [row] = await queryRows<{ id: string }>(
      t.db.database.db,
      'SELECT id::text FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3',
      [DEMO_MERCHANT, GAME, issue.issueNo],
    );
    const drawnIssue = (await issueById(t.db.database.db, Number(row!.id)))!;
    const states = () =>
      queryRows<{ id: string; status: string; wins: string }>(
        t.db.database.db,
        `SELECT t.id::text, t.status, (SELECT count(*) FROM ledger_transfers l WHERE l.merchant_code = t.merchant
           AND l.idempotency_key = 'vendor:AURLT:lt-' || t.id || '-win')::text AS wins
         FROM lottery_tickets t WHERE t.issue_id = $1 ORDER BY t.id`,
        [drawnIssue.id],
      );
    // The second member's second ticket cannot be credited (the wallet is down for it).
    const failing = (await states())[3]!.id;
    const vendors = t.app.vendors;
    const clientFor = vendors.clientFor.bind(vendors);
    const spy = vi.spyOn(vendors, 'clientFor').mockImplementation(async (merchant, vendor) => {
      const client = await clientFor(merchant, vendor);
      return Object.assign(Object.create(client), {
        // The batch goes through without that credit, which is answered as failed.
        credits: async (body: Parameters<typeof client.credits>[0]) => {
          const at = body.credits.findIndex((c) => c.txId === `lt-${failing}-win`);
          if (at < 0) return client.credits(body);
          const reply = await client.credits({ credits: body.credits.filter((_, i) => i !== at) });
          if (reply.code !== 'OK') return reply;
          const results = [...reply.results];
          results.splice(at, 0, { code: 'INTERNAL_ERROR', message: 'the wallet is down' });
          return { ...reply, results };
        },
      });
    });
    await expect(lottery.settleIssue(drawnIssue)).rejects.toThrow('the wallet is down');
    spy.mockRestore();
    const half = await states();
    // Every other ticket of the chunk is paid and moved from pending (the same member's first
    // too); the failed one waits, unpaid.
    expect(half.find((x) => x.id === failing)).toEqual({ id: failing, status: 'pending', wins: '0' });
    expect(half[2]).toMatchObject({ status: 'won', wins: '1' });
    for (const x of half) expect(x.wins).toBe(x.status === 'pending' ? '0' : '1');
    expect((await issueById(t.db.database.db, drawnIssue.id))!.status).toBe('drawn');

    // The next run of the settlement (the scheduler's, here for this issue alone).
    expect(await lottery.settleIssue(drawnIssue)).toBe(half.filter((x) => x.status === 'pending').length);
    expect((await issueById(t.db.database.db, drawnIssue.id))!.status).toBe('settled');
    expect((await states()).map((x) => [x.status, x.wins])).toEqual(Array(6).fill(['won', '1']));
    for (const m of members) expect(await balance(m.id)).toBe(10_000n - 4_000n + 2n * 1_900n);
    await expectPaidOnce();
    await expectLedgerClean();
    // The other games' issues drawn with it are settled too (20 a run), as the scheduler would.
    const drawnLeft = async () =>
      (await queryRows(t.db.database.db, "SELECT 1 FROM lottery_issues WHERE status = 'drawn'", [])).length;
    for (let i = 0; i < 20 && (await drawnLeft()) > 0; i++) await lottery.settleDrawn();
    expect(await drawnLeft()).toBe(0);
  });

  it('pays the prize-group rebate of a bet below the member group once, at settlement', async () => {
    clock.set(T0 + 7_200 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('100');
    // Group 1800 under the member's 1900: (1900 - 1800) / 2000 of the 20.00 stake comes back.
    const res = await bet(m.token, issue.issueNo, [
      {
        betType: 'ssc.position',
        selection: { at: 1, numbers: [0, 1, 2, 3, 4] },
        unit: '1',
        multiplier: 2,
        prizeGroup: 1800,
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.tickets[0]).toMatchObject({ stake: '20.00', rebate: '0.00', status: 'pending' });
    pastDraw(issue);
    await run();
    await run();
    const [ticket] = (await call('GET', '/lgw/lottery/tickets', m.token)).json().value.content;
    expect(ticket.rebate).toBe('1.00');
    const rebates = await queryRows<{ amount: string; kind: number }>(
      t.db.database.db,
      `SELECT amount::text, kind FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key = $2`,
      [DEMO_MERCHANT, `lottery:rebate:${ticket.ticketId}`],
    );
    expect(rebates).toEqual([{ amount: '100', kind: TX_TYPE.rebate }]);
    expect(await balance(m.id)).toBe(
      10_000n - 2_000n + 100n + BigInt(Math.round(Number(ticket.payout) * 100)),
    );
    await expectLedgerClean();
  });

  it('keeps a selection’s liability exact when many members bet on it at once', async () => {
    clock.set(T0 + 8_100 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const liability = (await lotteryConfig()).limits.liabilityPerSelectionMinor;
    const tie = (amount: string) => ({ betType: 'ssc.dragon-tiger', selection: { option: 'tie' }, amount });
    const first = await member('100');
    expect((await bet(first.token, issue.issueNo, [tie('1')])).statusCode).toBe(200);
    const [one] = await queryRows<{ stake: string; payout: string }>(
      t.db.database.db,
      'SELECT stake_minor::text AS stake, max_payout_minor::text AS payout FROM lottery_tickets WHERE member_id = $1',
      [first.id],
    );
    // A stake whose worst case is about 2/7 of the liability: three more fit, not four.
    const k = (liability * 2n) / 7n / BigInt(one!.payout);
    const stakeMinor = k * BigInt(one!.stake);
    const worst = k * BigInt(one!.payout);
    const fits = (liability - BigInt(one!.payout)) / worst;
    const amount = `${stakeMinor / 100n}.${String(stakeMinor % 100n).padStart(2, '0')}`;
    const others = await Promise.all(Array.from({ length: 6 }, () => member(String(stakeMinor / 100n + 1n))));
    const replies = await Promise.all(others.map((m) => bet(m.token, issue.issueNo, [tie(amount)])));
    const taken = replies.filter((r) => r.statusCode === 200);
    expect(BigInt(taken.length)).toBe(fits);
    for (const r of replies.filter((x) => x.statusCode !== 200))
      expect(r.json().errorCode).toBe('lottery.limit.exceeded');
    const [exposure] = await queryRows<{ payout: string }>(
      t.db.database.db,
      `SELECT sum(t.max_payout_minor)::text AS payout FROM lottery_tickets t JOIN lottery_issues i ON i.id = t.issue_id
       WHERE i.issue_no = $1 AND i.game_code = $2 AND t.bet_type = 'ssc.dragon-tiger' AND t.status = 'pending'`,
      [issue.issueNo, GAME],
    );
    expect(BigInt(exposure!.payout)).toBeLessThanOrEqual(liability);
    expect(BigInt(exposure!.payout)).toBe(BigInt(one!.payout) + fits * worst);
  });

  it("plays at the member's own prize group: set by the operator within the range, given by the config, rebated below it, refused above it", async () => {
    clock.set(T0 + 9_000 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('100');
    const ops = (args: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': OPS_TOKEN },
        payload: { merchant: DEMO_MERCHANT, actor: 'test', args: { command: 'lottery', ...args } },
        remoteAddress: '127.0.0.1',
      });
    const ownGroup = async () => {
      const [row] = await queryRows<{ g: number | null }>(
        t.db.database.db,
        'SELECT lottery_prize_group AS g FROM members WHERE id = $1',
        [m.id],
      );
      return row?.g ?? null;
    };
    const audits = async () =>
      queryRows<{ actor: string; detail: unknown; before: unknown; after: unknown }>(
        t.db.database.db,
        `SELECT actor, detail, before_state AS before, after_state AS after FROM ops_audit
         WHERE action = 'lottery-prize-group' AND detail->>'account' = $1`,
        [m.account],
      );
    // Bad input and groups outside the merchant's 1700 to 1980 change nothing.
    for (const args of [
      { action: 'prize-group', account: m.account, group: 1990 },
      { action: 'prize-group', account: m.account, group: 1600 },
      { action: 'prize-group', account: m.account, group: 'high' },
      { action: 'prize-group', account: m.account, group: 1950.5 },
      { action: 'prize-group', account: m.account },
      { action: 'prize-group', account: 'nobody-here', group: 1950 },
    ]) {
      const res = await ops(args);
      expect(res.statusCode, JSON.stringify(args)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await ownGroup()).toBeNull();
    expect(await audits()).toEqual([]);

    const config = async (token?: string) =>
      (await call('GET', '/lgw/lottery/config', token)).json().value.config.prizeGroups;
    expect(await config(m.token)).toEqual({ min: 1700, max: 1980, default: 1900 });
    const set = await ops({ action: 'prize-group', account: m.account, group: '1960' });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toEqual({ account: m.account, before: null, prizeGroup: 1960, playsAt: 1960 });
    expect(await ownGroup()).toBe(1960);
    expect(await audits()).toEqual([
      {
        actor: 'break-glass:test',
        detail: { account: m.account },
        before: { prizeGroup: null },
        after: { prizeGroup: 1960 },
      },
    ]);
    // The member's config gives their own group; a visitor's the merchant's default.
    expect((await config(m.token)).default).toBe(1960);
    expect((await config()).default).toBe(1900);

    const ticket = (prizeGroup: number) => ({
      betType: 'ssc.position',
      selection: { at: 2, numbers: [0, 1, 2, 3, 4] },
      unit: '1',
      multiplier: 2,
      prizeGroup,
    });
    // Above their own group (though within the merchant's range): refused, nothing stored or moved.
    const above = await bet(m.token, issue.issueNo, [ticket(1970)]);
    expect(above.statusCode).toBe(400);
    expect(above.json().errorCode).toBe('lottery.bet.invalid');
    expect(await ticketsOf(m.id)).toEqual([]);
    expect(await balance(m.id)).toBe(10_000n);
    // 1950 under their own 1960: (1960 - 1950) / 2000 of the 20.00 stake comes back at settlement.
    const res = await bet(m.token, issue.issueNo, [ticket(1950)]);
    expect(res.statusCode).toBe(200);
    pastDraw(issue);
    await run();
    await run();
    const [settled] = (await call('GET', '/lgw/lottery/tickets', m.token)).json().value.content;
    expect(settled.rebate).toBe('0.10');
    expect(await balance(m.id)).toBe(
      10_000n - 2_000n + 10n + BigInt(Math.round(Number(settled.payout) * 100)),
    );
    // Back to the merchant's default.
    const back = await ops({ action: 'prize-group', account: m.account, group: 'default' });
    expect(back.json().value).toMatchObject({ before: 1960, prizeGroup: null, playsAt: 1900 });
    expect((await config(m.token)).default).toBe(1900);
    await expectLedgerClean();
  });

  describe('chasing', () => {
    const allTen = {
      betType: 'ssc.position',
      selection: { at: 0, numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
      unit: '0.1',
    };
    /** The issue on sale now and the next `n - 1`, by number (20261126-0042 → -0043 …). */
    const coming = async (n: number) => {
      const first = (await currentIssue()).issueNo;
      const [day, no] = first.split('-') as [string, string];
      return Array.from({ length: n }, (_, i) => `${day}-${String(Number(no) + i).padStart(4, '0')}`);
    };
    const chase = (
      token: string,
      issues: { issueNo: string; multiplier: number }[],
      stopOnWin: boolean,
      ticket: object = allTen,
    ) => call('POST', '/lgw/lottery/chases', token, { gameCode: GAME, ticket, issues, stopOnWin });
    const detail = async (token: string, chaseId: string) => {
      const res = await call('GET', `/lgw/lottery/chase?chaseId=${chaseId}`, token);
      expect(res.statusCode).toBe(200);
      return res.json().value;
    };

    it('pays the whole chase up front and, stopped on a win, refunds the issues still on sale once', async () => {
      clock.set(T0 + 10_800 * SECOND_MS);
      await run();
      const m = await member('100');
      const nos = await coming(3);
      const res = await chase(
        m.token,
        nos.map((issueNo, i) => ({ issueNo, multiplier: i + 1 })),
        true,
      );
      expect(res.statusCode).toBe(200);
      const placed = res.json().value;
      // 10 bets of 0.20 per issue, times 1, 2 and 3.
      expect(placed.chase.tickets.map((x: { stake: string }) => x.stake)).toEqual(['2.00', '4.00', '6.00']);
      expect(placed.chase).toMatchObject({ status: 'active', issues: 3, stake: '12.00', stopOnWin: true });
      expect(placed.balance).toBe('88.00');
      const counts = async () =>
        (await call('GET', '/lgw/lottery/chases', m.token)).json().value.content[0].counts;
      // The list counts its issues in the same call: all three may still be cancelled.
      expect(await counts()).toEqual({ played: 0, won: 0, refunded: 0, cancellable: 3 });
      // Later issues exist already, each with its committed seed.
      for (const no of nos) expect(await seedOf(no)).toMatch(/^[0-9a-f]{64}$/);

      const first = await currentIssue();
      pastDraw(first);
      await run();
      await run();
      const after = await detail(m.token, placed.chase.chaseId);
      expect(
        after.tickets.map((x: { status: string; cancelReason: string | null }) => [x.status, x.cancelReason]),
      ).toEqual([
        ['won', null],
        ['cancelled', 'stopped'],
        ['cancelled', 'stopped'],
      ]);
      expect(after).toMatchObject({ status: 'stopped', refunded: '10.00', payout: '1.90' });
      expect(await counts()).toEqual({ played: 1, won: 1, refunded: 2, cancellable: 0 });
      // 100 - 12 + 1.90 won + 10 back, and nothing more however often the scheduler runs.
      expect(await balance(m.id)).toBe(9_990n);
      clock.set(clock.now() + 200 * SECOND_MS);
      await run();
      expect(await balance(m.id)).toBe(9_990n);
      await expectLedgerClean();
    });

    it('lets the member cancel an issue or the rest before their sale closes, refunding each once', async () => {
      clock.set(T0 + 14_400 * SECOND_MS);
      await run();
      const m = await member('100');
      const nos = await coming(3);
      const res = await chase(
        m.token,
        nos.map((issueNo) => ({ issueNo, multiplier: 1 })),
        false,
      );
      expect(res.statusCode).toBe(200);
      const id = res.json().value.chase.chaseId;
      const cancel = (issueNo?: string) =>
        call('POST', '/lgw/lottery/chase/cancel', m.token, { chaseId: id, ...(issueNo ? { issueNo } : {}) });
      const one = await cancel(nos[2]);
      expect(one.json().value.refunded).toBe(1);
      expect(one.json().value.chase.counts).toEqual({ played: 0, won: 0, refunded: 1, cancellable: 2 });
      expect((await cancel(nos[2])).json().errorCode).toBe('lottery.issue.closed');
      expect(await balance(m.id)).toBe(10_000n - 600n + 200n);
      // The operator cancels the second issue: its ticket comes back as the operator's.
      await opsCommand(t.app, { command: 'lottery', action: 'cancel', game: GAME, issueNo: nos[1] });
      const rest = await cancel();
      expect(rest.json().value.refunded).toBe(1);
      expect(rest.json().value.chase.status).toBe('cancelled');
      expect(rest.json().value.chase.tickets.map((x: { cancelReason: string }) => x.cancelReason)).toEqual([
        'member',
        'operator',
        'member',
      ]);
      expect((await cancel()).json().value.refunded).toBe(0);
      expect(await balance(m.id)).toBe(10_000n);
      const list = (await call('GET', '/lgw/lottery/chases', m.token)).json().value;
      expect(list.content[0]).toMatchObject({
        chaseId: id,
        status: 'cancelled',
        refunded: '6.00',
        counts: { played: 0, won: 0, refunded: 3, cancellable: 0 },
      });
      await expectLedgerClean();
    });

    it('refuses a bad chase with a 4xx envelope, storing and moving nothing', async () => {
      clock.set(T0 + 18_000 * SECOND_MS);
      await run();
      const m = await member('50');
      const other = await member('0');
      const nos = await coming(3);
      await opsCommand(t.app, { command: 'lottery', action: 'cancel', game: GAME, issueNo: nos[1] });
      const refusals: [unknown[], boolean, object, number, string][] = [
        [
          [
            { issueNo: nos[0], multiplier: 1 },
            { issueNo: nos[1], multiplier: 1 },
          ],
          false,
          allTen,
          400,
          'lottery.issue.closed',
        ],
        [[{ issueNo: '20200101-0001', multiplier: 1 }], false, allTen, 400, 'lottery.issue.closed'],
        [
          [
            { issueNo: nos[2], multiplier: 1 },
            { issueNo: nos[0], multiplier: 1 },
          ],
          false,
          allTen,
          400,
          'lottery.bet.invalid',
        ],
        [[{ issueNo: nos[0], multiplier: 0 }], false, allTen, 400, 'request.invalid'],
        [
          [{ issueNo: nos[0], multiplier: 1 }],
          false,
          { ...allTen, selection: { at: 0, numbers: [10] } },
          400,
          'lottery.bet.invalid',
        ],
        [[{ issueNo: nos[0], multiplier: 1000 }], false, allTen, 400, 'lottery.balance.not.enough'],
      ];
      for (const [issues, stop, ticket, status, code] of refusals) {
        const res = await chase(m.token, issues as { issueNo: string; multiplier: number }[], stop, ticket);
        expect({ status: res.statusCode, code: res.json().errorCode }).toEqual({ status, code });
      }
      expect(await ticketsOf(m.id)).toEqual([]);
      expect((await call('GET', '/lgw/lottery/chases', m.token)).json().value.total).toBe(0);
      expect(await balance(m.id)).toBe(5_000n);
      const mine = await chase(m.token, [{ issueNo: nos[0]!, multiplier: 1 }], false);
      const id = mine.json().value.chase.chaseId;
      const theirs = await call('POST', '/lgw/lottery/chase/cancel', other.token, { chaseId: id });
      expect([theirs.statusCode, theirs.json().errorCode]).toEqual([404, 'lottery.chase.unknown']);
      expect((await call('GET', `/lgw/lottery/chase?chaseId=${id}`, other.token)).statusCode).toBe(404);
      expect(await balance(m.id)).toBe(5_000n - 200n);
      await expectLedgerClean();
    });
  });

  it('settles a ticket at the odds it was placed on after the board changes, and refuses the old version', async () => {
    clock.set(T0 + 21_600 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('100');
    // Big and small on the sum: one of the two always wins (a sum of 0-22 is small, 23-45 big).
    const both = ['big', 'small'].map((option) => ({
      betType: 'ssc.sum.bsoe',
      selection: { option },
      amount: '10',
      board: 'LOTT',
      boardVersion: 1,
    }));
    expect((await bet(m.token, issue.issueNo, both)).statusCode).toBe(200);
    const cfg = await lotteryConfig();
    const before = cfg.oddsBoards.find((b) => b.code === 'LOTT')!.odds.get('ssc.sum.bsoe')!;
    const original = structuredClone((await t.app.merchants.get(DEMO_MERCHANT))!.config.lottery);
    await setMerchantConfig(t.app, (c) => {
      const raw = c.lottery as {
        oddsBoards: { code: string; version: number; odds: Record<string, Record<string, string>> }[];
      };
      const board = raw.oddsBoards.find((b) => b.code === 'LOTT')!;
      board.version = 2;
      for (const key of Object.keys(board.odds['ssc.sum.bsoe']!)) board.odds['ssc.sum.bsoe']![key] = '1.5';
    });
    try {
      const stale = await bet(m.token, issue.issueNo, [both[0]]);
      expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'lottery.board.changed']);
      pastDraw(issue);
      // Earlier tests left issues to draw late: the scheduler settles them, a batch a run.
      for (let i = 0; i < 10 && (await ticketsOf(m.id)).some((x) => x.status === 'pending'); i++) await run();
      const won = (await ticketsOf(m.id)).filter((x) => x.status === 'won');
      expect(won).toHaveLength(1);
      // 10 at the odds of version 1 (1.982 on the demo board), not 1.5.
      const odds = before.get('big') ?? before.get('*')!;
      expect(BigInt(won[0]!.payout_minor)).toBe((1000n * odds.num) / odds.den);
      expect(won[0]!.payout_minor).not.toBe('1500');
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.lottery = original;
      });
    }
    await expectLedgerClean();
  });
  it('pages the draw history newest first with revealed seeds, never an undrawn issue, and refuses bad input', async () => {
    clock.set(T0 + 21_900 * SECOND_MS);
    await run();
    // Three issues in a row drawn (and issues earlier tests left to draw late).
    let first = await currentIssue();
    for (let n = 0; n < 3; n++) {
      first = await currentIssue();
      pastDraw(first);
      for (let i = 0; i < 5; i++) await run();
    }
    const open = await currentIssue();
    const page = async (n: number, size: number) => {
      const res = await call('GET', `/lgw/lottery/draws?gameCode=${GAME}&page=${n}&size=${size}`);
      expect(res.statusCode).toBe(200);
      return res.json().value as {
        content: {
          issueNo: string;
          drawAt: string;
          seed: string;
          seedHash: string;
          status: string;
          result: unknown;
        }[];
        pageNum: number;
        totalPages: number;
        total: number;
      };
    };
    const one = await page(1, 2);
    const two = await page(2, 2);
    expect(one.total).toBeGreaterThanOrEqual(3);
    expect(one.totalPages).toBe(Math.ceil(one.total / 2));
    expect(one.content).toHaveLength(2);
    expect(one.content[0]!.issueNo).toBe(first.issueNo);
    const listed = [...one.content, ...two.content];
    expect(new Set(listed.map((r) => r.issueNo)).size).toBe(listed.length);
    const times = listed.map((r) => Date.parse(r.drawAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const game = lotteryGame(await lotteryConfig(), GAME)!;
    for (const r of listed) {
      expect(['drawn', 'settled']).toContain(r.status);
      expect(sha256(r.seed)).toBe(r.seedHash);
      expect(r.result).toEqual(drawOfIssue(game, r.seed, r.issueNo, Date.parse(r.drawAt)));
    }
    // The issue on sale, and the one after it (made already), are never listed with their seeds.
    const all = await page(1, 50);
    const text = JSON.stringify(all);
    expect(all.content.map((r) => r.issueNo)).not.toContain(open.issueNo);
    expect(text).not.toContain(await seedOf(open.issueNo));
    // One issue by its number (the verifier): a drawn one with its seed, an open one not at all.
    const byNo = async (issueNo: string) =>
      (await call('GET', `/lgw/lottery/draws?gameCode=${GAME}&issueNo=${issueNo}`)).json().value;
    expect((await byNo(first.issueNo)).content.map((r: { issueNo: string }) => r.issueNo)).toEqual([
      first.issueNo,
    ]);
    expect(await byNo(open.issueNo)).toEqual({ content: [], pageNum: 1, totalPages: 0, total: 0 });
    // Bad input: a 4xx envelope.
    for (const [query, status, code] of [
      ['gameCode=ssc1m&size=51', 400, 'request.invalid'],
      ['gameCode=ssc1m&page=0', 400, 'request.invalid'],
      ['gameCode=SSC%201M', 400, 'request.invalid'],
      ['page=1', 400, 'request.invalid'],
      ['gameCode=ssc1m&extra=1', 400, 'request.invalid'],
      ['gameCode=ssc1m&issueNo=x%27%3B', 400, 'request.invalid'],
      ['gameCode=nosuchgame', 404, 'lottery.game.unknown'],
    ] as const) {
      const res = await call('GET', `/lgw/lottery/draws?${query}`);
      expect([res.statusCode, res.json().success, res.json().errorCode], query).toEqual([
        status,
        false,
        code,
      ]);
    }
  });

  it('voids one ticket of an issue not drawn yet with a reason: its stake refunded once, the others untouched', async () => {
    clock.set(T0 + 25_200 * SECOND_MS);
    await run();
    const issue = await currentIssue();
    const m = await member('100');
    const res = await bet(m.token, issue.issueNo, [
      { betType: 'ssc.position', selection: { at: 2, numbers: [1, 2, 3] }, unit: '1' },
      { betType: 'ssc.sum.bsoe', selection: { option: 'odd' }, amount: '5' },
    ]);
    expect(res.statusCode).toBe(200);
    const [first, second] = await ticketsOf(m.id);
    const voidTicket = (args: Record<string, unknown>) =>
      opsCommand(t.app, { command: 'lottery', action: 'void', ...args });
    // Bad input changes nothing.
    await expect(voidTicket({ ticketId: first!.id })).rejects.toThrow(/expected string/);
    await expect(voidTicket({ ticketId: first!.id, reason: '  ' })).rejects.toThrow(/give a reason/);
    await expect(voidTicket({ ticketId: 'x', reason: 'typo' })).rejects.toThrow();
    await expect(voidTicket({ ticketId: 999_999_999, reason: 'typo' })).rejects.toThrow(/there is no ticket/);
    expect(await balance(m.id)).toBe(10_000n - 600n - 500n);

    expect(await voidTicket({ ticketId: first!.id, reason: 'placed on the wrong position' })).toEqual({
      ticketId: first!.id,
      memberId: m.id,
      game: GAME,
      issueNo: issue.issueNo,
      stake: '6.00',
      status: 'cancelled',
    });
    expect(await balance(m.id)).toBe(10_000n - 500n);
    expect((await ticketsOf(m.id)).map((x) => x.status)).toEqual(['cancelled', 'pending']);
    // Once: a second void is refused and refunds nothing.
    await expect(voidTicket({ ticketId: first!.id, reason: 'again' })).rejects.toThrow(
      /the ticket is cancelled/,
    );
    expect(await balance(m.id)).toBe(10_000n - 500n);
    const [audit] = await queryRows<{ actor: string; detail: Record<string, unknown> }>(
      t.db.database.db,
      `SELECT actor, detail FROM ops_audit WHERE merchant_code = $1 AND action = 'lottery-void' ORDER BY id DESC LIMIT 1`,
      [DEMO_MERCHANT],
    );
    expect(audit).toMatchObject({
      actor: 'break-glass:test',
      detail: { ticketId: first!.id, stake: '6.00', reason: 'placed on the wrong position' },
    });
    // After the draw the other ticket settles as usual and cannot be voided any more.
    pastDraw(issue);
    await run();
    await expect(voidTicket({ ticketId: second!.id, reason: 'late' })).rejects.toThrow(
      /only a ticket not settled|not drawn yet/,
    );
    await expectLedgerClean();
  });

  it('places in the vendor session it keeps, and in a new one once that session has ended', async () => {
    clock.set(T0 + 28_800 * SECOND_MS);
    await run();
    const m = await member('100');
    const merchant = (await t.app.merchants.get(DEMO_MERCHANT))!;
    const who = { id: m.id, trial: false, prizeGroup: null };
    const place = async () =>
      t.app.lottery.place(merchant, who, {
        gameCode: GAME,
        issueNo: (await currentIssue()).issueNo,
        tickets: [{ betType: 'ssc.position', selection: { at: 3, numbers: [7] }, unit: '1' }],
      });
    const sessions = async () =>
      (
        await queryRows(
          t.db.database.db,
          `SELECT 1 FROM vendor_sessions WHERE merchant = $1 AND member_id = $2 AND vendor = 'AURLT'`,
          [DEMO_MERCHANT, m.id],
        )
      ).length;
    await place();
    await place();
    expect(await sessions()).toBe(1);
    // Idle past 30 minutes, the session has ended: the debit goes again in a new one.
    clock.set(T0 + (28_800 + 31 * 60) * SECOND_MS);
    await run();
    const third = await place();
    expect(third.tickets[0]).toMatchObject({ status: 'pending', stake: '2.00' });
    expect(await sessions()).toBe(2);
    // (The first two were drawn and settled meanwhile.)
    const mine = await ticketsOf(m.id);
    expect(mine).toHaveLength(3);
    expect(mine[2]).toMatchObject({ status: 'pending', stake_minor: '200' });
    await expectLedgerClean();
  });
});
