/**
 * Money is integer minor units (bigint) everywhere in code, and a decimal string on the wire.
 * Two decimals: 1234.5 (major) is 123450n (minor), sent as "1234.50".
 */
export const MONEY_SCALE = 2;
const FACTOR = 10n ** BigInt(MONEY_SCALE);
const MONEY_PATTERN = /^(-)?(\d{1,16})(?:\.(\d{1,2}))?$/;

/** Parses a decimal string of at most two decimals; anything else is null (never rounded). */
export function parseMoney(text: string): bigint | null {
  const m = MONEY_PATTERN.exec(text.trim());
  if (!m) return null;
  const [, sign, whole = '0', frac = ''] = m;
  const minor = BigInt(whole) * FACTOR + BigInt(frac.padEnd(MONEY_SCALE, '0'));
  return sign ? -minor : minor;
}

/** Minor units to the wire form: "-1234.50". */
export function minorToDecimal(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(MONEY_SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** For display: 2 decimals and thousands separators ("1,234,567.80"). */
export function formatMoney(minor: bigint): string {
  const [whole = '0', frac = '00'] = minorToDecimal(minor).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac}`;
}
