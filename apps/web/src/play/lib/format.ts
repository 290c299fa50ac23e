/**
 * Figures as the game pages show them. Money is bigint minor units (the wire's decimal strings
 * parsed once); multipliers and rolls are the maths package's scaled integers, shown without
 * ever going through a float.
 */

import { parseMoney } from '../../lib/contract';
import { formatMoneyDisplay } from '../../lib/format/money';

/** A wire amount ("1234.50") as minor units; an unreadable amount is a bug upstream, shown as 0. */
export const wireToMinor = (text: string): bigint => parseMoney(text) ?? 0n;

/** "$1,234.50" (2 decimals, thousands separators, the session's currency symbol). */
export const money = (minor: bigint, symbol: string): string => formatMoneyDisplay(minor, symbol);

/** An integer scaled by 10^digits as a fixed decimal: (19800, 4) → "1.9800". */
export function scaled(value: number, digits: number): string {
  const negative = value < 0;
  const text = String(Math.abs(Math.trunc(value))).padStart(digits + 1, '0');
  const cut = text.length - digits;
  const fixed = digits > 0 ? `${text.slice(0, cut)}.${text.slice(cut)}` : text;
  return negative ? `-${fixed}` : fixed;
}

/**
 * A multiplier in 1/10 000 units for display: two decimals at least, more only when they carry
 * something ("1.98×", "0.2×" → "0.20×", "1.0102×" stays exact).
 */
export function multiplier(value: number): string {
  const full = scaled(value, 4).replace(/0{1,2}$/, '');
  return `${full}×`;
}

/** A dice roll or target on the 0..9999 scale as "54.21". */
export const rollText = (roll: number): string => scaled(roll, 2);

/** A chance in outcomes of 10 000 as a percentage: 4950 → "49.50 %". */
export const chanceText = (outcomes: number): string => `${scaled(outcomes, 2)} %`;

/** Minor units as the wire's decimal string ("12.50"), for request bodies. */
export { minorToDecimal as toWire } from '../../lib/contract';

/** A multiplier as short as it goes, for tight labels: 58000 → "5.8×", 10000000 → "1000×". */
export const shortMultiplier = (value: number): string => `${scaled(value, 4).replace(/\.?0+$/, '')}×`;
