/**
 * Plinko: a ball falls through `rows` rows of pegs, going left or right at each with one fair
 * bit, and lands in the bucket numbered by how many times it went right. Buckets pay from a
 * fixed, symmetric table per (rows, risk); the binomial odds of each bucket fix the return.
 */
import { MULTIPLIER_SCALE } from './dice.ts';
import { add, mul, type Ratio, ratio } from './ratio.ts';
import { uniformInt, type WordSource } from './uniform.ts';

/** Board sizes on offer. */
export const PLINKO_ROWS = [8, 12, 16] as const;
/** Risk levels on offer: the higher, the lower the middle pays and the more the edges pay. */
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;

/** A board size on offer. */
export type PlinkoRows = (typeof PLINKO_ROWS)[number];
/** A risk level on offer. */
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * Multiplier of each bucket 0..rows, in MULTIPLIER_SCALE units (58 000 = 5.8×). Original
 * tables; each one's exact return (binomial weights) lies between 98.5 % and 99 %, which
 * plinko.test.ts proves and docs/games-maths.md lists.
 */
export const PLINKO_TABLES: Readonly<Record<PlinkoRows, Readonly<Record<PlinkoRisk, readonly number[]>>>> = {
  8: {
    low: [58000, 24000, 12000, 9000, 5000, 9000, 12000, 24000, 58000],
    medium: [120000, 38000, 13000, 6000, 4000, 6000, 13000, 38000, 120000],
    high: [330000, 38000, 14000, 3000, 2000, 3000, 14000, 38000, 330000],
  },
  12: {
    low: [90000, 45000, 25000, 14000, 11000, 9000, 5000, 9000, 11000, 14000, 25000, 45000, 90000],
    medium: [380000, 100000, 45000, 20000, 12000, 5000, 3000, 5000, 12000, 20000, 45000, 100000, 380000],
    high: [1880000, 270000, 70000, 25000, 5000, 2000, 2000, 2000, 5000, 25000, 70000, 270000, 1880000],
  },
  16: {
    low: [
      140000, 70000, 30000, 22000, 17000, 12000, 11000, 9000, 5000, 9000, 11000, 12000, 17000, 22000, 30000,
      70000, 140000,
    ],
    medium: [
      1000000, 350000, 140000, 50000, 30000, 14000, 10000, 5000, 3000, 5000, 10000, 14000, 30000, 50000,
      140000, 350000, 1000000,
    ],
    high: [
      8880000, 1700000, 350000, 100000, 40000, 15000, 2000, 2000, 2000, 2000, 2000, 15000, 40000, 100000,
      350000, 1700000, 8880000,
    ],
  },
};

/** A plinko bet. */
export interface PlinkoBet {
  stakeMinor: bigint;
  rows: PlinkoRows;
  risk: PlinkoRisk;
}

/** The settled drop: the path the ball took and what its bucket paid. */
export interface PlinkoRound {
  /** One entry per row, top to bottom. */
  path: Array<'L' | 'R'>;
  /** Number of R in the path, 0..rows. */
  bucket: number;
  /** The bucket's multiplier in MULTIPLIER_SCALE units. */
  multiplier: number;
  /** Amount returned to the player: stake × multiplier / 10 000, floored. */
  payoutMinor: bigint;
}

function tableFor(rows: number, risk: string): readonly number[] {
  const table = PLINKO_TABLES[rows as PlinkoRows]?.[risk as PlinkoRisk];
  if (!table) throw new RangeError(`no plinko table for ${rows} rows, ${risk} risk`);
  return table;
}

/** Validates the bet (before any word is drawn), drops the ball, and settles. */
export function plinkoRound(bet: PlinkoBet, words: WordSource): PlinkoRound {
  if (bet.stakeMinor <= 0n) throw new RangeError('stake must be positive');
  const table = tableFor(bet.rows, bet.risk);
  const path: Array<'L' | 'R'> = [];
  for (let row = 0; row < bet.rows; row++) path.push(uniformInt(2, words) === 1 ? 'R' : 'L');
  const bucket = path.filter((step) => step === 'R').length;
  const multiplier = table[bucket]!;
  const payoutMinor = (bet.stakeMinor * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE);
  return { path, bucket, multiplier, payoutMinor };
}

const binomial = (n: number, k: number): bigint => {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
};

/** Exact return of a table: Σ C(rows, k) / 2^rows × multiplier_k, as a fraction of the stake. */
export function plinkoRtp(rows: PlinkoRows, risk: PlinkoRisk): Ratio {
  const table = tableFor(rows, risk);
  let rtp = ratio(0n);
  for (let k = 0; k <= rows; k++) {
    rtp = add(
      rtp,
      mul(ratio(binomial(rows, k), 2n ** BigInt(rows)), ratio(BigInt(table[k]!), BigInt(MULTIPLIER_SCALE))),
    );
  }
  return rtp;
}
