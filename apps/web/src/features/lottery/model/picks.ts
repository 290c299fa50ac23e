import type { LotterySelection } from '@aurum/games';
import { type NumberRow, type Picker, type Play, rowValues } from './plays';

/**
 * A member's picks on a play: per row of the picker, the values picked (numbers for number
 * rows, the option's index for option rows), kept sorted. Pure: the page holds them in state.
 */
export type Picks = readonly (readonly number[])[];

export const rowsOf = (picker: Picker): number => (picker.kind === 'pool' ? 1 : picker.rows.length);

export const emptyPicks = (picker: Picker): Picks => Array.from({ length: rowsOf(picker) }, () => []);

/** The most values a row takes: a pool's max, else every value. */
const rowMax = (picker: Picker): number => (picker.kind === 'pool' ? picker.max : Number.POSITIVE_INFINITY);

const sorted = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

const withRow = (picks: Picks, row: number, values: readonly number[]): Picks =>
  picks.map((r, i) => (i === row ? values : r));

/** Picks or unpicks one value; a full pool takes no more (unpick first). */
export function togglePick(picks: Picks, picker: Picker, row: number, value: number): Picks {
  const current = picks[row] ?? [];
  if (current.includes(value))
    return withRow(
      picks,
      row,
      current.filter((v) => v !== value),
    );
  if (current.length >= rowMax(picker)) return picks;
  return withRow(picks, row, sorted([...current, value]));
}

export const QUICK_PICKS = ['all', 'big', 'small', 'odd', 'even', 'clear'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];

/**
 * The values a quick pick chooses from `values` (in order): big is the upper half (5–9 of 0–9,
 * 25–49 of 1–49), small the lower half, odd and even by the number itself.
 */
export function quickValues(values: readonly number[], pick: QuickPick): number[] {
  const middle = values[Math.floor(values.length / 2)] ?? 0;
  switch (pick) {
    case 'all':
      return [...values];
    case 'big':
      return values.filter((v) => v >= middle);
    case 'small':
      return values.filter((v) => v < middle);
    case 'odd':
      return values.filter((v) => v % 2 === 1);
    case 'even':
      return values.filter((v) => v % 2 === 0);
    case 'clear':
      return [];
  }
}

/** How many numbers of a row show at once (a page of a large pool, else all). */
export const pageLength = (row: NumberRow): number => row.pageSize ?? rowValues(row).length;

/**
 * Whether a picker offers quick picks: number rows, where a pool takes every number on screen
 * (a pool of a few, xiên or the linked LHC bets, offers none).
 */
export function offersQuickPicks(picker: Picker): boolean {
  if (picker.kind === 'options') return false;
  return picker.kind !== 'pool' || picker.max >= pageLength(picker.row);
}

/**
 * Applies a quick pick to a row. `shown` limits it to the values on screen (a page of 000–999);
 * picks on other pages stay. A pool never takes more than its max.
 */
export function applyQuickPick(
  picks: Picks,
  picker: Picker,
  row: number,
  pick: QuickPick,
  shown: readonly number[],
): Picks {
  const kept = (picks[row] ?? []).filter((v) => !shown.includes(v));
  const chosen = sorted([...kept, ...quickValues(shown, pick)]);
  return withRow(picks, row, chosen.slice(0, rowMax(picker)));
}

/** How many values are picked over all rows. */
export const pickCount = (picks: Picks): number => picks.reduce((n, r) => n + r.length, 0);

/** The number rows of a picker (none for option rows). */
export function numberRows(picker: Picker): readonly NumberRow[] {
  if (picker.kind === 'pool') return [picker.row];
  if (picker.kind === 'options') return [];
  return picker.rows;
}

/** What the picks still need before they make a bet, for the hint under the grid. */
export type PickNeed =
  | { kind: 'none' }
  | { kind: 'pick' }
  | { kind: 'everyRow' }
  | { kind: 'atLeast'; n: number }
  | { kind: 'exactly'; n: number };

export function pickNeed(play: Play, picks: Picks): PickNeed {
  const { picker } = play;
  switch (picker.kind) {
    case 'pool': {
      const n = picks[0]?.length ?? 0;
      if (picker.min === picker.max)
        return n === picker.min ? { kind: 'none' } : { kind: 'exactly', n: picker.min };
      if (n >= picker.min) return { kind: 'none' };
      return picker.min === 1 ? { kind: 'pick' } : { kind: 'atLeast', n: picker.min };
    }
    case 'positions':
    case 'compose':
      return picks.every((r) => r.length > 0) ? { kind: 'none' } : { kind: 'everyRow' };
    default:
      return pickCount(picks) > 0 ? { kind: 'none' } : { kind: 'pick' };
  }
}

/** Every number made of one digit from each row, in order (4D: 1·0·2·4 → 1024). */
export function composeNumbers(rows: readonly (readonly number[])[]): number[] {
  let numbers = [0];
  for (const digits of rows) numbers = numbers.flatMap((n) => digits.map((d) => n * 10 + d));
  return numbers.sort((a, b) => a - b);
}

/**
 * The selections the picks make, one per ticket (the engine's shape: docs/lottery.md): none
 * until the picks make a bet.
 */
export function selectionsOf(play: Play, picks: Picks): LotterySelection[] {
  if (pickNeed(play, picks).kind !== 'none') return [];
  const { picker } = play;
  switch (picker.kind) {
    case 'positions':
      return [{ positions: picks.map((r) => [...r]) }];
    case 'pool':
      return [{ numbers: [...(picks[0] ?? [])] }];
    case 'perRow':
      return picks.flatMap((r, at) => (r.length > 0 ? [{ at, numbers: [...r] }] : []));
    case 'compose':
      return [{ numbers: composeNumbers(picks) }];
    case 'options':
      return picker.rows.flatMap((row, i) =>
        (picks[i] ?? []).map((index) => ({
          ...(row.at === undefined ? {} : { at: row.at }),
          option: row.options[index]!,
        })),
      );
  }
}

/** What a text import made of the text: the picks, and the words it left out. */
export interface ImportedPicks {
  picks: Picks;
  /** Words that are no number of their row (outside the grid, or not a number). */
  rejected: string[];
  /** A pool's numbers beyond its max, left out. */
  dropped: number;
}

/**
 * Picks from pasted text (the number grid's text import): numbers separated by spaces, commas,
 * semicolons or the like. A pool takes every number of the text; a picker of several rows takes
 * one line per row (a line left empty leaves its row empty). A number is read as written ("07",
 * "7"), and must be one of its row's; the rest is reported, not guessed. Null for option rows.
 */
export function importPicks(picker: Picker, text: string): ImportedPicks | null {
  const rows = numberRows(picker);
  if (rows.length === 0) return null;
  const lines = picker.kind === 'pool' ? [text] : text.split(/\r?\n/);
  const rejected: string[] = [];
  let dropped = 0;
  const picks = rows.map((row, i) => {
    const allowed = new Set(rowValues(row));
    const words = (lines[i] ?? '').split(/[\s,;，、|/]+/).filter((w) => w !== '');
    const values: number[] = [];
    for (const word of words) {
      const n = /^\d{1,6}$/.test(word) ? Number(word) : Number.NaN;
      if (allowed.has(n)) values.push(n);
      else rejected.push(word);
    }
    const unique = sorted(values);
    const max = rowMax(picker);
    dropped += Math.max(0, unique.length - max);
    return unique.slice(0, max);
  });
  // Lines beyond the rows are not numbers of any row.
  for (const extra of lines.slice(rows.length))
    rejected.push(...extra.split(/[\s,;，、|/]+/).filter((w) => w));
  return { picks, rejected, dropped };
}
