import { lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { seenJweIds } from '../db/schema.ts';
import { type Clock, MINUTE_MS } from './clock.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';

/**
 * Replay protection of encrypted (E) bodies. Each JWE carries, in its protected header (which
 * the content encryption authenticates), `ts`: when the client made it, in epoch ms by the
 * server's clock, and `jti`: at least 128 random bits, base64url. The server takes a body once,
 * and only within STAMP_WINDOW_MS of its own time either way.
 */
export const STAMP_WINDOW_MS = 2 * MINUTE_MS;
/** Ids are kept this much longer than their stamp can pass, for clocks of processes that differ. */
const KEEP_MARGIN_MS = MINUTE_MS;
/** base64url of at least 16 bytes (22 characters), at most 96 bytes. */
const JTI_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export interface Stamp {
  ts: number;
  jti: string;
}

/** The stamp of a protected header; encryption.unstamped when it lacks a well-formed one. */
export function readStamp(header: Record<string, unknown>): Stamp {
  const { ts, jti } = header;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0)
    throw new AppError('encryption.unstamped');
  if (typeof jti !== 'string' || !JTI_PATTERN.test(jti)) throw new AppError('encryption.unstamped');
  return { ts, jti };
}

/** Where the ids of taken bodies are kept, shared by every process of the site. */
export interface SeenIds {
  /** Records `id` until `expiresAtMs`; false when it is already there. */
  add(id: string, expiresAtMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Ids in the database (the default); housekeeping deletes the expired ones. */
export class DbSeenIds implements SeenIds {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async add(id: string, expiresAtMs: number): Promise<boolean> {
    // A row that has expired but is not pruned yet no longer counts: it is taken over.
    const rows = await this.database.db
      .insert(seenJweIds)
      .values({ jti: id, expiresAtMs })
      .onConflictDoUpdate({
        target: seenJweIds.jti,
        set: { expiresAtMs },
        setWhere: lt(seenJweIds.expiresAtMs, sql`${this.clock.now()}::bigint`),
      })
      .returning({ jti: seenJweIds.jti });
    return rows.length === 1;
  }

  async close(): Promise<void> {}
}

/** Ids in Redis (when REDIS_URL is set): SET NX with an expiry. */
export class RedisSeenIds implements SeenIds {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'jti:',
  ) {}

  static connect(url: string, clock: Clock): RedisSeenIds {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    // While Redis is down, E calls fail with 500 (closed, not open); this only quiets the log.
    redis.on('error', () => undefined);
    return new RedisSeenIds(redis, clock);
  }

  async add(id: string, expiresAtMs: number): Promise<boolean> {
    const ttl = Math.max(1, expiresAtMs - this.clock.now());
    return (await this.redis.set(this.prefix + id, '1', 'PX', ttl, 'NX')) === 'OK';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/** Redis when REDIS_URL is set, else the database. */
export function createSeenIds(redisUrl: string | undefined, database: Database, clock: Clock): SeenIds {
  return redisUrl ? RedisSeenIds.connect(redisUrl, clock) : new DbSeenIds(database, clock);
}

/** Takes a stamped body once: stale (with the server time) or replayed ones are refused. */
export class ReplayGuard {
  constructor(
    private readonly seen: SeenIds,
    private readonly clock: Clock,
  ) {}

  async check(header: Record<string, unknown>): Promise<void> {
    const { ts, jti } = readStamp(header);
    const now = this.clock.now();
    if (Math.abs(now - ts) > STAMP_WINDOW_MS) {
      throw new AppError('encryption.stale', undefined, { serverTime: String(now) });
    }
    if (!(await this.seen.add(jti, ts + STAMP_WINDOW_MS + KEEP_MARGIN_MS))) {
      throw new AppError('encryption.replayed');
    }
  }

  close(): Promise<void> {
    return this.seen.close();
  }
}
