import type { LotteryGame } from '@aurum/games';
import { DAY_MS, SECOND_MS } from '../../platform/clock.ts';

/** One issue of a game's schedule: its number and times (epoch ms). */
export interface IssueSlot {
  issueNo: string;
  saleOpenAt: number;
  saleCloseAt: number;
  drawAt: number;
}

/** "+07:00" → 25 200 000 ms. */
export function offsetMs(utcOffset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  if (!m) throw new RangeError(`bad utcOffset ${utcOffset}`);
  const ms = (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  return m[1] === '-' ? -ms : ms;
}

/** YYYYMMDD of a local day's start (ms since epoch, shifted to the zone). */
const dayText = (localDayStart: number) =>
  new Date(localDayStart).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The issue a game's schedule has on sale at `at`: the first issue whose draw is after `at`.
 * Day-based numbering in the game's own zone: a game every N seconds has issues
 * `YYYYMMDD-0001` … drawn at N, 2N … seconds after local midnight (the last one at midnight
 * belongs to the day it ends); a daily game has one issue `YYYYMMDD`, drawn at its local time.
 * An issue's sale opens when the previous one is drawn and closes the game's lead before its draw.
 */
export function slotAt(game: LotteryGame, at: number): IssueSlot {
  const offset = offsetMs(game.utcOffset);
  const local = at + offset;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const lead = game.saleCloseLeadSeconds * SECOND_MS;
  if ('everySeconds' in game.cadence) {
    const every = game.cadence.everySeconds * SECOND_MS;
    const n = Math.floor((local - dayStart) / every) + 1;
    const drawLocal = dayStart + n * every;
    const drawAt = drawLocal - offset;
    // The issue drawn at the next midnight is the day's last: it keeps the day's date.
    return {
      issueNo: `${dayText(dayStart)}-${String(n).padStart(4, '0')}`,
      saleOpenAt: drawAt - every,
      saleCloseAt: drawAt - lead,
      drawAt,
    };
  }
  const [hh, mm] = game.cadence.dailyAt.split(':').map(Number) as [number, number];
  const timeOfDay = (hh * 60 + mm) * 60_000;
  const drawDay = local - dayStart < timeOfDay ? dayStart : dayStart + DAY_MS;
  const drawAt = drawDay + timeOfDay - offset;
  return {
    issueNo: dayText(drawDay),
    saleOpenAt: drawAt - DAY_MS,
    saleCloseAt: drawAt - lead,
    drawAt,
  };
}

/** The issue after `slot`. */
export const nextSlot = (game: LotteryGame, slot: IssueSlot): IssueSlot => slotAt(game, slot.drawAt);
