import { serverSeedHash } from '@aurum/games';
import { newServerSeed } from '@aurum/games/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestDb, DEMO_MERCHANT, engines, type TestDb } from '../../testing/app.ts';
import { FairSeeds, type SeedOwner } from './seeds.ts';

describe.each(engines)('seed pairs on %s', (engine) => {
  let db: TestDb;
  let seeds: FairSeeds;
  let players = 0;
  const clock = new ManualClock(Date.now());
  const owner = (): SeedOwner => ({
    merchant: DEMO_MERCHANT,
    vendor: 'AURX',
    playerId: String(900_000 + ++players),
  });

  beforeAll(async () => {
    db = await createTestDb(engine);
    seeds = new FairSeeds(db.database, clock, newServerSeed);
  });
  afterAll(async () => db?.drop());

  /** A settled round of the player as the wallet records it, with the proof of the pair it used. */
  const recordRound = (o: SeedOwner, roundId: string, fair: object) =>
    queryRows(
      db.database.db,
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, detail, fair, opened_at, settled_at)
       VALUES ($1, $2, $3, $3, $4::bigint, 'dice', 'real', 'settled', 100, 0, '{}', $5::jsonb, now(), now())`,
      [o.merchant, o.vendor, roundId, o.playerId, JSON.stringify(fair)],
    );
  const fairOf = async (roundId: string) =>
    (
      await queryRows<{ fair: Record<string, unknown> | string }>(
        db.database.db,
        'SELECT fair FROM game_rounds WHERE round_id = $1',
        [roundId],
      )
    ).map((r) => (typeof r.fair === 'string' ? JSON.parse(r.fair) : r.fair))[0];

  it('commits to a pair on first use and hands out its nonces in order', async () => {
    const o = owner();
    const state = await seeds.state(o);
    expect(state.nonce).toBe(0);
    expect(state.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    const a = await seeds.take(o, 'seed-take-a');
    const b = await seeds.take(o, 'seed-take-b');
    expect([a?.nonce, b?.nonce]).toEqual([0, 1]);
    expect(serverSeedHash(a!.serverSeed)).toBe(state.serverSeedHash);
    expect((await seeds.state(o)).nonce).toBe(2);
  });

  it('takes no nonce for a round that is recorded already', async () => {
    const o = owner();
    const taken = await seeds.take(o, 'seed-replay');
    await recordRound(o, 'seed-replay', { serverSeedHash: taken!.serverSeedHash, clientSeed: 'c', nonce: 0 });
    expect(await seeds.take(o, 'seed-replay')).toBeNull();
    expect((await seeds.state(o)).nonce).toBe(1);
  });

  it('rotation reveals the old seed in the proofs of the rounds that used it, and only those', async () => {
    const o = owner();
    const other = owner();
    const taken = await seeds.take(o, 'seed-rot-1');
    const proof = { serverSeedHash: taken!.serverSeedHash, clientSeed: taken!.clientSeed, nonce: 0 };
    await recordRound(o, 'seed-rot-1', proof);
    await recordRound(other, 'seed-rot-other', proof);
    const { previous, current } = await seeds.rotate(o);
    expect(previous).toEqual({
      serverSeed: taken!.serverSeed,
      serverSeedHash: taken!.serverSeedHash,
      clientSeed: taken!.clientSeed,
      nonces: 1,
    });
    expect(current.nonce).toBe(0);
    expect(await fairOf('seed-rot-1')).toEqual({ ...proof, serverSeed: taken!.serverSeed });
    expect(await fairOf('seed-rot-other')).toEqual(proof);
  });

  it('reveals a round recorded after the rotation that ended its pair, and leaves a live pair secret', async () => {
    const o = owner();
    const early = await seeds.take(o, 'seed-late-1');
    const live = { serverSeedHash: early!.serverSeedHash, clientSeed: early!.clientSeed, nonce: 0 };
    await recordRound(o, 'seed-late-1', live);
    await seeds.revealIfRotated(o, early!.seedId, 'seed-late-1');
    expect(await fairOf('seed-late-1')).toEqual(live);

    const inFlight = await seeds.take(o, 'seed-late-2');
    await seeds.rotate(o);
    // The wallet records the in-flight round only now, after the rotation's update ran.
    const late = { serverSeedHash: inFlight!.serverSeedHash, clientSeed: inFlight!.clientSeed, nonce: 1 };
    await recordRound(o, 'seed-late-2', late);
    expect(await fairOf('seed-late-2')).toEqual(late);
    await seeds.revealIfRotated(o, inFlight!.seedId, 'seed-late-2');
    expect(await fairOf('seed-late-2')).toEqual({ ...late, serverSeed: inFlight!.serverSeed });
  });

  it('sets the client seed of the current pair only', async () => {
    const o = owner();
    await seeds.take(o, 'seed-client-1');
    const state = await seeds.setClientSeed(o, 'chosen');
    expect(state).toMatchObject({ clientSeed: 'chosen', nonce: 1 });
    expect((await seeds.take(o, 'seed-client-2'))?.clientSeed).toBe('chosen');
  });

  it('rotations of one pair at once each end a different pair', async () => {
    const o = owner();
    await seeds.state(o);
    const results = await Promise.all([seeds.rotate(o), seeds.rotate(o), seeds.rotate(o)]);
    const revealed = new Set(results.map((r) => r.previous.serverSeedHash));
    expect(revealed.size).toBe(3);
    const [{ n }] = (await queryRows<{ n: string }>(
      db.database.db,
      'SELECT count(*)::text AS n FROM inhouse_seeds WHERE player_id = $1 AND revealed_at IS NULL',
      [o.playerId],
    )) as [{ n: string }];
    expect(n).toBe('1');
  });
});
