import {
  betType,
  formatExactMinor,
  LotteryBetError,
  type LotteryConfig,
  lunarYearAnimal,
  quoteBet,
  type Zodiac,
} from '@aurum/games';
import type { Play } from './plays';
import { boardOf, draftsOf, type StakeInput, stakeKindOf, stakeProblem } from './pricing';

/**
 * What the play area shows next to the picks: the odds of each option of an odds-board bet,
 * and for number bets what one winning bet pays at the stake entered (per price key: 4D's tiers,
 * three-in-two's "hit 2" and "hit 3").
 */

/** An odds ratio as a decimal ("1.982"). */
export const oddsText = (odds: { num: bigint; den: bigint }): string => formatExactMinor(odds, 0);

/** The lunar year's animal of an LHC draw at `drawAt` (the draw's date in GMT+8, as the engine reads it). */
export function lhcYearAt(drawAt: string): Zodiac | null {
  const ms = Date.parse(drawAt);
  if (!Number.isFinite(ms)) return null;
  try {
    return lunarYearAnimal(new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10));
  } catch {
    return null;
  }
}

/**
 * The board's odds of one option of an odds bet: its own price key, or `*`; a zodiac bet's key
 * is "year" for the year's own animal, else "other".
 */
export function optionOdds(
  config: LotteryConfig,
  code: string,
  option: string,
  year: Zodiac | null,
): { num: bigint; den: bigint } | undefined {
  const type = betType(code);
  const table = boardOf(config).odds.get(code);
  if (type?.pricing !== 'odds' || !table) return undefined;
  const key = type.keys.includes('year') ? (option === year ? 'year' : 'other') : option;
  return table.get(key) ?? table.get('*');
}

/**
 * What one winning bet of the play pays at the stake entered, per price key, in minor units
 * (exact): empty when the stake is not valid yet or the play's odds show per option.
 */
export function prizesOf(
  config: LotteryConfig,
  gameCode: string,
  play: Play,
  stake: StakeInput,
): { key: string; prizeMinor: { num: bigint; den: bigint } }[] {
  const type = betType(play.betType);
  if (!type || play.picker.kind === 'options') return [];
  if (stakeProblem(config, stakeKindOf(play), stake)) return [];
  const [draft] = draftsOf(config, gameCode, play, type.samples().slice(0, 1), stake);
  if (!draft) return [];
  try {
    const quote = quoteBet(config, draft.bet, false);
    return [...quote.prices].map(([key, prizeMinor]) => ({ key, prizeMinor }));
  } catch (e) {
    if (e instanceof LotteryBetError) return [];
    throw e;
  }
}
