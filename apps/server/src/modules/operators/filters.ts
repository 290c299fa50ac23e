import { CONSOLE_SECTIONS } from '@aurum/contract/console';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { queryRows } from '../../platform/sql.ts';
import type { OpsExtension } from '../ops/index.ts';

/** Saved filters one operator may keep per section. */
export const MAX_FILTERS = 20;

const sectionSchema = z.enum(CONSOLE_SECTIONS.map((s) => s.id) as [string, ...string[]]);
const nameSchema = z.string().trim().min(1, 'give the filter a name').max(40);
/** A list page's filter: a few named values, nothing nested. */
const filterSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, 'a filter field is a name of letters and digits'),
    z.union([z.string().max(200), z.number(), z.boolean()]),
  )
  .refine((f) => Object.keys(f).length <= 12, 'a filter has at most 12 fields');

/**
 * `filter list|save|remove`: the signed-in operator's saved filters of a console list page (the
 * console's "Saved filters"), by section; each operator sees and changes only its own. Saving a
 * name again replaces it. Saves and removals are audited like every operator action.
 */
export const filterCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('filter'), action: z.literal('list'), section: sectionSchema }),
  z.strictObject({
    command: z.literal('filter'),
    action: z.literal('save'),
    section: sectionSchema,
    name: nameSchema,
    filter: filterSchema,
  }),
  z.strictObject({
    command: z.literal('filter'),
    action: z.literal('remove'),
    section: sectionSchema,
    name: nameSchema,
  }),
]);

export interface SavedFilter {
  name: string;
  filter: Record<string, string | number | boolean>;
}

export function filterCommand(deps: {
  database: Database;
  clock: Clock;
}): OpsExtension<typeof filterCommandSchema> {
  const list = async (merchant: string, operator: string, section: string): Promise<SavedFilter[]> =>
    queryRows<SavedFilter>(
      deps.database.db,
      `SELECT name, filter FROM operator_filters
       WHERE merchant_code = $1 AND operator = $2 AND section = $3 ORDER BY lower(name), id`,
      [merchant, operator, section],
    );
  return {
    schema: filterCommandSchema,
    async run(merchant, args, actor) {
      if (args.action === 'list') return { filters: await list(merchant, actor, args.section) };
      await deps.database.db.transaction(async (tx) => {
        const [before] = await queryRows<SavedFilter>(
          tx,
          `SELECT name, filter FROM operator_filters
           WHERE merchant_code = $1 AND operator = $2 AND section = $3 AND name = $4 FOR UPDATE`,
          [merchant, actor, args.section, args.name],
        );
        if (args.action === 'remove') {
          if (!before) throw new AppError('ops.invalid', `There is no saved filter ${args.name}.`);
          await queryRows(
            tx,
            'DELETE FROM operator_filters WHERE merchant_code = $1 AND operator = $2 AND section = $3 AND name = $4',
            [merchant, actor, args.section, args.name],
          );
        } else {
          if (!before) {
            const [count] = await queryRows<{ n: string }>(
              tx,
              `SELECT count(*)::text AS n FROM operator_filters
               WHERE merchant_code = $1 AND operator = $2 AND section = $3`,
              [merchant, actor, args.section],
            );
            if (Number(count?.n ?? 0) >= MAX_FILTERS)
              throw new AppError(
                'ops.invalid',
                `At most ${MAX_FILTERS} saved filters a page: remove one first.`,
              );
          }
          await queryRows(
            tx,
            `INSERT INTO operator_filters (merchant_code, operator, section, name, filter, created_at)
             VALUES ($1, $2, $3, $4, $5::jsonb, $6)
             ON CONFLICT (merchant_code, operator, section, name) DO UPDATE SET filter = EXCLUDED.filter`,
            [
              merchant,
              actor,
              args.section,
              args.name,
              JSON.stringify(args.filter),
              new Date(deps.clock.now()).toISOString(),
            ],
          );
        }
        await appendAudit(deps.database, tx, {
          merchantCode: merchant,
          actor,
          action: `filter-${args.action}`,
          detail: { section: args.section, name: args.name },
          before: before ? { filter: before.filter } : undefined,
          after: args.action === 'save' ? { filter: args.filter } : undefined,
        });
      });
      return { filters: await list(merchant, actor, args.section) };
    },
  };
}
