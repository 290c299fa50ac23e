/**
 * Exact expected returns and largest multiples of the configured lottery bet types. A return is
 * E[payout] / stake over every outcome of the draw, as a fraction. The outcome weights are exact:
 * SSC, K3 and 11x5 are enumerated in full. PK10, LHC, VN and 4D are enumerated over the parts of
 * the draw that a bet type reads. Those parts follow from exchangeability: any k places of a
 * uniform permutation are uniform over distinct assignments, and the numbers of a VN draw are
 * independent. Payouts are taken before rounding down, which can only lower the real return.
 */
import { add, div, mul, type Ratio, ratio } from '../ratio.ts';
import { type BetType, betType, betTypesOf, choose, type LotterySelection } from './bet-types.ts';
import type { LotteryConfig, LotteryGame } from './config.ts';
import {
  type LotteryDraw,
  lhcZodiacNumbers,
  tiersOf,
  type VnLayout,
  ZODIAC,
  type Zodiac,
} from './layouts.ts';
import { type LotteryBet, quoteBet } from './settle.ts';

/** One draw and its exact probability. */
type Weighted = readonly [LotteryDraw, Ratio];

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

function* product(size: number, values: number): Generator<number[]> {
  const t = new Array<number>(size).fill(0);
  for (;;) {
    yield [...t];
    let i = size - 1;
    while (i >= 0 && t[i] === values - 1) t[i--] = 0;
    if (i < 0) return;
    t[i]!++;
  }
}

/** Every ordered assignment of distinct values of `pool` to `k` slots. */
function arrangements(pool: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return pool.flatMap((v) =>
    arrangements(
      pool.filter((x) => x !== v),
      k - 1,
    ).map((rest) => [v, ...rest]),
  );
}

const cache = new Map<string, Weighted[]>();
function memo(key: string, build: () => Weighted[]): Weighted[] {
  const cached = cache.get(key);
  if (cached) return cached;
  const built = build();
  cache.set(key, built);
  return built;
}

const sscSpace = () =>
  memo('ssc', () =>
    [...product(5, 10)].map((balls) => [{ family: 'ssc', balls }, ratio(1n, 100_000n)] as const),
  );
const k3Space = () =>
  memo('k3', () =>
    [...product(3, 6)].map((d) => [{ family: 'k3', balls: d.map((x) => x + 1) }, ratio(1n, 216n)] as const),
  );
const x115Space = () =>
  memo('11x5', () =>
    arrangements(range(1, 11), 5).map((balls) => [{ family: '11x5', balls }, ratio(1n, 55_440n)] as const),
  );

/** The PK10 places a bet type reads, by its code and selection. */
export function pk10Places(type: BetType, s: LotterySelection): number[] {
  if (type.code === 'pk10.position') return [s.at!];
  if (type.code === 'pk10.dragon-tiger') return [s.at!, 9 - s.at!];
  if (type.code === 'pk10.top3.straight') return [0, 1, 2];
  return [0, 1];
}

/**
 * PK10 outcomes over the places read: every distinct assignment to them, equally likely; the
 * other cars fill the remaining places in ascending (or, for the cross-check, descending) order.
 */
export function pk10Space(
  places: readonly number[],
  fill: 'ascending' | 'descending' = 'ascending',
): Weighted[] {
  const all = arrangements(range(1, 10), places.length);
  return all.map((values) => {
    const rest = range(1, 10).filter((n) => !values.includes(n));
    if (fill === 'descending') rest.reverse();
    const balls = range(0, 9).map((p) => {
      const i = places.indexOf(p);
      return i >= 0 ? values[i]! : rest.shift()!;
    });
    return [{ family: 'pk10', balls }, ratio(1n, BigInt(all.length))] as const;
  });
}

/** LHC outcomes for bets reading the special number only. */
const lhcSpecialSpace = (year: Zodiac): Weighted[] =>
  range(1, 49).map((special) => {
    const balls = range(1, 49)
      .filter((n) => n !== special)
      .slice(0, 6);
    return [{ family: 'lhc', balls, special, year }, ratio(1n, 49n)] as const;
  });

/**
 * LHC outcomes for bets reading only which of the `watched` numbers are the special or main:
 * every role assignment (special, main, neither) with at most one special and six mains, with
 * probability [1/49 or (49 − w)/49] × C(48 − (w − s), 6 − m) / C(48, 6).
 */
function lhcWatchedSpace(watched: readonly number[], year: Zodiac): Weighted[] {
  const w = watched.length;
  const out: Weighted[] = [];
  const others = range(1, 49).filter((n) => !watched.includes(n));
  for (const roles of product(w, 3)) {
    const specials = roles.filter((r) => r === 2).length;
    const mains = roles.filter((r) => r === 1).length;
    if (specials > 1 || mains > 6) continue;
    const pSpecial = specials ? ratio(1n, 49n) : ratio(BigInt(49 - w), 49n);
    const pMain = ratio(BigInt(choose(48 - (w - specials), 6 - mains)), BigInt(choose(48, 6)));
    const special = specials ? watched[roles.indexOf(2)]! : others[0]!;
    const fill = others.filter((n) => n !== special);
    const balls = [...watched.filter((_, i) => roles[i] === 1), ...fill.slice(0, 6 - mains)];
    out.push([{ family: 'lhc', balls, special, year }, mul(pSpecial, pMain)]);
  }
  return out;
}

/** LHC outcomes for bets reading the total of the seven numbers: each total, by its number of 7-subsets. */
function lhcTotalSpace(year: Zodiac): Weighted[] {
  return memo(`lhc-total-${year}`, () => {
    // ways[k][s]: k-subsets of 1..n with sum s, built number by number.
    const ways = Array.from({ length: 8 }, () => new Array<bigint>(350).fill(0n));
    ways[0]![0] = 1n;
    for (let n = 1; n <= 49; n++)
      for (let k = 7; k >= 1; k--) for (let s = 349; s >= n; s--) ways[k]![s]! += ways[k - 1]![s - n]!;
    const total = BigInt(choose(49, 7));
    const out: Weighted[] = [];
    for (let s = 28; s <= 322; s++) {
      // A 7-subset with sum s: start from 1..7 and raise the top numbers as far as needed.
      const seven = range(1, 7);
      let left = s - 28;
      for (let i = 6; i >= 0 && left > 0; i--) {
        const room = 49 - (6 - i) - seven[i]!;
        const step = Math.min(room, left);
        seven[i]! += step;
        left -= step;
      }
      out.push([
        { family: 'lhc', balls: seven.slice(0, 6), special: seven[6]!, year },
        ratio(ways[7]![s]!, total),
      ]);
    }
    return out;
  });
}

function lhcSpace(type: BetType, s: LotterySelection, year: Zodiac): Weighted[] {
  switch (type.code) {
    case 'lhc.total.bs':
      return lhcTotalSpace(year);
    case 'lhc.main':
      return lhcWatchedSpace([Number(s.option)], year);
    case 'lhc.zodiac':
      return lhcWatchedSpace(lhcZodiacNumbers(s.option as Zodiac, year), year);
    case 'lhc.three-in-two':
    case 'lhc.two-all':
    case 'lhc.special-string':
      return lhcWatchedSpace(s.numbers!, year);
    default:
      return lhcSpecialSpace(year);
  }
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/**
 * VN outcomes for bets counting the endings of `digits` digits of the `watched` numbers among
 * every number of the draw long enough: each vector of counts, with its multinomial probability
 * (each number's ending is independent and uniform). The counted numbers are placed in order.
 */
function vnEndingsSpace(layout: VnLayout, watched: readonly number[], digits: number): Weighted[] {
  const tiers = tiersOf('vn', layout);
  const slots = tiers.reduce((a, t) => a + (t.digits >= digits ? t.count : 0), 0);
  const size = 10n ** BigInt(digits);
  const filler = range(0, 10 ** digits - 1).find((n) => !watched.includes(n))!;
  const out: Weighted[] = [];
  const factorial = (n: number) => range(1, n).reduce((a, b) => a * BigInt(b), 1n);
  const counts = new Array<number>(watched.length).fill(0);
  const visit = (i: number, used: number) => {
    if (i === watched.length) {
      const rest = slots - used;
      let ways = factorial(slots) / factorial(rest);
      for (const c of counts) ways /= factorial(c);
      const p = ratio(ways * BigInt(size - BigInt(watched.length)) ** BigInt(rest), size ** BigInt(slots));
      const endings = counts.flatMap((c, j) => new Array<number>(c).fill(watched[j]!));
      const numbers = tiers.map((t) =>
        Array.from({ length: t.count }, () =>
          pad(t.digits >= digits ? (endings.shift() ?? filler) : 0, t.digits).slice(-t.digits),
        ),
      );
      out.push([{ family: 'vn', layout, tiers: numbers }, p]);
      return;
    }
    for (let c = 0; c <= slots - used; c++) {
      counts[i] = c;
      visit(i + 1, used + c);
    }
  };
  visit(0, 0);
  return out;
}

/** VN outcomes for bets reading the first or last `digits` digits of the special prize: each value, equally likely. */
function vnSpecialSpace(layout: VnLayout, digits: number, head: boolean): Weighted[] {
  const tiers = tiersOf('vn', layout);
  const special = tiers[0]!.digits;
  return range(0, 10 ** digits - 1).map((v) => {
    const db = head ? pad(v, digits).padEnd(special, '0') : pad(v, special);
    const numbers = tiers.map((t, i) => (i === 0 ? [db] : new Array<string>(t.count).fill(pad(0, t.digits))));
    return [{ family: 'vn', layout, tiers: numbers }, ratio(1n, 10n ** BigInt(digits))] as const;
  });
}

function vnSpace(type: BetType, s: LotterySelection, layout: VnLayout): Weighted[] {
  switch (type.code) {
    case 'vn.de':
      return vnSpecialSpace(layout, 2, false);
    case 'vn.de-dau':
      return vnSpecialSpace(layout, 2, true);
    case 'vn.3cang':
      return vnSpecialSpace(layout, 3, false);
    case 'vn.lo3':
      return vnEndingsSpace(layout, s.numbers!, 3);
    default:
      return vnEndingsSpace(layout, s.numbers!, 2);
  }
}

/** 4D outcomes for a bet on `number`: at each of the 23 places with chance 1/10 000, or drawn nowhere. */
function sea4dSpace(number: number): Weighted[] {
  const others = range(0, 9999).filter((n) => n !== number);
  const draw = (at: number): LotteryDraw => {
    const flat = others.slice(0, 23).map((n) => pad(n, 4));
    if (at >= 0) flat[at] = pad(number, 4);
    const tiers = [
      flat.slice(0, 1),
      flat.slice(1, 2),
      flat.slice(2, 3),
      flat.slice(3, 13),
      flat.slice(13, 23),
    ];
    return { family: '4d', tiers };
  };
  return [
    ...range(0, 22).map((at) => [draw(at), ratio(1n, 10_000n)] as const),
    [draw(-1), ratio(10_000n - 23n, 10_000n)] as const,
  ];
}

/** The exact outcome space a bet type's sample is evaluated on. */
export function outcomeSpace(
  type: BetType,
  s: LotterySelection,
  layout?: VnLayout,
  year?: Zodiac,
): Weighted[] {
  switch (type.family) {
    case 'ssc':
      return sscSpace();
    case 'k3':
      return k3Space();
    case '11x5':
      return x115Space();
    case 'pk10':
      return pk10Space(pk10Places(type, s));
    case 'lhc':
      return lhcSpace(type, s, year ?? 'rat');
    case 'vn':
      return vnSpace(type, s, layout ?? 'mb');
    case '4d':
      return sea4dSpace(s.numbers![0]!);
  }
}

/** The expected winning bets per price key and the chance of a push, of one sample on its space. */
export function expectedWins(
  config: LotteryConfig,
  type: BetType,
  s: LotterySelection,
  space: readonly Weighted[],
): { wins: Map<string, Ratio>; push: Ratio } {
  // Most spaces weigh their outcomes alike: count in integers and weigh once at the end.
  const [, first] = space[0]!;
  if (space.every(([, p]) => p.num === first.num && p.den === first.den)) {
    const counts = new Map<string, bigint>();
    let pushes = 0n;
    for (const [draw] of space) {
      const e = type.evaluate(s, draw, config.pushRules);
      if (e.push) pushes++;
      for (const key in e.wins) counts.set(key, (counts.get(key) ?? 0n) + BigInt(e.wins[key]!));
    }
    const wins = new Map([...counts].map(([key, n]) => [key, mul(first, ratio(n))] as const));
    return { wins, push: mul(first, ratio(pushes)) };
  }
  const wins = new Map<string, Ratio>();
  let push = ratio(0n);
  for (const [draw, p] of space) {
    const e = type.evaluate(s, draw, config.pushRules);
    if (e.push) push = add(push, p);
    for (const [key, count] of Object.entries(e.wins))
      wins.set(key, add(wins.get(key) ?? ratio(0n), mul(p, ratio(BigInt(count)))));
  }
  return { wins, push };
}

/** The reference bet the proofs price: unit 1, multiplier 1, 100 per bet, 1 point; prize group `group`. */
function referenceBet(
  config: LotteryConfig,
  game: LotteryGame,
  type: BetType,
  s: LotterySelection,
  board: string,
  group: number,
): LotteryBet {
  return {
    game: game.code,
    type: type.code,
    selection: s,
    prizeGroup: group,
    memberGroup: config.prizeGroups.max,
    amountMinor: 10n ** BigInt(config.currencyDecimals) * 100n,
    board,
    points: 1,
  };
}

export interface BetTypeReturn {
  readonly game: string;
  readonly type: string;
  readonly board: string;
  readonly year?: Zodiac;
  readonly selection: LotterySelection;
  /** E[payout] / stake. */
  readonly payoutReturn: Ratio;
  /** The most rebate a member can stack on it: prize-group rebate plus the stacked rebate cap. */
  readonly rebate: Ratio;
  /** payoutReturn + rebate: must stay below 1. */
  readonly total: Ratio;
}

/**
 * The expected return of every sample of every bet type of every configured game, on every
 * board, for LHC in every lunar year, with the largest rebate a member could stack on it: a
 * prize-group bet placed at the lowest group by a member at the highest earns
 * (max − min) / 2000; every bet also carries the stacked rebate cap.
 */
export function lotteryReturns(
  config: LotteryConfig,
  only: (typeCode: string) => boolean = () => true,
): BetTypeReturn[] {
  const out: BetTypeReturn[] = [];
  const seen = new Set<string>();
  for (const game of config.games)
    for (const type of betTypesOf(game.family, game.layout)) {
      const variant = `${type.code}/${game.layout ?? ''}`;
      if (seen.has(variant) || !only(type.code)) continue; // games of one family and layout share their prices
      seen.add(variant);
      const years: (Zodiac | undefined)[] = game.family === 'lhc' ? [...ZODIAC] : [undefined];
      const boards =
        type.pricing === 'odds' ? config.oddsBoards.map((b) => b.code) : [config.oddsBoards[0]!.code];
      const { min, max } = config.prizeGroups;
      const groupRebate = type.pricing === 'prizeGroup' ? ratio(BigInt(max - min), 2000n) : ratio(0n);
      const rebate = add(groupRebate, config.stackedRebateCap);
      for (const year of years)
        for (const s of type.samples()) {
          const { wins, push } = expectedWins(config, type, s, outcomeSpace(type, s, game.layout, year));
          for (const board of boards) {
            const quote = quoteBet(config, referenceBet(config, game, type, s, board, min));
            let payout = push;
            for (const [key, w] of wins) {
              const price = quote.prices.get(key) ?? quote.prices.get('*')!;
              payout = add(payout, div(mul(w, price), ratio(quote.stakeMinor)));
            }
            out.push({
              game: game.code,
              type: type.code,
              board,
              ...(year ? { year } : {}),
              selection: s,
              payoutReturn: payout,
              rebate,
              total: add(payout, rebate),
            });
          }
        }
    }
  return out;
}

/**
 * The largest multiple of its stake one bet of each configured type can pay, over its price
 * keys, boards and layouts, at the highest prize group: the figure the vendor risk limits take.
 */
export function lotteryMaxMultiples(config: LotteryConfig): Map<string, Ratio> {
  const out = new Map<string, Ratio>();
  for (const game of config.games)
    for (const type of betTypesOf(game.family, game.layout))
      for (const board of config.oddsBoards)
        for (const s of type.samples()) {
          const quote = quoteBet(
            config,
            referenceBet(config, game, type, s, board.code, config.prizeGroups.max),
          );
          for (const price of quote.prices.values()) {
            const multiple = div(
              mul(price, ratio(BigInt(type.maxHits(game.layout)))),
              ratio(quote.stakeMinor),
            );
            const best = out.get(type.code);
            if (!best || multiple.num * best.den > best.num * multiple.den) out.set(type.code, multiple);
          }
        }
  return out;
}

export interface BetTypeSummary {
  readonly code: string;
  readonly pricing: string;
  readonly rule: string;
  /** The highest expected return of the type, rebates included, over its samples, boards and years. */
  readonly highestReturn: Ratio;
  readonly largestMultiple: Ratio;
}

/** One line per configured bet type: its pricing, rule, highest return and largest multiple. */
export function betTypeSummaries(
  config: LotteryConfig,
  returns: readonly BetTypeReturn[] = lotteryReturns(config),
): BetTypeSummary[] {
  const multiples = lotteryMaxMultiples(config);
  const out: BetTypeSummary[] = [];
  for (const [code, largestMultiple] of multiples) {
    const type = betType(code)!;
    let highestReturn = ratio(0n);
    for (const r of returns)
      if (r.type === code && r.total.num * highestReturn.den > highestReturn.num * r.total.den)
        highestReturn = r.total;
    out.push({ code, pricing: type.pricing, rule: type.rule, highestReturn, largestMultiple });
  }
  return out;
}
