/**
 * Shared pieces of the loyalty rules: the error every rule throws on input it cannot take, and
 * percentages written as decimal strings ("0.8" is 0.8 %).
 */
import { parseDecimal } from '../decimal.ts';
import { type Ratio, ratio } from '../ratio.ts';

/** Input a loyalty rule refuses (a negative amount, a malformed rate, a quantity out of stock…). */
export class LoyaltyRuleError extends Error {
  override name = 'LoyaltyRuleError';
}

export const refuse = (message: string): never => {
  throw new LoyaltyRuleError(message);
};

/** "0.8" (per cent) as the exact fraction 0.008. */
export function percentOf(text: string): Ratio {
  let r: Ratio;
  try {
    r = parseDecimal(text);
  } catch {
    return refuse(`not a percentage: ${text}`);
  }
  return ratio(r.num, r.den * 100n);
}

/** amount × fraction, rounded down (amounts here are never negative). */
export const floorTimes = (amount: bigint, fraction: Ratio): bigint => (amount * fraction.num) / fraction.den;

/** amount × fraction, rounded up: a requirement is never rounded in the member's favour. */
export const ceilTimes = (amount: bigint, fraction: Ratio): bigint =>
  (amount * fraction.num + fraction.den - 1n) / fraction.den;

export function nonNegative(amount: bigint, what: string): bigint {
  if (amount < 0n) refuse(`${what} is never negative`);
  return amount;
}
