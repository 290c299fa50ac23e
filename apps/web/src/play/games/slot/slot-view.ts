/**
 * What the reels show for a spin the server played: the win lines as polylines over the 5×3
 * window (the payline's path from the maths package, in 100-unit cells), the cells that won,
 * the size of the win, and the free-spin counter as retriggers raise it.
 */
import { SLOT_PAYLINES, SLOT_REELS, SLOT_ROWS } from '@aurum/games';
import type { PlayValue } from '../../api/play-api';
import { wireToMinor } from '../../lib/format';

export type SlotRoundView = PlayValue<'slotSpin'>;
export type SlotSpinView = SlotRoundView['spins'][number];

/** Cell size in the overlay's user units: the window is 500 × 300. */
export const CELL = 100;
export const WINDOW_WIDTH = SLOT_REELS * CELL;
export const WINDOW_HEIGHT = SLOT_ROWS * CELL;

/** Distinct, bright line colours (line n uses entry (n − 1) mod length). */
export const LINE_COLOURS = [
  '#facc15',
  '#34d399',
  '#f472b6',
  '#60a5fa',
  '#fb923c',
  '#a78bfa',
  '#22d3ee',
  '#f87171',
  '#a3e635',
  '#e879f9',
] as const;

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

export interface DrawnLine {
  line: number;
  colour: string;
  /** SVG points through the centre of the line's cell on every reel, edge to edge. */
  points: string;
  symbol: string;
  count: number;
  win: string;
}

/** The polyline of payline `line` (1..20), from the window's left edge to its right edge. */
export function linePoints(line: number): string {
  const rows = SLOT_PAYLINES[line - 1];
  if (!rows) return '';
  const y = (row: number) => row * CELL + CELL / 2;
  const points = rows.map((row, reel) => [reel * CELL + CELL / 2, y(row)] as const);
  const first = rows[0] ?? 1;
  const last = rows[rows.length - 1] ?? 1;
  return [[0, y(first)] as const, ...points, [WINDOW_WIDTH, y(last)] as const]
    .map(([x, yy]) => `${x},${yy}`)
    .join(' ');
}

export interface WinView {
  lines: DrawnLine[];
  /** Cells that are part of a win: the line runs and, when they paid, the scatters. */
  cells: Set<string>;
  scatterPaid: boolean;
}

export function winView(spin: SlotSpinView): WinView {
  const cells = new Set<string>();
  const lines = spin.lineWins.map((w) => {
    for (const [reel, row] of w.positions) cells.add(cellKey(reel, row));
    return {
      line: w.line,
      colour: LINE_COLOURS[(w.line - 1) % LINE_COLOURS.length] ?? LINE_COLOURS[0],
      points: linePoints(w.line),
      symbol: w.symbol,
      count: w.count,
      win: w.win,
    };
  });
  const scatterPaid = wireToMinor(spin.scatterWin) > 0n;
  if (scatterPaid) {
    spin.window.forEach((column, reel) => {
      column.forEach((symbol, row) => {
        if (symbol === 'SCATTER') cells.add(cellKey(reel, row));
      });
    });
  }
  return { lines, cells, scatterPaid };
}

export type WinTier = 'none' | 'win' | 'big' | 'mega';

/** Big from 10× the stake, mega from 30×: the win moment grows with the win. */
export function winTier(winMinor: bigint, stakeMinor: bigint): WinTier {
  if (winMinor <= 0n) return 'none';
  if (winMinor >= stakeMinor * 30n) return 'mega';
  if (winMinor >= stakeMinor * 10n) return 'big';
  return 'win';
}

/**
 * For each spin of a round, its place in the free-spin run: free spin n of the spins awarded so
 * far (a retrigger raises the total when it lands; spins past the round's cap are not played),
 * and the round's win up to and including it.
 */
export function roundProgress(
  spins: readonly SlotSpinView[],
): Array<{ free: number; of: number; totalMinor: bigint }> {
  const played = spins.filter((s) => s.free).length;
  let awarded = 0;
  let free = 0;
  let total = 0n;
  return spins.map((spin) => {
    if (spin.free) free++;
    total += wireToMinor(spin.win);
    awarded += spin.freeSpinsAwarded;
    return { free, of: Math.min(awarded, played), totalMinor: total };
  });
}
