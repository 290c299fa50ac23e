/**
 * Ledger throughput: money movements per second through the API, each one a POST
 * /ops/ledger/transfer (the operator transfer endpoint: loopback and ops token) to the real
 * server process, from 50 concurrent members, each waiting for its answer before the next:
 * - spread: each member between its own main wallet and a game wallet (no shared row);
 * - hot house: each member between its main wallet and one house account (HOUSE:AURX), so every
 *   movement touches the same logical account (its shards);
 * - raw SQL (PostgreSQL only): the same transfer statement sent by node-postgres directly from
 *   50 clients, without HTTP, Fastify or the ledger service: the ceiling the API is compared with.
 * PostgreSQL from BENCH_DATABASE_URL in a fresh schema (dropped afterwards), the API in 1 process
 * and again with WORKERS=2 (a line of its own); PGlite (one process) in a temp data folder. Each phase runs BENCH_LEDGER_SECONDS (default 10) after a 2 s warm-up.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TX_TYPE } from '@aurum/contract';
import pg from 'pg';
import { checkLedger, Ledger, MOVE_SQL } from '../apps/server/src/modules/wallet/index.ts';
import { createFundedMembers } from '../apps/server/src/modules/wallet/testing.ts';
import { REPO_ROOT } from '../apps/server/src/platform/config.ts';
import { type Database, migrate, openDatabase } from '../apps/server/src/platform/db.ts';
import { readMerchantConfig } from '../apps/server/src/platform/merchant-config.ts';
import { ensureMerchant } from '../apps/server/src/platform/merchants.ts';
import { startServer } from './server.ts';

export const MERCHANT = 'AURUM';
export const MEMBERS = 50;
const SERVER_POOL = 20;
export const OPS_TOKEN = `bench-${randomBytes(16).toString('hex')}`;
const SECONDS = Number(process.env.BENCH_LEDGER_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const FUND_MINOR = 100_000_000n;
const HOUSE = 'HOUSE:AURX';
/** The game wallet the spread case and the raw-SQL baseline move to and from. */
export const GAME_WALLET = 'VENDOR:AUR';

export interface Figure {
  rps: number;
  p99Ms: number;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const p99 = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
};

/** Each worker alternates: out (true), back (false), out, ... */
const flip = (turns: number[], worker: number) => {
  const turn = turns[worker] ?? 0;
  turns[worker] = turn + 1;
  return turn % 2 === 0;
};

/** Members (funded) and the merchant, in a migrated database the server will open. */
export async function prepare(database: Database): Promise<number[]> {
  await migrate(database);
  await ensureMerchant(database, await readMerchantConfig(path.join(REPO_ROOT, 'config')));
  const ledger = new Ledger({ database });
  return createFundedMembers(database, ledger, { merchant: MERCHANT, count: MEMBERS, fundMinor: FUND_MINOR });
}

/** Runs `step` from 50 workers, back to back, for a warm-up and then `seconds` measured. */
export async function measure(
  step: (worker: number, n: number) => Promise<void>,
  seconds = SECONDS,
): Promise<Figure> {
  let n = 0;
  const loop = async (worker: number, until: number, latencies: number[] | null) => {
    while (performance.now() < until) {
      const started = performance.now();
      await step(worker, n++);
      latencies?.push(performance.now() - started);
    }
  };
  const warm = performance.now() + WARMUP_SECONDS * 1000;
  await Promise.all(Array.from({ length: MEMBERS }, (_, w) => loop(w, warm, null)));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: MEMBERS }, (_, w) => loop(w, started + seconds * 1000, latencies)));
  const elapsedS = (performance.now() - started) / 1000;
  return { rps: latencies.length / elapsedS, p99Ms: p99(latencies) };
}

/** One member's movement through the API; alternating directions keep every balance in range. */
function apiStep(baseUrl: string, memberIds: number[], hot: boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MEMBERS });
  const url = new URL('/ops/ledger/transfer', baseUrl);
  const prefix = `${hot ? 'hot' : 'spread'}-${randomBytes(4).toString('hex')}`;
  const turns = new Array<number>(MEMBERS).fill(0);
  return async (worker: number, n: number) => {
    const main = `member:${memberIds[worker]}:MAIN`;
    const other = hot ? HOUSE : `member:${memberIds[worker]}:${GAME_WALLET}`;
    const out = flip(turns, worker);
    const kind = hot
      ? out
        ? TX_TYPE.bet
        : TX_TYPE.win
      : out
        ? TX_TYPE.transferToGame
        : TX_TYPE.transferFromGame;
    const body = JSON.stringify({
      merchant: MERCHANT,
      actor: 'bench',
      from: out ? main : other,
      to: out ? other : main,
      amount: '1.00',
      kind,
      idempotencyKey: `${prefix}-${n}`,
    });
    const { status, text } = await post(agent, url, body);
    if (status !== 200) throw new Error(`POST ${url.pathname}: ${status} ${text}`);
  };
}

/** A POST with a keep-alive agent; the operator's token unless other headers are given. */
export function post(
  agent: http.Agent,
  url: URL,
  body: string,
  headers: Record<string, string> = { 'x-ops-token': OPS_TOKEN },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same transfer statement the ledger sends, from node-postgres directly (spread case). */
export async function rawSql(url: string, schema: string, memberIds: number[]): Promise<Figure> {
  const pool = new pg.Pool({ connectionString: url, max: SERVER_POOL, options: `-c search_path=${schema}` });
  try {
    const { rows } = await pool.query<{ member_id: string; code: string; id: string }>(
      'SELECT member_id, code, id FROM ledger_accounts WHERE member_id = ANY($1::bigint[])',
      [memberIds],
    );
    const idOf = (memberId: number, code: string) =>
      Number(rows.find((r) => Number(r.member_id) === memberId && r.code === code)!.id);
    const accounts = memberIds.map((m) => [idOf(m, 'MAIN'), idOf(m, GAME_WALLET)] as const);
    const prefix = `raw-${randomBytes(4).toString('hex')}`;
    const turns = new Array<number>(MEMBERS).fill(0);
    return await measure(async (worker, n) => {
      const [main, game] = accounts[worker]!;
      const out = flip(turns, worker);
      const result = await pool.query({
        name: 'bench_raw_move',
        text: MOVE_SQL,
        values: [
          MERCHANT,
          `${prefix}-${n}`,
          'raw',
          out ? TX_TYPE.transferToGame : TX_TYPE.transferFromGame,
          out ? main : game,
          out ? game : main,
          '100',
          null,
          null,
          new Date().toISOString(),
          'bench',
        ],
      });
      if (result.rows.length !== 2) throw new Error('the raw transfer did not move two sides');
    });
  } finally {
    await pool.end();
  }
}

export const checked = async (database: Database) => {
  const report = await checkLedger(database);
  return report.ok ? `ledger-check OK (${fmt(report.transfers)} transfers)` : 'LEDGER-CHECK FAILED';
};

function line(engine: string, spread: Figure, hot: Figure, tail: string) {
  return (
    `ledger (${engine}; HTTP POST /ops/ledger/transfer from ${MEMBERS} members, ${SECONDS} s each): ` +
    `spread ${fmt(spread.rps)} movements/s p99 ${spread.p99Ms} ms | ` +
    `hot house ${fmt(hot.rps)}/s p99 ${hot.p99Ms} ms (${Math.round((hot.rps / spread.rps) * 100)} %)${tail}`
  );
}

async function apiFigures(serverUrl: string, memberIds: number[]) {
  const spread = await measure(apiStep(serverUrl, memberIds, false));
  const hot = await measure(apiStep(serverUrl, memberIds, true));
  return { spread, hot };
}

/** A bench database on PostgreSQL (BENCH_DATABASE_URL): a fresh schema, dropped afterwards. */
export interface BenchSchema {
  url: string;
  schema: string;
  /** The bench's own handle (a small pool) on the schema. */
  database: Database;
  /** DATABASE_URL for a server on the schema. */
  serverUrl: string;
}

/** Runs fn on a fresh PostgreSQL schema named after `prefix`, and drops the schema afterwards. */
export async function onPostgresSchema<T>(prefix: string, fn: (b: BenchSchema) => Promise<T>): Promise<T> {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ url, schema, poolSize: 4 });
  const options = encodeURIComponent(`-c search_path=${schema}`);
  const serverUrl = `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
  try {
    return await fn({ url, schema, database, serverUrl });
  } finally {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    await database.close();
  }
}

/** The API figures on a server with WORKERS=2 on the same schema (cluster: PostgreSQL only). */
async function apiFiguresWithWorkers(port: number, serverUrl: string, memberIds: number[]) {
  const server = await startServer(port, { DATABASE_URL: serverUrl, OPS_TOKEN, REDIS_URL: '', WORKERS: '2' });
  try {
    return await apiFigures(server.url, memberIds);
  } finally {
    await server.stop();
  }
}

/** The WORKERS=2 line beside the one-process figures of the same run. */
function workersLine(one: { spread: Figure; hot: Figure }, two: { spread: Figure; hot: Figure }) {
  return (
    `ledger (postgres, WORKERS=2; HTTP POST /ops/ledger/transfer from ${MEMBERS} members, ${SECONDS} s each): ` +
    `spread ${fmt(two.spread.rps)} movements/s p99 ${two.spread.p99Ms} ms | hot house ${fmt(two.hot.rps)}/s ` +
    `p99 ${two.hot.p99Ms} ms | against 1 process: spread ${(two.spread.rps / one.spread.rps).toFixed(2)}x, ` +
    `hot ${(two.hot.rps / one.hot.rps).toFixed(2)}x`
  );
}

/**
 * PostgreSQL: the API on the real server in 1 process and with WORKERS=2, then the raw statement;
 * goals 2,500/s and 70 %. Two lines.
 */
export function ledgerPostgres(port: number): Promise<string[]> {
  return onPostgresSchema('bench_ledger', async ({ url, schema, database, serverUrl }) => {
    const memberIds = await prepare(database);
    const server = await startServer(port, { DATABASE_URL: serverUrl, OPS_TOKEN, REDIS_URL: '' });
    let figures: Awaited<ReturnType<typeof apiFigures>>;
    try {
      figures = await apiFigures(server.url, memberIds);
    } finally {
      await server.stop();
    }
    const workers = await apiFiguresWithWorkers(port, serverUrl, memberIds);
    const raw = await rawSql(url, schema, memberIds);
    return [
      line(
        'postgres, 1 process',
        figures.spread,
        figures.hot,
        ` | raw SQL (same statement, pg, ${MEMBERS} clients) ${fmt(raw.rps)}/s p99 ${raw.p99Ms} ms | ` +
          `API/raw ${(figures.spread.rps / raw.rps).toFixed(2)} | ` +
          `${await checked(database)} (goals: 2,500/s, hot >= 70 %)`,
      ),
      workersLine(figures, workers),
    ];
  });
}

/** PGlite: the API on the real server with the embedded database; goal 1,000/s. */
export async function ledgerPglite(port: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-bench-ledger-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  const seed = await openDatabase({ dataDir: pgliteDir });
  const memberIds = await prepare(seed);
  await seed.close();
  const server = await startServer(port, { DATABASE_URL: '', OPS_TOKEN, REDIS_URL: '' }, dataDir);
  let figures: Awaited<ReturnType<typeof apiFigures>>;
  try {
    figures = await apiFigures(server.url, memberIds);
    // The data folder is removed on stop: check the ledger through the server's own command.
    const check = await serverChecked(server.url);
    return line('pglite', figures.spread, figures.hot, ` | ${check} (goal: 1,000/s)`);
  } finally {
    await server.stop();
  }
}

/** The ledger check of a running server (its own operator command), as `checked` prints it. */
export async function serverChecked(serverUrl: string): Promise<string> {
  const report = await fetch(`${serverUrl}/ops/command`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
    body: JSON.stringify({ merchant: MERCHANT, actor: 'bench', args: { command: 'ledger-check' } }),
  }).then((r) => r.json() as Promise<{ value: { ok: boolean; transfers: number } }>);
  return report.value.ok
    ? `ledger-check OK (${fmt(report.value.transfers)} transfers)`
    : 'LEDGER-CHECK FAILED';
}

/** Both engines: PostgreSQL in 1 process and with WORKERS=2, PGlite (one process). */
export async function ledgerBench(port: number): Promise<string[]> {
  return [...(await ledgerPostgres(port)), await ledgerPglite(port)];
}
