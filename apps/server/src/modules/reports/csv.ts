import { toCsv } from '../../platform/csv.ts';

export { toCsv };

/** A report's rows as CSV: the columns in order, the total as the last row. */
export function reportCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  total: Record<string, unknown>,
  firstColumn: string,
): string {
  const line = (r: Record<string, unknown>) =>
    columns.map((c) => {
      const v = r[c];
      return typeof v === 'string' || typeof v === 'number' ? v : '';
    });
  return toCsv(columns, [...rows.map(line), line({ ...total, [firstColumn]: 'TOTAL' })]);
}
