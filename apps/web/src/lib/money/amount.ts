import type { TFunction } from 'i18next';
import { minorToDecimal, parseMoney } from '../contract';
import { formatMoneyDisplay } from '../format/money';

/**
 * The member's amounts: typed as decimal strings and sent as typed (trimmed; the server parses
 * them again and stays the judge), but checked here first the way the server will (money.ts: at
 * most two decimals, no sign, no exponent) and against the limits, so the form can say what is
 * wrong before any call. Comparisons are in minor units (bigint), never floats.
 *
 * A problem's key is its text in the funds catalogue (`amount.*`); a passed limit comes with it.
 */
export type AmountProblem =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'positive' }
  | { key: 'belowMin'; limit: bigint }
  | { key: 'aboveMax'; limit: bigint }
  | { key: 'overBalance'; limit: bigint };

export interface AmountLimits {
  /** Minor units; absent when the call has no lower bound beyond "more than zero". */
  min?: bigint | null | undefined;
  max?: bigint | null | undefined;
  /** What the paying wallet holds, when the amount leaves it. */
  available?: bigint | null | undefined;
}

/** Limits as the wire gives them ("10.00"); absent or unreadable ones do not bind. */
export function wireLimits(limits: {
  min?: string | null | undefined;
  max?: string | null | undefined;
  available?: string | null | undefined;
}): AmountLimits {
  return {
    min: wireToMinor(limits.min),
    max: wireToMinor(limits.max),
    available: wireToMinor(limits.available),
  };
}

export function checkAmount(text: string, limits: AmountLimits = {}): AmountProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return { key: 'required' };
  const minor = unsignedMinor(trimmed);
  if (minor === null) return { key: 'invalid' };
  if (minor <= 0n) return { key: 'positive' };
  if (limits.min != null && minor < limits.min) return { key: 'belowMin', limit: limits.min };
  if (limits.max != null && minor > limits.max) return { key: 'aboveMax', limit: limits.max };
  if (limits.available != null && minor > limits.available) {
    return { key: 'overBalance', limit: limits.available };
  }
  return null;
}

/** The member-facing text of an amount problem, its limit shown with the currency symbol. */
export function amountProblemText(t: TFunction<'funds'>, problem: AmountProblem, symbol: string): string {
  return 'limit' in problem
    ? t(`amount.${problem.key}`, { amount: formatMoneyDisplay(problem.limit, symbol) })
    : t(`amount.${problem.key}`);
}

/** An amount field's check for the form kit's `validators`: the problem's text, or null. */
export const amountValidator =
  (t: TFunction<'funds'>, limits: AmountLimits, symbol: string) =>
  (value: string): string | null => {
    const problem = checkAmount(value, limits);
    return problem ? amountProblemText(t, problem, symbol) : null;
  };

/**
 * A typed amount in minor units as the server reads it (at most two decimals, no exponent), or
 * null when it is unreadable or carries a sign (parseMoney takes a minus the member may not type).
 */
export function unsignedMinor(text: string): bigint | null {
  const trimmed = text.trim();
  return trimmed.startsWith('-') || trimmed.startsWith('+') ? null : parseMoney(trimmed);
}

/** The amount in minor units, or null when it is not a positive amount of at most 2 decimals. */
export function amountMinor(text: string): bigint | null {
  const minor = unsignedMinor(text);
  return minor !== null && minor > 0n ? minor : null;
}

/** A wire amount ("1234.50") as minor units; null when absent or unreadable. */
export function wireToMinor(text: string | null | undefined): bigint | null {
  return text == null ? null : parseMoney(text);
}

/** Round amounts a member is likely to pick, in minor units. */
const ROUND_AMOUNTS = [
  10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000,
].map((major) => BigInt(major) * 100n);

/**
 * Quick-pick chips for a range (minor units): the round amounts inside it, spread evenly when
 * there are more than `count`; a range too narrow for any round amount offers its own bounds.
 */
export function quickAmounts(min: bigint | null, max: bigint | null, count = 6): bigint[] {
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
