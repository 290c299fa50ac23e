/**
 * Decimal amounts as the configuration and the wire write them ("0.19", "2500", "1.982"): exact
 * fractions and bigint minor units, never floating point. Every rules engine uses these.
 */
import { type Ratio, ratio } from './ratio.ts';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** An unsigned decimal string ("1.982", "2500") as an exact fraction. */
export function parseDecimal(text: string): Ratio {
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal number: ${text}`);
  const fraction = m[2] ?? '';
  return ratio(BigInt(m[1]! + fraction), 10n ** BigInt(fraction.length));
}

/** An amount in currency units ("0.19") as bigint minor units; refuses more decimals than the currency has. */
export function toMinor(text: string, decimals: number): bigint {
  const m = DECIMAL.exec(text);
  if (!m || (m[2] ?? '').length > decimals)
    throw new RangeError(`an amount has at most ${decimals} decimals: ${text}`);
  return BigInt(m[1]! + (m[2] ?? '').padEnd(decimals, '0'));
}

/** Minor units as a currency amount without trailing zeros ("0.19", "2400000", "198.2"). */
export function formatMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An exact amount of minor units as a currency amount, to as many decimals as it needs (up to 12). */
export function formatExactMinor(amount: Ratio, decimals: number): string {
  for (let extra = 0; extra <= 12; extra++) {
    const scale = 10n ** BigInt(extra);
    if ((amount.num * scale) % amount.den === 0n)
      return formatMinor((amount.num * scale) / amount.den, decimals + extra);
  }
  return formatMinor((amount.num * 10n ** 12n) / amount.den, decimals + 12);
}
