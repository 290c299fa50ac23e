import type { LotteryGame } from '@aurum/games';

/** The issue counts offered as one tap. */
export const CHASE_PRESETS = [5, 10, 20, 50] as const;
/**
 * The server takes at most this many issues in one chase (LOTTERY_MAX_CHASE_ISSUES of the
 * contract, which the page may not import at run time; chase.test.ts checks they agree).
 */
export const CHASE_MAX_ISSUES = 120;
/** The contract's bounds of one issue's multiplier. */
export const CHASE_MAX_MULTIPLIER = 10_000;

const DAY_MS = 86_400_000;

/** "+07:00" → 25 200 000 ms. */
function offsetMs(utcOffset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  if (!m) throw new RangeError(`bad utcOffset ${utcOffset}`);
  const ms = (Number(m[2]) * 60 + Number(m[3])) * 60_000;
  return m[1] === '-' ? -ms : ms;
}

const dayText = (localDayStart: number) =>
  new Date(localDayStart).toISOString().slice(0, 10).replaceAll('-', '');

/** One issue of the schedule: its number and its draw time (epoch ms). */
export interface ChaseSlot {
  issueNo: string;
  drawAt: number;
}

/**
 * The issue the game's schedule draws first after `at`, numbered as the server numbers it
 * (docs/lottery-server.md, Issues): per day in the game's zone, `YYYYMMDD-NNNN` for a game every
 * N seconds (the issue drawn at midnight keeps the day it ends), `YYYYMMDD` for a daily game.
 */
export function slotAfter(game: Pick<LotteryGame, 'cadence' | 'utcOffset'>, at: number): ChaseSlot {
  const offset = offsetMs(game.utcOffset);
  const local = at + offset;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  if ('everySeconds' in game.cadence) {
    const every = game.cadence.everySeconds * 1000;
    const n = Math.floor((local - dayStart) / every) + 1;
    return {
      issueNo: `${dayText(dayStart)}-${String(n).padStart(4, '0')}`,
      drawAt: dayStart + n * every - offset,
    };
  }
  const [hh = 0, mm = 0] = game.cadence.dailyAt.split(':').map(Number);
  const timeOfDay = (hh * 60 + mm) * 60_000;
  const drawDay = local - dayStart < timeOfDay ? dayStart : dayStart + DAY_MS;
  return { issueNo: dayText(drawDay), drawAt: drawDay + timeOfDay - offset };
}

/** `count` issues from the one on sale now (`first`, drawn at `firstDrawAt` ms) on, in draw order. */
export function comingIssues(
  game: Pick<LotteryGame, 'cadence' | 'utcOffset'>,
  first: ChaseSlot,
  count: number,
): ChaseSlot[] {
  const out: ChaseSlot[] = [];
  let slot = first;
  for (let i = 0; i < count; i++) {
    out.push(slot);
    slot = slotAfter(game, slot.drawAt);
  }
  return out;
}

/** How the multipliers of a chase are set: all alike, or doubling (×factor every `every` issues). */
export type ChasePlan =
  | { kind: 'same'; multiplier: number }
  | { kind: 'doubling'; start: number; factor: number; every: number };

/**
 * The multiplier of each of `count` issues under the plan: `same` gives each the multiplier;
 * `doubling` starts at `start` and multiplies by `factor` after every `every` issues, never
 * above the contract's 10,000.
 */
export function planMultipliers(plan: ChasePlan, count: number): number[] {
  return Array.from({ length: count }, (_, i) => {
    if (plan.kind === 'same') return clampMultiplier(plan.multiplier);
    const steps = Math.floor(i / Math.max(1, plan.every));
    return clampMultiplier(plan.start * plan.factor ** steps);
  });
}

export const clampMultiplier = (n: number) =>
  Number.isFinite(n) ? Math.min(CHASE_MAX_MULTIPLIER, Math.max(1, Math.floor(n))) : 1;

/** A row of the chase table: the issue and its multiplier. */
export interface ChaseRow {
  issueNo: string;
  multiplier: number;
}

/** One issue's cost: the ticket's stake times the issue's multiplier (it scales every stake kind). */
export const issueCost = (stakeMinor: bigint, multiplier: number): bigint => stakeMinor * BigInt(multiplier);

/** The whole chase's cost, paid up front. */
export const chaseTotal = (stakeMinor: bigint, rows: readonly ChaseRow[]): bigint =>
  rows.reduce((sum, r) => sum + issueCost(stakeMinor, r.multiplier), 0n);

/** The issue count typed in the field, within 1–120; null when it is not a whole number in range. */
export function parseIssueCount(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= CHASE_MAX_ISSUES ? n : null;
}

/** A chase's ticket as the progress reads it. */
interface ChaseTicket {
  issueNo: string;
  status: 'pending' | 'won' | 'lost' | 'cancelled' | 'refunded';
}

/**
 * A chase's progress: issues played (settled as won, lost or a push), won, and refunded
 * (cancelled by the member, a stop on a win, the operator or the system).
 */
export function chaseProgress(tickets: readonly ChaseTicket[]): {
  played: number;
  won: number;
  refunded: number;
} {
  return {
    played: tickets.filter((t) => t.status === 'won' || t.status === 'lost' || t.status === 'refunded')
      .length,
    won: tickets.filter((t) => t.status === 'won').length,
    refunded: tickets.filter((t) => t.status === 'cancelled').length,
  };
}

/**
 * Whether the member may still cancel a chase's issue: its ticket waits, and its issue is the
 * one on sale now or a coming one (issue numbers of a game sort in draw order). The server
 * decides in the end: an issue that closed meanwhile is refused as closed.
 */
export const issueCancellable = (ticket: ChaseTicket, onSaleIssueNo: string | null): boolean =>
  ticket.status === 'pending' && onSaleIssueNo !== null && ticket.issueNo >= onSaleIssueNo;
