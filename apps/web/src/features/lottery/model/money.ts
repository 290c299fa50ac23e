import { formatExactMinor } from '@aurum/games';

/**
 * An exact amount of minor units as the page shows money: the symbol, thousands separators and
 * two decimals ("$2,400,000.00"); a prize finer than a cent keeps its digits ("$0.195"), as the
 * ticket is computed before it is rounded down once.
 */
export function moneyText(
  minor: bigint | { num: bigint; den: bigint },
  symbol: string,
  decimals = 2,
): string {
  const exact = typeof minor === 'bigint' ? { num: minor, den: 1n } : minor;
  const text = formatExactMinor(exact, decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${symbol}${grouped}.${fraction.padEnd(decimals, '0')}`;
}
