import { randomBytes } from 'node:crypto';
import type { Vendor } from '@aurum/contract';
import { and, eq } from 'drizzle-orm';
import { vendorCredentials } from '../../db/schema.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { MerchantState } from '../../platform/merchants.ts';

/** Told to every process when an operator makes or rotates a secret: `<merchant>:<vendor>`. */
export const VENDOR_SECRET_CHANGED = 'vendor_secret_changed';
/** A safety net: a rotation shows within this time even if its notification is lost. */
const CACHE_TTL_MS = MINUTE_MS;

/** 256 random bits, hex: what a vendor signs its calls with. */
export const newVendorSecret = () => randomBytes(32).toString('hex');

const keyOf = (merchant: string, vendor: string) => `${merchant}:${vendor}`;

/**
 * The shared secret of each vendor at each merchant (vendor_credentials), kept in memory: a
 * call is signed per request, so its secret must not cost a query. A vendor is known when the
 * merchant lists it and it has a secret: the in-house vendors get one on first use, an external
 * vendor only from the operator (`npm run ops -- vendor-secret`).
 */
export class VendorCredentials {
  private readonly cache = new Map<string, { secret: string | null; at: number }>();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.database.listen(VENDOR_SECRET_CHANGED, (key) => this.cache.delete(key));
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  /** The vendor as the merchant lists it, or null. */
  vendorOf(merchant: MerchantState, vassalage: string): Vendor | null {
    return merchant.config.vendors.find((v) => v.vassalage === vassalage) ?? null;
  }

  /** The secret a vendor of the merchant signs with, or null when the vendor is not known. */
  async secretFor(merchant: MerchantState, vassalage: string): Promise<string | null> {
    const vendor = this.vendorOf(merchant, vassalage);
    if (!vendor) return null;
    const key = keyOf(merchant.code, vassalage);
    const hit = this.cache.get(key);
    if (hit && this.clock.now() - hit.at < CACHE_TTL_MS) return hit.secret;
    let secret = await this.read(merchant.code, vassalage);
    if (secret === null && vendor.provider === 'INHOUSE') {
      secret = await this.create(merchant.code, vassalage);
    }
    this.cache.set(key, { secret, at: this.clock.now() });
    return secret;
  }

  /**
   * Makes a new secret for the vendor (replacing the old one only when `rotate`), in every
   * process at once. Returns null when the vendor has one and `rotate` is false.
   */
  async issue(merchant: string, vassalage: string, rotate: boolean, actor: string): Promise<string | null> {
    const secret = newVendorSecret();
    const row = {
      merchant,
      vendor: vassalage,
      secret,
      createdAt: new Date(this.clock.now()),
      createdBy: actor,
    };
    const target = [vendorCredentials.merchant, vendorCredentials.vendor];
    const insert = this.database.db.insert(vendorCredentials).values(row);
    const written = rotate
      ? await insert
          .onConflictDoUpdate({ target, set: { secret, createdAt: row.createdAt, createdBy: actor } })
          .returning()
      : await insert.onConflictDoNothing({ target }).returning();
    if (!written.length) return null;
    this.cache.delete(keyOf(merchant, vassalage));
    await this.database.notify(VENDOR_SECRET_CHANGED, keyOf(merchant, vassalage));
    return secret;
  }

  private async read(merchant: string, vendor: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ secret: vendorCredentials.secret })
      .from(vendorCredentials)
      .where(and(eq(vendorCredentials.merchant, merchant), eq(vendorCredentials.vendor, vendor)))
      .limit(1);
    return row?.secret ?? null;
  }

  /** Two processes may start together: the first insert wins and both read it back. */
  private async create(merchant: string, vendor: string): Promise<string> {
    await this.database.db
      .insert(vendorCredentials)
      .values({
        merchant,
        vendor,
        secret: newVendorSecret(),
        createdAt: new Date(this.clock.now()),
        createdBy: 'system',
      })
      .onConflictDoNothing();
    const secret = await this.read(merchant, vendor);
    if (secret === null) throw new Error(`the secret of ${vendor} could not be stored`);
    return secret;
  }
}
