/**
 * "Aurum Dynasty", a 5-reel, 3-row video slot with 20 fixed paylines. Each reel stops at a
 * uniformly drawn position of its strip; the window is the three consecutive strip symbols from
 * there. Lines pay left to right, WILD stands in for every symbol but SCATTER, SCATTER pays
 * anywhere and 3 or more award free spins at double pay. docs/games-maths.md has the tables and
 * slot-maths.ts the exact return computed from the strips.
 */
import { uniformInt, type WordSource } from './uniform.ts';

/** Every symbol id; the paying ones are listed from highest to lowest. */
export const SLOT_SYMBOLS = [
  'WILD',
  'SCATTER',
  'DRAGON',
  'PHOENIX',
  'TIGER',
  'KOI',
  'LANTERN',
  'A',
  'K',
  'Q',
  'J',
  'TEN',
] as const;
/** A symbol id, as recorded in windows and shown by the game page. */
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
/** Symbols with a line pay. */
export type SlotPayingSymbol = Exclude<SlotSymbol, 'WILD' | 'SCATTER'>;

/** Reels in the window. */
export const SLOT_REELS = 5;
/** Rows each reel shows. */
export const SLOT_ROWS = 3;

/**
 * Line pays in line bets (stake / 20) for 3, 4 and 5 in a row from reel 1. A line of five
 * WILDs, which the strips cannot show, would pay as DRAGON.
 */
export const SLOT_LINE_PAYS: Readonly<Record<SlotPayingSymbol, readonly [number, number, number]>> = {
  DRAGON: [75, 300, 1500],
  PHOENIX: [60, 250, 750],
  TIGER: [50, 200, 500],
  KOI: [40, 125, 300],
  LANTERN: [30, 100, 250],
  A: [20, 60, 200],
  K: [20, 50, 150],
  Q: [15, 40, 125],
  J: [12, 30, 100],
  TEN: [12, 30, 100],
};

/** SCATTER pays in total bets for 3, 4 and 5 anywhere in the window. */
export const SLOT_SCATTER_PAYS: Readonly<Record<3 | 4 | 5, number>> = { 3: 5, 4: 20, 5: 100 };
/** Free spins awarded by 3 or more SCATTERs, in the base game and again in free spins. */
export const SLOT_FREE_SPINS_AWARD = 10;
/** Every win in free spins is multiplied by this. */
export const SLOT_FREE_SPIN_MULTIPLIER = 2;
/**
 * Most free spins one round plays; awards beyond it are forfeited. A round reaches it with
 * probability below 1e-36, so it changes the return by less than 1e-17 (slotCapBound).
 */
export const SLOT_MAX_FREE_SPINS = 500;

/**
 * The 20 paylines as the row (0 top, 1 middle, 2 bottom) read on each reel; line n of the
 * docs is entry n − 1.
 */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 0, 2, 0, 0],
];

/** A strip written as symbol ids separated by white space, index 0 first. */
function reel(symbols: string): readonly SlotSymbol[] {
  return symbols
    .trim()
    .split(/\s+/)
    .map((id) => {
      if (!(SLOT_SYMBOLS as readonly string[]).includes(id)) throw new Error(`unknown slot symbol ${id}`);
      return id as SlotSymbol;
    });
}

/** Reel strips, base game and free spins alike; reel stops index these cyclically. */
export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = [
  // reel 1: 34 stops
  reel(`J SCATTER KOI Q A PHOENIX TEN TIGER LANTERN K J Q KOI A DRAGON TEN K J TIGER LANTERN
        Q A PHOENIX TEN KOI K J Q A LANTERN TIGER DRAGON TEN K`),
  // reel 2: 36 stops
  reel(`WILD KOI K Q SCATTER LANTERN TIGER A DRAGON TEN K J KOI TEN A Q PHOENIX LANTERN WILD
        TIGER K J Q A KOI TEN DRAGON J K LANTERN TIGER TEN A Q PHOENIX J`),
  // reel 3: 37 stops
  reel(`A LANTERN TIGER Q DRAGON J K SCATTER KOI TEN A Q PHOENIX LANTERN TIGER WILD K J TEN
        Q KOI A TEN DRAGON K SCATTER LANTERN TIGER J A Q PHOENIX TEN WILD KOI K J`),
  // reel 4: 36 stops
  reel(`TIGER TEN A Q PHOENIX J WILD KOI K Q SCATTER LANTERN TIGER A DRAGON TEN K J KOI TEN
        A Q PHOENIX LANTERN WILD TIGER K J Q A KOI TEN DRAGON J K LANTERN`),
  // reel 5: 34 stops
  reel(`PHOENIX TEN KOI K J Q A LANTERN TIGER DRAGON TEN K J SCATTER KOI Q A PHOENIX TEN
        TIGER LANTERN K J Q KOI A DRAGON TEN K J TIGER LANTERN Q A`),
];

/** Where a win sits: [reel, row], both from 0. */
export type SlotPosition = readonly [reel: number, row: number];

/** A paying line. */
export interface SlotLineWin {
  /** Line number 1..20 as documented (SLOT_PAYLINES[line − 1]). */
  line: number;
  symbol: SlotPayingSymbol;
  count: 3 | 4 | 5;
  positions: SlotPosition[];
  payoutMinor: bigint;
}

/** A SCATTER pay (3 or more anywhere). */
export interface SlotScatterWin {
  count: number;
  positions: SlotPosition[];
  payoutMinor: bigint;
}

/** One spin, as recorded for recall. */
export interface SlotSpin {
  /** Strip index shown on the top row of each reel. */
  stops: number[];
  /** window[reel][row]. */
  window: SlotSymbol[][];
  /** 1 in the base game, SLOT_FREE_SPIN_MULTIPLIER in free spins. */
  multiplier: number;
  lineWins: SlotLineWin[];
  scatter: SlotScatterWin | null;
  freeSpinsAwarded: number;
  winMinor: bigint;
}

/** A whole round: the paid spin and every free spin it led to. */
export interface SlotRound {
  stakeMinor: bigint;
  base: SlotSpin;
  freeSpins: SlotSpin[];
  /** Free spins awarded past SLOT_MAX_FREE_SPINS and so not played. */
  freeSpinsForfeited: number;
  totalWinMinor: bigint;
}

const LINES = SLOT_PAYLINES.length;
const TOP_SYMBOL: SlotPayingSymbol = 'DRAGON';

/** Draws one stop per reel, uniformly over each strip. */
export function drawStops(words: WordSource): number[] {
  const stops: number[] = [];
  for (const strip of SLOT_STRIPS) stops.push(uniformInt(strip.length, words));
  return stops;
}

/** The 5×3 window for the given stops: window[reel][row] = strip[(stop + row) mod length]. */
export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  const window: SlotSymbol[][] = [];
  SLOT_STRIPS.forEach((strip, reel) => {
    const stop = stops[reel]!;
    const n = strip.length;
    window.push([strip[stop % n]!, strip[(stop + 1) % n]!, strip[(stop + 2) % n]!]);
  });
  return window;
}

/** Payout of `units` line bets at this multiplier: stake × units × multiplier / 20, floored. */
const payout = (stakeMinor: bigint, units: number, multiplier: number) =>
  (stakeMinor * BigInt(units * multiplier)) / BigInt(LINES);

/**
 * The pay of one line read left to right, in line bets: the symbol is the first non-WILD on
 * the line, the run is how many reels from reel 1 show it or WILD.
 */
export function lineWin(
  symbols: readonly SlotSymbol[],
): { symbol: SlotPayingSymbol; count: 3 | 4 | 5; units: number } | null {
  let lead: SlotSymbol = TOP_SYMBOL;
  for (const s of symbols) {
    if (s === 'WILD') continue;
    lead = s;
    break;
  }
  if (lead === 'SCATTER') return null;
  let count = 0;
  while (count < symbols.length && (symbols[count] === lead || symbols[count] === 'WILD')) count++;
  if (count < 3) return null;
  const run = count as 3 | 4 | 5;
  return { symbol: lead, count: run, units: SLOT_LINE_PAYS[lead][run - 3]! };
}

/** Evaluates a window: every line win, the SCATTER win and the free spins it awards. */
export function evaluateWindow(
  window: readonly (readonly SlotSymbol[])[],
  stakeMinor: bigint,
  multiplier: number,
): Omit<SlotSpin, 'stops' | 'window'> {
  const lineWins: SlotLineWin[] = [];
  const symbols: SlotSymbol[] = [];
  for (let index = 0; index < LINES; index++) {
    const rows = SLOT_PAYLINES[index]!;
    for (let reel = 0; reel < rows.length; reel++) symbols[reel] = window[reel]![rows[reel]!]!;
    const win = lineWin(symbols);
    if (!win) continue;
    lineWins.push({
      line: index + 1,
      symbol: win.symbol,
      count: win.count,
      positions: rows.slice(0, win.count).map((row, reel) => [reel, row] as const),
      payoutMinor: payout(stakeMinor, win.units, multiplier),
    });
  }
  const positions: SlotPosition[] = [];
  for (let reel = 0; reel < window.length; reel++)
    for (let row = 0; row < SLOT_ROWS; row++)
      if (window[reel]![row] === 'SCATTER') positions.push([reel, row]);
  const scatterPay = SLOT_SCATTER_PAYS[positions.length as 3 | 4 | 5];
  const scatter = scatterPay
    ? { count: positions.length, positions, payoutMinor: payout(stakeMinor, scatterPay * LINES, multiplier) }
    : null;
  const winMinor = lineWins.reduce((sum, w) => sum + w.payoutMinor, scatter?.payoutMinor ?? 0n);
  return { multiplier, lineWins, scatter, freeSpinsAwarded: scatter ? SLOT_FREE_SPINS_AWARD : 0, winMinor };
}

/** One spin: draws the stops and evaluates them, at free-spin pay when `mode` is 'free'. */
export function spin(stakeMinor: bigint, words: WordSource, mode: 'base' | 'free' = 'base'): SlotSpin {
  if (stakeMinor <= 0n) throw new RangeError('stake must be positive');
  const stops = drawStops(words);
  const window = windowAt(stops);
  const multiplier = mode === 'free' ? SLOT_FREE_SPIN_MULTIPLIER : 1;
  return { stops, window, ...evaluateWindow(window, stakeMinor, multiplier) };
}

/**
 * The paid spin and every free spin it triggers, retriggers included, up to
 * SLOT_MAX_FREE_SPINS: the complete record a recall view replays and the round's total win.
 */
export function playRound(stakeMinor: bigint, words: WordSource): SlotRound {
  const base = spin(stakeMinor, words);
  const freeSpins: SlotSpin[] = [];
  let awarded = Math.min(base.freeSpinsAwarded, SLOT_MAX_FREE_SPINS);
  let forfeited = base.freeSpinsAwarded - awarded;
  while (freeSpins.length < awarded) {
    const free = spin(stakeMinor, words, 'free');
    freeSpins.push(free);
    const granted = Math.min(free.freeSpinsAwarded, SLOT_MAX_FREE_SPINS - awarded);
    awarded += granted;
    forfeited += free.freeSpinsAwarded - granted;
  }
  const totalWinMinor = freeSpins.reduce((sum, s) => sum + s.winMinor, base.winMinor);
  return { stakeMinor, base, freeSpins, freeSpinsForfeited: forfeited, totalWinMinor };
}
