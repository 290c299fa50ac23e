import { type LotteryFamily, type VnLayout, ZODIAC } from '@aurum/games';

/**
 * The play tabs of each family: the engine's bet types (packages/games/src/lottery/bet-types.ts)
 * grouped the way lottery sites group them, each with the picker that builds its selections.
 * Which selection fields a type reads is the engine's (docs/lottery.md); this file only says how
 * a member picks them.
 */

/** A row of number cells: `values` from `min` to `max`, shown with `pad` digits. */
export interface NumberRow {
  /** The row's name: a position ("1st digit"), or the pool's. */
  label: RowLabel;
  min: number;
  max: number;
  /** Digits shown per number ("05"); 1 shows the number as it is. */
  pad: number;
  /** Large pools (000–999) show this many numbers at a time, with a page per hundred. */
  pageSize?: number;
}

/** A row of named outcomes (big, dragon, 12, horse …), each its own ticket. */
export interface OptionRow {
  label: RowLabel;
  /** The selection's position, when the bet type reads one. */
  at?: number;
  options: readonly string[];
}

export type RowLabel =
  | { key: 'digit' | 'place' | 'ball'; n: number }
  | { key: 'span'; span: 'front3' | 'middle3' | 'back3' }
  | { key: 'pk10Pair'; n: number }
  | {
      key:
        | 'numbers'
        | 'sum'
        | 'faces'
        | 'special'
        | 'main'
        | 'total'
        | 'zodiac'
        | 'wave'
        | 'any'
        | 'thousands'
        | 'hundreds'
        | 'tens'
        | 'units';
    };

/**
 * How picks become tickets:
 * - positions: one ticket, `positions` (a list per row): straight bets;
 * - pool: one ticket, `numbers` from one row, `min` to `max` of them;
 * - perRow: one ticket per row with picks, `{ at: row, numbers }` (SSC position);
 * - compose: one ticket whose `numbers` are every number made of one digit per row (4D);
 * - options: one ticket per picked option, `{ at?, option }`.
 */
export type Picker =
  | { kind: 'positions'; rows: readonly NumberRow[] }
  | { kind: 'pool'; row: NumberRow; min: number; max: number }
  | { kind: 'perRow'; rows: readonly NumberRow[] }
  | { kind: 'compose'; rows: readonly NumberRow[] }
  | { kind: 'options'; rows: readonly OptionRow[] };

export interface Play {
  /** Unique within the family; also the text key of its name. */
  id: string;
  betType: string;
  picker: Picker;
}

export interface PlayGroup {
  /** Text key of the tab. */
  id: string;
  plays: readonly Play[];
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
const BSOE = ['big', 'small', 'odd', 'even'] as const;

const digitRow = (n: number): NumberRow => ({ label: { key: 'digit', n }, min: 0, max: 9, pad: 1 });
const placeRow = (n: number): NumberRow => ({ label: { key: 'place', n }, min: 1, max: 10, pad: 2 });
const ballRow = (n: number): NumberRow => ({ label: { key: 'ball', n }, min: 1, max: 11, pad: 2 });
const pool = (min: number, max: number, pad: number, pageSize?: number): NumberRow => ({
  label: { key: 'numbers' },
  min,
  max,
  pad,
  ...(pageSize ? { pageSize } : {}),
});
const seq = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

// ---------------------------------------------------------------- SSC

const SSC_SPANS = {
  front2: [1, 2],
  back2: [4, 5],
  front3: [1, 2, 3],
  middle3: [2, 3, 4],
  back3: [3, 4, 5],
  five: [1, 2, 3, 4, 5],
} as const;

const straight = (span: keyof typeof SSC_SPANS): Play => ({
  id: `ssc.${span}.straight`,
  betType: `ssc.${span}.straight`,
  picker: { kind: 'positions', rows: SSC_SPANS[span].map(digitRow) },
});
const sscGroup = (span: 'front3' | 'middle3' | 'back3', kind: 'group3' | 'group6'): Play => ({
  id: `ssc.${span}.${kind}`,
  betType: `ssc.${span}.${kind}`,
  picker: { kind: 'pool', row: pool(0, 9, 1), min: kind === 'group3' ? 2 : 3, max: 10 },
});

const SSC: PlayGroup[] = [
  {
    id: 'position',
    plays: [
      {
        id: 'ssc.position',
        betType: 'ssc.position',
        picker: { kind: 'perRow', rows: seq(1, 5).map(digitRow) },
      },
    ],
  },
  { id: 'twoStar', plays: [straight('front2'), straight('back2')] },
  {
    id: 'threeStar',
    plays: (['front3', 'middle3', 'back3'] as const).flatMap((span) => [
      straight(span),
      sscGroup(span, 'group3'),
      sscGroup(span, 'group6'),
    ]),
  },
  { id: 'fiveStar', plays: [straight('five')] },
  {
    id: 'bsoe',
    plays: [
      {
        id: 'ssc.position.bsoe',
        betType: 'ssc.position.bsoe',
        picker: {
          kind: 'options',
          rows: seq(0, 5).map((at) => ({ label: { key: 'digit', n: at + 1 }, at, options: BSOE })),
        },
      },
      {
        id: 'ssc.sum.bsoe',
        betType: 'ssc.sum.bsoe',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: BSOE }] },
      },
    ],
  },
  {
    id: 'dragonTiger',
    plays: [
      {
        id: 'ssc.dragon-tiger',
        betType: 'ssc.dragon-tiger',
        picker: { kind: 'options', rows: [{ label: { key: 'any' }, options: ['dragon', 'tiger', 'tie'] }] },
      },
    ],
  },
  {
    id: 'shape',
    plays: [
      {
        id: 'ssc.shape',
        betType: 'ssc.shape',
        picker: {
          kind: 'options',
          rows: (['front3', 'middle3', 'back3'] as const).map((span, at) => ({
            label: { key: 'span', span },
            at,
            options: ['triple', 'straight', 'pair'],
          })),
        },
      },
    ],
  },
];

// ---------------------------------------------------------------- PK10

const PK10: PlayGroup[] = [
  {
    id: 'position',
    plays: [
      {
        id: 'pk10.position',
        betType: 'pk10.position',
        picker: {
          kind: 'options',
          rows: seq(0, 10).map((at) => ({ label: { key: 'place', n: at + 1 }, at, options: range(1, 10) })),
        },
      },
    ],
  },
  {
    id: 'topStraight',
    plays: [2, 3].map((places) => ({
      id: `pk10.top${places}.straight`,
      betType: `pk10.top${places}.straight`,
      picker: { kind: 'positions', rows: seq(1, places).map(placeRow) } as const,
    })),
  },
  {
    id: 'sum',
    plays: [
      {
        id: 'pk10.sum.bsoe',
        betType: 'pk10.sum.bsoe',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: BSOE }] },
      },
      {
        id: 'pk10.sum',
        betType: 'pk10.sum',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: range(3, 19) }] },
      },
    ],
  },
  {
    id: 'dragonTiger',
    plays: [
      {
        id: 'pk10.dragon-tiger',
        betType: 'pk10.dragon-tiger',
        picker: {
          kind: 'options',
          rows: seq(0, 5).map((at) => ({
            label: { key: 'pk10Pair', n: at + 1 },
            at,
            options: ['dragon', 'tiger'],
          })),
        },
      },
    ],
  },
];

// ---------------------------------------------------------------- 11x5

const X115: PlayGroup[] = [
  {
    id: 'anyN',
    plays: seq(1, 8).map((n) => ({
      id: `11x5.any${n}`,
      betType: `11x5.any${n}`,
      picker: { kind: 'pool', row: pool(1, 11, 2), min: n, max: 11 } as const,
    })),
  },
  {
    id: 'front3',
    plays: [
      {
        id: '11x5.front3.straight',
        betType: '11x5.front3.straight',
        picker: { kind: 'positions', rows: seq(1, 3).map(ballRow) },
      },
      {
        id: '11x5.front3.group',
        betType: '11x5.front3.group',
        picker: { kind: 'pool', row: pool(1, 11, 2), min: 3, max: 11 },
      },
    ],
  },
  {
    id: 'position',
    plays: [
      {
        id: '11x5.position',
        betType: '11x5.position',
        picker: {
          kind: 'options',
          rows: seq(0, 5).map((at) => ({ label: { key: 'ball', n: at + 1 }, at, options: range(1, 11) })),
        },
      },
      {
        id: '11x5.position.bs',
        betType: '11x5.position.bs',
        picker: {
          kind: 'options',
          rows: seq(0, 5).map((at) => ({ label: { key: 'ball', n: at + 1 }, at, options: ['big', 'small'] })),
        },
      },
    ],
  },
  {
    id: 'sumDragonTiger',
    plays: [
      {
        id: '11x5.sum.bs',
        betType: '11x5.sum.bs',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: ['big', 'small'] }] },
      },
      {
        id: '11x5.dragon-tiger',
        betType: '11x5.dragon-tiger',
        picker: { kind: 'options', rows: [{ label: { key: 'any' }, options: ['dragon', 'tiger'] }] },
      },
    ],
  },
];

// ---------------------------------------------------------------- K3

const K3: PlayGroup[] = [
  {
    id: 'sum',
    plays: [
      {
        id: 'k3.bsoe',
        betType: 'k3.bsoe',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: BSOE }] },
      },
      {
        id: 'k3.sum',
        betType: 'k3.sum',
        picker: { kind: 'options', rows: [{ label: { key: 'sum' }, options: range(3, 18) }] },
      },
    ],
  },
  {
    id: 'triple',
    plays: [
      {
        id: 'k3.triple',
        betType: 'k3.triple',
        picker: { kind: 'options', rows: [{ label: { key: 'faces' }, options: range(1, 6) }] },
      },
      {
        id: 'k3.any-triple',
        betType: 'k3.any-triple',
        picker: { kind: 'options', rows: [{ label: { key: 'any' }, options: ['any'] }] },
      },
    ],
  },
  {
    id: 'pair',
    plays: [
      {
        id: 'k3.pair',
        betType: 'k3.pair',
        picker: { kind: 'options', rows: [{ label: { key: 'faces' }, options: range(1, 6) }] },
      },
      {
        id: 'k3.two-different',
        betType: 'k3.two-different',
        picker: { kind: 'pool', row: { label: { key: 'faces' }, min: 1, max: 6, pad: 1 }, min: 2, max: 6 },
      },
    ],
  },
  {
    id: 'threeInRow',
    plays: [
      {
        id: 'k3.three-in-row',
        betType: 'k3.three-in-row',
        picker: { kind: 'options', rows: [{ label: { key: 'any' }, options: ['any'] }] },
      },
    ],
  },
];

// ---------------------------------------------------------------- LHC

const LHC: PlayGroup[] = [
  {
    id: 'special',
    plays: [
      {
        id: 'lhc.special',
        betType: 'lhc.special',
        picker: { kind: 'options', rows: [{ label: { key: 'special' }, options: range(1, 49) }] },
      },
      {
        id: 'lhc.special.bsoe',
        betType: 'lhc.special.bsoe',
        picker: { kind: 'options', rows: [{ label: { key: 'special' }, options: BSOE }] },
      },
      {
        id: 'lhc.wave',
        betType: 'lhc.wave',
        picker: { kind: 'options', rows: [{ label: { key: 'wave' }, options: ['red', 'blue', 'green'] }] },
      },
      {
        id: 'lhc.special.zodiac',
        betType: 'lhc.special.zodiac',
        picker: { kind: 'options', rows: [{ label: { key: 'zodiac' }, options: ZODIAC }] },
      },
    ],
  },
  {
    id: 'main',
    plays: [
      {
        id: 'lhc.main',
        betType: 'lhc.main',
        picker: { kind: 'options', rows: [{ label: { key: 'main' }, options: range(1, 49) }] },
      },
      {
        id: 'lhc.total.bs',
        betType: 'lhc.total.bs',
        picker: { kind: 'options', rows: [{ label: { key: 'total' }, options: ['big', 'small'] }] },
      },
    ],
  },
  {
    id: 'zodiac',
    plays: [
      {
        id: 'lhc.zodiac',
        betType: 'lhc.zodiac',
        picker: { kind: 'options', rows: [{ label: { key: 'zodiac' }, options: ZODIAC }] },
      },
    ],
  },
  {
    id: 'linked',
    plays: [
      { id: 'lhc.three-in-two', betType: 'lhc.three-in-two', min: 3 },
      { id: 'lhc.two-all', betType: 'lhc.two-all', min: 2 },
      { id: 'lhc.special-string', betType: 'lhc.special-string', min: 2 },
    ].map(({ id, betType, min }) => ({
      id,
      betType,
      picker: { kind: 'pool', row: pool(1, 49, 2), min, max: 10 } as const,
    })),
  },
];

// ---------------------------------------------------------------- VN

const vnPlays = (layout: VnLayout): PlayGroup[] => [
  {
    id: 'lo',
    plays: [
      { id: 'vn.lo2', betType: 'vn.lo2', picker: { kind: 'pool', row: pool(0, 99, 2), min: 1, max: 100 } },
      {
        id: 'vn.lo3',
        betType: 'vn.lo3',
        picker: { kind: 'pool', row: pool(0, 999, 3, 100), min: 1, max: 100 },
      },
    ],
  },
  {
    id: 'de',
    plays: [
      { id: 'vn.de', betType: 'vn.de', picker: { kind: 'pool', row: pool(0, 99, 2), min: 1, max: 100 } },
      {
        id: 'vn.de-dau',
        betType: 'vn.de-dau',
        picker: { kind: 'pool', row: pool(0, 99, 2), min: 1, max: 100 },
      },
      {
        id: 'vn.3cang',
        betType: 'vn.3cang',
        picker: { kind: 'pool', row: pool(0, 999, 3, 100), min: 1, max: 100 },
      },
    ],
  },
  {
    id: 'xien',
    plays: [2, 3, 4].map((n) => ({
      id: `vn.xien${n}`,
      betType: `vn.xien${n}`,
      picker: { kind: 'pool', row: pool(0, 99, 2), min: n, max: n } as const,
    })),
  },
  ...(layout === 'mn'
    ? [
        {
          id: 'da',
          plays: [
            {
              id: 'vn.da',
              betType: 'vn.da',
              picker: { kind: 'pool', row: pool(0, 99, 2), min: 2, max: 2 } as const,
            },
          ],
        },
      ]
    : []),
];

// ---------------------------------------------------------------- 4D

const FOUR_D_ROWS: readonly NumberRow[] = (['thousands', 'hundreds', 'tens', 'units'] as const).map(
  (key) => ({
    label: { key },
    min: 0,
    max: 9,
    pad: 1,
  }),
);

const FOUR_D: PlayGroup[] = [
  {
    id: 'fourD',
    plays: [
      { id: '4d.big', betType: '4d.big', picker: { kind: 'compose', rows: FOUR_D_ROWS } },
      { id: '4d.small', betType: '4d.small', picker: { kind: 'compose', rows: FOUR_D_ROWS } },
    ],
  },
];

/** The play tabs of a game of `family` (and VN layout). */
export function playGroupsOf(family: LotteryFamily, layout?: VnLayout | null): readonly PlayGroup[] {
  switch (family) {
    case 'ssc':
      return SSC;
    case 'pk10':
      return PK10;
    case '11x5':
      return X115;
    case 'k3':
      return K3;
    case 'lhc':
      return LHC;
    case 'vn':
      return vnPlays(layout ?? 'mb');
    case '4d':
      return FOUR_D;
  }
}

/** The values of a number row, in order. */
export const rowValues = (row: NumberRow): number[] => seq(row.min, row.max - row.min + 1);

/** A number as the grid shows it ("05"). */
export const padNumber = (n: number, pad: number): string => String(n).padStart(pad, '0');
