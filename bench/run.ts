/**
 * `npm run bench`: figures, not tests. Needs the web app built (`npm run build`) and Chromium.
 * Prints one line per figure. `npm run bench -- web` prints only the bundle and Lighthouse figures,
 * `-- api` the whitelabel call against a bare Fastify route (no build or browser needed), `-- ledger`
 * the ledger figures, `-- games` the slot rounds through the full game path (PostgreSQL from
 * BENCH_DATABASE_URL for these three, each in 1 process and with WORKERS=2), `-- maths` the
 * 10-million-spin RTP simulation and the dieharder summary. Two figures run only when named, as
 * they take many minutes: `-- agents` the team report over a generated tree of 1,000,000
 * members, `-- contracts` the settlement of 100,000 daily-salary contracts, `-- lottery` the settlement of 100,000 lottery tickets and the lottery bets per
 * second (PostgreSQL, bench/agents.ts and bench/lottery.ts). The servers listen on BENCH_PORT
 * (default 8282) and the five ports after it.
 */
import { agentsBench } from './agents.ts';
import { apiBench } from './api.ts';
import { contractsBench } from './contracts.ts';
import { gamesBench } from './games.ts';
import { gamesMathsBench } from './games-maths.ts';
import { ledgerBench } from './ledger.ts';
import { lotteryBench } from './lottery.ts';
import { startServer } from './server.ts';
import { initialJsBytes, lighthouseScore } from './web.ts';

const BASE_PORT = Number(process.env.BENCH_PORT ?? 8282);
const PORT = BASE_PORT;
const BARE_PORT = BASE_PORT + 1;
const LEDGER_PORT = BASE_PORT + 2;
const GAMES_PORT = BASE_PORT + 3;
const PAIR_PORT = BASE_PORT + 4;
const LOTTERY_PORT = BASE_PORT + 5;
const FIGURES = ['web', 'api', 'ledger', 'games', 'maths', 'agents', 'contracts', 'lottery'] as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const only = process.argv[2];
  if (only !== undefined && !(FIGURES as readonly string[]).includes(only))
    throw new Error(`unknown figure ${only} (try: ${FIGURES.join(', ')})`);
  if (only === undefined || only === 'web') await web();
  if (only === undefined || only === 'api') console.log(await apiBench(PORT, PAIR_PORT, BARE_PORT));
  if (only === undefined || only === 'ledger')
    for (const line of await ledgerBench(LEDGER_PORT)) console.log(line);
  if (only === undefined || only === 'games')
    for (const line of await gamesBench(GAMES_PORT)) console.log(line);
  if (only === undefined || only === 'maths') for (const line of await gamesMathsBench()) console.log(line);
  if (only === 'agents') for (const line of await agentsBench()) console.log(line);
  if (only === 'contracts') for (const line of await contractsBench()) console.log(line);
  if (only === 'lottery') for (const line of await lotteryBench(LOTTERY_PORT)) console.log(line);
}

async function web() {
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
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
