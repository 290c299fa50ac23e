import { formatDate } from '../format/date';

/** Spec §9: date range pickers offer the next and the last 7 and 30 days. */
export const RANGE_PRESETS = ['last7', 'last30', 'next7', 'next30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type RangeChoice = RangePreset | 'custom';

/** A range of whole local days, as epoch milliseconds: start of the first day, end of the last. */
export interface DayRange {
  startTime: number;
  endTime: number;
}

const PRESET_DAYS: Record<RangePreset, { days: number; forward: boolean }> = {
  last7: { days: 7, forward: false },
  last30: { days: 30, forward: false },
  next7: { days: 7, forward: true },
  next30: { days: 30, forward: true },
};

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime() - 1;
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/**
 * "Last N days" ends today and starts N-1 days before; "next N days" starts today and ends N-1
 * days after. Both count today, so each covers exactly N calendar days in local time.
 */
export function presetRange(preset: RangePreset, now: Date = new Date()): DayRange {
  const { days, forward } = PRESET_DAYS[preset];
  const first = forward ? now : addDays(now, -(days - 1));
  const last = forward ? addDays(now, days - 1) : now;
  return { startTime: startOfDay(first), endTime: endOfDay(last) };
}

/** A YYYY-MM-DD text (a date input's value) as a local date; null when it is not one. */
export function parseDay(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(y, mo, d);
  return date.getFullYear() === y && date.getMonth() === mo && date.getDate() === d ? date : null;
}

/** A custom range from two date inputs; null while either is missing or they are reversed. */
export function customRange(from: string, to: string): DayRange | null {
  const first = parseDay(from);
  const last = parseDay(to);
  if (!first || !last || first.getTime() > last.getTime()) return null;
  return { startTime: startOfDay(first), endTime: endOfDay(last) };
}

/** The range as two date-input values (to seed the custom fields from a preset). */
export function rangeDays(range: DayRange): { from: string; to: string } {
  return { from: formatDate(range.startTime), to: formatDate(range.endTime) };
}
