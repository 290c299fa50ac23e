import type { TFunction } from 'i18next';
import { parseMoney } from '../contract';
import { formatMoneyDisplay } from '../format/money';

/** What is wrong with a typed amount; the keys are the funds catalogue's `amount.*` texts. */
export type AmountProblem = 'required' | 'invalid' | 'positive' | 'belowMin' | 'aboveMax' | 'overBalance';

export interface AmountLimits {
  /** Minor units; absent when the call has no lower bound beyond "more than zero". */
  min?: bigint | null | undefined;
  max?: bigint | null | undefined;
  /** What the paying wallet holds. */
  available?: bigint | null | undefined;
}

/**
 * Checks an amount the way the server will (money.ts: at most two decimals, no sign, no
 * exponent), so the member hears about a typo before anything is sent. The text itself is sent
 * as typed (trimmed): the server parses it again and stays the judge.
 */
export function checkAmount(text: string, limits: AmountLimits = {}): AmountProblem | null {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  const minor = unsignedMinor(trimmed);
  if (minor === null) return 'invalid';
  if (minor <= 0n) return 'positive';
  if (limits.min != null && minor < limits.min) return 'belowMin';
  if (limits.max != null && minor > limits.max) return 'aboveMax';
  if (limits.available != null && minor > limits.available) return 'overBalance';
  return null;
}

/**
 * A typed amount in minor units as the server reads it (at most two decimals, no exponent), or
 * null when it is unreadable or carries a sign (parseMoney takes a minus the member may not type).
 */
export function unsignedMinor(text: string): bigint | null {
  const trimmed = text.trim();
  return trimmed.startsWith('-') ? null : parseMoney(trimmed);
}

/** A wire amount ("1234.50") as minor units; null when absent or unreadable. */
export function wireToMinor(text: string | null | undefined): bigint | null {
  return text == null ? null : parseMoney(text);
}

/** The member-facing text of an amount problem, with the limits it names. */
export function amountProblemText(
  t: TFunction<'funds'>,
  problem: AmountProblem,
  symbol: string,
  limits: AmountLimits = {},
): string {
  const money = (minor: bigint | null | undefined) => formatMoneyDisplay(minor ?? 0n, symbol);
  switch (problem) {
    case 'belowMin':
      return t('amount.belowMin', { min: money(limits.min) });
    case 'aboveMax':
      return t('amount.aboveMax', { max: money(limits.max) });
    case 'overBalance':
      return t('amount.overBalance', { available: money(limits.available) });
    default:
      return t(`amount.${problem}`);
  }
}
