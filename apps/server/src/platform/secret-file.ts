import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in a file of the data folder, made (32 random bytes, base64url, mode 0600) on first
 * use. Several processes starting together agree on the first one written.
 */
export async function ensureSecretFile(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}

/** SECRETS_KEY, else the key made on first start in the data folder (secrets-key). */
export function ensureSecretsKey(dataDir: string, fromEnv: string | undefined): Promise<string> {
  return fromEnv ? Promise.resolve(fromEnv) : ensureSecretFile(dataDir, 'secrets-key');
}
