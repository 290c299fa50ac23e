import type { LotteryFamily, LotterySelection } from '@aurum/games';
import { type NumberRow, type Picker, type Play, padNumber, playGroupsOf, type RowLabel } from './plays';

/**
 * A selection in words, as parts the page puts into text: per position (or for the pool) the
 * numbers as the grid shows them, or the option picked.
 */
export interface SelectionPart {
  label?: RowLabel;
  numbers?: string[];
  option?: string;
}

const ALL_PLAYS = new Map<string, Play>();
for (const family of ['ssc', 'pk10', '11x5', 'k3', 'lhc', '4d'] as const satisfies LotteryFamily[])
  for (const g of playGroupsOf(family)) for (const p of g.plays) ALL_PLAYS.set(p.betType, p);
for (const g of playGroupsOf('vn', 'mn')) for (const p of g.plays) ALL_PLAYS.set(p.betType, p);

/** The play of a bet type (every bet type has one). */
export const playOfBetType = (betType: string): Play | undefined => ALL_PLAYS.get(betType);

const numbersOf = (row: NumberRow | undefined, values: readonly number[]) =>
  values.map((n) => padNumber(n, row?.pad ?? 1));

function rowsOf(picker: Picker): readonly NumberRow[] {
  return picker.kind === 'pool' ? [picker.row] : picker.kind === 'options' ? [] : picker.rows;
}

/** The parts of a selection of `betType`; a selection the page cannot read gives none. */
export function describeSelection(betType: string, raw: unknown): SelectionPart[] {
  const play = playOfBetType(betType);
  if (!play || typeof raw !== 'object' || raw === null) return [];
  const s = raw as LotterySelection;
  const { picker } = play;
  if (picker.kind === 'options') {
    const row = picker.rows.find((r) => r.at === s.at) ?? picker.rows[0];
    return s.option === undefined
      ? []
      : [{ ...(row && row.at !== undefined ? { label: row.label } : {}), option: s.option }];
  }
  const rows = rowsOf(picker);
  if (s.positions)
    return s.positions.map((values, i) => ({
      ...(rows[i] ? { label: rows[i].label } : {}),
      numbers: numbersOf(rows[i], values),
    }));
  if (s.numbers && picker.kind === 'perRow') {
    const row = rows[s.at ?? 0];
    return [{ ...(row ? { label: row.label } : {}), numbers: numbersOf(row, s.numbers) }];
  }
  if (s.numbers) {
    const pad = picker.kind === 'compose' ? picker.rows.length : (rows[0]?.pad ?? 1);
    return [{ numbers: s.numbers.map((n) => padNumber(n, pad)) }];
  }
  return [];
}
