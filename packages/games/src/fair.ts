/**
 * Provably-fair derivation. The server commits to SHA-256(server seed) before play; each round
 * then draws its words from HMAC-SHA256(server seed, `${clientSeed}:${nonce}:${cursor}`), so
 * once the seed is revealed anyone can recompute the round and check it against the commitment.
 * docs/games-maths.md states the same bytes; the two must agree.
 */
import { hmacSha256Keyed, sha256, toHex, utf8Bytes } from './sha256.ts';
import type { WordSource } from './uniform.ts';

/** A server seed is 32 random bytes written as 64 lower-case hex characters. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

/** A client seed is 1 to 64 printable ASCII characters (space to tilde). */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/** Whether `seed` is an acceptable client seed; the player chooses it, so it is checked. */
export function isClientSeed(seed: string): boolean {
  return CLIENT_SEED_PATTERN.test(seed);
}

function assertServerSeed(serverSeed: string): void {
  if (!SERVER_SEED_PATTERN.test(serverSeed))
    throw new RangeError('server seed must be 64 lower-case hex characters');
}

function assertRoundInputs(clientSeed: string, nonce: number): void {
  if (!isClientSeed(clientSeed)) throw new RangeError('client seed must be 1-64 printable ASCII characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
}

/**
 * The commitment shown before play: SHA-256 of the seed's 64 hex characters as UTF-8 (the same
 * bytes that key the HMAC), in lower-case hex, so `printf %s SEED | sha256sum` reproduces it.
 */
export function serverSeedHash(serverSeed: string): string {
  assertServerSeed(serverSeed);
  return toHex(sha256(utf8Bytes(serverSeed)));
}

/**
 * The 32-byte HMAC block number `cursor` of a round: the source of its words 8·cursor to
 * 8·cursor + 7. Exposed so a verifier can show the raw bytes next to the outcome.
 */
export function fairBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  assertServerSeed(serverSeed);
  assertRoundInputs(clientSeed, nonce);
  return hmacSha256Keyed(utf8Bytes(serverSeed))(utf8Bytes(`${clientSeed}:${nonce}:${cursor}`));
}

/**
 * The round's word stream: blocks for cursor 0, 1, 2, … each read as eight big-endian u32
 * words, in order. The stream never ends; a game takes as many words as rejection sampling needs.
 */
export function fairWords(serverSeed: string, clientSeed: string, nonce: number): WordSource {
  assertServerSeed(serverSeed);
  assertRoundInputs(clientSeed, nonce);
  return seededWords(serverSeed, `${clientSeed}:${nonce}:`);
}

/**
 * The word stream of HMAC-SHA256(server seed, `${prefix}${cursor}`) for cursor 0, 1, 2, …, each
 * block read as eight big-endian u32 words: the one derivation behind every provably-fair draw
 * (a round's prefix is `client:nonce:`, a lottery issue's is `issue:`). `prefix` must be ASCII.
 */
export function seededWords(serverSeed: string, prefix: string): WordSource {
  assertServerSeed(serverSeed);
  if (!/^[\x20-\x7e]*$/.test(prefix)) throw new RangeError('prefix must be printable ASCII');
  const hmac = hmacSha256Keyed(utf8Bytes(serverSeed));
  const message = new Uint8Array(prefix.length + 16);
  for (let i = 0; i < prefix.length; i++) message[i] = prefix.charCodeAt(i);
  const block = new Uint8Array(32);
  let cursor = 0;
  let index = 32;
  return () => {
    if (index === 32) {
      const digits = String(cursor++);
      for (let i = 0; i < digits.length; i++) message[prefix.length + i] = digits.charCodeAt(i);
      hmac(message, prefix.length + digits.length, block);
      index = 0;
    }
    const word =
      ((block[index]! << 24) | (block[index + 1]! << 16) | (block[index + 2]! << 8) | block[index + 3]!) >>>
      0;
    index += 4;
    return word;
  };
}
