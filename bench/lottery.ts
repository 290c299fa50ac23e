/**
 * The in-house lottery's two figures, on PostgreSQL (BENCH_DATABASE_URL) in a fresh schema:
 * - settlement: 100,000 tickets of one ssc1m issue (10,000 members x 10 tickets, one digit at one
 *   position each, so about 10 % win), placed through the real placing path (LotteryService.place:
 *   priced, limited, stored and debited through the seamless wallet, 50 members at a time), then
 *   drawn and settled by the scheduler's own settleDrawn -> settleIssue. Prints the seconds and
 *   tickets/s of the settlement alone, what it paid, and the ledger invariants afterwards.
 *   Goal <= 10 s.
 * - bets: POST /lgw/lottery/bets (one ticket each, a signed-in member's session) from 50 members
 *   back to back for BENCH_LEDGER_SECONDS (default 10) after a 2 s warm-up, p99. Goal >= 1,000/s.
 * The app is built in this process (buildApp, listening on a real port) with a clock held inside
 * the issue's sale, so the figures do not depend on the minute the bench starts in. Runnable alone:
 *   node --import tsx -e "import('./bench/lottery.ts').then(async m => console.log((await m.lotteryBench(8287)).join('\n')))"
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../apps/server/src/app.ts';
import { findById } from '../apps/server/src/modules/accounts/index.ts';
import { Ledger } from '../apps/server/src/modules/wallet/index.ts';
import { createFundedMembers } from '../apps/server/src/modules/wallet/testing.ts';
import { ManualClock, SECOND_MS } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import { queryRows } from '../apps/server/src/platform/sql.ts';
import {
  checked,
  fmt,
  MEMBERS,
  MERCHANT,
  measure,
  OPS_TOKEN,
  onPostgresSchema,
  post,
  prepare,
} from './ledger.ts';

const GAME = 'ssc1m';
/** 5 s into a minute: ssc1m's issue on sale closes at :30 and is drawn at the next :00. */
const T0 = Date.UTC(2026, 10, 26, 2, 0, 5);
const SETTLE_MEMBERS = Number(process.env.BENCH_LOTTERY_MEMBERS ?? 10_000);
const TICKETS_PER_MEMBER = 10;
const GOAL_SETTLE_S = 10;
const GOAL_BETS_PER_S = 1_000;
/** A ticket of one digit at one position: 1 bet of 0.02 (unit 0.01), pays 0.19 when it wins. */
const ticket = (n: number) => ({
  betType: 'ssc.position',
  selection: { at: n % 5, numbers: [Math.floor(n / 5) % 10] },
  unit: '0.01' as const,
});

/** The real app on the bench schema, listening on `port`, its clock held at `clock`. */
async function startApp(url: string, schema: string, clock: ManualClock, port: number) {
  const database = await openDatabase({ url, schema, poolSize: 20 });
  const app = await buildApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      OPS_TOKEN,
      SECRETS_KEY: randomBytes(32).toString('base64url'),
      UPLOAD_DIR: path.join(os.tmpdir(), `aurum-bench-lottery-${process.pid}`),
    }),
    database,
    opsToken: OPS_TOKEN,
    serveWeb: false,
    logger: false,
    clock,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The issue of the game on sale at the clock's time (made by the scheduler's own step). */
async function issueOnSale(app: App, clock: ManualClock): Promise<{ issueNo: string; drawAt: number }> {
  const merchant = (await app.merchants.get(MERCHANT))!;
  await app.lottery.ensureIssues(merchant, clock.now());
  const menu = await app.lottery.gameMenu(merchant, 'EN');
  const current = menu.games.find((g) => g.gameCode === GAME)?.current;
  if (!current) throw new Error(`no ${GAME} issue on sale`);
  return { issueNo: current.issueNo, drawAt: Date.parse(current.drawAt) };
}

/** Runs `work` over `items` from `width` workers at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Seeds 100,000 tickets through the real placing path, then times their settlement. */
async function settlementFigure(app: App, database: Database, clock: ManualClock): Promise<string> {
  const ledger = new Ledger({ database });
  const seedStarted = performance.now();
  const members = await createFundedMembers(database, ledger, {
    merchant: MERCHANT,
    count: SETTLE_MEMBERS,
    fundMinor: 10_000n,
  });
  clock.set(T0);
  const issue = await issueOnSale(app, clock);
  const merchant = (await app.merchants.get(MERCHANT))!;
  await inParallel(members, MEMBERS, async (memberId) => {
    await app.lottery.place(
      merchant,
      { id: memberId, trial: false, prizeGroup: null },
      {
        gameCode: GAME,
        issueNo: issue.issueNo,
        tickets: Array.from({ length: TICKETS_PER_MEMBER }, (_, i) => ticket(memberId + i * 7)),
      },
    );
  });
  const seedS = (performance.now() - seedStarted) / 1000;
  clock.set(issue.drawAt + SECOND_MS);
  await app.lottery.closeSales(clock.now());
  await app.lottery.drawDue(clock.now());
  const started = performance.now();
  const paid = await app.lottery.settleDrawn();
  const seconds = (performance.now() - started) / 1000;
  const [outcome] = await queryRows<{ won: string; lost: string; left: string; payout: string }>(
    database.db,
    `SELECT count(*) FILTER (WHERE status = 'won')::text AS won, count(*) FILTER (WHERE status = 'lost')::text AS lost,
       count(*) FILTER (WHERE status = 'pending')::text AS left, coalesce(sum(payout_minor), 0)::text AS payout
     FROM lottery_tickets WHERE merchant = $1`,
    [MERCHANT],
  );
  return (
    `lottery settlement (postgres; ${fmt(SETTLE_MEMBERS)} members x ${TICKETS_PER_MEMBER} tickets of one issue, ` +
    `LotteryService.settleIssue): ${fmt(paid)} tickets in ${seconds.toFixed(2)} s = ${fmt(paid / seconds)} tickets/s | ` +
    `won ${fmt(Number(outcome?.won))}, lost ${fmt(Number(outcome?.lost))}, left pending ${outcome?.left}, ` +
    `paid ${(Number(outcome?.payout) / 100).toFixed(2)} | seeded through place() in ${seedS.toFixed(1)} s | ` +
    `${await checked(database)} (goal: <= ${GOAL_SETTLE_S} s)`
  );
}

/** Bets through the HTTP API from 50 signed-in members, one ticket per call. */
async function betsFigure(
  app: App,
  serverUrl: string,
  database: Database,
  clock: ManualClock,
  memberIds: number[],
) {
  clock.set(T0 + 10 * 60 * SECOND_MS);
  const issue = await issueOnSale(app, clock);
  const merchant = (await app.merchants.get(MERCHANT))!;
  const tokens: string[] = [];
  for (const id of memberIds) {
    const row = await findById(database.db, MERCHANT, id);
    tokens.push(await app.accounts.sessions.start(merchant, row!, { ip: '127.0.0.1' }));
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: MEMBERS });
  const url = new URL('/lgw/lottery/bets', serverUrl);
  const figure = await measure(async (worker, n) => {
    const body = JSON.stringify({ gameCode: GAME, issueNo: issue.issueNo, tickets: [ticket(n)] });
    const { status, text } = await post(agent, url, body, {
      merchant: MERCHANT,
      language: 'EN',
      device: 'web',
      'x-gateway-version': '3',
      authorization: tokens[worker]!,
    });
    if (status !== 200) throw new Error(`POST ${url.pathname}: ${status} ${text}`);
  });
  agent.destroy();
  return (
    `lottery bets (postgres, 1 process; HTTP POST /lgw/lottery/bets, one ticket each, from ${MEMBERS} members): ` +
    `${fmt(figure.rps)} bets/s p99 ${figure.p99Ms} ms | ${await checked(database)} (goal: >= ${fmt(GOAL_BETS_PER_S)}/s)`
  );
}

/** Both figures on one fresh PostgreSQL schema. */
export function lotteryBench(port: number): Promise<string[]> {
  return onPostgresSchema('bench_lottery', async ({ url, schema, database }) => {
    const betMembers = await prepare(database);
    const clock = new ManualClock(T0);
    const server = await startApp(url, schema, clock, port);
    try {
      const settle = await settlementFigure(server.app, database, clock);
      const bets = await betsFigure(server.app, server.url, database, clock, betMembers);
      return [settle, bets];
    } finally {
      await server.stop();
    }
  });
}
