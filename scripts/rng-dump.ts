/**
 * `npm run rng:dump -- [bytes] [file]`: raw output of the games' CSPRNG word source for
 * external test batteries. Words are written as little-endian u32, the layout `dieharder -g 201
 * -f FILE` (file_input_raw) reads on x86 and ARM, so dieharder sees exactly the words the games
 * draw. Defaults: 256 MiB to tmp/rng.bin; file `-` writes to stdout (e.g. `| dieharder -g 200`).
 * Bytes take an optional K, M or G suffix (binary units) and must be a multiple of 4.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { cryptoWords } from '../packages/games/src/node.ts';

const CHUNK_BYTES = 1 << 16;
const UNITS: Record<string, number> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 };

function parseBytes(text: string): number {
  const match = /^(\d+)([KMG]?)(?:i?B)?$/i.exec(text);
  const bytes = match ? Number(match[1]) * UNITS[match[2]!.toUpperCase()]! : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes % 4 !== 0)
    throw new Error(`bytes must be a positive multiple of 4 (e.g. 1048576 or 256M), got ${text}`);
  return bytes;
}

/** Writes `bytes` of CSPRNG words to `out`, honouring back-pressure; resolves when flushed. */
async function dump(bytes: number, out: Writable): Promise<void> {
  const words = cryptoWords();
  for (let left = bytes; left > 0; left -= CHUNK_BYTES) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, left));
    for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE(words(), i);
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function main() {
  const [bytesArg = '256M', file = 'tmp/rng.bin'] = process.argv.slice(2);
  const bytes = parseBytes(bytesArg);
  if (file === '-') {
    // A reader that has seen enough (dieharder) closes the pipe; that is not an error.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
    return dump(bytes, process.stdout);
  }
  mkdirSync(dirname(file), { recursive: true });
  await dump(bytes, createWriteStream(file));
  console.error(`wrote ${bytes} bytes of CSPRNG words to ${file}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
