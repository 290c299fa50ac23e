import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  compactDecrypt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import { serverKeys } from '../db/schema.ts';
import type { Database } from './db.ts';

/** An opaque 256-bit token, URL-safe: sessions, remember tokens. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens of randomToken() are exactly this: checked before any database work. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const randomId = () => randomUUID();

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A string of `length` characters drawn uniformly from `alphabet` (no modulo bias). */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A numeric one-time code, e.g. six digits for SMS. */
export const randomDigits = (length: number) => randomString('0123456789', length);

/** Compares two hex digests without leaking where they differ. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

// OWASP's Argon2id minimum: 19 MiB, 2 passes, 1 lane.
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => argonHash(password, ARGON);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await argonVerify(hashed, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check when there is no hash to check against (unknown
 * account, SMS-only account), so the reply time does not tell which case it was.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}

/** Makes the dummy hash at start, so not even the first unknown account answers faster. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

/** A key of SecretBox: 32 random bytes as base64url (SECRETS_KEY, or DATA_DIR/secrets-key). */
export const SECRETS_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SEALED_VERSION = 'v1';
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

/**
 * Secrets the server must read back (an authenticator's key), kept encrypted at rest: AES-256-GCM
 * under the site's secrets key, which lives outside the database (SECRETS_KEY or a file in the
 * data folder), so a copy of the database alone does not give them away. `context` (e.g.
 * `totp:<member id>`) is bound in as associated data: a sealed value moved to another row does
 * not open.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(encoded: string): SecretBox {
    if (!SECRETS_KEY_PATTERN.test(encoded)) throw new Error('a secrets key is 32 bytes as base64url');
    return new SecretBox(Buffer.from(encoded, 'base64url'));
  }

  /** `v1.<iv>.<ciphertext and tag>`, both base64url. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(GCM_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plaintext of seal(); throws when the value, its context or the key do not match. */
  open(sealed: string, context: string): string {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== SEALED_VERSION || !ivText || !bodyText) throw new Error('not a sealed value');
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(body.subarray(0, body.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  }
}

const KEY_ALG = 'RSA-OAEP-256';
const CONTENT_ENC = 'A256GCM';
const KEY_SLOT = 'current';
/** Ceiling for the compact JWE an E call may carry. */
export const MAX_JWE_LENGTH = 32 * 1024;

export class DecryptionError extends Error {}

/**
 * The server's RSA key for encrypted (E) bodies. It is made once and kept in the database, so
 * every process of the site decrypts what any of them published.
 */
export class ServerKeys {
  private constructor(
    readonly kid: string,
    readonly publicJwk: JWK,
    private readonly privateKey: CryptoKey,
  ) {}

  static async load(database: Database): Promise<ServerKeys> {
    const row = (await readKey(database)) ?? (await createKey(database));
    const privateKey = (await importJWK(row.privateJwk as JWK, KEY_ALG)) as CryptoKey;
    return new ServerKeys(row.kid, row.publicJwk as JWK, privateKey);
  }

  /** The JSON inside a compact JWE; any problem is a DecryptionError. */
  async decrypt(compact: string): Promise<unknown> {
    return (await this.open(compact)).payload;
  }

  /**
   * The protected header (authenticated by the content encryption, so as trustworthy as the
   * payload) and the JSON inside a compact JWE; any problem is a DecryptionError.
   */
  async open(compact: string): Promise<{ header: Record<string, unknown>; payload: unknown }> {
    if (compact.length > MAX_JWE_LENGTH) throw new DecryptionError('too long');
    try {
      const header = decodeProtectedHeader(compact);
      if (header.kid !== undefined && header.kid !== this.kid) throw new DecryptionError('unknown key');
      const { plaintext, protectedHeader } = await compactDecrypt(compact, this.privateKey, {
        keyManagementAlgorithms: [KEY_ALG],
        contentEncryptionAlgorithms: [CONTENT_ENC],
      });
      const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
      return { header: protectedHeader as Record<string, unknown>, payload };
    } catch (e) {
      throw e instanceof DecryptionError ? e : new DecryptionError((e as Error).message);
    }
  }
}

async function readKey(database: Database) {
  const [row] = await database.db.select().from(serverKeys).where(eq(serverKeys.slot, KEY_SLOT)).limit(1);
  return row;
}

async function createKey(database: Database) {
  const { publicKey, privateKey } = await generateKeyPair(KEY_ALG, {
    modulusLength: 2048,
    extractable: true,
  });
  const publicJwk = { ...(await exportJWK(publicKey)), alg: KEY_ALG, use: 'enc' };
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), alg: KEY_ALG, kid };
  // Two processes may start together: the first insert wins and both read it back.
  await database.db
    .insert(serverKeys)
    .values({ slot: KEY_SLOT, kid, publicJwk: { ...publicJwk, kid }, privateJwk })
    .onConflictDoNothing();
  const row = await readKey(database);
  if (!row) throw new Error('the server key could not be stored');
  return row;
}
