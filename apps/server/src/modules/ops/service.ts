import { idempotencyKeySchema, isLanguage, type MerchantConfig, signedAmountSchema } from '@aurum/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchants } from '../../db/schema.ts';
import { appendAudit, listAudit, recordAudit, verifyAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { buildBlockList } from '../../platform/geo.ts';
import { loyaltyProblem, missionsProblem } from '../../platform/merchant-config.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { listOutbox } from '../../platform/outbox.ts';
import { adjustBalance, type Ledger, ledgerCheck } from '../wallet/index.ts';

/** Operator commands: one schema, used by the CLI, the HTTP operator endpoint and tests. */
export const opsCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('status') }),
  z.object({
    command: z.literal('maintenance'),
    on: z.boolean(),
    /** ISO 8601 date-time when the maintenance should end; null when unknown. */
    end: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
  z.object({
    command: z.literal('region'),
    on: z.boolean().optional(),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code'))
      .max(300)
      .optional(),
    ranges: z.array(z.string().min(2).max(64)).max(10_000).optional(),
  }),
  z.object({ command: z.literal('reload-config') }),
  /** Recent SMS and email of the default (outbox) provider, newest first. */
  z.object({
    command: z.literal('outbox'),
    to: z.string().min(1).max(255).optional(),
    limit: z.number().int().min(1).max(200).default(20),
  }),
  /** Credits (positive) or debits (negative) a member's main wallet from or to HOUSE:ADJUST. */
  z.object({
    command: z.literal('adjust'),
    account: z.string().min(1).max(64),
    /** A decimal string, e.g. "100.00" or "-25.5". */
    amount: signedAmountSchema,
    reason: z.string().trim().min(1).max(255),
    /** Repeats an earlier adjustment's key to retry it without moving money twice. */
    // Room for the operator key space's prefix within the ledger's 128 characters.
    key: idempotencyKeySchema.refine((k) => k.length <= 120, 'at most 120 characters').optional(),
  }),
  /** The ledger invariants over every merchant. */
  z.object({ command: z.literal('ledger-check') }),
  /** Recomputes the merchant's audit chain and checks its signed head. */
  z.object({ command: z.literal('audit-verify') }),
  /** The merchant's audit log, newest first, filtered by who and what. */
  z.object({
    command: z.literal('audit'),
    actor: z.string().min(1).max(128).optional(),
    action: z.string().min(1).max(64).optional(),
    limit: z.number().int().min(1).max(500).default(50),
  }),
]);
export type OpsCommand = z.infer<typeof opsCommandSchema>;

export interface MerchantSettings {
  merchant: string;
  maintenance: { on: boolean; end: string | null };
  region: { on: boolean; countries: string[]; ranges: string[] };
  /** The merchant's game vendors and their maintenance windows (the console's games page). */
  vendors: {
    vendor: string;
    name: string;
    provider: string;
    maintenance: { start: string; end: string } | null;
  }[];
  version: number;
}

/**
 * A command another module brings (the cashier's deposit and withdraw commands, say): its
 * arguments' schema and what it does. The module records its own audit trail.
 */
export interface OpsExtension<S extends z.ZodType = z.ZodType> {
  schema: S;
  run(merchantCode: string, args: z.output<S>, actor: string): Promise<unknown>;
}

export class OpsService {
  private readonly extensions = new Map<string, OpsExtension>();
  private readonly ledgerChecks = new Map<string, () => Promise<string[]>>();

  constructor(
    private readonly database: Database,
    private readonly store: MerchantStore,
    private readonly ledger?: Ledger,
  ) {}

  /** Adds a command; its arguments arrive as `{ command: name, ... }`. */
  extend<S extends z.ZodType>(name: string, extension: OpsExtension<S>): void {
    if (this.extensions.has(name) || opsCommandSchema.options.some((o) => o.shape.command.value === name)) {
      throw new Error(`the operator command ${name} exists already`);
    }
    this.extensions.set(name, extension as OpsExtension);
  }

  /**
   * Adds a ledger of another area (the points ledger) to `ledger-check`: the check answers that
   * ledger's problems, each reported as an `other-ledger` problem under the ledger's name.
   */
  addLedgerCheck(name: string, check: () => Promise<string[]>): void {
    if (this.ledgerChecks.has(name)) throw new Error(`the ledger check ${name} exists already`);
    this.ledgerChecks.set(name, check);
  }

  private async checkLedgers(merchantCode: string, actor: string) {
    const report = await ledgerCheck(this.database, merchantCode, actor);
    for (const [name, check] of this.ledgerChecks) {
      for (const detail of await check()) {
        report.problems.push({ check: 'other-ledger', merchant: name, detail });
      }
    }
    return { ...report, ok: report.problems.length === 0 };
  }

  /** Every command's name: the built-in ones and those the modules added. */
  commandNames(): string[] {
    return [...opsCommandSchema.options.map((o) => o.shape.command.value), ...this.extensions.keys()];
  }

  /**
   * The actions of a command whose arguments are one of several `{ action: literal }` shapes (so
   * a test can check each has its permission); null for a command of one shape.
   */
  actionsOf(name: string): string[] | null {
    const schema = this.extensions.get(name)?.schema as { options?: unknown } | undefined;
    if (!Array.isArray(schema?.options)) return null;
    const actions = schema.options.map(
      (o: { shape?: { action?: { value?: unknown } } }) => o.shape?.action?.value,
    );
    return actions.every((a) => typeof a === 'string') ? [...new Set(actions as string[])] : null;
  }

  async run(merchantCode: string, input: unknown, actor: string, config?: MerchantConfig) {
    const name = (input as { command?: unknown } | null)?.command;
    const extension = typeof name === 'string' ? this.extensions.get(name) : undefined;
    if (extension) {
      const args = extension.schema.safeParse(input);
      if (!args.success)
        throw new AppError('ops.invalid', args.error.issues.map((i) => i.message).join('; '));
      if (!(await this.store.get(merchantCode))) throw new AppError('merchant.unknown');
      return extension.run(merchantCode, args.data, actor);
    }
    const parsed = opsCommandSchema.safeParse(input);
    if (!parsed.success) {
      throw new AppError('ops.invalid', parsed.error.issues.map((i) => i.message).join('; '));
    }
    const cmd = parsed.data;
    if (cmd.command === 'status') return this.settings(merchantCode);
    if (cmd.command === 'outbox') return listOutbox(this.database, merchantCode, cmd);
    if (cmd.command === 'audit' || cmd.command === 'audit-verify') {
      if (!(await this.store.get(merchantCode))) throw new AppError('merchant.unknown');
      if (cmd.command === 'audit') return listAudit(this.database, merchantCode, cmd);
      const report = await verifyAudit(this.database, merchantCode);
      await recordAudit(this.database, {
        merchantCode,
        actor,
        action: 'audit-verify',
        detail: { ok: report.ok, rows: report.rows, problems: report.problems.length },
      });
      return report;
    }
    if (cmd.command === 'adjust' || cmd.command === 'ledger-check') {
      if (!this.ledger) throw new AppError('ops.invalid', 'the ledger is not available');
      if (!(await this.store.get(merchantCode))) throw new AppError('merchant.unknown');
      if (cmd.command === 'ledger-check') return this.checkLedgers(merchantCode, actor);
      const { account, amount, reason, key } = cmd;
      return adjustBalance(
        this.database,
        this.ledger,
        merchantCode,
        { account, amountMinor: amount, reason, key },
        actor,
      );
    }
    const { db } = this.database;
    const set: Partial<typeof merchants.$inferInsert> = {};
    if (cmd.command === 'maintenance') {
      set.maintenanceOn = cmd.on;
      set.maintenanceEnd = cmd.on && cmd.end ? new Date(cmd.end) : null;
    } else if (cmd.command === 'region') {
      if (cmd.ranges) {
        try {
          buildBlockList(cmd.ranges);
        } catch (e) {
          throw new AppError('ops.invalid', (e as Error).message);
        }
        set.regionRanges = cmd.ranges;
      }
      if (cmd.countries) set.regionCountries = cmd.countries;
      if (cmd.on !== undefined) set.regionOn = cmd.on;
    } else {
      if (!config) throw new AppError('ops.invalid', 'reload-config needs a configuration');
      if (config.brand.merchant !== merchantCode) {
        throw new AppError('ops.invalid', `the configuration is for merchant ${config.brand.merchant}`);
      }
      if (!config.brand.supportLanguages.every(isLanguage)) throw new AppError('ops.invalid');
      const loyalty = loyaltyProblem(config);
      if (loyalty) throw new AppError('ops.invalid', `loyalty.vip: ${loyalty}`);
      const missions = missionsProblem(config);
      if (missions) throw new AppError('ops.invalid', `loyalty.missions: ${missions}`);
      set.config = config;
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(merchants)
        .set({ ...set, version: sql`${merchants.version} + 1`, updatedAt: new Date() })
        .where(eq(merchants.code, merchantCode))
        .returning({ code: merchants.code });
      if (!updated.length) throw new AppError('merchant.unknown');
      const detail = cmd.command === 'reload-config' ? {} : { ...cmd };
      await appendAudit(this.database, tx, { merchantCode, actor, action: cmd.command, detail });
    });
    await this.store.changed(merchantCode);
    return this.settings(merchantCode);
  }

  async settings(merchantCode: string): Promise<MerchantSettings> {
    const [row] = await this.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.code, merchantCode))
      .limit(1);
    if (!row) throw new AppError('merchant.unknown');
    return {
      merchant: row.code,
      maintenance: { on: row.maintenanceOn, end: row.maintenanceEnd?.toISOString() ?? null },
      region: { on: row.regionOn, countries: row.regionCountries, ranges: row.regionRanges },
      vendors: row.config.vendors.map((v) => ({
        vendor: v.vassalage,
        name: v.name,
        provider: v.provider,
        maintenance: v.maintenance
          ? {
              start: new Date(v.maintenance.start).toISOString(),
              end: new Date(v.maintenance.end).toISOString(),
            }
          : null,
      })),
      version: row.version,
    };
  }
}
