import { z } from 'zod';
import type { OpsService } from '../ops/index.ts';
import { reportCsv } from './csv.ts';
import type { Reports } from './service.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a business date is YYYY-MM-DD');
const format = z.literal('csv').optional();

export const dashboardCommandSchema = z.strictObject({ command: z.literal('dashboard') });

export const reportCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('report'),
    action: z.literal('ggr'),
    from: date,
    to: date,
    by: z.enum(['day', 'category', 'vendor', 'game']).default('day'),
    format,
  }),
  z.strictObject({
    command: z.literal('report'),
    action: z.literal('payments'),
    from: date,
    to: date,
    format,
  }),
  z.strictObject({
    command: z.literal('report'),
    action: z.literal('players'),
    from: date,
    to: date,
    limit: z.coerce.number().int().min(1).max(1000).default(50),
    format,
  }),
]);

/** The columns of each report's CSV, in order. */
const GGR_BY_DAY = [
  'day',
  'stakes',
  'bets',
  'payouts',
  'ggr',
  'bonuses',
  'rebates',
  'salaries',
  'dividends',
  'paymentFees',
  'ngr',
];
const GGR_COLUMNS: Record<string, string[]> = {
  day: GGR_BY_DAY,
  category: ['category', 'stakes', 'bets', 'payouts', 'ggr'],
  vendor: ['vendor', 'stakes', 'bets', 'payouts', 'ggr'],
  game: ['vendor', 'game', 'stakes', 'bets', 'payouts', 'ggr'],
};
const PAYMENT_COLUMNS = ['day', 'deposits', 'depositCount', 'withdrawals', 'withdrawalCount', 'net'];
const PLAYER_COLUMNS = ['account', 'stakes', 'bets', 'payouts', 'bonuses', 'net'];

/**
 * `npm run ops -- dashboard` and `report ggr|payments|players --from D --to D [--by X] [--csv]`:
 * read only (no audit row). With `format: 'csv'` a report answers `{ filename, csv }`.
 */
export function reportOps(ops: OpsService, reports: Reports): void {
  ops.extend('dashboard', {
    schema: dashboardCommandSchema,
    run: (merchant) => reports.dashboard(merchant),
  });
  ops.extend('report', {
    schema: reportCommandSchema,
    async run(merchant, args) {
      const range = { from: args.from, to: args.to };
      const name = (what: string) => `${merchant.toLowerCase()}-${what}-${args.from}-${args.to}.csv`;
      switch (args.action) {
        case 'ggr': {
          const r = await reports.ggr(merchant, range, args.by);
          if (args.format !== 'csv') return r;
          const columns = GGR_COLUMNS[args.by]!;
          return {
            filename: name(`ggr-by-${args.by}`),
            csv: reportCsv(columns, r.rows, r.total, columns[0]!),
          };
        }
        case 'payments': {
          const r = await reports.payments(merchant, range);
          if (args.format !== 'csv') return r;
          return { filename: name('payments'), csv: reportCsv(PAYMENT_COLUMNS, r.rows, r.total, 'day') };
        }
        case 'players': {
          const r = await reports.players(merchant, range, args.limit);
          if (args.format !== 'csv') return r;
          return { filename: name('players'), csv: reportCsv(PLAYER_COLUMNS, r.rows, r.total, 'account') };
        }
      }
    },
  });
}
