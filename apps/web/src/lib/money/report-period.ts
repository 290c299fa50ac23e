import type { ReportPreset } from '@aurum/contract';

const DAY_MS = 86_400_000;
/** The business zone when the brand names none (as on the server). */
export const DEFAULT_BUSINESS_OFFSET = '+08:00';

const offsetMs = (utcOffset: string) => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
};

/** YYYY-MM-DD of a date field as the start of that day in the business zone (epoch ms). */
const dayStart = (date: string, utcOffset: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - offsetMs(utcOffset) : undefined;
};

/** The business day (YYYY-MM-DD) of a moment. */
export const businessDay = (ms: number, utcOffset: string) =>
  new Date(ms + offsetMs(utcOffset)).toISOString().slice(0, 10);

/** A report period form: a preset, or custom days (YYYY-MM-DD, both included). */
export interface PeriodDraft {
  preset: ReportPreset;
  from: string;
  to: string;
}

export type PeriodQuery =
  | { preset: Exclude<ReportPreset, 'custom'> }
  | { preset: 'custom'; startDate: number; endDate: number };

/**
 * The query of a member's report call (statement, personal profit): a preset, or custom days
 * (both included) in the business zone as `startDate` included and `endDate` excluded; null when
 * the custom days are missing or out of order.
 */
export function periodQuery(d: PeriodDraft, utcOffset = DEFAULT_BUSINESS_OFFSET): PeriodQuery | null {
  if (d.preset !== 'custom') return { preset: d.preset };
  const from = dayStart(d.from, utcOffset);
  const to = dayStart(d.to, utcOffset);
  if (from === undefined || to === undefined || to < from) return null;
  return { preset: 'custom', startDate: from, endDate: to + DAY_MS };
}
