/**
 * The dice bet's figures from the maths package, so the page shows exactly what the server
 * will pay: the target range each direction allows (the slider's 1.00–98.99 within the
 * package's chance limits), win chance, multiplier and the payout on a win.
 */
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  DICE_OUTCOMES,
  type DiceDirection,
  diceChance,
  diceMultiplier,
  MULTIPLIER_SCALE,
} from '@aurum/games';

/** The slider's own ends: 1.00 and 98.99 on the roll's 0.00–99.99 scale. */
export const SLIDER_MIN = 100;
export const SLIDER_MAX = 9899;

/** Targets whose chance the package allows, within the slider's ends. */
export function targetRange(direction: DiceDirection): { min: number; max: number } {
  // under t wins on t outcomes; over t wins on DICE_OUTCOMES − 1 − t.
  return direction === 'under'
    ? { min: Math.max(SLIDER_MIN, DICE_MIN_CHANCE), max: Math.min(SLIDER_MAX, DICE_MAX_CHANCE) }
    : {
        min: Math.max(SLIDER_MIN, DICE_OUTCOMES - 1 - DICE_MAX_CHANCE),
        max: Math.min(SLIDER_MAX, DICE_OUTCOMES - 1 - DICE_MIN_CHANCE),
      };
}

export const clampTarget = (target: number, direction: DiceDirection): number => {
  const { min, max } = targetRange(direction);
  return Math.min(max, Math.max(min, Math.round(target)));
};

/** The target with the same chance the other way round (the toggle keeps the odds). */
export const mirrorTarget = (target: number, direction: DiceDirection): number =>
  clampTarget(DICE_OUTCOMES - 1 - target, direction === 'under' ? 'over' : 'under');

export interface DiceFigures {
  /** Winning outcomes of 10 000. */
  chance: number;
  /** In 1/10 000 units. */
  multiplier: number;
  payoutMinor: bigint;
}

export function diceFigures(target: number, direction: DiceDirection, stakeMinor: bigint): DiceFigures {
  const chance = diceChance(target, direction);
  const multiplier = diceMultiplier(chance);
  return { chance, multiplier, payoutMinor: (stakeMinor * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE) };
}
