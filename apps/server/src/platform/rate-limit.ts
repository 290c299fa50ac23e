import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { rateLimits } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db.ts';
import { AppError } from './errors.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Count in the current window, this hit included. */
  count: number;
  /** How long until the window ends; 0 when allowed. */
  retryAfterMs: number;
}

export interface RateCount {
  count: number;
  /** How long until the window ends; 0 when there is none. */
  retryAfterMs: number;
}

/**
 * Counters in fixed windows that start at a key's first hit. One implementation keeps them in
 * the database (the default, shared by every process on it), another in Redis.
 */
export interface RateLimiter {
  /** Counts one hit; allowed while the window's count is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The current window's count without counting a hit. */
  peek(key: string): Promise<RateCount>;
  /** Forgets a key, e.g. the failed-login count after a good login. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const toResult = (count: number, limit: number, retryAfterMs: number): RateLimitResult => {
  const allowed = count <= limit;
  return { allowed, count, retryAfterMs: allowed ? 0 : Math.max(retryAfterMs, 1) };
};

/** Expired rows are purged once every this many hits, so the table stays small. */
const PURGE_EVERY = 500;

export class DbRateLimiter implements RateLimiter {
  private hits = 0;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.clock.now();
    const live = sql`${rateLimits.expiresAtMs} > ${now}`;
    // One statement on both engines: a live window counts on, an ended one starts again.
    const [row] = await this.database.db
      .insert(rateLimits)
      .values({ key, count: 1, windowStartMs: now, expiresAtMs: now + windowMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${live} THEN ${rateLimits.count} + 1 ELSE 1 END`,
          windowStartMs: sql`CASE WHEN ${live} THEN ${rateLimits.windowStartMs} ELSE ${now}::bigint END`,
          expiresAtMs: sql`CASE WHEN ${live} THEN ${rateLimits.expiresAtMs} ELSE ${now + windowMs}::bigint END`,
        },
      })
      .returning({ count: rateLimits.count, expiresAtMs: rateLimits.expiresAtMs });
    if (++this.hits % PURGE_EVERY === 0) await this.purge(now);
    return toResult(row!.count, limit, Number(row!.expiresAtMs) - now);
  }

  async peek(key: string): Promise<RateCount> {
    const now = this.clock.now();
    const [row] = await this.database.db
      .select({ count: rateLimits.count, expiresAtMs: rateLimits.expiresAtMs })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAtMs, now)));
    return row
      ? { count: row.count, retryAfterMs: Number(row.expiresAtMs) - now }
      : { count: 0, retryAfterMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.database.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  async close(): Promise<void> {}

  private async purge(now: number): Promise<void> {
    await this.database.db.delete(rateLimits).where(lt(rateLimits.expiresAtMs, now));
  }
}

/**
 * Redis counters: INCR and PEXPIRE in one transaction. Windows follow Redis's own clock, which
 * every process shares.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  static connect(url: string): RedisRateLimiter {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    // ioredis reconnects by itself; while it is down, hits fail and the calls answer 500
    // (closed, not open). The listener only stops a crash-free but noisy "unhandled error" log.
    redis.on('error', () => undefined);
    return new RedisRateLimiter(redis);
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const k = this.prefix + key;
    const replies = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    if (!replies) throw new Error('the rate-limit transaction was aborted');
    const [incr, , ttl] = replies;
    if (incr?.[0] || ttl?.[0]) throw incr?.[0] ?? ttl?.[0];
    return toResult(Number(incr?.[1]), limit, Number(ttl?.[1]));
  }

  async peek(key: string): Promise<RateCount> {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return count && ttl > 0 ? { count: Number(count), retryAfterMs: ttl } : { count: 0, retryAfterMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/** Redis when REDIS_URL is set (several processes share counters), else the database. */
export function createRateLimiter(
  redisUrl: string | undefined,
  database: Database,
  clock: Clock,
): RateLimiter {
  return redisUrl ? RedisRateLimiter.connect(redisUrl) : new DbRateLimiter(database, clock);
}

/** TOO_MANY_REQUESTS, telling the client when to try again (also as a Retry-After header). */
export function tooManyRequests(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  // The message states the real wait (the SMS button shows the server's message, spec §8).
  const wait =
    seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return new AppError('TOO_MANY_REQUESTS', `Too many requests. Please try again in ${wait}.`, {
    retryAfterSeconds: String(seconds),
  });
}

/** Counts a hit and refuses the call when the key is over its limit. */
export async function enforceLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number) {
  const result = await limiter.hit(key, limit, windowMs);
  if (!result.allowed) throw tooManyRequests(result.retryAfterMs);
  return result;
}
