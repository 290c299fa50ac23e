import type { LotteryDraw } from '@aurum/games';

/** How many of the newest draws the trend counts (selectable). */
export const TREND_WINDOWS = [30, 50, 100] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];

/**
 * A position of a family's number grid the trend counts: its kind (for its name) and index, and
 * the numbers it can show. `read` gives what a draw shows there (several for LHC's main numbers).
 */
export interface TrendPosition {
  key: string;
  kind: 'position' | 'die' | 'main' | 'special' | 'top';
  index: number;
  numbers: readonly number[];
  read: (draw: LotteryDraw) => readonly number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const DIGITS = range(0, 9);

function balls(count: number, kind: 'position' | 'die', numbers: readonly number[]): TrendPosition[] {
  return range(1, count).map((n) => ({
    key: `${kind}-${n}`,
    kind,
    index: n,
    numbers,
    read: (d) => ('balls' in d && d.balls[n - 1] !== undefined ? [d.balls[n - 1]!] : []),
  }));
}

/** The digits of the top prize (VN ĐB, 4D 1st), one position a digit. */
function topDigits(count: number): TrendPosition[] {
  return range(1, count).map((n) => ({
    key: `top-${n}`,
    kind: 'top',
    index: n,
    numbers: DIGITS,
    read: (d) => {
      const top = 'tiers' in d ? d.tiers[0]?.[0] : undefined;
      const digit = top?.[n - 1];
      return digit === undefined ? [] : [Number(digit)];
    },
  }));
}

/** The positions a family's trend counts (its number grid); none for a family it does not know. */
export function trendPositions(family: string, layout: string | null): TrendPosition[] {
  switch (family) {
    case 'ssc':
      return balls(5, 'position', DIGITS);
    case 'pk10':
      return balls(10, 'position', range(1, 10));
    case '11x5':
      return balls(5, 'position', range(1, 11));
    case 'k3':
      return balls(3, 'die', range(1, 6));
    case 'lhc':
      return [
        {
          key: 'main',
          kind: 'main',
          index: 0,
          numbers: range(1, 49),
          read: (d) => ('balls' in d ? d.balls : []),
        },
        {
          key: 'special',
          kind: 'special',
          index: 0,
          numbers: range(1, 49),
          read: (d) => (d.family === 'lhc' ? [d.special] : []),
        },
      ];
    case 'vn':
      return topDigits(layout === 'mb' ? 5 : 6);
    case '4d':
      return topDigits(4);
    default:
      return [];
  }
}

export type Heat = 'hot' | 'cold' | null;

/** Fewer draws than this say nothing about hot or cold: nothing is marked. */
export const TREND_HEAT_MIN_DRAWS = 10;

export interface TrendCell {
  number: number;
  /** Times drawn at the position over the window. */
  hits: number;
  /** Draws since it last came (0: in the newest draw); null: not once in the window. */
  missing: number | null;
  heat: Heat;
}

/**
 * One position's trend over `draws` (newest first): each number's frequency and current missing
 * count. Hot: drawn at least 1.5 times as often as chance would give it; cold: at most half as
 * often (chance: the picks a draw makes there over the numbers it can show, times the draws);
 * neither before TREND_HEAT_MIN_DRAWS draws.
 */
export function trendOf(draws: readonly LotteryDraw[], position: TrendPosition): TrendCell[] {
  const hits = new Map<number, number>();
  const lastSeen = new Map<number, number>();
  let picks = 0;
  draws.forEach((draw, age) => {
    const seen = position.read(draw);
    picks += seen.length;
    for (const n of seen) {
      hits.set(n, (hits.get(n) ?? 0) + 1);
      if (!lastSeen.has(n)) lastSeen.set(n, age);
    }
  });
  const expected = picks / position.numbers.length;
  return position.numbers.map((number) => {
    const count = hits.get(number) ?? 0;
    const heat: Heat =
      draws.length < TREND_HEAT_MIN_DRAWS
        ? null
        : count >= expected * 1.5 && count > 0
          ? 'hot'
          : count <= expected * 0.5
            ? 'cold'
            : null;
    return { number, hits: count, missing: lastSeen.get(number) ?? null, heat };
  });
}

/** A number as the grid writes it: two digits from 1–49 and 11x5 (01…), one digit for digits and dice. */
export const trendNumberText = (position: TrendPosition, n: number): string =>
  position.numbers.length > 10 || position.numbers.at(-1) === 10 ? String(n).padStart(2, '0') : String(n);
