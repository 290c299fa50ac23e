import { type InhouseEngine, minorToDecimal } from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';

/** The stakes a game takes, in minor units: from min to max in steps of step. */
export interface StakeLimits {
  minMinor: bigint;
  maxMinor: bigint;
  stepMinor: bigint;
}

/**
 * Stake limits per engine, the same in real and play mode. The slot pays in line bets of
 * stake / 20, so its stakes are whole multiples of 0.20 and no line pay is ever rounded; the
 * baccarat limits apply to each bet spot on its own.
 */
export const STAKE_LIMITS: Readonly<Record<InhouseEngine, StakeLimits>> = {
  slot: { minMinor: 20n, maxMinor: 10_000n, stepMinor: 20n },
  baccarat: { minMinor: 100n, maxMinor: 100_000n, stepMinor: 1n },
  dice: { minMinor: 10n, maxMinor: 50_000n, stepMinor: 1n },
  plinko: { minMinor: 10n, maxMinor: 50_000n, stepMinor: 1n },
};

/** Whether a stake is one the engine takes. */
export function stakeAllowed(engine: InhouseEngine, stakeMinor: bigint): boolean {
  const { minMinor, maxMinor, stepMinor } = STAKE_LIMITS[engine];
  return stakeMinor >= minMinor && stakeMinor <= maxMinor && stakeMinor % stepMinor === 0n;
}

/**
 * Refuses a stake outside the engine's limits (play.stake.invalid), before anything is drawn or
 * moved; details name the field and the limits so the page can say what is allowed.
 */
export function checkStake(engine: InhouseEngine, stakeMinor: bigint, field = 'stake'): void {
  if (stakeAllowed(engine, stakeMinor)) return;
  const { minMinor, maxMinor, stepMinor } = STAKE_LIMITS[engine];
  throw new AppError('play.stake.invalid', undefined, {
    field,
    min: minorToDecimal(minMinor),
    max: minorToDecimal(maxMinor),
    step: minorToDecimal(stepMinor),
  });
}
