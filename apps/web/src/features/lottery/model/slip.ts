import type { LotterySelection } from '@aurum/games';
import type { Priced, WireTicket } from './pricing';

/** The contract takes at most this many tickets in one bet (POST /lgw/lottery/bets). */
export const SLIP_MAX = 50;

/** A priced ticket waiting on the slip. */
export interface SlipItem {
  id: number;
  playId: string;
  betType: string;
  selection: LotterySelection;
  ticket: WireTicket;
  bets: number;
  stakeMinor: bigint;
  topPrizeMinor: bigint;
}

let nextId = 1;

/** The slip with `priced` added; null when it would hold more than SLIP_MAX tickets. */
export function addToSlip(slip: readonly SlipItem[], priced: readonly Priced[]): SlipItem[] | null {
  if (slip.length + priced.length > SLIP_MAX) return null;
  return [
    ...slip,
    ...priced.map((p) => ({
      id: nextId++,
      playId: p.draft.play.id,
      betType: p.draft.play.betType,
      selection: p.draft.selection,
      ticket: p.draft.ticket,
      bets: p.quote.bets,
      stakeMinor: p.quote.stakeMinor,
      topPrizeMinor: p.topPrizeMinor,
    })),
  ];
}

export const removeFromSlip = (slip: readonly SlipItem[], id: number): SlipItem[] =>
  slip.filter((i) => i.id !== id);

export function slipTotals(slip: readonly SlipItem[]): { tickets: number; bets: number; stakeMinor: bigint } {
  return {
    tickets: slip.length,
    bets: slip.reduce((n, i) => n + i.bets, 0),
    stakeMinor: slip.reduce((s, i) => s + i.stakeMinor, 0n),
  };
}
