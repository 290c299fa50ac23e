import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairBlock, fairWords, isClientSeed, serverSeedHash } from './fair.ts';
import { toHex } from './sha256.ts';

// Vectors computed independently with coreutils and OpenSSL:
//   SEED=$(printf aurum | sha256sum | cut -c1-64)
//   printf %s "$SEED" | sha256sum
//   printf %s 'lucky-player:7:0' | openssl dgst -sha256 -hmac "$SEED"
const SEED = 'e02346c759d1571ac98c58215b32d16c5e11b881c1d600e1cf24b12075a8544d';
const SEED_HASH = 'bdc8483045a88f78b8f0ca11cd705dde3a699478516708a49b641fd70ee85756';
const BLOCK_0 = '63b61545718256f4923397fa50f7e892df63afc2d10950cf3a5ebcfdff69d6b6';
const BLOCK_1 = '25f1071d9e16b76d5da70b038928bfd2d0f324a697128d5a9894eee84df834e0';

const wordsOfHex = (h: string) =>
  Array.from({ length: h.length / 8 }, (_, i) => Number.parseInt(h.slice(i * 8, i * 8 + 8), 16));

describe('provably-fair derivation', () => {
  it('commits to the SHA-256 of the seed text', () => {
    expect(serverSeedHash(SEED)).toBe(SEED_HASH);
  });

  it('derives blocks as HMAC-SHA256(seed, "client:nonce:cursor")', () => {
    expect(toHex(fairBlock(SEED, 'lucky-player', 7, 0))).toBe(BLOCK_0);
    expect(toHex(fairBlock(SEED, 'lucky-player', 7, 1))).toBe(BLOCK_1);
  });

  it('streams eight big-endian words per block, block after block', () => {
    const next = fairWords(SEED, 'lucky-player', 7);
    const words = Array.from({ length: 16 }, next);
    expect(words).toEqual([...wordsOfHex(BLOCK_0), ...wordsOfHex(BLOCK_1)]);
    expect(words[0]).toBe(0x63b61545);
  });

  it('matches node:crypto far into the stream', () => {
    const next = fairWords(SEED, 'seed with spaces ~!', 123456);
    for (let cursor = 0; cursor < 50; cursor++) {
      const expected = createHmac('sha256', SEED)
        .update(`seed with spaces ~!:123456:${cursor}`)
        .digest('hex');
      const got = Array.from({ length: 8 }, next);
      expect(got).toEqual(wordsOfHex(expected));
    }
  });

  it('gives different streams for different nonces and client seeds', () => {
    const first = (client: string, nonce: number) => fairWords(SEED, client, nonce)();
    expect(first('a', 0)).not.toBe(first('a', 1));
    expect(first('a', 0)).not.toBe(first('b', 0));
  });

  it('validates client seeds: 1-64 printable ASCII characters', () => {
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed(' ~'.repeat(32))).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('tab\there')).toBe(false);
    expect(isClientSeed('日本')).toBe(false);
    expect(() => fairWords(SEED, '', 0)).toThrow(RangeError);
  });

  it('refuses malformed server seeds and nonces', () => {
    expect(() => serverSeedHash(SEED.toUpperCase())).toThrow(RangeError);
    expect(() => serverSeedHash(SEED.slice(1))).toThrow(RangeError);
    expect(() => fairWords(SEED, 'a', -1)).toThrow(RangeError);
    expect(() => fairWords(SEED, 'a', 1.5)).toThrow(RangeError);
  });
});
