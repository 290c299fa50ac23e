import { formatMoney, parseMoney } from '../contract';

/** "$1,234.50"; negatives as "-$1,234.50". Money is minor units, never floats. */
export function formatMoneyDisplay(minor: bigint, currencySymbol: string): string {
  const text = formatMoney(minor);
  return text.startsWith('-') ? `-${currencySymbol}${text.slice(1)}` : `${currencySymbol}${text}`;
}

/** A wire amount ("1234.5") for display; unreadable amounts show as 0.00 (spec: defaults to 0). */
export function formatWireMoney(decimal: string | null | undefined, currencySymbol: string): string {
  return formatMoneyDisplay(parseMoney(decimal ?? '') ?? 0n, currencySymbol);
}

/** The hidden-balance mask (spec §2: asterisks when hidden). */
export const MASKED_MONEY = '******';
