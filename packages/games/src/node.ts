/**
 * Node-only randomness (`@aurum/games/node`): the operating system's CSPRNG as a word source
 * and fresh server seeds. Kept apart from the rest of the package, which must also run in the
 * browser for the provably-fair verifier.
 */
import { randomBytes, randomFillSync } from 'node:crypto';
import type { WordSource } from './uniform.ts';

/**
 * Uniform u32 words from crypto.randomFillSync, read big-endian from a buffer refilled
 * `bufferBytes` at a time (4 KiB by default), so a word costs a buffer read, not a system call.
 */
export function cryptoWords(bufferBytes = 4096): WordSource {
  if (!Number.isInteger(bufferBytes) || bufferBytes < 4 || bufferBytes % 4 !== 0)
    throw new RangeError('bufferBytes must be a positive multiple of 4');
  const buffer = Buffer.alloc(bufferBytes);
  let offset = bufferBytes;
  return () => {
    if (offset === bufferBytes) {
      randomFillSync(buffer);
      offset = 0;
    }
    const word = buffer.readUInt32BE(offset);
    offset += 4;
    return word;
  };
}

/** A new server seed: 32 bytes from the CSPRNG as 64 lower-case hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}
