import type { ContractKind, DividendPeriodKind } from '@aurum/contract';

/**
 * Settlement periods in the merchant's business zone, named by keys that sort and read well:
 * a day "2026-03-09", a week (Sunday to Saturday) "W2026-03-08" by its Sunday, a half-month
 * "2026-03-H1" (1–15) or "2026-03-H2" (16–end), a month "2026-03". `offset` is the zone's
 * offset from UTC in ms; ranges are UTC epoch ms [fromMs, toMs).
 */
const DAY_MS = 86_400_000;

export interface PeriodRange {
  fromMs: number;
  toMs: number;
  /** The dividend period the key names (daily salaries: 'daily'). */
  dividendPeriod: DividendPeriodKind;
  /** Hourly salaries: the slot length the key names. */
  slot?: 'hour' | 'half-hour';
}

const HOUR_MS = 3_600_000;

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const iso = (localMs: number) => new Date(localMs).toISOString().slice(0, 10);

/** The range a key names, or null when the key is not one of the kind's. */
export function parsePeriodKey(kind: ContractKind, key: string, offset: number): PeriodRange | null {
  const range = (fromLocal: number, toLocal: number, p: DividendPeriodKind): PeriodRange => ({
    fromMs: fromLocal - offset,
    toMs: toLocal - offset,
    dividendPeriod: p,
  });
  if (kind === 'hourly') return hourSlot(key, offset);
  if (kind === 'realtime') return fiveMinutes(key, offset);
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (m) {
    const start = day(+m[1]!, +m[2]!, +m[3]!);
    if (iso(start) !== key) return null;
    return range(start, start + DAY_MS, 'daily');
  }
  if (kind !== 'dividend') return null;
  m = /^W(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (m) {
    const start = day(+m[1]!, +m[2]!, +m[3]!);
    if (iso(start) !== key.slice(1) || new Date(start).getUTCDay() !== 0) return null;
    return range(start, start + 7 * DAY_MS, 'weekly');
  }
  m = /^(\d{4})-(0[1-9]|1[0-2])-H([12])$/.exec(key);
  if (m) {
    const [y, mo] = [+m[1]!, +m[2]!];
    return m[3] === '1'
      ? range(day(y, mo, 1), day(y, mo, 16), 'half-monthly')
      : range(day(y, mo, 16), day(y, mo + 1, 1), 'half-monthly');
  }
  m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  if (m) return range(day(+m[1]!, +m[2]!, 1), day(+m[1]!, +m[2]! + 1, 1), 'monthly');
  return null;
}

/** An hourly salary's slot: "2026-03-09T10" (10:00–11:00), "2026-03-09T10:30" (10:30–11:00). */
function hourSlot(key: string, offset: number): PeriodRange | null {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3])(?::(00|30))?$/.exec(key);
  if (!m) return null;
  const start = Date.parse(`${m[1]}T00:00:00Z`);
  if (Number.isNaN(start) || iso(start) !== m[1]) return null;
  const from = start + Number(m[2]) * HOUR_MS + (m[3] === '30' ? HOUR_MS / 2 : 0);
  const half = m[3] !== undefined;
  return {
    fromMs: from - offset,
    toMs: from + (half ? HOUR_MS / 2 : HOUR_MS) - offset,
    dividendPeriod: 'daily',
    slot: half ? 'half-hour' : 'hour',
  };
}

/** A real-time salary run: five minutes "2026-03-09T10:05" (10:05–10:10). */
function fiveMinutes(key: string, offset: number): PeriodRange | null {
  const m = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5][05])$/.exec(key);
  if (!m) return null;
  const start = Date.parse(`${m[1]}T00:00:00Z`);
  if (Number.isNaN(start) || iso(start) !== m[1]) return null;
  const from = start + Number(m[2]) * HOUR_MS + Number(m[3]) * 60_000;
  return { fromMs: from - offset, toMs: from + FIVE_MINUTES_MS - offset, dividendPeriod: 'daily' };
}

const FIVE_MINUTES_MS = 300_000;

/** The last five minutes of real-time salary that have ended by `now`. */
export function lastClosedFiveMinutes(now: number, offset: number): string {
  const start = Math.floor((now + offset) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS - FIVE_MINUTES_MS;
  return new Date(start).toISOString().slice(0, 16);
}

/** The last hourly-salary slot of the length that has ended by `now`. */
export function lastClosedSlot(slot: 'hour' | 'half-hour', now: number, offset: number): string {
  const size = slot === 'hour' ? HOUR_MS : HOUR_MS / 2;
  const start = Math.floor((now + offset) / size) * size - size;
  const text = new Date(start).toISOString();
  return slot === 'hour' ? text.slice(0, 13) : text.slice(0, 16);
}

/** The key of the period of the same length that contains the local day `localDayMs`. */
function keyAt(period: DividendPeriodKind, localDayMs: number): string {
  const d = new Date(localDayMs);
  const ym = d.toISOString().slice(0, 7);
  switch (period) {
    case 'daily':
      return iso(localDayMs);
    case 'weekly':
      return `W${iso(localDayMs - d.getUTCDay() * DAY_MS)}`;
    case 'half-monthly':
      return `${ym}-H${d.getUTCDate() <= 15 ? 1 : 2}`;
    case 'monthly':
      return ym;
  }
}

function periodOfKey(key: string): DividendPeriodKind {
  if (key.startsWith('W')) return 'weekly';
  if (/-H[12]$/.test(key)) return 'half-monthly';
  if (/^\d{4}-\d{2}$/.test(key)) return 'monthly';
  return 'daily';
}

/** The period before the one `key` names (for a dividend's carry). */
export function previousPeriodKey(kind: ContractKind, key: string): string {
  const r = parsePeriodKey(kind === 'daily' ? 'daily' : 'dividend', key, 0);
  if (!r) return '';
  return keyAt(r.dividendPeriod ?? periodOfKey(key), r.fromMs - DAY_MS);
}

/** The last period of the length that has ended by `now` (it is settled the day after it ends). */
export function dividendPeriodOf(period: DividendPeriodKind, now: number, offset: number): string {
  const todayLocal = Math.floor((now + offset) / DAY_MS) * DAY_MS;
  const key = keyAt(period, todayLocal - DAY_MS);
  const r = parsePeriodKey('dividend', key, 0)!;
  return r.toMs <= todayLocal ? key : keyAt(period, r.fromMs - DAY_MS);
}
