import { formatMoney, minorToDecimal, parseMoney } from '../contract';
import { unsignedMinor } from '../funds/amount';

/**
 * The member's amounts: typed as decimal strings and sent as typed (the server parses them), but
 * checked here first against the same limits so the form can say what is wrong before any call.
 * Comparisons are in minor units (bigint), never floats.
 */
export type AmountProblem =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'belowMin'; limit: bigint }
  | { key: 'aboveMax'; limit: bigint }
  | { key: 'aboveBalance'; limit: bigint };

export interface AmountLimits {
  /** Wire decimals ("10.00"). */
  min: string;
  max: string;
  /** What the member holds, when the amount leaves the wallet (withdrawals). */
  balance?: string | undefined;
}

/** The amount in minor units, or null when it is not a positive amount of at most 2 decimals. */
export function amountMinor(text: string): bigint | null {
  const minor = unsignedMinor(text);
  return minor !== null && minor > 0n ? minor : null;
}

export function checkAmount(text: string, limits: AmountLimits): AmountProblem | null {
  if (!text.trim()) return { key: 'required' };
  const minor = amountMinor(text);
  if (minor === null) return { key: 'invalid' };
  const min = parseMoney(limits.min);
  const max = parseMoney(limits.max);
  if (min !== null && minor < min) return { key: 'belowMin', limit: min };
  if (max !== null && minor > max) return { key: 'aboveMax', limit: max };
  const balance = limits.balance === undefined ? null : parseMoney(limits.balance);
  if (balance !== null && minor > balance) return { key: 'aboveBalance', limit: balance };
  return null;
}

/** Round amounts a member is likely to pick, in minor units. */
const ROUND_AMOUNTS = [
  10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000,
].map((major) => BigInt(major) * 100n);

/**
 * Quick-pick chips for a range: the round amounts inside it, spread evenly when there are more
 * than `count`; a range too narrow for any round amount offers its own bounds.
 */
export function quickAmounts(minText: string, maxText: string, count = 6): bigint[] {
  const min = parseMoney(minText);
  const max = parseMoney(maxText);
  if (min === null || max === null || max < min || count < 1) return [];
  const inside = ROUND_AMOUNTS.filter((v) => v >= min && v <= max);
  if (inside.length === 0) return min === max ? [min] : [min, max].filter((v) => v > 0n);
  if (inside.length <= count) return inside;
  if (count === 1) return [inside[0] as bigint];
  const picks = new Set<bigint>();
  for (let i = 0; i < count; i++) {
    picks.add(inside[Math.round((i * (inside.length - 1)) / (count - 1))] as bigint);
  }
  return [...picks];
}

/** How a picked amount goes into the input: "1000", or "12.50" when it has cents. */
export function amountInputText(minor: bigint): string {
  const text = minorToDecimal(minor);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** "1,234.50" without a symbol, for texts that put the symbol themselves. */
export const plainMoney = (minor: bigint) => formatMoney(minor);
