import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverSeedHash } from '../fair.ts';
import { chiSquare } from '../stats.ts';
import { drawIssue, drawOfIssue, issueWords, lotteryDrawId } from './draw.ts';
import { drawProblem, type LotteryDraw, lhcWave, lhcZodiac, lunarYearAnimal, VN_TIERS } from './layouts.ts';

const SEED = 'e02346c759d1571ac98c58215b32d16c5e11b881c1d600e1cf24b12075a8544d';

/** An independent implementation of docs/lottery-draws.md on node:crypto. */
function independentWords(seed: string, issue: string) {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 32;
  return () => {
    if (offset === 32) {
      block = createHmac('sha256', seed).update(`${issue}:${counter++}`).digest();
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

function independentDraw(family: string, seed: string, issue: string, layout?: 'mb' | 'mn') {
  const next = independentWords(seed, issue);
  const uniform = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = next();
      if (w < limit) return w % n;
    }
  };
  const shuffle = (size: number, take: number) => {
    const pool = Array.from({ length: size }, (_, i) => i + 1);
    for (let i = 0; i < take; i++) {
      const j = i + uniform(size - i);
      const t = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = t;
    }
    return pool.slice(0, take);
  };
  if (family === 'ssc') return [0, 0, 0, 0, 0].map(() => uniform(10));
  if (family === 'k3') return [0, 0, 0].map(() => uniform(6) + 1);
  if (family === 'pk10') return shuffle(10, 10);
  if (family === '11x5') return shuffle(11, 5);
  if (family === 'lhc') return shuffle(49, 7);
  const digits =
    family === '4d'
      ? [4, 4, 4, ...Array(20).fill(4)]
      : VN_TIERS[layout!].flatMap((t) => Array(t.count).fill(t.digits));
  const out: string[] = [];
  for (const d of digits as number[]) {
    let n: string;
    do n = String(uniform(10 ** d)).padStart(d, '0');
    while (family === '4d' && out.includes(n));
    out.push(n);
  }
  return out;
}

const flat = (draw: LotteryDraw) =>
  draw.family === 'vn' || draw.family === '4d'
    ? draw.tiers.flat()
    : draw.family === 'lhc'
      ? [...draw.balls, draw.special]
      : draw.balls;

describe('lottery draws', () => {
  it('commits to SHA-256 of the seed text, as sha256sum does', () => {
    expect(serverSeedHash(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('streams HMAC-SHA256(seed, "issue:counter") words, as node:crypto computes them', () => {
    const ours = issueWords(SEED, 'ssc1m-20261126-0001');
    const theirs = independentWords(SEED, 'ssc1m-20261126-0001');
    for (let i = 0; i < 100; i++) expect(ours()).toBe(theirs());
  });

  it.each([
    ['ssc', undefined],
    ['k3', undefined],
    ['pk10', undefined],
    ['11x5', undefined],
    ['lhc', undefined],
    ['4d', undefined],
    ['vn', 'mb'],
    ['vn', 'mn'],
  ] as const)('draws %s %s exactly as an independent implementation does', (family, layout) => {
    for (let i = 0; i < 40; i++) {
      const issue = `${family}-2026-${i}`;
      const draw = drawIssue({ family, layout, year: 'horse' }, SEED, issue);
      expect(drawProblem(draw)).toBeUndefined();
      expect(flat(draw)).toEqual(independentDraw(family, SEED, issue, layout));
    }
  });

  it('gives a different result for another issue or another seed, the same for the same pair', () => {
    const a = drawIssue({ family: 'ssc' }, SEED, 'x-1');
    expect(drawIssue({ family: 'ssc' }, SEED, 'x-1')).toEqual(a);
    const others = [1, 2, 3].map((i) => flat(drawIssue({ family: 'pk10' }, SEED, `x-${i + 1}`)).join());
    expect(new Set(others).size).toBe(3);
    expect(flat(drawIssue({ family: 'pk10' }, SEED.replace('e', 'f'), 'x-1'))).not.toEqual(
      flat(drawIssue({ family: 'pk10' }, SEED, 'x-1')),
    );
  });

  it('refuses malformed issue ids and seeds', () => {
    expect(() => issueWords(SEED, 'a:b')).toThrow(RangeError);
    expect(() => issueWords(SEED, '')).toThrow(RangeError);
    expect(() => issueWords(SEED.toUpperCase(), 'a')).toThrow(RangeError);
  });

  it('spreads SSC digits, PK10 places and LHC specials uniformly (chi-square, 99 %)', () => {
    const digits = new Array(10).fill(0);
    const champion = new Array(10).fill(0);
    const special = new Array(49).fill(0);
    for (let i = 0; i < 3000; i++) {
      for (const d of flat(drawIssue({ family: 'ssc' }, SEED, `u-${i}`))) digits[d as number]++;
      champion[(flat(drawIssue({ family: 'pk10' }, SEED, `u-${i}`))[0] as number) - 1]++;
      special[
        (drawIssue({ family: 'lhc', year: 'rat' }, SEED, `u-${i}`) as { special: number }).special - 1
      ]++;
    }
    expect(chiSquare(digits).pass).toBe(true);
    expect(chiSquare(champion).pass).toBe(true);
    expect(chiSquare(special).pass).toBe(true);
  });
});

describe('LHC numbers', () => {
  it('colours 49 numbers in three waves: red 17, blue 16, green 16', () => {
    const count = (w: string) =>
      Array.from({ length: 49 }, (_, i) => lhcWave(i + 1)).filter((x) => x === w).length;
    expect([count('red'), count('blue'), count('green')]).toEqual([17, 16, 16]);
    expect(lhcWave(25)).toBe('blue');
    expect(lhcWave(49)).toBe('green');
  });

  it('gives 1 the year animal and counts backwards round the cycle', () => {
    expect(lunarYearAnimal('2026-02-16')).toBe('snake');
    expect(lunarYearAnimal('2026-02-17')).toBe('horse');
    expect(lunarYearAnimal('2027-01-01')).toBe('horse');
    expect(lhcZodiac(1, 'horse')).toBe('horse');
    expect(lhcZodiac(49, 'horse')).toBe('horse');
    expect(lhcZodiac(2, 'horse')).toBe('snake');
    expect(lhcZodiac(7, 'horse')).toBe('rat');
    expect(() => lunarYearAnimal('2019-12-31')).toThrow(RangeError);
  });

  it('knows the lunar years to 2051: draws after 2036 have their animal', () => {
    expect(lunarYearAnimal('2036-01-27')).toBe('rabbit');
    expect(lunarYearAnimal('2036-01-28')).toBe('dragon');
    expect(lunarYearAnimal('2044-01-30')).toBe('rat');
    expect(lunarYearAnimal('2050-01-23')).toBe('horse');
    expect(lunarYearAnimal('2051-02-10')).toBe('horse');
    expect(() => lunarYearAnimal('2051-02-11')).toThrow(RangeError);
  });
});

describe('the draw of an issue of a game', () => {
  const seed = 'ab'.repeat(32);
  it('derives from <game>-<issue number> and, for LHC, the lunar year of the draw date in UTC+8', () => {
    expect(lotteryDrawId('ssc1m', '20261126-0001')).toBe('ssc1m-20261126-0001');
    expect(drawOfIssue({ code: 'ssc1m', family: 'ssc' }, seed, '20261126-0001', 0)).toEqual(
      drawIssue({ family: 'ssc' }, seed, 'ssc1m-20261126-0001'),
    );
    // 16:30 UTC on 16 February 2026 is already the 17th, the first day of the horse, in UTC+8.
    const at = Date.UTC(2026, 1, 16, 16, 30);
    expect(drawOfIssue({ code: 'lhc5m', family: 'lhc' }, seed, '20260217-0001', at)).toEqual(
      drawIssue({ family: 'lhc', year: 'horse' }, seed, 'lhc5m-20260217-0001'),
    );
    expect(drawOfIssue({ code: 'vnmb45s', family: 'vn', layout: 'mb' }, seed, '20261126-0001', at)).toEqual(
      drawIssue({ family: 'vn', layout: 'mb' }, seed, 'vnmb45s-20261126-0001'),
    );
  });
});

describe('docs/lottery-draws.md test vector', () => {
  it('reproduces the documented draws', () => {
    const at = (family: 'ssc' | 'pk10' | '11x5' | 'k3', issue: string) =>
      flat(drawIssue({ family }, SEED, issue));
    expect(at('ssc', 'ssc-20261126-0001')).toEqual([6, 4, 9, 0, 7]);
    expect(at('pk10', 'pk10-20261126-0001')).toEqual([7, 9, 10, 5, 2, 1, 8, 3, 4, 6]);
    expect(at('11x5', '11x5-20261126-0001')).toEqual([8, 9, 10, 6, 11]);
    expect(at('k3', 'k3-20261126-0001')).toEqual([5, 1, 4]);
    expect(drawIssue({ family: 'lhc', year: 'horse' }, SEED, 'lhc-20261126-0001')).toMatchObject({
      balls: [21, 34, 12, 10, 48, 45],
      special: 32,
    });
    const mb = drawIssue({ family: 'vn', layout: 'mb' }, SEED, 'vnmb-20261126-0001');
    expect(mb.family === 'vn' && [mb.tiers[0], mb.tiers[1], mb.tiers[2], mb.tiers[7]]).toEqual([
      ['26957'],
      ['16823'],
      ['80521', '98434'],
      ['70', '08', '41', '99'],
    ]);
  });
});
