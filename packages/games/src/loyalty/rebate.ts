/**
 * Rebates (issue 16): a rate per game category per VIP level on the valid bet, accrued when each
 * bet settles at the member's level then, kept per category to 4 decimals of the currency unit,
 * and claimed in whole minor units; the sub-minor rest is carried to the next claim, so nothing
 * is lost to rounding and nothing is paid twice.
 */
import { floorTimes, nonNegative, percentOf, refuse } from './rules.ts';

/** Rebates accrue and show with 4 decimals of the currency unit ("accrual units" are 10^-4). */
export const REBATE_DECIMALS = 4;

const accrualScale = (currencyDecimals: number): bigint => {
  if (!Number.isInteger(currencyDecimals) || currencyDecimals < 0 || currencyDecimals > REBATE_DECIMALS)
    refuse(`a currency with ${currencyDecimals} decimals cannot accrue rebates to ${REBATE_DECIMALS}`);
  return 10n ** BigInt(REBATE_DECIMALS - currencyDecimals);
};

/**
 * What one settled bet accrues, in accrual units: its valid bet (minor units) × the rate (per
 * cent, "0.8") of the member's level for the bet's category, rounded down to 4 decimals.
 */
export function accrueRebate(validBetMinor: bigint, ratePercent: string, currencyDecimals: number): bigint {
  nonNegative(validBetMinor, 'a valid bet');
  return floorTimes(validBetMinor * accrualScale(currencyDecimals), percentOf(ratePercent));
}

/** A member's unclaimed rebate: accrual units per category, and the rest carried from the last claim. */
export interface RebateBalance {
  readonly byCategory: Readonly<Record<string, bigint>>;
  readonly carried: bigint;
}

export const NO_REBATE: RebateBalance = { byCategory: {}, carried: 0n };

/** The balance after a bet of `category` accrued `accrued` accrual units. */
export function addRebate(balance: RebateBalance, category: string, accrued: bigint): RebateBalance {
  nonNegative(accrued, 'an accrual');
  return {
    ...balance,
    byCategory: { ...balance.byCategory, [category]: (balance.byCategory[category] ?? 0n) + accrued },
  };
}

/** Everything claimable, in accrual units. */
export const rebateTotal = (balance: RebateBalance): bigint =>
  Object.values(balance.byCategory).reduce((sum, v) => sum + v, balance.carried);

/**
 * A claim: pays the whole balance rounded down to the currency's minor unit, in one transfer;
 * the categories start again from nothing and the sub-minor rest is carried.
 */
export function claimRebate(
  balance: RebateBalance,
  currencyDecimals: number,
): { paidMinor: bigint; balance: RebateBalance } {
  const scale = accrualScale(currencyDecimals);
  const total = rebateTotal(balance);
  const paidMinor = total / scale;
  return { paidMinor, balance: { byCategory: {}, carried: total - paidMinor * scale } };
}
