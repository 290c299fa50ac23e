/**
 * The lottery families and the shape of their draws: which numbers a draw holds, in which
 * order, and the fixed facts the bets read from them (LHC colour waves and zodiac). Pure data
 * and checks; the draw itself is derived in draw.ts, the bets in bet-types.ts.
 */

export const LOTTERY_FAMILIES = ['vn', 'ssc', 'pk10', '11x5', 'k3', 'lhc', '4d'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

export const VN_LAYOUTS = ['mb', 'mn'] as const;
/** Miền Bắc (27 numbers) or Miền Trung/Nam (18 numbers). */
export type VnLayout = (typeof VN_LAYOUTS)[number];

/** A prize tier of a number draw: `count` numbers of `digits` digits each. */
export interface PrizeTier {
  readonly code: string;
  readonly count: number;
  readonly digits: number;
}

const tier = (code: string, count: number, digits: number): PrizeTier => ({ code, count, digits });

/** The VN prize tiers in draw-derivation order (ĐB first). */
export const VN_TIERS: Readonly<Record<VnLayout, readonly PrizeTier[]>> = {
  mb: [
    tier('DB', 1, 5),
    tier('G1', 1, 5),
    tier('G2', 2, 5),
    tier('G3', 6, 5),
    tier('G4', 4, 4),
    tier('G5', 6, 4),
    tier('G6', 3, 3),
    tier('G7', 4, 2),
  ],
  mn: [
    tier('DB', 1, 6),
    tier('G1', 1, 5),
    tier('G2', 1, 5),
    tier('G3', 2, 5),
    tier('G4', 7, 5),
    tier('G5', 1, 4),
    tier('G6', 3, 4),
    tier('G7', 1, 3),
    tier('G8', 1, 2),
  ],
};

/** The SEA 4D tiers: 23 distinct four-digit numbers. */
export const SEA4D_TIERS: readonly PrizeTier[] = [
  tier('first', 1, 4),
  tier('second', 1, 4),
  tier('third', 1, 4),
  tier('starter', 10, 4),
  tier('consolation', 10, 4),
];

/** Balls of the families drawn as numbers: how many, from which range, distinct or not. */
export const BALL_FAMILIES = {
  ssc: { count: 5, min: 0, max: 9, distinct: false },
  pk10: { count: 10, min: 1, max: 10, distinct: true },
  '11x5': { count: 5, min: 1, max: 11, distinct: true },
  k3: { count: 3, min: 1, max: 6, distinct: false },
  lhc: { count: 7, min: 1, max: 49, distinct: true },
} as const;
export type BallFamily = keyof typeof BALL_FAMILIES;

export const ZODIAC = [
  'rat',
  'ox',
  'tiger',
  'rabbit',
  'dragon',
  'snake',
  'horse',
  'goat',
  'monkey',
  'rooster',
  'dog',
  'pig',
] as const;
export type Zodiac = (typeof ZODIAC)[number];

/**
 * The result of one issue. Ball families list their balls in draw order (LHC: the six main
 * numbers, then `special`, and the lunar year's animal, which decides the zodiac of each
 * number); VN and 4D list their tiers' numbers as digit strings, tier by tier.
 */
export type LotteryDraw =
  | { readonly family: 'ssc' | 'pk10' | '11x5' | 'k3'; readonly balls: readonly number[] }
  | {
      readonly family: 'lhc';
      readonly balls: readonly number[];
      readonly special: number;
      readonly year: Zodiac;
    }
  | { readonly family: 'vn'; readonly layout: VnLayout; readonly tiers: readonly (readonly string[])[] }
  | { readonly family: '4d'; readonly tiers: readonly (readonly string[])[] };

/** The tiers a number draw of this family (and VN layout) holds. */
export function tiersOf(family: 'vn' | '4d', layout?: VnLayout): readonly PrizeTier[] {
  if (family === '4d') return SEA4D_TIERS;
  if (!layout) throw new RangeError('a VN game needs its layout (mb or mn)');
  return VN_TIERS[layout];
}

const DIGITS = /^[0-9]+$/;

/** Why `draw` is not a well-formed result of its family, or undefined when it is. */
export function drawProblem(draw: LotteryDraw): string | undefined {
  if (draw.family === 'vn' || draw.family === '4d') {
    if (draw.family === 'vn' && !VN_LAYOUTS.includes(draw.layout)) return `unknown VN layout ${draw.layout}`;
    const tiers = tiersOf(draw.family, draw.family === 'vn' ? draw.layout : undefined);
    if (draw.tiers.length !== tiers.length) return `a ${draw.family} draw has ${tiers.length} tiers`;
    for (const [i, t] of tiers.entries()) {
      const numbers = draw.tiers[i]!;
      if (numbers.length !== t.count) return `tier ${t.code} has ${t.count} numbers`;
      for (const n of numbers)
        if (n.length !== t.digits || !DIGITS.test(n)) return `tier ${t.code} numbers have ${t.digits} digits`;
    }
    if (draw.family === '4d' && new Set(draw.tiers.flat()).size !== 23)
      return 'the 23 4D numbers are distinct';
    return undefined;
  }
  const shape = BALL_FAMILIES[draw.family];
  const balls = draw.family === 'lhc' ? [...draw.balls, draw.special] : draw.balls;
  if (draw.family === 'lhc' && draw.balls.length !== 6) return 'an LHC draw has 6 main numbers and a special';
  if (draw.family === 'lhc' && !ZODIAC.includes(draw.year)) return `unknown zodiac ${draw.year}`;
  if (balls.length !== shape.count) return `a ${draw.family} draw has ${shape.count} balls`;
  for (const b of balls)
    if (!Number.isInteger(b) || b < shape.min || b > shape.max)
      return `${draw.family} balls are ${shape.min} to ${shape.max}`;
  if (shape.distinct && new Set(balls).size !== balls.length) return `${draw.family} balls are distinct`;
  return undefined;
}

export const LHC_WAVES = ['red', 'blue', 'green'] as const;
export type LhcWave = (typeof LHC_WAVES)[number];

const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];

/** The colour wave of an LHC number (red 17 numbers, blue 16, green 16). */
export function lhcWave(n: number): LhcWave {
  if (RED.includes(n)) return 'red';
  if (BLUE.includes(n)) return 'blue';
  return 'green';
}

/**
 * The zodiac of an LHC number in a lunar year: 1 is the year's own animal, 2 the one before it,
 * and so on backwards round the cycle (in a horse year 1, 13, 25, 37, 49 are horse, 2 is snake).
 */
export function lhcZodiac(n: number, year: Zodiac): Zodiac {
  const y = ZODIAC.indexOf(year);
  return ZODIAC[(((y - (n - 1)) % 12) + 12) % 12]!;
}

/** The numbers of 1–49 carrying `animal` in `year` (five for the year's own animal, else four). */
export function lhcZodiacNumbers(animal: Zodiac, year: Zodiac): number[] {
  const out: number[] = [];
  for (let n = 1; n <= 49; n++) if (lhcZodiac(n, year) === animal) out.push(n);
  return out;
}

// Lunar new year's day (China Standard Time), 2020 onwards: a year's animal starts on it.
const LUNAR_NEW_YEAR = [
  '2020-01-25',
  '2021-02-12',
  '2022-02-01',
  '2023-01-22',
  '2024-02-10',
  '2025-01-29',
  '2026-02-17',
  '2027-02-06',
  '2028-01-26',
  '2029-02-13',
  '2030-02-03',
  '2031-01-23',
  '2032-02-11',
  '2033-01-31',
  '2034-02-19',
  '2035-02-08',
  '2036-01-28',
  '2037-02-15',
  '2038-02-04',
  '2039-01-24',
  '2040-02-12',
  '2041-02-01',
  '2042-01-22',
  '2043-02-10',
  '2044-01-30',
  '2045-02-17',
  '2046-02-06',
  '2047-01-26',
  '2048-02-14',
  '2049-02-02',
  '2050-01-23',
  '2051-02-11',
];

/** The lunar year's animal on a calendar day (`YYYY-MM-DD`, the draw's date in GMT+8), 2020-01-25 to 2051-02-10. */
export function lunarYearAnimal(day: string): Zodiac {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError('day must be YYYY-MM-DD');
  let index = -1;
  for (const [i, start] of LUNAR_NEW_YEAR.entries()) if (day >= start) index = i;
  if (index < 0 || index === LUNAR_NEW_YEAR.length - 1)
    throw new RangeError(`no lunar calendar for ${day} (2020-01-25 to 2051-02-10)`);
  return ZODIAC[index % 12]!; // 2020 is a rat year
}
