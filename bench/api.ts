/**
 * The hot public call against a bare Fastify route in the same run: GET /wps/system/whitelabel
 * (every page load asks it) on the real server on PostgreSQL (BENCH_DATABASE_URL, a fresh schema)
 * in one process, against a bare Fastify route answering a small JSON document in a process of its
 * own (the ceiling); then the server with WORKERS=2 against the one process. autocannon (in this
 * process), 50 connections; each pair is loaded in turns, BENCH_API_SECONDS (default 10) each in
 * all, after a 2 s warm-up each.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { fmt, MERCHANT, onPostgresSchema, prepare } from './ledger.ts';
import { ROOT, startServer } from './server.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const ROUNDS = 5;
const CONNECTIONS = 50;
const PATH = '/wps/system/whitelabel';

export interface Load {
  rps: number;
  p99Ms: number;
}

export async function load(url: string, headers: Record<string, string>, durationS = SECONDS): Promise<Load> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: durationS, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p99Ms: r.latency.p99 };
}

/** A bare Fastify route answering a small JSON document, in its own process: the ceiling. */
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, value: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export async function bareFastify(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}/bare`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error('the bare Fastify server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Two targets loaded in turns (ROUNDS slices each, SECONDS in all per target) after a warm-up of
 * each: a change in the machine's load (other work on it) weighs on both alike, so their ratio holds.
 */
async function inTurns(
  a: { url: string; headers: Record<string, string> },
  b: { url: string; headers: Record<string, string> },
): Promise<[Load, Load]> {
  await load(a.url, a.headers, WARMUP_SECONDS);
  await load(b.url, b.headers, WARMUP_SECONDS);
  const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
  const as: Load[] = [];
  const bs: Load[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    as.push(await load(a.url, a.headers, slice));
    bs.push(await load(b.url, b.headers, slice));
  }
  const mean = (xs: Load[]): Load => ({
    rps: xs.reduce((t, x) => t + x.rps, 0) / xs.length,
    p99Ms: Math.max(...xs.map((x) => x.p99Ms)),
  });
  return [mean(as), mean(bs)];
}

const HEADERS = { Merchant: MERCHANT, Device: 'web', Language: 'EN' };

const HEADERS_OF = { headers: HEADERS };

/**
 * One line: the call in 1 process against the bare route (in turns, the ratio's goal is ≥ 0.8),
 * then the same call with WORKERS=2 against 1 process again (in turns).
 */
export function apiBench(port: number, pairPort: number, barePort: number): Promise<string> {
  return onPostgresSchema('bench_api', async ({ database, serverUrl }) => {
    // The schema migrated and the merchant loaded as the other benches do, before any server opens it.
    await prepare(database);
    const env = { DATABASE_URL: serverUrl, REDIS_URL: '' };
    const bare = await bareFastify(barePort);
    let one: Load;
    let ceiling: Load;
    const single = await startServer(port, { ...env, WORKERS: '1' });
    try {
      [one, ceiling] = await inTurns(
        { url: `${single.url}${PATH}`, ...HEADERS_OF },
        { url: bare.url, headers: {} },
      );
    } finally {
      await bare.stop();
    }
    let two: Load;
    let oneAgain: Load;
    try {
      const pair = await startServer(pairPort, { ...env, WORKERS: '2' });
      try {
        [two, oneAgain] = await inTurns(
          { url: `${pair.url}${PATH}`, ...HEADERS_OF },
          { url: `${single.url}${PATH}`, ...HEADERS_OF },
        );
      } finally {
        await pair.stop();
      }
    } finally {
      await single.stop();
    }
    return (
      `api (postgres; GET ${PATH}, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns): ` +
      `1 process ${fmt(one.rps)} req/s p99 ${one.p99Ms} ms | bare Fastify (1 process) ${fmt(ceiling.rps)} req/s ` +
      `p99 ${ceiling.p99Ms} ms | ratio ${(one.rps / ceiling.rps).toFixed(2)} (goal >= 0.8) || ` +
      `WORKERS=2 ${fmt(two.rps)} req/s p99 ${two.p99Ms} ms | 1 process ${fmt(oneAgain.rps)} req/s | ` +
      `WORKERS=2/1 process ${(two.rps / oneAgain.rps).toFixed(2)}`
    );
  });
}
