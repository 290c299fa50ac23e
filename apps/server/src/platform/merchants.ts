import type { BlockList } from 'node:net';
import { enabledFeatures, type MerchantConfig, merchantConfigSchema } from '@aurum/contract';
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
 * process through a NOTIFY on MERCHANT_CHANGED, which drops the cached entry. Concurrent misses
 * share one read, and a re-read that finds the same version keeps the cached state object, so what
 * requests derive from it (the pre-serialised whitelabel reply…) lives until the merchant changes.
 */
export class MerchantStore {
  private readonly cache = new Map<string, { state: MerchantState | null; at: number }>();
  /** The read in flight for a merchant, shared by every request that missed meanwhile. */
  private readonly loading = new Map<string, Promise<MerchantState | null>>();
  /** Bumped by every change notice: a read begun before the notice must not fill the cache. */
  private readonly generation = new Map<string, number>();
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

  get(code: string): Promise<MerchantState | null> {
    const hit = this.cache.get(code);
    if (hit && this.now() - hit.at < CACHE_TTL_MS) return Promise.resolve(hit.state);
    let pending = this.loading.get(code);
    if (!pending) {
      const read = this.load(code, hit?.state ?? null).finally(() => {
        if (this.loading.get(code) === read) this.loading.delete(code);
      });
      pending = read;
      this.loading.set(code, read);
    }
    return pending;
  }

  /** Drops a cached merchant here and in every other process. */
  async changed(code: string): Promise<void> {
    this.forget(code);
    await this.database.notify(MERCHANT_CHANGED, code);
  }

  private forget(code: string): void {
    this.cache.delete(code);
    this.loading.delete(code);
    this.generation.set(code, (this.generation.get(code) ?? 0) + 1);
  }

  private async load(code: string, previous: MerchantState | null): Promise<MerchantState | null> {
    const generation = this.generation.get(code) ?? 0;
    const [row] = await this.database.db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
    // The same version is the same merchant: keep the object (and what was derived from it).
    const state = row ? (previous?.version === row.version ? previous : toState(row)) : null;
    const current = (this.generation.get(code) ?? 0) === generation;
    if (current && (state || this.countUnknown() < MAX_UNKNOWN_CACHED)) {
      this.cache.set(code, { state, at: this.now() });
    }
    return state;
  }

  private countUnknown(): number {
    let n = 0;
    for (const v of this.cache.values()) if (!v.state) n++;
    return n;
  }
}

function toState(row: typeof merchants.$inferSelect): MerchantState {
  const config = currentConfig(row.config);
  return {
    code: row.code,
    config,
    features: enabledFeatures(config.features),
    maintenanceOn: row.maintenanceOn,
    maintenanceEnd: row.maintenanceEnd ? row.maintenanceEnd.getTime() : null,
    regionOn: row.regionOn,
    regionCountries: new Set(row.regionCountries),
    regionRanges: buildBlockList(row.regionRanges),
    version: row.version,
  };
}

/**
 * The stored configuration read as this version reads configuration: a merchant stored by an
 * earlier version gets the defaults of the sections added since (loyalty, contracts…) instead of
 * nothing. One that no longer passes today's checks is served as stored (the operator's next
 * edit or reload-config is checked in full).
 */
function currentConfig(stored: MerchantConfig): MerchantConfig {
  const parsed = merchantConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : stored;
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
