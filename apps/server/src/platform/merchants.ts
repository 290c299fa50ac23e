import type { BlockList } from 'node:net';
import { enabledFeatures, type MerchantConfig } from '@aurum/contract';
import { eq } from 'drizzle-orm';
import { merchants } from '../db/schema.ts';
import type { Database } from './db.ts';
import { buildBlockList } from './geo.ts';

/** A merchant as requests need it: its configuration plus the operator's run-time settings. */
export interface MerchantState {
  code: string;
  config: MerchantConfig;
  features: Set<string>;
  maintenanceOn: boolean;
  /** Epoch ms, or null when no end is known. */
  maintenanceEnd: number | null;
  regionOn: boolean;
  regionCountries: Set<string>;
  regionRanges: BlockList;
  version: number;
}

export const MERCHANT_CHANGED = 'merchant_changed';
/** A safety net: even if a notification is lost, a change shows within this time. */
const CACHE_TTL_MS = 5_000;
const MAX_UNKNOWN_CACHED = 1_000;

/**
 * Reads merchants from the database and keeps them in memory. Operator changes reach every
 * process through a NOTIFY on MERCHANT_CHANGED, which drops the cached entry.
 */
export class MerchantStore {
  private readonly cache = new Map<string, { state: MerchantState | null; at: number }>();
  /**
   * Reads under way: the requests that find an entry expired together wait for one read, so a
   * busy process makes one query and one state (whose derived settings stay cached) per expiry.
   */
  private readonly loading = new Map<string, Promise<MerchantState | null>>();
  /** Changes told so far, per merchant: a read that began before one does not cache its answer. */
  private readonly changes = new Map<string, number>();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.database.listen(MERCHANT_CHANGED, (code) => this.forget(code));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  async get(code: string): Promise<MerchantState | null> {
    const hit = this.cache.get(code);
    if (hit && this.now() - hit.at < CACHE_TTL_MS) return hit.state;
    let load = this.loading.get(code);
    if (!load) {
      load = this.load(code).finally(() => {
        if (this.loading.get(code) === load) this.loading.delete(code);
      });
      this.loading.set(code, load);
    }
    return load;
  }

  /** Drops a cached merchant here and in every other process. */
  async changed(code: string): Promise<void> {
    this.forget(code);
    await this.database.notify(MERCHANT_CHANGED, code);
  }

  private async load(code: string): Promise<MerchantState | null> {
    const seen = this.changes.get(code) ?? 0;
    const [row] = await this.database.db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    const state = row ? toState(row) : null;
    // A change told meanwhile: this answer may predate it, so it is not kept.
    const current = (this.changes.get(code) ?? 0) === seen;
    if (current && (state || this.countUnknown() < MAX_UNKNOWN_CACHED)) {
      this.cache.set(code, { state, at: this.now() });
    }
    return state;
  }

  /** A change: the next get reads again, even while an earlier read is under way. */
  private forget(code: string): void {
    this.cache.delete(code);
    this.loading.delete(code);
    this.changes.set(code, (this.changes.get(code) ?? 0) + 1);
  }

  private countUnknown(): number {
    let n = 0;
    for (const v of this.cache.values()) if (!v.state) n++;
    return n;
  }
}

function toState(row: typeof merchants.$inferSelect): MerchantState {
  return {
    code: row.code,
    config: row.config,
    features: enabledFeatures(row.config.features),
    maintenanceOn: row.maintenanceOn,
    maintenanceEnd: row.maintenanceEnd ? row.maintenanceEnd.getTime() : null,
    regionOn: row.regionOn,
    regionCountries: new Set(row.regionCountries),
    regionRanges: buildBlockList(row.regionRanges),
    version: row.version,
  };
}

/** Inserts the merchant on first start; an existing merchant is left as the operator has it. */
export async function ensureMerchant(database: Database, config: MerchantConfig): Promise<boolean> {
  const inserted = await database.db
    .insert(merchants)
    .values({ code: config.brand.merchant, config })
    .onConflictDoNothing()
    .returning({ code: merchants.code });
  return inserted.length > 0;
}
