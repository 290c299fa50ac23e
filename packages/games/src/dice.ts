/**
 * Dice: a roll from 0.00 to 99.99 (the integer 0..9999) and a bet that it lands under or over a
 * target. The multiplier is 99 / chance-in-percent, floored to 1/10 000, so every bet returns
 * at most 99 % and the house edge is the flat 1 % plus the flooring.
 */
import { type Ratio, ratio } from './ratio.ts';
import { uniformInt, type WordSource } from './uniform.ts';

/** Number of equally likely rolls; a roll r is shown as r / 100 (0.00–99.99). */
export const DICE_OUTCOMES = 10_000;
/** Multipliers and returns are integers in units of 1/10 000 (so 19 800 means 1.98×). */
export const MULTIPLIER_SCALE = 10_000;
/** The least winning chance a bet may have, in winning outcomes of 10 000 (0.01 %). */
export const DICE_MIN_CHANCE = 1;
/** The greatest winning chance a bet may have, in winning outcomes of 10 000 (98 %). */
export const DICE_MAX_CHANCE = 9_800;
/** 99 % return before flooring: multiplier = RETURN / chance, in MULTIPLIER_SCALE units. */
const RETURN_SCALED = (99 * DICE_OUTCOMES * MULTIPLIER_SCALE) / 100;

/** `under` wins when roll < target; `over` wins when roll > target. */
export type DiceDirection = 'under' | 'over';

/** A dice bet: stake, target (an integer 0..9999 on the roll's scale) and direction. */
export interface DiceBet {
  stakeMinor: bigint;
  target: number;
  direction: DiceDirection;
}

/** The settled round, everything the game page and the recall view show. */
export interface DiceRound {
  roll: number;
  win: boolean;
  /** Winning outcomes of 10 000. */
  chance: number;
  /** The bet's multiplier in MULTIPLIER_SCALE units, win or lose. */
  multiplier: number;
  /** Amount returned to the player (stake included); 0 on a loss. */
  payoutMinor: bigint;
}

/** Winning outcomes of a bet: `under t` wins on 0..t−1, `over t` wins on t+1..9999. */
export function diceChance(target: number, direction: DiceDirection): number {
  if (!Number.isInteger(target) || target < 0 || target >= DICE_OUTCOMES)
    throw new RangeError(`target must be an integer 0..${DICE_OUTCOMES - 1}`);
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** The multiplier for `chance` winning outcomes, or a RangeError outside the limits. */
export function diceMultiplier(chance: number): number {
  if (!Number.isInteger(chance) || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE)
    throw new RangeError(
      `chance must be ${DICE_MIN_CHANCE}..${DICE_MAX_CHANCE} outcomes of ${DICE_OUTCOMES}`,
    );
  return Math.floor(RETURN_SCALED / chance);
}

/** Validates the bet (before any word is drawn), rolls, and settles. */
export function diceRound(bet: DiceBet, words: WordSource): DiceRound {
  if (bet.stakeMinor <= 0n) throw new RangeError('stake must be positive');
  const chance = diceChance(bet.target, bet.direction);
  const multiplier = diceMultiplier(chance);
  const roll = uniformInt(DICE_OUTCOMES, words);
  const win = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  const payoutMinor = win ? (bet.stakeMinor * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE) : 0n;
  return { roll, win, chance, multiplier, payoutMinor };
}

/** Exact return of a bet with `chance` winning outcomes: chance / 10 000 × multiplier / 10 000. */
export function diceRtp(chance: number): Ratio {
  return ratio(BigInt(chance * diceMultiplier(chance)), BigInt(DICE_OUTCOMES * MULTIPLIER_SCALE));
}
