import { createHash, createHmac } from 'node:crypto';
import { diceRound, fairWords, plinkoRound } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import { keeps, recompute } from './recompute';

const SERVER_SEED = '3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a';
const CLIENT_SEED = 'my-lucky-seed';

describe('the verifier recomputes a round as the server does', () => {
  it('shows the seed hash and the HMAC blocks exactly as node:crypto computes them', () => {
    const r = recompute({
      game: 'dice',
      serverSeed: SERVER_SEED,
      clientSeed: CLIENT_SEED,
      nonce: 7,
      target: 5000,
      direction: 'under',
      rows: 8,
      risk: 'low',
    });
    expect(r.hash).toBe(createHash('sha256').update(SERVER_SEED, 'utf8').digest('hex'));
    const digest = createHmac('sha256', Buffer.from(SERVER_SEED, 'utf8'))
      .update(`${CLIENT_SEED}:7:0`)
      .digest();
    expect(r.blocks[0]).toEqual({ cursor: 0, message: `${CLIENT_SEED}:7:0`, digest: digest.toString('hex') });
    // The roll comes from the first word of the first block (big-endian), mapped without bias.
    expect(r.words[0]?.value).toBe(digest.readUInt32BE(0));
    expect(r.outcome).toMatchObject({ game: 'dice', roll: digest.readUInt32BE(0) % 10_000 });
  });

  it('matches the maths package on fixed dice vectors', () => {
    for (const [nonce, target, direction] of [
      [0, 5000, 'under'],
      [1, 9000, 'over'],
      [42, 1, 'under'],
      [99_999, 9998, 'over'],
    ] as const) {
      const expected = diceRound(
        { stakeMinor: 1n, target, direction },
        fairWords(SERVER_SEED, CLIENT_SEED, nonce),
      );
      const r = recompute({
        game: 'dice',
        serverSeed: SERVER_SEED,
        clientSeed: CLIENT_SEED,
        nonce,
        target,
        direction,
        rows: 8,
        risk: 'low',
      });
      expect(r.outcome).toEqual({
        game: 'dice',
        roll: expected.roll,
        win: expected.win,
        chance: expected.chance,
        multiplier: expected.multiplier,
      });
    }
  });

  it('matches the maths package on fixed plinko vectors, reading as many blocks as the path needs', () => {
    for (const [nonce, rows, risk] of [
      [0, 8, 'low'],
      [3, 12, 'medium'],
      [11, 16, 'high'],
    ] as const) {
      const expected = plinkoRound(
        { stakeMinor: 1n, rows, risk },
        fairWords(SERVER_SEED, CLIENT_SEED, nonce),
      );
      const r = recompute({
        game: 'plinko',
        serverSeed: SERVER_SEED,
        clientSeed: CLIENT_SEED,
        nonce,
        target: 0,
        direction: 'under',
        rows,
        risk,
      });
      expect(r.outcome).toEqual({
        game: 'plinko',
        path: expected.path,
        bucket: expected.bucket,
        multiplier: expected.multiplier,
      });
      expect(r.words).toHaveLength(rows);
      expect(r.blocks).toHaveLength(Math.ceil(rows / 8));
      expect(r.blocks.map((b) => b.message)).toEqual(r.blocks.map((_, i) => `${CLIENT_SEED}:${nonce}:${i}`));
    }
  });

  it('marks the words the unbiased mapping skips', () => {
    expect(keeps(10_000, 123_456)).toBe(true);
    expect(keeps(10_000, 0xffff_ffff)).toBe(false);
    expect(keeps(2, 0xffff_ffff)).toBe(true);
  });

  it('refuses inputs the maths refuses', () => {
    expect(() =>
      recompute({
        game: 'dice',
        serverSeed: 'nope',
        clientSeed: CLIENT_SEED,
        nonce: 0,
        target: 5000,
        direction: 'under',
        rows: 8,
        risk: 'low',
      }),
    ).toThrow(RangeError);
  });
});
