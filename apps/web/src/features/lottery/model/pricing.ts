import type { RouteBody } from '@aurum/contract';
import {
  betType,
  type LotteryBet,
  LotteryBetError,
  type LotteryConfig,
  type LotteryQuote,
  type LotterySelection,
  quoteBet,
  type StakeKind,
  toMinor,
} from '@aurum/games';
import type { Play } from './plays';

export type WireTicket = RouteBody<'lotteryBet'>['tickets'][number];

export const UNITS = ['1', '0.1', '0.01'] as const;
export type Unit = (typeof UNITS)[number];
const UNIT_DIVISORS: Record<Unit, number> = { '1': 1, '0.1': 10, '0.01': 100 };

/** What the member entered for the stake; which parts apply depends on the bet type. */
export interface StakeInput {
  unit: Unit;
  multiplier: number;
  /** Amount per bet, as typed ("10", "2.5"). */
  amount: string;
  points: number;
}

export const DEFAULT_STAKE: StakeInput = { unit: '1', multiplier: 1, amount: '10', points: 1 };

/** The stake kind of a play's bet type: units (unit × multiplier), amount, or points. */
export const stakeKindOf = (play: Play): StakeKind => betType(play.betType)?.stake ?? 'amount';

/** The odds board bets are placed on (the merchant's first, LOTT on the demo) and its version. */
export const boardOf = (config: LotteryConfig) => config.oddsBoards[0]!;

/**
 * The configuration as a prize mode prices it: the mode's odds board (the menu's `board`) first,
 * so odds shown and bets placed are on it. Unchanged when the board is already first or unknown.
 */
export function onBoard(config: LotteryConfig, code: string | undefined): LotteryConfig {
  const board = config.oddsBoards.find((b) => b.code === code);
  if (!board || board === config.oddsBoards[0]) return config;
  return { ...config, oddsBoards: [board, ...config.oddsBoards.filter((b) => b !== board)] };
}

/** One ticket ready to send, and the engine's bet it is. */
export interface Draft {
  play: Play;
  selection: LotterySelection;
  ticket: WireTicket;
  bet: LotteryBet;
}

export type StakeProblem = 'amount' | 'multiplier' | 'points';

/** Why the stake input cannot make a bet of `kind`, or null. */
export function stakeProblem(config: LotteryConfig, kind: StakeKind, stake: StakeInput): StakeProblem | null {
  if (kind === 'units') {
    const m = stake.multiplier;
    return Number.isSafeInteger(m) && m >= 1 && m <= config.limits.maxMultiplier ? null : 'multiplier';
  }
  if (kind === 'points') return Number.isSafeInteger(stake.points) && stake.points >= 1 ? null : 'points';
  return amountMinorOf(config, stake.amount) === null ? 'amount' : null;
}

/** An entered amount in minor units, or null when it is not an amount above zero. */
export function amountMinorOf(config: LotteryConfig, text: string): bigint | null {
  try {
    const minor = toMinor(text.trim(), config.currencyDecimals);
    return minor > 0n ? minor : null;
  } catch {
    return null;
  }
}

/** A selection as the request carries it (the engine's, with its lists copied). */
const wireSelection = (s: LotterySelection): WireTicket['selection'] => ({
  ...(s.at === undefined ? {} : { at: s.at }),
  ...(s.option === undefined ? {} : { option: s.option }),
  ...(s.numbers ? { numbers: [...s.numbers] } : {}),
  ...(s.positions ? { positions: s.positions.map((p) => [...p]) } : {}),
});

/** The tickets of a play's selections at the stake entered (the stake must be valid). */
export function draftsOf(
  config: LotteryConfig,
  gameCode: string,
  play: Play,
  selections: readonly LotterySelection[],
  stake: StakeInput,
): Draft[] {
  const type = betType(play.betType);
  const kind = stakeKindOf(play);
  const board = type?.pricing === 'odds' ? boardOf(config) : null;
  return selections.map((selection) => {
    const ticket: WireTicket = {
      betType: play.betType,
      selection: wireSelection(selection),
      ...(kind === 'units' ? { unit: stake.unit, multiplier: stake.multiplier } : {}),
      ...(kind === 'amount' ? { amount: stake.amount.trim() } : {}),
      ...(kind === 'points' ? { points: stake.points } : {}),
      ...(board ? { board: board.code, boardVersion: board.version } : {}),
    };
    const bet: LotteryBet = {
      game: gameCode,
      type: play.betType,
      selection,
      ...(kind === 'units' ? { unitDivisor: UNIT_DIVISORS[stake.unit], multiplier: stake.multiplier } : {}),
      ...(kind === 'amount' ? { amountMinor: amountMinorOf(config, stake.amount) ?? 0n } : {}),
      ...(kind === 'points' ? { points: stake.points } : {}),
      ...(board ? { board: board.code, boardVersion: board.version } : {}),
    };
    return { play, selection, ticket, bet };
  });
}

export interface Priced {
  draft: Draft;
  quote: LotteryQuote;
  /** What one winning bet pays at its best price key (lô: per hit), rounded down. */
  topPrizeMinor: bigint;
}

export type PriceResult =
  | { ok: true; items: Priced[]; bets: number; stakeMinor: bigint; topPrizeMinor: bigint }
  | { ok: false; problem: 'overLimit' | 'invalid'; reason?: string };

/**
 * Prices tickets as the server will: the engine's count and stake per ticket, and the prize of
 * one winning bet. A ticket over the merchant's stake per bet is a problem of its own.
 */
export function priceDrafts(config: LotteryConfig, drafts: readonly Draft[]): PriceResult {
  const items: Priced[] = [];
  for (const draft of drafts) {
    let quote: LotteryQuote;
    try {
      // The limits are checked below, so the member reads which one.
      quote = quoteBet(config, draft.bet, false);
    } catch (e) {
      if (e instanceof LotteryBetError) return { ok: false, problem: 'invalid', reason: e.message };
      throw e;
    }
    if (quote.stakeMinor > config.limits.maxStakePerBetMinor) return { ok: false, problem: 'overLimit' };
    let top = 0n;
    for (const price of quote.prices.values()) {
      const minor = price.num / price.den;
      if (minor > top) top = minor;
    }
    items.push({ draft, quote, topPrizeMinor: top });
  }
  return {
    ok: true,
    items,
    bets: items.reduce((n, i) => n + i.quote.bets, 0),
    stakeMinor: items.reduce((s, i) => s + i.quote.stakeMinor, 0n),
    topPrizeMinor: items.reduce((m, i) => (i.topPrizeMinor > m ? i.topPrizeMinor : m), 0n),
  };
}
