/** "1234.5678" → "$1,234.5678": a rebate as it accrues, 4 decimals, never rounded for display. */
export function formatRebate(text: string, symbol: string): string {
  const [whole = '0', frac = '0000'] = text.split('.');
  return `${symbol}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** A progress bar's share (0 to 1) of a condition's "actual of expected". */
export function shareOf(actual: string, expected: string): number {
  const a = Number(actual);
  const e = Number(expected);
  if (!(e > 0)) return 1;
  return Math.min(Math.max(a / e, 0), 1);
}
