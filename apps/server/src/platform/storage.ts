import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. On disk by default (UPLOAD_DIR, or DATA_DIR/uploads); an object
 * store can replace it by implementing the same calls. Keys are made here, never taken
 * from a client, so no path a client sends ever reaches the file system.
 */
export interface BlobStorage {
  /** Stores the bytes and returns the key to read them back with. */
  put(prefix: string, bytes: Buffer, mime: string): Promise<string>;
  /** The bytes and type, or null when there is no such key. */
  get(key: string): Promise<{ bytes: Buffer; mime: string } | null>;
  /** Removes the file of a key (a key that is not one, or is gone already, is left alone). */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]{1,32}\/[0-9a-f]{2}\/[0-9a-f]{64}\.(png|jpg)$/;
const EXT: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const MIME = { png: 'image/png', jpg: 'image/jpeg' } as const;

export class DiskStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  async put(prefix: string, bytes: Buffer, mime: string): Promise<string> {
    const ext = EXT[mime];
    if (!ext || !/^[a-z0-9-]{1,32}$/.test(prefix)) throw new Error(`cannot store ${prefix} as ${mime}`);
    // Named by content plus a random salt: two uploads of one file are two files, and a key
    // cannot be guessed from the content.
    const name = createHash('sha256').update(randomBytes(16)).update(bytes).digest('hex');
    const key = `${prefix}/${name.slice(0, 2)}/${name}.${ext}`;
    const file = path.join(this.root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, file);
    return key;
  }

  async get(key: string): Promise<{ bytes: Buffer; mime: string } | null> {
    const m = KEY.exec(key);
    if (!m) return null;
    try {
      return { bytes: await readFile(path.join(this.root, key)), mime: MIME[m[1] as 'png' | 'jpg'] };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    await rm(path.join(this.root, key), { force: true });
  }
}

export function createStorage(config: { DATA_DIR: string; UPLOAD_DIR?: string }): BlobStorage {
  return new DiskStorage(config.UPLOAD_DIR ?? path.join(config.DATA_DIR, 'uploads'));
}
