import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../testing/app.ts';
import { ManualClock, MINUTE_MS, SECOND_MS } from './clock.ts';
import { AppError } from './errors.ts';
import { DbSeenIds, RedisSeenIds, ReplayGuard, readStamp, type SeenIds, STAMP_WINDOW_MS } from './replay.ts';

const jti = () => randomBytes(16).toString('base64url');

/** The code (and details) a check fails with, or 'ok'. */
async function outcome(check: Promise<void>) {
  try {
    await check;
    return 'ok';
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return e.code;
  }
}

describe('readStamp', () => {
  it('takes an integer ts and a jti of at least 128 bits, base64url', () => {
    const id = jti();
    expect(readStamp({ alg: 'RSA-OAEP-256', ts: 1_700_000_000_000, jti: id })).toEqual({
      ts: 1_700_000_000_000,
      jti: id,
    });
  });

  it('refuses a missing or malformed stamp as encryption.unstamped', () => {
    const good = { ts: 1_700_000_000_000, jti: jti() };
    for (const header of [
      {},
      { jti: good.jti },
      { ts: good.ts },
      { ...good, ts: '1700000000000' },
      { ...good, ts: 1_700_000_000_000.5 },
      { ...good, ts: -1 },
      { ...good, ts: Number.MAX_VALUE },
      { ...good, jti: 42 },
      { ...good, jti: 'short' },
      { ...good, jti: 'A'.repeat(21) },
      { ...good, jti: `${'A'.repeat(21)}=` },
      { ...good, jti: `${'A'.repeat(21)}+` },
      { ...good, jti: 'A'.repeat(129) },
    ]) {
      expect(() => readStamp(header), JSON.stringify(header)).toThrow(
        expect.objectContaining({ code: 'encryption.unstamped' }),
      );
    }
  });
});

/** The checks every store gives; `a` and `b` stand for two processes on one store. */
function behaves(make: () => { a: SeenIds; b: SeenIds; clock: ManualClock }) {
  it('takes a fresh stamp once, and refuses it again in any process', async () => {
    const { a, b, clock } = make();
    const guardA = new ReplayGuard(a, clock);
    const guardB = new ReplayGuard(b, clock);
    const header = { ts: clock.now(), jti: jti() };
    expect(await outcome(guardA.check(header))).toBe('ok');
    expect(await outcome(guardA.check(header))).toBe('encryption.replayed');
    expect(await outcome(guardB.check(header))).toBe('encryption.replayed');
    clock.advance(STAMP_WINDOW_MS - SECOND_MS);
    expect(await outcome(guardB.check(header))).toBe('encryption.replayed');
  });

  it('lets exactly one of many parallel sends of one body through', async () => {
    const { a, b, clock } = make();
    const header = { ts: clock.now(), jti: jti() };
    const guards = [new ReplayGuard(a, clock), new ReplayGuard(b, clock)];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => outcome(guards[i % 2]!.check(header))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'encryption.replayed')).toHaveLength(9);
  });

  it('refuses a stamp over 2 minutes old or ahead, telling the server time', async () => {
    const { a, clock } = make();
    const guard = new ReplayGuard(a, clock);
    const now = clock.now();
    for (const ts of [now - STAMP_WINDOW_MS - 1, now + STAMP_WINDOW_MS + 1, now - 60 * MINUTE_MS, 1]) {
      const error = await guard.check({ ts, jti: jti() }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'encryption.stale', details: { serverTime: String(now) } });
    }
    // The edges of the window pass.
    expect(await outcome(guard.check({ ts: now - STAMP_WINDOW_MS, jti: jti() }))).toBe('ok');
    expect(await outcome(guard.check({ ts: now + STAMP_WINDOW_MS, jti: jti() }))).toBe('ok');
  });

  it('refuses a replay once its stamp has aged out as stale, and never takes it again', async () => {
    const { a, clock } = make();
    const guard = new ReplayGuard(a, clock);
    const header = { ts: clock.now(), jti: jti() };
    expect(await outcome(guard.check(header))).toBe('ok');
    clock.advance(STAMP_WINDOW_MS + 1);
    expect(await outcome(guard.check(header))).toBe('encryption.stale');
  });

  it('refuses a missing stamp before it records anything', async () => {
    const { a, clock } = make();
    const guard = new ReplayGuard(a, clock);
    const id = jti();
    expect(await outcome(guard.check({ jti: id }))).toBe('encryption.unstamped');
    expect(await outcome(guard.check({ ts: clock.now() - 10 * MINUTE_MS, jti: id }))).toBe(
      'encryption.stale',
    );
    expect(await outcome(guard.check({ ts: clock.now(), jti: id }))).toBe('ok');
  });
}

describe.each(engines)('replay guard on the database (%s)', (engine) => {
  let db: TestDb;
  const clock = new ManualClock(Date.UTC(2026, 2, 1));
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => db.drop());
  behaves(() => ({ a: new DbSeenIds(db.database, clock), b: new DbSeenIds(db.database, clock), clock }));

  it('takes over an id whose row expired but is not pruned yet', async () => {
    const seen = new DbSeenIds(db.database, clock);
    const id = jti();
    expect(await seen.add(id, clock.now() + MINUTE_MS)).toBe(true);
    expect(await seen.add(id, clock.now() + MINUTE_MS)).toBe(false);
    clock.advance(MINUTE_MS + 1);
    expect(await seen.add(id, clock.now() + MINUTE_MS)).toBe(true);
    expect(await seen.add(id, clock.now() + MINUTE_MS)).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)('replay guard on Redis', () => {
  let a: RedisSeenIds;
  let b: RedisSeenIds;
  // Redis expires keys by its own time; the stamps follow the movable clock.
  const clock = new ManualClock();
  beforeAll(() => {
    a = RedisSeenIds.connect(process.env.REDIS_URL!, clock);
    b = RedisSeenIds.connect(process.env.REDIS_URL!, clock);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });
  behaves(() => ({ a, b, clock }));

  it('keeps an id until its stamp can no longer pass, then lets Redis forget it', async () => {
    const id = jti();
    expect(await a.add(id, clock.now() + 60)).toBe(true);
    expect(await b.add(id, clock.now() + 60)).toBe(false);
    const ttl = await (a as unknown as { redis: { pttl(k: string): Promise<number> } }).redis.pttl(
      `jti:${id}`,
    );
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});
