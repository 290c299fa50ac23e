import { minorToDecimal, parseMoney, type RainConfig, type RainState } from '@aurum/contract';
import { uniformInt, type WordSource } from '@aurum/games';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { big, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * Red-envelope rain (docs/promotions.md "Red-envelope rain"): the windows of a rain and the draw
 * from a window's budget (0049_promo_rain.sql).
 */

/** One occurrence of a window: epoch ms; `key` names it in promo_participations.day. */
export interface RainWindow {
  key: string;
  start: number;
  end: number;
}

/** "+08:00" → 8 h in ms. */
export function offsetMs(utcOffset: string): number {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const [h, m] = utcOffset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0)) * MINUTE_MS;
}

const windowOf = (start: number, minutes: number): RainWindow => ({
  key: `rain:${new Date(start).toISOString()}`,
  start,
  end: start + minutes * MINUTE_MS,
});

/** The window open at `now` (null between windows) and the next one to open after `now`. */
export function rainWindows(rain: RainConfig, now: number): { open: RainWindow | null; next: RainWindow } {
  const offset = offsetMs(rain.utcOffset);
  const localDay = Math.floor((now + offset) / DAY_MS) * DAY_MS;
  const all: RainWindow[] = [];
  for (const d of [-1, 0, 1]) {
    for (const w of rain.windows) {
      const [h, m] = w.start.split(':').map(Number);
      const start = localDay + d * DAY_MS + ((h ?? 0) * 60 + (m ?? 0)) * MINUTE_MS - offset;
      all.push(windowOf(start, w.minutes));
    }
  }
  all.sort((a, b) => a.start - b.start);
  const open = all.find((w) => w.start <= now && now < w.end) ?? null;
  const next = all.find((w) => w.start > now)!;
  return { open, next };
}

/** What a card shows of a rain: the open window (with the member's win in it) or the next one. */
export function rainStateOf(rain: RainConfig, now: number, wonMinor: bigint | null): RainState {
  const { open, next } = rainWindows(rain, now);
  const shown = open ?? next;
  return {
    open: open !== null,
    windowStart: shown.start,
    windowEnd: shown.end,
    won: open && wonMinor !== null ? minorToDecimal(wonMinor) : null,
  };
}

export const rainMoney = (rain: RainConfig) => ({
  budget: parseMoney(rain.budget) ?? 0n,
  min: parseMoney(rain.min) ?? 0n,
  max: parseMoney(rain.max) ?? 0n,
});

/**
 * Draws one envelope from the window's budget and books it, in the caller's transaction: the
 * window's row is made with the budget when missing, then locked, so concurrent claims take
 * their turns and each draws from what the previous ones left. An amount from min to the
 * smaller of max and what is left, uniformly in cents; refused when less than min is left.
 */
export async function drawFromWindow(
  tx: Queryable,
  words: WordSource,
  req: { merchant: string; promotionId: string; window: RainWindow; rain: RainConfig },
): Promise<bigint> {
  const { budget, min, max } = rainMoney(req.rain);
  const key = [req.merchant, req.promotionId, new Date(req.window.start).toISOString()];
  await queryRows(
    tx,
    `INSERT INTO promo_rain_windows (merchant_code, promotion_id, window_start, budget)
     VALUES ($1, $2, $3::timestamptz, $4::bigint) ON CONFLICT DO NOTHING`,
    [...key, budget.toString()],
  );
  const [row] = await queryRows<{ budget: string; paid: string }>(
    tx,
    `SELECT budget::text, paid::text FROM promo_rain_windows
      WHERE merchant_code = $1 AND promotion_id = $2 AND window_start = $3::timestamptz FOR UPDATE`,
    key,
  );
  const left = big(row!.budget) - big(row!.paid);
  if (left < min || left <= 0n) throw new AppError('promo.rain.empty');
  const top = left < max ? left : max;
  const amount = min + BigInt(uniformInt(Number(top - min) + 1, words));
  await queryRows(
    tx,
    `UPDATE promo_rain_windows SET paid = paid + $4::bigint, claims = claims + 1
      WHERE merchant_code = $1 AND promotion_id = $2 AND window_start = $3::timestamptz`,
    [...key, amount.toString()],
  );
  return amount;
}

/** What has been paid from a window (the operator's view and the tests). */
export async function windowTotals(q: Queryable, merchant: string, promotionId: string, start: number) {
  const [row] = await queryRows<{ budget: string; paid: string; claims: number }>(
    q,
    `SELECT budget::text, paid::text, claims FROM promo_rain_windows
      WHERE merchant_code = $1 AND promotion_id = $2 AND window_start = $3::timestamptz`,
    [merchant, promotionId, new Date(start).toISOString()],
  );
  return row ? { budget: big(row.budget), paid: big(row.paid), claims: Number(row.claims) } : null;
}
