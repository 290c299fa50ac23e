/**
 * `npm run bench`: figures, not tests. Needs the web app built (`npm run build`) and Chromium.
 * Prints one line per figure. `npm run bench -- ledger` prints only the ledger figures (no
 * build or browser needed; PostgreSQL from BENCH_DATABASE_URL), `-- games` the slot rounds through
 * the full game path, `-- maths` the 10-million-spin RTP simulation and the dieharder summary.
 */
import { bareFastify, load } from './api.ts';
import { gamesBench } from './games.ts';
import { gamesMathsBench } from './games-maths.ts';
import { ledgerBench } from './ledger.ts';
import { startServer } from './server.ts';
import { initialJsBytes, lighthouseScore } from './web.ts';

const PORT = 8282;
const BARE_PORT = 8283;
const LEDGER_PORT = 8284;
const GAMES_PORT = 8285;
const FIGURES = ['web', 'ledger', 'games', 'maths'] as const;
const MERCHANT = 'AURUM';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main() {
  const only = process.argv[2];
  if (only !== undefined && !(FIGURES as readonly string[]).includes(only))
    throw new Error(`unknown figure ${only} (try: ${FIGURES.join(', ')})`);
  if (only === undefined || only === 'web') await webAndApi();
  if (only === undefined || only === 'ledger')
    for (const line of await ledgerBench(LEDGER_PORT)) console.log(line);
  if (only === undefined || only === 'games')
    for (const line of await gamesBench(GAMES_PORT)) console.log(line);
  if (only === undefined || only === 'maths') for (const line of await gamesMathsBench()) console.log(line);
}

async function webAndApi() {
  const server = await startServer(PORT);
  try {
    const js = await initialJsBytes(`${server.url}/`);
    console.log(
      `bundle: ${(js.bytes / 1024).toFixed(1)} KB gzipped JS in ${js.files} files before the home page renders (budget 150 KB, goal < 120 KB)`,
    );

    const scores: number[] = [];
    for (let i = 0; i < 3; i++) scores.push(await lighthouseScore(`${server.url}/`));
    console.log(
      `lighthouse: mobile performance median ${median(scores)} of runs ${scores.join(', ')} (budget 95)`,
    );

    const headers = { Merchant: MERCHANT, Device: 'web', Language: 'EN' };
    const bare = await bareFastify(BARE_PORT);
    try {
      const api = await load(`${server.url}/wps/system/whitelabel`, headers);
      const ceiling = await load(`http://127.0.0.1:${BARE_PORT}/bare`, {});
      console.log(
        `api: GET /wps/system/whitelabel ${fmt(api.rps)} req/s p99 ${api.p99Ms} ms | bare Fastify ${fmt(ceiling.rps)} req/s p99 ${ceiling.p99Ms} ms | ratio ${(api.rps / ceiling.rps).toFixed(2)} (50 connections, 10 s)`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
