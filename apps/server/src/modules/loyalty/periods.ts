import { offsetMs } from '../agents/index.ts';

const DAY_MS = 86_400_000;

export interface Period {
  fromMs: number;
  toMs: number;
  /** "2026-11" for a month, "2026-11-27" for a day, in the business zone. */
  key: string;
}

/** The business month (in the merchant's zone) that holds `nowMs`. */
export function businessMonth(nowMs: number, utcOffset: string): Period {
  const off = offsetMs(utcOffset);
  const d = new Date(nowMs + off);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    fromMs: Date.UTC(y, m, 1) - off,
    toMs: Date.UTC(y, m + 1, 1) - off,
    key: `${y}-${String(m + 1).padStart(2, '0')}`,
  };
}

/** The business month before the one that holds `nowMs`. */
export function previousBusinessMonth(nowMs: number, utcOffset: string): Period {
  return businessMonth(businessMonth(nowMs, utcOffset).fromMs - 1, utcOffset);
}

/** The business day before the one that holds `nowMs`. */
export function previousBusinessDay(nowMs: number, utcOffset: string): Period {
  const off = offsetMs(utcOffset);
  const todayStart = Math.floor((nowMs + off) / DAY_MS) * DAY_MS - off;
  const fromMs = todayStart - DAY_MS;
  return { fromMs, toMs: todayStart, key: new Date(fromMs + off).toISOString().slice(0, 10) };
}
