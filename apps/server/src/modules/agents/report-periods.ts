import type { ReportPreset } from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';
import { offsetMs } from './business-day.ts';

const DAY_MS = 86_400_000;

export interface ReportPeriod {
  fromMs: number;
  toMs: number;
}

/**
 * A report's period as UTC epoch ms [from, to): the preset's days in the merchant's business
 * time zone (a week runs Sunday to Saturday, as the contracts' weekly period does), or the custom
 * range as given. `maxDays` bounds a custom range (downline transactions: 90 days).
 */
export function reportPeriod(
  q: { preset: ReportPreset; startDate?: number | undefined; endDate?: number | undefined },
  nowMs: number,
  utcOffset: string,
  maxDays?: number,
): ReportPeriod {
  const off = offsetMs(utcOffset);
  const local = nowMs + off;
  const today = Math.floor(local / DAY_MS) * DAY_MS - off;
  const d = new Date(local);
  const weekStart = today - d.getUTCDay() * DAY_MS;
  const monthStart = (monthsBack: number) =>
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1) - off;
  let period: ReportPeriod;
  switch (q.preset) {
    case 'today':
      period = { fromMs: today, toMs: today + DAY_MS };
      break;
    case 'yesterday':
      period = { fromMs: today - DAY_MS, toMs: today };
      break;
    case 'thisWeek':
      period = { fromMs: weekStart, toMs: weekStart + 7 * DAY_MS };
      break;
    case 'lastWeek':
      period = { fromMs: weekStart - 7 * DAY_MS, toMs: weekStart };
      break;
    case 'thisMonth':
      period = { fromMs: monthStart(0), toMs: monthStart(-1) };
      break;
    case 'lastMonth':
      period = { fromMs: monthStart(1), toMs: monthStart(0) };
      break;
    case 'custom':
      period = { fromMs: q.startDate ?? 0, toMs: q.endDate ?? 0 };
      if (!(period.fromMs < period.toMs)) {
        throw new AppError('request.invalid', undefined, { endDate: 'before startDate' });
      }
      break;
  }
  if (maxDays !== undefined && period.toMs - period.fromMs > maxDays * DAY_MS) {
    throw new AppError('request.invalid', undefined, {
      endDate: `more than ${maxDays} days after startDate`,
    });
  }
  return period;
}
