/**
 * The lottery bet types: for each, the selection it takes, how many bets a selection makes, its
 * exact win condition on a draw, and how it is priced. Prices themselves are merchant
 * configuration (config.ts); settle.ts combines the two.
 *
 * A selection names positions 0-based (`at`: 0 is SSC's first digit, PK10's champion).
 * Numbers are integers: VN "05" is 5, 4D "0204" is 204.
 */
import { type Ratio, ratio } from '../ratio.ts';
import {
  type LotteryDraw,
  type LotteryFamily,
  lhcWave,
  lhcZodiac,
  tiersOf,
  type VnLayout,
  ZODIAC,
  type Zodiac,
} from './layouts.ts';

/**
 * How a bet type is priced. prizeGroup: the prize follows from the chance of a bet and the
 * member's prize group; fixed: a table of prizes per bet; odds: an odds board, per amount
 * staked; points: VN điểm, a point price and a pay per point and hit.
 */
export type Pricing = 'prizeGroup' | 'fixed' | 'odds' | 'points';

/**
 * What the stake is. units: bets × base price × unit × multiplier; amount: bets × the amount
 * entered per bet; points: bets × points × the point price.
 */
export type StakeKind = 'units' | 'amount' | 'points';

export interface LotterySelection {
  /** A position, 0-based, for types that bet on one (SSC digit, PK10 place, 11x5 ball). */
  readonly at?: number;
  /** A named outcome: 'big', 'dragon', '12', 'red', 'horse', … */
  readonly option?: string;
  /** A set of numbers: group bets, any-N, linked numbers, lô, xiên, … */
  readonly numbers?: readonly number[];
  /** The numbers chosen per position of a straight bet (one list per position). */
  readonly positions?: readonly (readonly number[])[];
}

export type PushRule = 'lose' | 'push';

/** What a bet does on the boundary outcomes; merchant configuration, shown in each game's rules. */
export interface PushRules {
  /** SSC dragon or tiger when the first and fifth digits are equal. */
  readonly sscDragonTigerTie: PushRule;
  /** PK10 champion + runner-up sum big/small/odd/even when the sum is 11. */
  readonly pk10Sum11: PushRule;
  /** 11x5 ball big/small when the ball is 11. */
  readonly x115Ball11: PushRule;
  /** 11x5 sum big/small when the sum is 30. */
  readonly x115Total30: PushRule;
  /** LHC special big/small/odd/even when the special is 49. */
  readonly lhc49: PushRule;
  /** K3 big/small/odd/even when the three dice are equal. */
  readonly k3Triple: PushRule;
}

/** A bet's result on one draw: pushed (stake back), or its winning bets (hits) per price key. */
export interface Evaluation {
  readonly push: boolean;
  readonly wins: Readonly<Record<string, number>>;
}

export interface BetType {
  readonly code: string;
  readonly family: LotteryFamily;
  /** VN types offered on these layouts only. */
  readonly layouts?: readonly VnLayout[];
  readonly pricing: Pricing;
  readonly stake: StakeKind;
  /** The exact win condition, as the game's rules state it. */
  readonly rule: string;
  /** The price keys the configuration must price (`*` prices every option alike). */
  readonly keys: readonly string[];
  /** prizeGroup types: the chance one bet wins. */
  readonly chance?: Ratio;
  /** Why `selection` is not a valid selection of this type, or undefined. */
  problem(selection: LotterySelection): string | undefined;
  /** The number of bets the (valid) selection makes. */
  count(selection: LotterySelection): number;
  evaluate(selection: LotterySelection, draw: LotteryDraw, rules: PushRules): Evaluation;
  /** The most hits one bet can collect on one draw at any price key (lô: the layout's numbers). */
  maxHits(layout?: VnLayout): number;
  /** One-bet selections that between them meet every price key and position: the return proofs' cases. */
  samples(): LotterySelection[];
}

// ---------------------------------------------------------------- helpers

const LOST: Evaluation = { push: false, wins: {} };
const PUSH: Evaluation = { push: true, wins: {} };
const won = (key: string, hits = 1): Evaluation => (hits > 0 ? { push: false, wins: { [key]: hits } } : LOST);
const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** n choose k. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Every k-subset of `items`, in order. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i <= items.length - k; i++)
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([items[i]!, ...rest]);
  return out;
}

function numbersProblem(
  numbers: readonly number[] | undefined,
  min: number,
  max: number,
  least: number,
  most = max - min + 1,
): string | undefined {
  if (!numbers) return 'choose numbers';
  for (const n of numbers)
    if (!Number.isInteger(n) || n < min || n > max) return `numbers are ${min} to ${max}; ${n} is outside`;
  if (new Set(numbers).size !== numbers.length) return 'a number is chosen twice';
  if (numbers.length < least) return `choose at least ${least} numbers`;
  if (numbers.length > most) return `choose at most ${most} numbers`;
  return undefined;
}

function atProblem(at: number | undefined, places: number): string | undefined {
  if (at === undefined || !Number.isInteger(at) || at < 0 || at >= places)
    return `choose a position 1 to ${places}`;
  return undefined;
}

function optionProblem(option: string | undefined, options: readonly string[]): string | undefined {
  if (option === undefined || !options.includes(option)) return `choose one of ${options.join(', ')}`;
  return undefined;
}

function positionsProblem(
  positions: readonly (readonly number[])[] | undefined,
  places: number,
  min: number,
  max: number,
): string | undefined {
  if (!positions || positions.length !== places) return `choose numbers for each of ${places} positions`;
  for (const list of positions) {
    const p = numbersProblem(list, min, max, 1);
    if (p) return p;
  }
  return undefined;
}

/** Tuples of the positions' lists with distinct entries (PK10 and 11x5 straight bets). */
function distinctTuples(positions: readonly (readonly number[])[]): number {
  let tuples: number[][] = [[]];
  for (const list of positions)
    tuples = tuples.flatMap((t) => list.filter((n) => !t.includes(n)).map((n) => [...t, n]));
  return tuples.length;
}

const product = (positions: readonly (readonly number[])[]) => positions.reduce((p, l) => p * l.length, 1);

const balls = (draw: LotteryDraw, family: LotteryFamily): readonly number[] => {
  if (draw.family !== family || !('balls' in draw))
    throw new RangeError(`a ${family} bet needs a ${family} draw`);
  return draw.balls;
};

const BSOE = ['big', 'small', 'odd', 'even'] as const;
const bsoe = (option: string, big: boolean, odd: boolean) =>
  option === 'big' ? big : option === 'small' ? !big : option === 'odd' ? odd : !odd;

// Shared fields of a one-option odds bet.
const oneBet = { count: () => 1, maxHits: () => 1 } as const;

// ---------------------------------------------------------------- SSC

const SSC_SPANS = {
  front2: [0, 1],
  back2: [3, 4],
  front3: [0, 1, 2],
  middle3: [1, 2, 3],
  back3: [2, 3, 4],
  five: [0, 1, 2, 3, 4],
} as const;
type SscSpan = keyof typeof SSC_SPANS;
const SPAN_NAMES: Record<SscSpan, string> = {
  front2: 'first two digits',
  back2: 'last two digits',
  front3: 'first three digits',
  middle3: 'middle three digits (2nd–4th)',
  back3: 'last three digits',
  five: 'five digits',
};

function sscStraight(span: SscSpan): BetType {
  const places = SSC_SPANS[span];
  return {
    code: `ssc.${span}.straight`,
    family: 'ssc',
    pricing: 'prizeGroup',
    stake: 'units',
    rule: `Choose digits for each of the ${SPAN_NAMES[span]}; a bet wins when every digit matches in place.`,
    keys: ['win'],
    chance: ratio(1n, 10n ** BigInt(places.length)),
    problem: (s) => positionsProblem(s.positions, places.length, 0, 9),
    count: (s) => product(s.positions!),
    evaluate: (s, draw) => {
      const b = balls(draw, 'ssc');
      return won('win', places.every((p, i) => s.positions![i]!.includes(b[p]!)) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ positions: places.map((_, i) => [i]) }],
  };
}

/** The three digits of a span as a shape: how many distinct digits, sorted. */
const three = (b: readonly number[], span: SscSpan) => SSC_SPANS[span].map((p) => b[p]!);

function sscGroup(span: 'front3' | 'middle3' | 'back3', kind: 'group3' | 'group6'): BetType {
  const g3 = kind === 'group3';
  return {
    code: `ssc.${span}.${kind}`,
    family: 'ssc',
    pricing: 'prizeGroup',
    stake: 'units',
    rule: g3
      ? `Choose two or more digits; each pair of them makes two bets (AAB and ABB). A bet wins when the ${SPAN_NAMES[span]} are its three digits in any order. A triple never wins.`
      : `Choose three or more digits; each three of them make one bet. A bet wins when the ${SPAN_NAMES[span]} are its three different digits in any order.`,
    keys: ['win'],
    chance: ratio(g3 ? 3n : 6n, 1000n),
    problem: (s) => numbersProblem(s.numbers, 0, 9, g3 ? 2 : 3),
    count: (s) => (g3 ? s.numbers!.length * (s.numbers!.length - 1) : choose(s.numbers!.length, 3)),
    evaluate: (s, draw) => {
      const d = three(balls(draw, 'ssc'), span);
      const distinct = new Set(d);
      const inside = [...distinct].every((x) => s.numbers!.includes(x));
      return won('win', inside && distinct.size === (g3 ? 2 : 3) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ numbers: g3 ? [5, 8] : [1, 2, 3] }],
  };
}

const sscTypes: BetType[] = [
  {
    code: 'ssc.position',
    family: 'ssc',
    pricing: 'prizeGroup',
    stake: 'units',
    rule: 'Choose a position and one or more digits, one bet each; a bet wins when the digit in that position is its digit.',
    keys: ['win'],
    chance: ratio(1n, 10n),
    problem: (s) => atProblem(s.at, 5) ?? numbersProblem(s.numbers, 0, 9, 1),
    count: (s) => s.numbers!.length,
    evaluate: (s, draw) => won('win', s.numbers!.includes(balls(draw, 'ssc')[s.at!]!) ? 1 : 0),
    maxHits: () => 1,
    samples: () => range(0, 4).map((at) => ({ at, numbers: [at] })),
  },
  ...(['front2', 'back2', 'front3', 'middle3', 'back3', 'five'] as const).map(sscStraight),
  ...(['front3', 'middle3', 'back3'] as const).flatMap((span) => [
    sscGroup(span, 'group3'),
    sscGroup(span, 'group6'),
  ]),
  {
    code: 'ssc.position.bsoe',
    family: 'ssc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The digit in the chosen position: big 5–9, small 0–4, odd, even.',
    keys: [...BSOE],
    problem: (s) => atProblem(s.at, 5) ?? optionProblem(s.option, BSOE),
    ...oneBet,
    evaluate: (s, draw) => {
      const d = balls(draw, 'ssc')[s.at!]!;
      return won(s.option!, bsoe(s.option!, d >= 5, d % 2 === 1) ? 1 : 0);
    },
    samples: () => range(0, 4).flatMap((at) => BSOE.map((option) => ({ at, option }))),
  },
  {
    code: 'ssc.sum.bsoe',
    family: 'ssc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The sum of the five digits (0–45): big 23–45, small 0–22, odd, even.',
    keys: [...BSOE],
    problem: (s) => optionProblem(s.option, BSOE),
    ...oneBet,
    evaluate: (s, draw) => {
      const sum = balls(draw, 'ssc').reduce((a, b) => a + b, 0);
      return won(s.option!, bsoe(s.option!, sum >= 23, sum % 2 === 1) ? 1 : 0);
    },
    samples: () => BSOE.map((option) => ({ option })),
  },
  {
    code: 'ssc.dragon-tiger',
    family: 'ssc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'First digit against fifth: dragon when the first is higher, tiger when lower, tie when equal. On a tie, dragon and tiger bets follow the merchant rule (lose by default).',
    keys: ['dragon', 'tiger', 'tie'],
    problem: (s) => optionProblem(s.option, ['dragon', 'tiger', 'tie']),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const b = balls(draw, 'ssc');
      const side = b[0]! > b[4]! ? 'dragon' : b[0]! < b[4]! ? 'tiger' : 'tie';
      if (side === 'tie' && s.option !== 'tie' && rules.sscDragonTigerTie === 'push') return PUSH;
      return won(s.option!, side === s.option ? 1 : 0);
    },
    samples: () => ['dragon', 'tiger', 'tie'].map((option) => ({ option })),
  },
  {
    code: 'ssc.shape',
    family: 'ssc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The shape of the front (1st–3rd), middle (2nd–4th) or back (3rd–5th) three digits: triple (all equal), straight (three consecutive digits in any order, 8-9-0 and 9-0-1 included), pair (exactly two equal).',
    keys: ['triple', 'straight', 'pair'],
    problem: (s) => atProblem(s.at, 3) ?? optionProblem(s.option, ['triple', 'straight', 'pair']),
    ...oneBet,
    evaluate: (s, draw) => {
      const span = (['front3', 'middle3', 'back3'] as const)[s.at!]!;
      const d = three(balls(draw, 'ssc'), span);
      const distinct = new Set(d).size;
      const straight = distinct === 3 && d.some((x) => d.includes((x + 1) % 10) && d.includes((x + 2) % 10));
      const shape = distinct === 1 ? 'triple' : distinct === 2 ? 'pair' : straight ? 'straight' : '';
      return won(s.option!, shape === s.option ? 1 : 0);
    },
    samples: () =>
      range(0, 2).flatMap((at) => ['triple', 'straight', 'pair'].map((option) => ({ at, option }))),
  },
];

// ---------------------------------------------------------------- PK10

function pk10Straight(places: 2 | 3): BetType {
  return {
    code: `pk10.top${places}.straight`,
    family: 'pk10',
    pricing: 'prizeGroup',
    stake: 'units',
    rule: `Choose cars for each of the first ${places} places; each combination of different cars is a bet, winning when the first ${places} places are exactly those cars in order.`,
    keys: ['win'],
    chance: ratio(1n, places === 2 ? 90n : 720n),
    problem: (s) => {
      const p = positionsProblem(s.positions, places, 1, 10);
      return p ?? (distinctTuples(s.positions!) === 0 ? 'choose different cars for the places' : undefined);
    },
    count: (s) => distinctTuples(s.positions!),
    evaluate: (s, draw) => {
      const b = balls(draw, 'pk10');
      return won('win', s.positions!.every((list, i) => list.includes(b[i]!)) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ positions: range(1, places).map((n) => [n]) }],
  };
}

const PK10_SUMS = range(3, 19).map(String);

const pk10Types: BetType[] = [
  {
    code: 'pk10.position',
    family: 'pk10',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Choose a place and a car 1–10; wins when that car finishes in that place.',
    keys: ['*'],
    problem: (s) => atProblem(s.at, 10) ?? optionProblem(s.option, range(1, 10).map(String)),
    ...oneBet,
    evaluate: (s, draw) => won('*', balls(draw, 'pk10')[s.at!] === Number(s.option) ? 1 : 0),
    samples: () => range(0, 9).map((at) => ({ at, option: '1' })),
  },
  {
    code: 'pk10.sum',
    family: 'pk10',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Champion + runner-up (3–19): wins when the sum is the chosen one.',
    keys: PK10_SUMS,
    problem: (s) => optionProblem(s.option, PK10_SUMS),
    ...oneBet,
    evaluate: (s, draw) => {
      const b = balls(draw, 'pk10');
      return won(s.option!, b[0]! + b[1]! === Number(s.option) ? 1 : 0);
    },
    samples: () => PK10_SUMS.map((option) => ({ option })),
  },
  {
    code: 'pk10.sum.bsoe',
    family: 'pk10',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Champion + runner-up: big 12–19, small 3–10, odd, even. A sum of 11 follows the merchant rule (pushed by default).',
    keys: [...BSOE],
    problem: (s) => optionProblem(s.option, BSOE),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const b = balls(draw, 'pk10');
      const sum = b[0]! + b[1]!;
      if (sum === 11) return rules.pk10Sum11 === 'push' ? PUSH : LOST;
      return won(s.option!, bsoe(s.option!, sum >= 12, sum % 2 === 1) ? 1 : 0);
    },
    samples: () => BSOE.map((option) => ({ option })),
  },
  {
    code: 'pk10.dragon-tiger',
    family: 'pk10',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Place n (1st–5th) against place 11 − n: dragon when the car in place n is the higher number, tiger when lower.',
    keys: ['dragon', 'tiger'],
    problem: (s) => atProblem(s.at, 5) ?? optionProblem(s.option, ['dragon', 'tiger']),
    ...oneBet,
    evaluate: (s, draw) => {
      const b = balls(draw, 'pk10');
      const side = b[s.at!]! > b[9 - s.at!]! ? 'dragon' : 'tiger';
      return won(s.option!, side === s.option ? 1 : 0);
    },
    samples: () => range(0, 4).flatMap((at) => ['dragon', 'tiger'].map((option) => ({ at, option }))),
  },
  pk10Straight(2),
  pk10Straight(3),
];

// ---------------------------------------------------------------- 11x5

function x115Any(n: number): BetType {
  return {
    code: `11x5.any${n}`,
    family: '11x5',
    pricing: 'fixed',
    stake: 'units',
    rule:
      n <= 5
        ? `Choose ${n} or more numbers; each ${n} of them make a bet, winning when all ${n} are among the five drawn.`
        : `Choose ${n} or more numbers; each ${n} of them make a bet, winning when the five drawn are all among its ${n}.`,
    keys: ['win'],
    problem: (s) => numbersProblem(s.numbers, 1, 11, n),
    count: (s) => choose(s.numbers!.length, n),
    evaluate: (s, draw) => {
      const hits = s.numbers!.filter((x) => balls(draw, '11x5').includes(x)).length;
      return won('win', n <= 5 ? choose(hits, n) : hits === 5 ? choose(s.numbers!.length - 5, n - 5) : 0);
    },
    maxHits: () => 1,
    samples: () => [{ numbers: range(1, n) }],
  };
}

const X115_NUMBERS = range(1, 11).map(String);

const x115Types: BetType[] = [
  ...range(1, 8).map(x115Any),
  {
    code: '11x5.front3.straight',
    family: '11x5',
    pricing: 'fixed',
    stake: 'units',
    rule: 'Choose numbers for each of the first three balls; each combination of different numbers is a bet, winning when the first three balls are those numbers in order.',
    keys: ['win'],
    problem: (s) => {
      const p = positionsProblem(s.positions, 3, 1, 11);
      return p ?? (distinctTuples(s.positions!) === 0 ? 'choose different numbers for the balls' : undefined);
    },
    count: (s) => distinctTuples(s.positions!),
    evaluate: (s, draw) => {
      const b = balls(draw, '11x5');
      return won('win', s.positions!.every((list, i) => list.includes(b[i]!)) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ positions: [[1], [2], [3]] }],
  },
  {
    code: '11x5.front3.group',
    family: '11x5',
    pricing: 'fixed',
    stake: 'units',
    rule: 'Choose three or more numbers; each three of them make a bet, winning when the first three balls are those numbers in any order.',
    keys: ['win'],
    problem: (s) => numbersProblem(s.numbers, 1, 11, 3),
    count: (s) => choose(s.numbers!.length, 3),
    evaluate: (s, draw) =>
      won(
        'win',
        balls(draw, '11x5')
          .slice(0, 3)
          .every((b) => s.numbers!.includes(b))
          ? 1
          : 0,
      ),
    maxHits: () => 1,
    samples: () => [{ numbers: [1, 2, 3] }],
  },
  {
    code: '11x5.position',
    family: '11x5',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Choose a ball (1st–5th) and a number; wins when that ball is that number.',
    keys: ['*'],
    problem: (s) => atProblem(s.at, 5) ?? optionProblem(s.option, X115_NUMBERS),
    ...oneBet,
    evaluate: (s, draw) => won('*', balls(draw, '11x5')[s.at!] === Number(s.option) ? 1 : 0),
    samples: () => range(0, 4).map((at) => ({ at, option: '1' })),
  },
  {
    code: '11x5.position.bs',
    family: '11x5',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The chosen ball: big 6–10, small 1–5. A ball of 11 follows the merchant rule (pushed by default).',
    keys: ['big', 'small'],
    problem: (s) => atProblem(s.at, 5) ?? optionProblem(s.option, ['big', 'small']),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const b = balls(draw, '11x5')[s.at!]!;
      if (b === 11) return rules.x115Ball11 === 'push' ? PUSH : LOST;
      return won(s.option!, b >= 6 === (s.option === 'big') ? 1 : 0);
    },
    samples: () => range(0, 4).flatMap((at) => ['big', 'small'].map((option) => ({ at, option }))),
  },
  {
    code: '11x5.sum.bs',
    family: '11x5',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The sum of the five balls (15–45): big 31–45, small 15–29. A sum of 30 follows the merchant rule (pushed by default).',
    keys: ['big', 'small'],
    problem: (s) => optionProblem(s.option, ['big', 'small']),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const sum = balls(draw, '11x5').reduce((a, b) => a + b, 0);
      if (sum === 30) return rules.x115Total30 === 'push' ? PUSH : LOST;
      return won(s.option!, sum > 30 === (s.option === 'big') ? 1 : 0);
    },
    samples: () => ['big', 'small'].map((option) => ({ option })),
  },
  {
    code: '11x5.dragon-tiger',
    family: '11x5',
    pricing: 'odds',
    stake: 'amount',
    rule: 'First ball against fifth: dragon when the first is higher, tiger when lower (they never tie).',
    keys: ['dragon', 'tiger'],
    problem: (s) => optionProblem(s.option, ['dragon', 'tiger']),
    ...oneBet,
    evaluate: (s, draw) => {
      const b = balls(draw, '11x5');
      return won(s.option!, (b[0]! > b[4]! ? 'dragon' : 'tiger') === s.option ? 1 : 0);
    },
    samples: () => ['dragon', 'tiger'].map((option) => ({ option })),
  },
];

// ---------------------------------------------------------------- K3

const K3_SUMS = range(3, 18).map(String);
const FACES = range(1, 6).map(String);

const k3Types: BetType[] = [
  {
    code: 'k3.sum',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The sum of the three dice (3–18): wins when it is the chosen sum.',
    keys: K3_SUMS,
    problem: (s) => optionProblem(s.option, K3_SUMS),
    ...oneBet,
    evaluate: (s, draw) =>
      won(s.option!, balls(draw, 'k3').reduce((a, b) => a + b, 0) === Number(s.option) ? 1 : 0),
    samples: () => K3_SUMS.map((option) => ({ option })),
  },
  {
    code: 'k3.bsoe',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The sum of the three dice: big 11–18, small 3–10, odd, even. A triple follows the merchant rule (loses by default).',
    keys: [...BSOE],
    problem: (s) => optionProblem(s.option, BSOE),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const d = balls(draw, 'k3');
      if (d[0] === d[1] && d[1] === d[2]) return rules.k3Triple === 'push' ? PUSH : LOST;
      const sum = d[0]! + d[1]! + d[2]!;
      return won(s.option!, bsoe(s.option!, sum >= 11, sum % 2 === 1) ? 1 : 0);
    },
    samples: () => BSOE.map((option) => ({ option })),
  },
  {
    code: 'k3.triple',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'A specific triple (e.g. 4-4-4): wins when all three dice show the chosen face.',
    keys: ['*'],
    problem: (s) => optionProblem(s.option, FACES),
    ...oneBet,
    evaluate: (s, draw) => won('*', balls(draw, 'k3').every((d) => d === Number(s.option)) ? 1 : 0),
    samples: () => FACES.map((option) => ({ option })),
  },
  {
    code: 'k3.any-triple',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Any triple: wins when the three dice are equal.',
    keys: ['*'],
    problem: (s) => (s.option === undefined || s.option === 'any' ? undefined : 'any triple takes no option'),
    ...oneBet,
    evaluate: (_s, draw) => {
      const d = balls(draw, 'k3');
      return won('*', d[0] === d[1] && d[1] === d[2] ? 1 : 0);
    },
    samples: () => [{}],
  },
  {
    code: 'k3.pair',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'A pair (e.g. 4-4): wins when at least two dice show the chosen face.',
    keys: ['*'],
    problem: (s) => optionProblem(s.option, FACES),
    ...oneBet,
    evaluate: (s, draw) =>
      won('*', balls(draw, 'k3').filter((d) => d === Number(s.option)).length >= 2 ? 1 : 0),
    samples: () => FACES.map((option) => ({ option })),
  },
  {
    code: 'k3.three-in-row',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Three in a row: wins when the dice are three consecutive faces in any order (1-2-3, 2-3-4, 3-4-5 or 4-5-6).',
    keys: ['*'],
    problem: (s) =>
      s.option === undefined || s.option === 'any' ? undefined : 'three in a row takes no option',
    ...oneBet,
    evaluate: (_s, draw) => {
      const d = [...balls(draw, 'k3')].sort();
      return won('*', d[1] === d[0]! + 1 && d[2] === d[0]! + 2 ? 1 : 0);
    },
    samples: () => [{}],
  },
  {
    code: 'k3.two-different',
    family: 'k3',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Choose two or more faces; each two of them make a bet, winning when both faces appear among the dice.',
    keys: ['*'],
    problem: (s) => numbersProblem(s.numbers, 1, 6, 2),
    count: (s) => choose(s.numbers!.length, 2),
    evaluate: (s, draw) => {
      const d = balls(draw, 'k3');
      return won('*', combinations(s.numbers!, 2).filter((pair) => pair.every((f) => d.includes(f))).length);
    },
    maxHits: () => 1,
    samples: () => [{ numbers: [1, 2] }],
  },
];

// ---------------------------------------------------------------- LHC

const lhc = (draw: LotteryDraw) => {
  if (draw.family !== 'lhc') throw new RangeError('an lhc bet needs an lhc draw');
  return draw;
};
const LHC_NUMBERS = range(1, 49).map(String);
const zodiacKey = (animal: string, year: Zodiac) => (animal === year ? 'year' : 'other');

function lhcLinked(
  code: string,
  size: 2 | 3,
  rule: string,
  hit: (combo: number[], d: ReturnType<typeof lhc>) => string | undefined,
  keys: string[],
): BetType {
  return {
    code,
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule,
    keys,
    problem: (s) => numbersProblem(s.numbers, 1, 49, size, 10),
    count: (s) => choose(s.numbers!.length, size),
    evaluate: (s, draw) => {
      const d = lhc(draw);
      const wins: Record<string, number> = {};
      for (const combo of combinations(s.numbers!, size)) {
        const key = hit(combo, d);
        if (key) wins[key] = (wins[key] ?? 0) + 1;
      }
      return { push: false, wins };
    },
    maxHits: () => 1,
    samples: () => [{ numbers: range(1, size) }],
  };
}

const lhcTypes: BetType[] = [
  {
    code: 'lhc.special',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Choose a number 1–49; wins when it is the special number.',
    keys: ['*'],
    problem: (s) => optionProblem(s.option, LHC_NUMBERS),
    ...oneBet,
    evaluate: (s, draw) => won('*', lhc(draw).special === Number(s.option) ? 1 : 0),
    samples: () => [{ option: '1' }],
  },
  {
    code: 'lhc.special.bsoe',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The special number: big 25–48, small 1–24, odd, even. A special of 49 follows the merchant rule (pushed by default).',
    keys: [...BSOE],
    problem: (s) => optionProblem(s.option, BSOE),
    ...oneBet,
    evaluate: (s, draw, rules) => {
      const n = lhc(draw).special;
      if (n === 49) return rules.lhc49 === 'push' ? PUSH : LOST;
      return won(s.option!, bsoe(s.option!, n >= 25, n % 2 === 1) ? 1 : 0);
    },
    samples: () => BSOE.map((option) => ({ option })),
  },
  {
    code: 'lhc.wave',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: "The special number's colour wave: red, blue or green.",
    keys: ['red', 'blue', 'green'],
    problem: (s) => optionProblem(s.option, ['red', 'blue', 'green']),
    ...oneBet,
    evaluate: (s, draw) => won(s.option!, lhcWave(lhc(draw).special) === s.option ? 1 : 0),
    samples: () => ['red', 'blue', 'green'].map((option) => ({ option })),
  },
  {
    code: 'lhc.special.zodiac',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: "The special number's zodiac in the draw's lunar year; the year's own animal has five numbers and its own odds.",
    keys: ['year', 'other'],
    problem: (s) => optionProblem(s.option, ZODIAC),
    ...oneBet,
    evaluate: (s, draw) => {
      const d = lhc(draw);
      return won(zodiacKey(s.option!, d.year), lhcZodiac(d.special, d.year) === s.option ? 1 : 0);
    },
    samples: () => ZODIAC.map((option) => ({ option })),
  },
  {
    code: 'lhc.zodiac',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: "A zodiac among all seven numbers: wins once when any of the six main numbers or the special carries the chosen animal; the year's own animal has its own odds.",
    keys: ['year', 'other'],
    problem: (s) => optionProblem(s.option, ZODIAC),
    ...oneBet,
    evaluate: (s, draw) => {
      const d = lhc(draw);
      const hit = [...d.balls, d.special].some((n) => lhcZodiac(n, d.year) === s.option);
      return won(zodiacKey(s.option!, d.year), hit ? 1 : 0);
    },
    samples: () => ZODIAC.map((option) => ({ option })),
  },
  {
    code: 'lhc.main',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'Choose a number 1–49; wins when it is one of the six main numbers (the special does not count).',
    keys: ['*'],
    problem: (s) => optionProblem(s.option, LHC_NUMBERS),
    ...oneBet,
    evaluate: (s, draw) => won('*', lhc(draw).balls.includes(Number(s.option)) ? 1 : 0),
    samples: () => [{ option: '1' }],
  },
  {
    code: 'lhc.total.bs',
    family: 'lhc',
    pricing: 'odds',
    stake: 'amount',
    rule: 'The total of all seven numbers: big 175 or more, small 174 or less.',
    keys: ['big', 'small'],
    problem: (s) => optionProblem(s.option, ['big', 'small']),
    ...oneBet,
    evaluate: (s, draw) => {
      const d = lhc(draw);
      const total = d.balls.reduce((a, b) => a + b, d.special);
      return won(s.option!, total >= 175 === (s.option === 'big') ? 1 : 0);
    },
    samples: () => ['big', 'small'].map((option) => ({ option })),
  },
  lhcLinked(
    'lhc.three-in-two',
    3,
    'Three-in-two: choose 3 to 10 numbers; each three of them make a bet, paying the "hit 2" odds when two of its numbers are main numbers and the "hit 3" odds when all three are.',
    (combo, d) => {
      const hits = combo.filter((n) => d.balls.includes(n)).length;
      return hits === 3 ? 'hit3' : hits === 2 ? 'hit2' : undefined;
    },
    ['hit2', 'hit3'],
  ),
  lhcLinked(
    'lhc.two-all',
    2,
    'Two-all: choose 2 to 10 numbers; each two of them make a bet, winning when both are main numbers.',
    (combo, d) => (combo.every((n) => d.balls.includes(n)) ? '*' : undefined),
    ['*'],
  ),
  lhcLinked(
    'lhc.special-string',
    2,
    'Special string: choose 2 to 10 numbers; each two of them make a bet, winning when one is the special number and the other a main number.',
    (combo, d) =>
      combo.includes(d.special) && combo.some((n) => n !== d.special && d.balls.includes(n))
        ? '*'
        : undefined,
    ['*'],
  ),
];

// ---------------------------------------------------------------- VN

const vn = (draw: LotteryDraw) => {
  if (draw.family !== 'vn') throw new RangeError('a vn bet needs a vn draw');
  return draw;
};
/** The last `digits` digits of every number of the draw that has at least that many. */
const endings = (draw: LotteryDraw, digits: number) =>
  vn(draw)
    .tiers.flat()
    .filter((n) => n.length >= digits)
    .map((n) => Number(n.slice(-digits)));
const special = (draw: LotteryDraw) => vn(draw).tiers[0]![0]!;
/** How many numbers of a layout have at least `digits` digits. */
const vnCount = (layout: VnLayout | undefined, digits: number) =>
  tiersOf('vn', layout ?? 'mb')
    .filter((t) => t.digits >= digits)
    .reduce((a, t) => a + t.count, 0);

function vnLo(digits: 2 | 3): BetType {
  const top = 10 ** digits - 1;
  return {
    code: `vn.lo${digits}`,
    family: 'vn',
    pricing: 'points',
    stake: 'points',
    rule: `Bao lô ${digits} số: choose numbers 0–${top}, one bet each; a bet pays once for every prize whose last ${digits} digits are its number.`,
    keys: ['hit'],
    problem: (s) => numbersProblem(s.numbers, 0, top, 1),
    count: (s) => s.numbers!.length,
    evaluate: (s, draw) => {
      const ends = endings(draw, digits);
      return won(
        'hit',
        s.numbers!.reduce((a, n) => a + ends.filter((e) => e === n).length, 0),
      );
    },
    maxHits: (layout) => vnCount(layout, digits),
    samples: () => [{ numbers: [0] }],
  };
}

function vnSpecial(code: string, digits: 2 | 3, head: boolean, rule: string): BetType {
  const top = 10 ** digits - 1;
  return {
    code,
    family: 'vn',
    pricing: 'odds',
    stake: 'amount',
    rule,
    keys: ['*'],
    problem: (s) => numbersProblem(s.numbers, 0, top, 1),
    count: (s) => s.numbers!.length,
    evaluate: (s, draw) => {
      const db = special(draw);
      const part = Number(head ? db.slice(0, digits) : db.slice(-digits));
      return won('*', s.numbers!.includes(part) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ numbers: [0] }],
  };
}

function vnXien(n: 2 | 3 | 4): BetType {
  return {
    code: `vn.xien${n}`,
    family: 'vn',
    pricing: 'odds',
    stake: 'amount',
    rule: `Lô xiên ${n}: choose ${n} different numbers 0–99; wins once when every one of them ends at least one prize (two last digits).`,
    keys: ['*'],
    problem: (s) => numbersProblem(s.numbers, 0, 99, n, n),
    count: () => 1,
    evaluate: (s, draw) => {
      const ends = endings(draw, 2);
      return won('*', s.numbers!.every((x) => ends.includes(x)) ? 1 : 0);
    },
    maxHits: () => 1,
    samples: () => [{ numbers: range(0, n - 1) }],
  };
}

const vnTypes: BetType[] = [
  vnLo(2),
  vnLo(3),
  vnSpecial(
    'vn.de',
    2,
    false,
    'Đề: choose numbers 0–99, one bet each; a bet wins once when the last two digits of the special prize (ĐB) are its number.',
  ),
  vnSpecial(
    'vn.de-dau',
    2,
    true,
    'Đề đầu: choose numbers 0–99, one bet each; a bet wins once when the first two digits of the special prize (ĐB) are its number.',
  ),
  vnSpecial(
    'vn.3cang',
    3,
    false,
    '3 càng: choose numbers 0–999, one bet each; a bet wins once when the last three digits of the special prize (ĐB) are its number; other prizes never count.',
  ),
  vnXien(2),
  vnXien(3),
  vnXien(4),
  {
    code: 'vn.da',
    family: 'vn',
    layouts: ['mn'],
    pricing: 'odds',
    stake: 'amount',
    rule: 'Đá (Miền Trung/Nam): choose two different numbers 0–99; pays once for each time both appear, that is the smaller of the two counts of prizes they end.',
    keys: ['*'],
    problem: (s) => numbersProblem(s.numbers, 0, 99, 2, 2),
    count: () => 1,
    evaluate: (s, draw) => {
      const ends = endings(draw, 2);
      const [a, b] = s.numbers!.map((x) => ends.filter((e) => e === x).length);
      return won('*', Math.min(a!, b!));
    },
    maxHits: (layout) => Math.floor(vnCount(layout, 2) / 2),
    samples: () => [{ numbers: [0, 1] }],
  },
];

// ---------------------------------------------------------------- 4D

const SEA_TIER_KEYS = ['first', 'second', 'third', 'starter', 'consolation'] as const;

function sea4d(size: 'big' | 'small'): BetType {
  const tiers = size === 'big' ? 5 : 3;
  return {
    code: `4d.${size}`,
    family: '4d',
    pricing: 'fixed',
    stake: 'amount',
    rule:
      size === 'big'
        ? 'Big: choose a four-digit number; it wins the table prize of its tier when it is any of the 23 numbers drawn.'
        : 'Small: choose a four-digit number; it wins the table prize of its tier when it is the 1st, 2nd or 3rd prize.',
    keys: SEA_TIER_KEYS.slice(0, tiers),
    problem: (s) => numbersProblem(s.numbers, 0, 9999, 1),
    count: (s) => s.numbers!.length,
    evaluate: (s, draw) => {
      if (draw.family !== '4d') throw new RangeError('a 4d bet needs a 4d draw');
      const wins: Record<string, number> = {};
      for (const [i, numbers] of draw.tiers.slice(0, tiers).entries())
        for (const n of numbers)
          if (s.numbers!.includes(Number(n))) wins[SEA_TIER_KEYS[i]!] = (wins[SEA_TIER_KEYS[i]!] ?? 0) + 1;
      return { push: false, wins };
    },
    maxHits: () => 1,
    samples: () => [{ numbers: [1234] }],
  };
}

// ---------------------------------------------------------------- catalogue

export const BET_TYPES: readonly BetType[] = [
  ...sscTypes,
  ...pk10Types,
  ...x115Types,
  ...k3Types,
  ...lhcTypes,
  ...vnTypes,
  sea4d('big'),
  sea4d('small'),
];

const BY_CODE = new Map(BET_TYPES.map((t) => [t.code, t]));

/** The bet type of `code`, or undefined. */
export function betType(code: string): BetType | undefined {
  return BY_CODE.get(code);
}

/** The bet types a game of `family` (and VN layout) offers. */
export function betTypesOf(family: LotteryFamily, layout?: VnLayout): BetType[] {
  return BET_TYPES.filter(
    (t) => t.family === family && (!t.layouts || (layout && t.layouts.includes(layout))),
  );
}
