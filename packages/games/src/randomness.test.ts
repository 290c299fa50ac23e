/**
 * Statistical acceptance of every mapping from random words to game outcomes, at the 99 %
 * level: chi-square goodness of fit, runs above/below the median and lag-1 serial correlation
 * on at least 1,000,000 draws each.
 *
 * A correct generator fails a 99 % test 1 % of the time, so a two-stage rule applies: a
 * statistic that fails draws a fresh sample, on which it must pass. A false failure then needs
 * two 1 % events, about 1 in 10,000 per statistic. The provably-fair stream runs from fixed
 * seeds (stage 1 and stage 2 use different client seeds), so its results are reproducible; the
 * CSPRNG draws new words on every run.
 */
import { describe, expect, it } from 'vitest';
import { BACCARAT_SHOE_SIZE, dealRound } from './baccarat.ts';
import { diceRound } from './dice.ts';
import { fairWords } from './fair.ts';
import { cryptoWords } from './node.ts';
import { plinkoRound } from './plinko.ts';
import { drawStops, SLOT_STRIPS } from './slot.ts';
import { chiSquare, runsTest, serialCorrelation, type TestResult } from './stats.ts';
import { uniformInt, type WordSource } from './uniform.ts';

const DRAWS = 1_000_000;
const SEED = '5f0c1a7e3b9d24c6a8e1f3b5d7092c4e6a8b0d2f4163a5c7e9b1d3f5a7c9e0b2';
/** The word stream for a sample of a mapping at stage 1 or 2. */
type Source = (label: string, stage: number) => WordSource;
const fair: Source = (label, stage) => fairWords(SEED, `stats-${label}-${stage}`, 0);
const csprng: Source = () => cryptoWords();

type Checks = Record<string, TestResult>;

/** Chi-square over `categories` values, and runs and serial correlation of the sequence. */
function checks(
  values: Int32Array,
  categories: number,
): { chiSquare: TestResult; runs: TestResult; serial: TestResult } {
  const counts = new Float64Array(categories);
  for (const v of values) counts[v]!++;
  return {
    chiSquare: chiSquare(counts),
    runs: runsTest(values, (categories - 1) / 2),
    serial: serialCorrelation(values),
  };
}

/** The two-stage rule: every statistic that fails on sample 1 must pass on a fresh sample 2. */
function accept(sample: (stage: number) => Checks): void {
  const first = sample(1);
  const failed = Object.keys(first).filter((name) => !first[name]!.pass);
  if (failed.length === 0) return;
  const second = sample(2);
  expectPass(Object.fromEntries(failed.map((name) => [name, second[name]!])));
}

function expectPass(results: Checks): void {
  for (const [name, r] of Object.entries(results))
    expect(r.pass, `${name}: statistic ${r.statistic.toFixed(5)} beyond ${r.bound.toFixed(5)}`).toBe(true);
}

const draws = (n: number, draw: () => number) => {
  const values = new Int32Array(n);
  for (let i = 0; i < n; i++) values[i] = draw();
  return values;
};

// 2^32 mod n = 2^30, so a quarter of all words are rejected: the case where modulo bias would bite.
const BIG_N = 3 * 2 ** 30;
const BIG_BIN = 2 ** 22; // 768 equal bins

describe.each([
  ['provably-fair', fair],
  ['CSPRNG', csprng],
] as const)('uniformInt on the %s source', (_, source) => {
  it.each([6, 10_000])('is uniform and independent on [0, %i)', (n) => {
    accept((stage) => {
      const words = source(`u${n}`, stage);
      return checks(
        draws(DRAWS, () => uniformInt(n, words)),
        n,
      );
    });
  });

  it('is uniform and independent on a large non-power-of-two range, in 768 bins', () => {
    accept((stage) => {
      const words = source('big', stage);
      return checks(
        draws(DRAWS, () => Math.floor(uniformInt(BIG_N, words) / BIG_BIN)),
        BIG_N / BIG_BIN,
      );
    });
  });
});

describe('game mappings on the provably-fair stream', () => {
  it('dice rolls are uniform over 0..9999 and independent', () => {
    const bet = { stakeMinor: 100n, target: 5000, direction: 'under' as const };
    accept((stage) => {
      const words = fair('dice', stage);
      return checks(
        draws(DRAWS, () => diceRound(bet, words).roll),
        10_000,
      );
    });
  });

  it('plinko bits are fair coin flips and independent', () => {
    const bet = { stakeMinor: 100n, rows: 16 as const, risk: 'high' as const };
    accept((stage) => {
      const words = fair('plinko', stage);
      const bits = new Int32Array(DRAWS);
      for (let i = 0; i < DRAWS; i += 16) {
        plinkoRound(bet, words).path.forEach((step, row) => {
          bits[i + row] = step === 'R' ? 1 : 0;
        });
      }
      return checks(bits, 2);
    });
  });
});

describe('game mappings on the CSPRNG', () => {
  it('slot reel stops are uniform over each strip and independent', () => {
    const reels = SLOT_STRIPS.length;
    const spins = DRAWS / reels;
    accept((stage) => {
      const words = csprng('slot', stage);
      const stops = SLOT_STRIPS.map(() => new Int32Array(spins));
      for (let i = 0; i < spins; i++) {
        drawStops(words).forEach((stop, reel) => {
          stops[reel]![i] = stop;
        });
      }
      const results: Checks = {};
      SLOT_STRIPS.forEach((strip, reel) => {
        for (const [name, r] of Object.entries(checks(stops[reel]!, strip.length)))
          results[`reel ${reel + 1} ${name}`] = r;
      });
      return results;
    });
  });

  it('baccarat draws are uniform over the shoe, and rounds are independent', () => {
    // 250,000 fresh shoes × the 4 cards every round deals = 1,000,000 draws. Cards of one round
    // are drawn without replacement, which only makes the pooled chi-square conservative; the
    // sequence tests use the first card of each round, which are independent.
    const rounds = DRAWS / 4;
    const index = (c: { rank: number; suit: number }) => c.suit * 13 + c.rank - 1;
    accept((stage) => {
      const words = csprng('baccarat', stage);
      const counts = new Float64Array(52);
      const first = new Int32Array(rounds);
      for (let i = 0; i < rounds; i++) {
        const round = dealRound(words);
        const dealt = [round.player[0]!, round.banker[0]!, round.player[1]!, round.banker[1]!];
        for (const card of dealt) counts[index(card)]!++;
        first[i] = index(round.player[0]!);
      }
      return {
        chiSquare: chiSquare(counts),
        runs: runsTest(first, 25.5),
        serial: serialCorrelation(first),
      };
    });
    expect(BACCARAT_SHOE_SIZE % 52).toBe(0);
  });
});

describe('the tests reject biased sources', () => {
  // The biases are gross, so 100,000 draws show them far beyond any doubt.
  const SHORT = 100_000;
  const words = () => fair('bias', 1);

  it('chi-square catches modulo bias: word mod n without rejection', () => {
    const w = words();
    const biased = checks(
      draws(SHORT, () => Math.floor((w() % BIG_N) / BIG_BIN)),
      BIG_N / BIG_BIN,
    );
    expect(biased.chiSquare.pass).toBe(false);
  });

  it('chi-square catches a stuck bit', () => {
    const w = words();
    const stuck: WordSource = () => (w() | 1) >>> 0;
    expect(
      checks(
        draws(SHORT, () => uniformInt(6, stuck)),
        6,
      ).chiSquare.pass,
    ).toBe(false);
  });

  it('runs and serial correlation catch dependence that chi-square misses', () => {
    // A counter: perfectly even counts, every value one more than the last.
    let next = 0;
    const counter: WordSource = () => next++;
    const result = checks(
      draws(SHORT, () => uniformInt(10_000, counter)),
      10_000,
    );
    expect(result.chiSquare.pass).toBe(true);
    expect(result.runs.pass).toBe(false);
    expect(result.serial.pass).toBe(false);
  });
});
