/**
 * Exact rational arithmetic on bigint, so published RTPs and house edges are computed, not
 * estimated: a figure in the docs is the decimal expansion of a fraction the tests recompute.
 */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** The fraction num/den in lowest terms with a positive denominator. */
export function ratio(num: bigint, den = 1n): Ratio {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

/** a + b. */
export const add = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
/** a − b. */
export const sub = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den - b.num * a.den, a.den * b.den);
/** a · b. */
export const mul = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.num, a.den * b.den);
/** a / b. */
export const div = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den, a.den * b.num);

/** The nearest double, for display and for square roots. */
export const toNumber = (r: Ratio): number => {
  const scale = 10n ** 30n;
  return Number((r.num * scale) / r.den) / 1e30;
};

/** r as a percentage rounded half-up to `digits` decimals, e.g. "96.1234" for digits = 4. */
export function toPercent(r: Ratio, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = r.num * 100n * scale;
  const negative = scaled < 0n;
  const magnitude = ((negative ? -scaled : scaled) * 2n + r.den) / (2n * r.den);
  const whole = (magnitude / scale).toString();
  const fraction = (magnitude % scale).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}
