/**
 * `npm run vectors -- FILE...`: runs every vector of the given files (docs/vectors.md) through
 * the real engine of its kind, prints one line per vector and `N passed, N failed`, and exits
 * non-zero when a vector does not match (or cannot run). An engine adds its kinds to KINDS.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type LotteryConfig,
  parseLotteryConfig,
  runEnvelopeVector,
  runLotteryDrawVector,
  runLotterySettleVector,
  runMissionVector,
  runPeriodsVector,
  runPointsVector,
  runPrizeGroupVector,
  runRebateVector,
  runRescueVector,
  runTeamVector,
  runVipVector,
  runWageringVector,
} from '../packages/games/src/index.ts';

type Vector = Record<string, unknown>;
type Runner = (vector: Vector) => { mismatches: string[] };

const ROOT = new URL('../', import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, ROOT), 'utf8'));

const configs = new Map<string, LotteryConfig>();
function lotteryConfig(path: unknown): LotteryConfig {
  const file = typeof path === 'string' ? path : 'config/lottery.json';
  const cached = configs.get(file);
  if (cached) return cached;
  const config = parseLotteryConfig(readJson(file));
  configs.set(file, config);
  return config;
}

/** The engines' vector kinds. */
const KINDS: Record<string, Runner> = {
  'lottery.settle': (v) => runLotterySettleVector(lotteryConfig(v.config), v),
  'lottery.draw': (v) => runLotteryDrawVector(lotteryConfig(v.config), v),
  'loyalty.rebate': runRebateVector,
  'loyalty.vip': runVipVector,
  'loyalty.wagering': runWageringVector,
  'loyalty.points': runPointsVector,
  'loyalty.rescue': runRescueVector,
  'loyalty.missions': runMissionVector,
  'contract.team': runTeamVector,
  'contract.periods': runPeriodsVector,
  'contract.prize-group': runPrizeGroupVector,
  'contract.envelope': runEnvelopeVector,
};

/** Runs the vectors of `files`, writing one line per vector; returns the counts. */
export function runVectorFiles(files: readonly string[], print: (line: string) => void) {
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    let vectors: Vector[];
    let shared: Vector;
    try {
      const { vectors: list, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as Vector;
      if (!Array.isArray(list)) throw new Error('no "vectors" list');
      vectors = list as Vector[];
      shared = rest;
    } catch (error) {
      failed++;
      print(`FAIL ${file}: ${(error as Error).message}`);
      continue;
    }
    for (const [i, own] of vectors.entries()) {
      const vector = { ...shared, ...own };
      const label = `${file} #${i + 1} ${vector.name ?? ''}`.trimEnd();
      const run = KINDS[String(vector.kind)];
      let mismatches: string[];
      try {
        if (!run) throw new Error(`unknown kind ${vector.kind} (known: ${Object.keys(KINDS).join(', ')})`);
        mismatches = run(vector).mismatches;
      } catch (error) {
        mismatches = [`error: ${(error as Error).message}`];
      }
      if (mismatches.length === 0) passed++;
      else failed++;
      print(mismatches.length === 0 ? `ok   ${label}` : `FAIL ${label}: ${mismatches.join('; ')}`);
    }
  }
  print(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: npm run vectors -- FILE... (e.g. vectors/lottery/*.json)');
    process.exit(2);
  }
  const { passed, failed } = runVectorFiles(files, (line) => console.log(line));
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
