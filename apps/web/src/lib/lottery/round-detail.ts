import { type ComponentType, createContext, useContext } from 'react';

/**
 * What the lottery's settlement writes as a ticket's round detail (the credit that closes its
 * round, docs/lottery-server.md): the betting record's recall shows it.
 */
export interface LotteryRoundDetail {
  lottery: string;
  issueNo: string;
  betType: string;
  selection: unknown;
  bets: number;
  result: unknown;
  outcome: 'won' | 'lost' | 'push';
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A round's `detail` read as a lottery ticket's, or null when it is not one. */
export function readLotteryRoundDetail(detail: unknown): LotteryRoundDetail | null {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return null;
  const d = detail as Record<string, unknown>;
  if (!isText(d.lottery) || !isText(d.issueNo) || !isText(d.betType)) return null;
  if (!Number.isInteger(d.bets) || (d.bets as number) < 1) return null;
  if (typeof d.selection !== 'object' || d.selection === null) return null;
  if (typeof d.result !== 'object' || d.result === null) return null;
  if (d.outcome !== 'won' && d.outcome !== 'lost' && d.outcome !== 'push') return null;
  return d as unknown as LotteryRoundDetail;
}

/**
 * The lottery's view of a ticket's round. The lottery feature draws it and the app provides it
 * (a lazy chunk), so the betting record, another feature, shows it without importing the lottery.
 */
export type LotteryRoundView = ComponentType<{ detail: LotteryRoundDetail }>;

const LotteryRoundViewContext = createContext<LotteryRoundView | null>(null);
export const LotteryRoundViewProvider = LotteryRoundViewContext.Provider;
export const useLotteryRoundView = () => useContext(LotteryRoundViewContext);
