import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../testing/app.ts';
import { ManualClock, MINUTE_MS } from './clock.ts';
import {
  DbRateLimiter,
  enforceLimit,
  type RateLimiter,
  RedisRateLimiter,
  tooManyRequests,
} from './rate-limit.ts';

/** The behaviour every implementation shares; `advance` moves the limiter's time. */
function behaves(
  make: () => { limiter: RateLimiter; other: RateLimiter; advance: (ms: number) => Promise<void> },
) {
  const key = () => `test:${randomBytes(6).toString('hex')}`;

  it('allows up to the limit in a window, then tells how long to wait', async () => {
    const { limiter } = make();
    const k = key();
    for (let i = 1; i <= 3; i++)
      expect(await limiter.hit(k, 3, MINUTE_MS)).toMatchObject({ allowed: true, count: i });
    const refused = await limiter.hit(k, 3, MINUTE_MS);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(MINUTE_MS);
    await expect(enforceLimit(limiter, k, 3, MINUTE_MS)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('starts a new window when the old one ends', async () => {
    const { limiter, advance } = make();
    const k = key();
    await limiter.hit(k, 1, 200);
    expect((await limiter.hit(k, 1, 200)).allowed).toBe(false);
    await advance(250);
    expect(await limiter.hit(k, 1, 200)).toMatchObject({ allowed: true, count: 1 });
  });

  it('peeks without counting and forgets on reset', async () => {
    const { limiter } = make();
    const k = key();
    expect(await limiter.peek(k)).toEqual({ count: 0, retryAfterMs: 0 });
    await limiter.hit(k, 5, MINUTE_MS);
    await limiter.hit(k, 5, MINUTE_MS);
    expect((await limiter.peek(k)).count).toBe(2);
    expect((await limiter.peek(k)).count).toBe(2);
    await limiter.reset(k);
    expect((await limiter.peek(k)).count).toBe(0);
  });

  it('counts every one of many parallel hits, shared between instances', async () => {
    const { limiter, other } = make();
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? limiter : other).hit(k, 25, MINUTE_MS)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });
}

describe.each(engines)('database rate limiter on %s', (engine) => {
  let db: TestDb;
  const clock = new ManualClock(1_000_000);
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => db.drop());
  behaves(() => ({
    limiter: new DbRateLimiter(db.database, clock),
    // Two limiter objects on one database stand for two processes.
    other: new DbRateLimiter(db.database, clock),
    advance: async (ms) => clock.advance(ms),
  }));
});

describe.skipIf(!process.env.REDIS_URL)('Redis rate limiter', () => {
  let a: RedisRateLimiter;
  let b: RedisRateLimiter;
  beforeAll(() => {
    const prefix = `rltest:${randomBytes(4).toString('hex')}:`;
    a = RedisRateLimiter.connect(process.env.REDIS_URL!);
    b = RedisRateLimiter.connect(process.env.REDIS_URL!);
    Object.assign(a, { prefix });
    Object.assign(b, { prefix });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  // Redis keeps its own time, so the window really has to pass.
  behaves(() => ({ limiter: a, other: b, advance: (ms) => new Promise((r) => setTimeout(r, ms)) }));
});

describe('TOO_MANY_REQUESTS', () => {
  it('says the real wait in its message and details', () => {
    expect(tooManyRequests(400)).toMatchObject({
      message: 'Too many requests. Please try again in 1 second.',
      details: { retryAfterSeconds: '1' },
    });
    expect(tooManyRequests(45_000).message).toBe('Too many requests. Please try again in 45 seconds.');
    expect(tooManyRequests(5 * MINUTE_MS)).toMatchObject({
      message: 'Too many requests. Please try again in 5 minutes.',
      details: { retryAfterSeconds: '300' },
    });
  });
});
