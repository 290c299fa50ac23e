import {
  type GameConfig,
  type MaintenanceWindow,
  nodeIdOf,
  nodeIdSchema,
  vassalageSchema,
} from '@aurum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchants } from '../../db/schema.ts';
import { appendAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsExtension } from '../ops/index.ts';

/** The latest instant a JavaScript date can hold (epoch ms). */
const MAX_EPOCH_MS = 8.64e15;

/** An instant as the operator types it: epoch milliseconds, or an ISO date-time with its offset. */
const instantSchema = z.union([z.number(), z.string().trim()]).transform((value, ctx) => {
  const ms =
    typeof value === 'number' || /^\d{1,16}$/.test(value)
      ? Number(value)
      : z.iso.datetime({ offset: true }).safeParse(value).success
        ? Date.parse(value)
        : Number.NaN;
  if (Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_EPOCH_MS) return ms;
  ctx.addIssue({
    code: 'custom',
    message: `${String(value)} is not a date: give an ISO date-time with its offset (2026-06-01T02:00:00Z) or epoch milliseconds`,
  });
  return z.NEVER;
});

/**
 * `npm run ops -- vendor-maintenance <VENDOR> --start <when> --end <when>` (or `--clear`), as the
 * operator endpoint receives it; parsed into the vendor and its new window (null: none).
 */
export const vendorMaintenanceCommandSchema = z
  .strictObject({
    command: z.literal('vendor-maintenance'),
    vendor: vassalageSchema,
    start: instantSchema.optional(),
    end: instantSchema.optional(),
    clear: z.boolean().default(false),
  })
  .transform(({ vendor, start, end, clear }, ctx): { vendor: string; window: MaintenanceWindow | null } => {
    if (clear) {
      if (start === undefined && end === undefined) return { vendor, window: null };
      ctx.addIssue({ code: 'custom', message: '--clear takes no --start or --end' });
      return z.NEVER;
    }
    if (start === undefined || end === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a maintenance window needs --start and --end (or --clear)' });
      return z.NEVER;
    }
    if (end <= start) {
      ctx.addIssue({ code: 'custom', message: 'the window must end after it starts' });
      return z.NEVER;
    }
    return { vendor, window: { start, end } };
  });

export interface VendorMaintenanceAnswer {
  vendor: string;
  /** The window now stored, as ISO date-times for the operator to read; null when cleared. */
  maintenance: { start: string; end: string } | null;
}

/**
 * Sets or clears a vendor's maintenance window in the merchant's stored configuration (the
 * document `reload-config` writes), so launches inside the window answer
 * vendor_under_maintenance with its times and lists mark the vendor's games, in every process at
 * once (the merchant-changed broadcast). The configuration is read and written in one
 * transaction with the row locked, so a concurrent operator change is never lost. A later
 * `reload-config` puts back the window of config/vendors.json.
 */
export function vendorMaintenanceCommand(deps: {
  database: Database;
  store: MerchantStore;
}): OpsExtension<typeof vendorMaintenanceCommandSchema> {
  return {
    schema: vendorMaintenanceCommandSchema,
    async run(merchantCode, { vendor, window }, actor): Promise<VendorMaintenanceAnswer> {
      await deps.database.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ config: merchants.config })
          .from(merchants)
          .where(eq(merchants.code, merchantCode))
          .for('update');
        if (!row) throw new AppError('merchant.unknown');
        const entry = row.config.vendors.find((v) => v.vassalage === vendor);
        if (!entry) throw new AppError('ops.invalid', `The merchant does not list the vendor ${vendor}.`);
        const vendors = row.config.vendors.map((v) => (v === entry ? { ...v, maintenance: window } : v));
        await tx
          .update(merchants)
          .set({
            config: { ...row.config, vendors },
            version: sql`${merchants.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(merchants.code, merchantCode));
        await appendAudit(deps.database, tx, {
          merchantCode,
          actor,
          action: 'vendor-maintenance',
          detail: { vendor, window },
        });
      });
      await deps.store.changed(merchantCode);
      return {
        vendor,
        maintenance: window && {
          start: new Date(window.start).toISOString(),
          end: new Date(window.end).toISOString(),
        },
      };
    },
  };
}

/**
 * `npm run ops -- game list` (the catalogue with each game's switch) and `game on|off <VENDOR.code>`:
 * a game switched off is never listed, favourited or launched on the site, at once in every process
 * (the merchant-changed broadcast); it stays in the catalogue so its open rounds settle and the
 * records keep its name. Stored in the merchant's configuration like a maintenance window; a later
 * `reload-config` puts back config/games.json.
 */
export const gameCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({ command: z.literal('game'), action: z.literal('list') }),
  z.strictObject({
    command: z.literal('game'),
    action: z.literal('set'),
    nodeId: nodeIdSchema,
    on: z.boolean(),
  }),
]);

export interface GameSwitchRow {
  nodeId: string;
  vendor: string;
  gameCode: string;
  name: string;
  engine: string | null;
  on: boolean;
}

export function gameCommand(deps: {
  database: Database;
  store: MerchantStore;
}): OpsExtension<typeof gameCommandSchema> {
  return {
    schema: gameCommandSchema,
    async run(merchantCode, args, actor): Promise<{ games: GameSwitchRow[] } | GameSwitchRow> {
      if (args.action === 'list') {
        const state = await deps.store.get(merchantCode);
        if (!state) throw new AppError('merchant.unknown');
        return { games: state.config.games.map(switchRow) };
      }
      let changed: GameSwitchRow | undefined;
      await deps.database.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ config: merchants.config })
          .from(merchants)
          .where(eq(merchants.code, merchantCode))
          .for('update');
        if (!row) throw new AppError('merchant.unknown');
        const entry = row.config.games.find((g) => nodeIdOf(g.vassalage, g.gameCode) === args.nodeId);
        if (!entry) throw new AppError('ops.invalid', `The merchant's catalogue has no game ${args.nodeId}.`);
        const before = !entry.disabled;
        const { disabled: _, ...rest } = entry;
        const next = args.on ? rest : { ...rest, disabled: true };
        changed = switchRow(next);
        if (before === args.on) return;
        const games = row.config.games.map((g) => (g === entry ? next : g));
        await tx
          .update(merchants)
          .set({
            config: { ...row.config, games },
            version: sql`${merchants.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(merchants.code, merchantCode));
        await appendAudit(deps.database, tx, {
          merchantCode,
          actor,
          action: 'game-switch',
          detail: { nodeId: args.nodeId, before: { on: before }, after: { on: args.on } },
        });
      });
      await deps.store.changed(merchantCode);
      return changed as GameSwitchRow;
    },
  };
}

const switchRow = (g: GameConfig): GameSwitchRow => ({
  nodeId: nodeIdOf(g.vassalage, g.gameCode),
  vendor: g.vassalage,
  gameCode: g.gameCode,
  name: g.names.EN ?? g.gameCode,
  engine: g.engine ?? null,
  on: !g.disabled,
});
