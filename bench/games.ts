/**
 * In-house slot rounds per second through the full path: the game page's HTTP request
 * (POST /play/api/slot/spin with its play session), the CSPRNG draw, the seamless-wallet
 * settle (signed, in-process transport: one statement with the bet, the win and the round
 * record) and the reply, from 50 players spinning back to back on the real server process.
 * PostgreSQL from BENCH_DATABASE_URL in a fresh schema, then PGlite in a temp data folder; on
 * PostgreSQL the wallet's raw-SQL baseline (one transfer statement from node-postgres, as
 * bench/ledger.ts measures it) gives the ratio. Each phase runs BENCH_LEDGER_SECONDS (default
 * 10) after a 2 s warm-up. PostgreSQL is measured again with WORKERS=2 (its own line). Runnable alone:
 *   node --import tsx -e "import('./bench/games.ts').then(async m => console.log((await m.gamesBench(8285)).join('\n')))"
 */

import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PLAY_SESSION_HEADER } from '@aurum/contract';
import { VendorSessions } from '../apps/server/src/modules/vendor/index.ts';
import { Ledger } from '../apps/server/src/modules/wallet/index.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { type Database, openDatabase } from '../apps/server/src/platform/db.ts';
import { queryRows } from '../apps/server/src/platform/sql.ts';
import {
  checked,
  type Figure,
  fmt,
  GAME_WALLET,
  MEMBERS,
  MERCHANT,
  measure,
  OPS_TOKEN,
  onPostgresSchema,
  post,
  prepare,
  rawSql,
  serverChecked,
} from './ledger.ts';
import { startServer } from './server.ts';

const STAKE = '1.00';
const GOAL_ROUNDS_PER_S = 1_500;

/** One launch token per player for the slot, written by the platform's own code. */
function launchTokens(database: Database, memberIds: number[]): Promise<string[]> {
  const sessions = new VendorSessions(database, systemClock);
  return Promise.all(
    memberIds.map((memberId) =>
      sessions.issueLaunchToken({
        merchant: MERCHANT,
        memberId,
        vassalage: 'AURX',
        gameCode: 'dynasty',
        mode: 'real',
        language: 'EN',
      }),
    ),
  );
}

/** Each player's page opens its play session, then spins back to back for the measured time. */
async function spinFigures(serverUrl: string, tokens: string[]): Promise<Figure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MEMBERS });
  const headers = { merchant: MERCHANT };
  const sessionIds: string[] = [];
  for (const token of tokens) {
    const { status, text } = await post(
      agent,
      new URL('/play/api/session', serverUrl),
      JSON.stringify({ token }),
      headers,
    );
    if (status !== 200) throw new Error(`POST /play/api/session: ${status} ${text}`);
    sessionIds.push((JSON.parse(text) as { value: { sessionId: string } }).value.sessionId);
  }
  const url = new URL('/play/api/slot/spin', serverUrl);
  const prefix = `bench-${process.pid}-${Date.now()}`;
  return measure(async (worker, n) => {
    const body = JSON.stringify({ stake: STAKE, requestId: `${prefix}-${n}` });
    const { status, text } = await post(agent, url, body, {
      ...headers,
      [PLAY_SESSION_HEADER]: sessionIds[worker]!,
    });
    if (status !== 200) throw new Error(`POST ${url.pathname}: ${status} ${text}`);
  });
}

function line(engine: string, spins: Figure, tail: string) {
  return (
    `games (${engine}; HTTP POST /play/api/slot/spin, stake ${STAKE}, from ${MEMBERS} players; request, CSPRNG, ` +
    `settle (bet, win, round record), reply): ${fmt(spins.rps)} rounds/s p99 ${spins.p99Ms} ms${tail}`
  );
}

/** The rounds recorded and the slot's return over them, as a sanity check of what was measured. */
async function recorded(database: Database): Promise<string> {
  const [row] = await queryRows<{ n: string; bet: string; win: string }>(
    database.db,
    `SELECT count(*)::text AS n, coalesce(sum(bet_minor), 0)::text AS bet, coalesce(sum(win_minor), 0)::text AS win
     FROM game_rounds WHERE merchant = $1 AND status = 'settled'`,
    [MERCHANT],
  );
  const rtp = Number(row?.bet) > 0 ? (Number(row?.win) / Number(row?.bet)) * 100 : 0;
  return `${fmt(Number(row?.n ?? 0))} rounds recorded (observed return ${rtp.toFixed(1)} %)`;
}

/** PostgreSQL: rounds through the real server, then the raw transfer statement for the ratio. */
export function gamesPostgres(port: number): Promise<string> {
  return onPostgresSchema('bench_games', async ({ url, schema, database, serverUrl }) => {
    const memberIds = await prepare(database);
    const tokens = await launchTokens(database, memberIds);
    const server = await startServer(port, { DATABASE_URL: serverUrl, OPS_TOKEN, REDIS_URL: '' });
    let spins: Figure;
    try {
      spins = await spinFigures(server.url, tokens);
    } finally {
      await server.stop();
    }
    // The baseline moves between each member's main wallet and a game wallet: open those first.
    const ledger = new Ledger({ database });
    for (const memberId of memberIds) await ledger.accountFor(database.db, MERCHANT, memberId, GAME_WALLET);
    const raw = await rawSql(url, schema, memberIds);
    return line(
      'postgres',
      spins,
      ` | wallet raw SQL (one transfer statement, pg, ${MEMBERS} clients) ${fmt(raw.rps)}/s p99 ${raw.p99Ms} ms | ` +
        `rounds/raw ${(spins.rps / raw.rps).toFixed(2)} | ${await recorded(database)} | ` +
        `${await checked(database)} (goal: ${fmt(GOAL_ROUNDS_PER_S)} rounds/s)`,
    );
  });
}

/**
 * PostgreSQL with WORKERS=2 (two server processes sharing the port), on a schema of its own: the
 * line to read beside the one-process PostgreSQL line above it.
 */
export function gamesPostgresWorkers(port: number): Promise<string> {
  return onPostgresSchema('bench_games', async ({ database, serverUrl }) => {
    const memberIds = await prepare(database);
    const tokens = await launchTokens(database, memberIds);
    const env = { DATABASE_URL: serverUrl, OPS_TOKEN, REDIS_URL: '', WORKERS: '2' };
    const server = await startServer(port, env);
    let spins: Figure;
    try {
      spins = await spinFigures(server.url, tokens);
    } finally {
      await server.stop();
    }
    return line('postgres, WORKERS=2', spins, ` | ${await recorded(database)} | ${await checked(database)}`);
  });
}

/** PGlite: rounds through the real server on the embedded database. */
export async function gamesPglite(port: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-bench-games-'));
  const seed = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const memberIds = await prepare(seed);
  const tokens = await launchTokens(seed, memberIds);
  await seed.close();
  const server = await startServer(port, { DATABASE_URL: '', OPS_TOKEN, REDIS_URL: '' }, dataDir);
  try {
    const spins = await spinFigures(server.url, tokens);
    // The data folder is removed on stop: check the ledger through the server's own command.
    return line('pglite', spins, ` | ${await serverChecked(server.url)}`);
  } finally {
    await server.stop();
  }
}

/** Both engines, one line each, and PostgreSQL again with WORKERS=2. */
export async function gamesBench(port: number): Promise<string[]> {
  return [await gamesPostgres(port), await gamesPostgresWorkers(port), await gamesPglite(port)];
}
