import type { MerchantState } from '../../platform/merchants.ts';

const DAY_MS = 86_400_000;
export const DEFAULT_UTC_OFFSET = '+08:00';

/** The merchant's business time zone (brand.businessUtcOffset, GMT+8 when missing). */
export const businessOffset = (merchant: MerchantState) =>
  merchant.config.brand.businessUtcOffset ?? DEFAULT_UTC_OFFSET;

export function offsetMs(utcOffset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  if (!m) throw new RangeError(`bad UTC offset ${utcOffset}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/** Today, yesterday and this month (to the end of today) in the zone, as UTC epoch ms ranges. */
export function overviewPeriods(nowMs: number, utcOffset: string) {
  const off = offsetMs(utcOffset);
  const local = nowMs + off;
  const todayStart = Math.floor(local / DAY_MS) * DAY_MS - off;
  const d = new Date(local);
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - off;
  return {
    today: { fromMs: todayStart, toMs: todayStart + DAY_MS },
    yesterday: { fromMs: todayStart - DAY_MS, toMs: todayStart },
    thisMonth: { fromMs: monthStart, toMs: todayStart + DAY_MS },
  };
}
