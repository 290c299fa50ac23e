/**
 * Game maths figures for `npm run bench`:
 * - the slot's return by simulation: 10 million paid rounds (BENCH_SLOT_ROUNDS) on the CSPRNG,
 *   split across worker threads, with a 95 % confidence interval that the exact return computed
 *   from the reel strips should fall in;
 * - dieharder on the CSPRNG word stream (`dieharder -g 200`, words on stdin), a fixed subset of
 *   its tests chosen to finish in a few minutes, counted as PASSED, WEAK and FAILED.
 * This module is also the workers' entry point: a worker runs its share of rounds and reports sums.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { playRound, slotEnumeration, slotReturn, toNumber, toPercent } from '@aurum/games';
import { cryptoWords } from '@aurum/games/node';

const ROUNDS = Number(process.env.BENCH_SLOT_ROUNDS ?? 10_000_000);
// A stake of 20 minor units makes every payout an exact number of line bets.
const STAKE_MINOR = 20n;
const SIM_TASK = 'games-maths:slot-simulation';
/**
 * dieharder tests run, about two minutes on an idle machine: birthdays, OPERM5, 6×8 binary
 * rank, count-the-1s stream, parking lot, 2D and 3D spheres, runs, STS monobit, STS runs,
 * STS serial, byte distribution. `dieharder -a` (all tests) takes hours.
 */
const DIEHARDER_TESTS = [0, 1, 3, 8, 10, 11, 12, 15, 100, 101, 102, 205];

interface SimulationSums {
  rounds: number;
  spins: number;
  sum: number;
  sumSquares: number;
}

function simulate(rounds: number): SimulationSums {
  const words = cryptoWords();
  const sums = { rounds, spins: 0, sum: 0, sumSquares: 0 };
  for (let i = 0; i < rounds; i++) {
    const round = playRound(STAKE_MINOR, words);
    const ret = Number(round.totalWinMinor) / Number(STAKE_MINOR);
    sums.spins += 1 + round.freeSpins.length;
    sums.sum += ret;
    sums.sumSquares += ret * ret;
  }
  return sums;
}

/**
 * Starts a worker on this module. Workers do not inherit tsx's loader (tsx issue #354), so the
 * worker first registers it, then imports this file, which sees workerData and runs its share.
 */
function runWorker(rounds: number): Promise<SimulationSums> {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: { task: SIM_TASK, rounds } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function slotSimulation(): Promise<string> {
  const workers = Math.max(1, Math.min(os.availableParallelism(), 8));
  const started = performance.now();
  const shares = Array.from(
    { length: workers },
    (_, i) => Math.floor(ROUNDS / workers) + (i < ROUNDS % workers ? 1 : 0),
  );
  const parts = await Promise.all(shares.map(runWorker));
  const seconds = (performance.now() - started) / 1000;
  const total = parts.reduce((a, b) => ({
    rounds: a.rounds + b.rounds,
    spins: a.spins + b.spins,
    sum: a.sum + b.sum,
    sumSquares: a.sumSquares + b.sumSquares,
  }));
  const mean = total.sum / total.rounds;
  const sd = Math.sqrt((total.sumSquares - total.rounds * mean * mean) / (total.rounds - 1));
  const half = (1.959964 * sd) / Math.sqrt(total.rounds);
  const rtp = slotReturn().rtp;
  const exact = toNumber(rtp);
  const inside = Math.abs(exact - mean) <= half;
  const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
  return (
    `slot: ${total.rounds.toLocaleString('en-US')} rounds (${total.spins.toLocaleString('en-US')} spins) ` +
    `in ${seconds.toFixed(1)} s on ${workers} workers, ${Math.round(total.spins / seconds).toLocaleString('en-US')} spins/s; ` +
    `simulated RTP ${pct(mean)}, 95 % CI ${pct(mean - half)}–${pct(mean + half)}; ` +
    `exact ${toPercent(rtp, 4)} % ${inside ? 'inside' : 'OUTSIDE'} the interval; ` +
    `round sd ${sd.toFixed(3)} (exact volatility ${slotEnumeration().volatility.toFixed(3)})`
  );
}

/** Runs one dieharder test on words pumped into its stdin; resolves with its output. */
function dieharder(test: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('dieharder', ['-g', '200', '-d', String(test)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    let open = true;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdin.on('error', () => {
      open = false; // dieharder closes its input once it has read enough
    });
    child.once('error', reject);
    child.once('close', () => {
      open = false;
      resolve(output);
    });
    const words = cryptoWords();
    const pump = () => {
      while (open) {
        const chunk = Buffer.allocUnsafe(1 << 16);
        for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE(words(), i);
        if (!child.stdin.write(chunk)) return void child.stdin.once('drain', pump);
      }
    };
    pump();
  });
}

async function dieharderSummary(): Promise<string[]> {
  if (spawnSync('dieharder', ['-l'], { stdio: 'ignore' }).error)
    return [
      'dieharder: not installed; install it with `apt-get install -y dieharder` (Debian/Ubuntu) to test the CSPRNG',
    ];
  const counts = { PASSED: 0, WEAK: 0, FAILED: 0 };
  const notes: string[] = [];
  const started = performance.now();
  for (const test of DIEHARDER_TESTS) {
    const output = await dieharder(test);
    for (const line of output.split('\n')) {
      const m = /^\s*(\S+)\|.*\|\s*(PASSED|WEAK|FAILED)\s*$/.exec(line);
      if (!m) continue;
      counts[m[2] as keyof typeof counts]++;
      if (m[2] !== 'PASSED') notes.push(`${m[1]} ${m[2]}`);
    }
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  return [
    `dieharder: ${counts.PASSED} PASSED, ${counts.WEAK} WEAK, ${counts.FAILED} FAILED over tests -d ${DIEHARDER_TESTS.join(',')} ` +
      `(CSPRNG words on stdin, -g 200, ${minutes} min)${notes.length ? `; not passed: ${notes.join(', ')}` : ''}`,
  ];
}

/** The printed lines: the slot simulation, then the dieharder summary. */
export async function gamesMathsBench(): Promise<string[]> {
  return [await slotSimulation(), ...(await dieharderSummary())];
}

if (!isMainThread && workerData?.task === SIM_TASK)
  parentPort!.postMessage(simulate(workerData.rounds as number));
