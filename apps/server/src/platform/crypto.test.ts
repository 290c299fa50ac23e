import { CompactEncrypt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/app.ts';
import {
  DecryptionError,
  hashPassword,
  randomDigits,
  randomToken,
  SecretBox,
  ServerKeys,
  sameHex,
  sha256Hex,
  TOKEN_PATTERN,
  verifyAgainstDummy,
  verifyPassword,
} from './crypto.ts';

describe('SecretBox', () => {
  const box = SecretBox.fromKey(randomToken());

  it('seals a secret so that only its key and context open it', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:7');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:7')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals the same way twice.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:7')).not.toBe(sealed);
    expect(() => box.open(sealed, 'totp:8')).toThrow();
    expect(() => SecretBox.fromKey(randomToken()).open(sealed, 'totp:7')).toThrow();
    const [v, iv, body] = sealed.split('.');
    // Change one character of the body for another (never for itself).
    const at = body!.length - 2;
    const flipped = `${body!.slice(0, at)}${body![at] === 'A' ? 'B' : 'A'}${body!.slice(at + 1)}`;
    expect(() => box.open(`${v}.${iv}.${flipped}`, 'totp:7')).toThrow();
  });

  it('takes only a 32-byte key', () => {
    expect(() => SecretBox.fromKey('short')).toThrow();
  });
});

describe('secrets', () => {
  it('makes 256-bit URL-safe tokens, all different', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => randomToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(TOKEN_PATTERN);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
  });

  it('makes numeric codes of the asked length', () => {
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  it('hashes passwords with Argon2id and verifies them', async () => {
    const hash = await hashPassword('Demo1234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Demo1234')).toBe(true);
    expect(await verifyPassword(hash, 'demo1234')).toBe(false);
    expect(await verifyPassword('not a hash', 'Demo1234')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('compares digests in constant time', () => {
    expect(sameHex(sha256Hex('a'), sha256Hex('a'))).toBe(true);
    expect(sameHex(sha256Hex('a'), sha256Hex('b'))).toBe(false);
    expect(sameHex('', '')).toBe(false);
  });
});

describe('server keys', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db.drop());

  it('is made once and shared by every process on the database', async () => {
    const [a, b] = await Promise.all([ServerKeys.load(db.database), ServerKeys.load(db.database)]);
    expect(a.kid).toBe(b.kid);
    expect(a.publicJwk).toEqual(b.publicJwk);
    expect(a.publicJwk).not.toHaveProperty('d');
    const jwe = await new CompactEncrypt(new TextEncoder().encode('{"hello":"world"}'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: a.kid })
      .encrypt(await importJWK(a.publicJwk, 'RSA-OAEP-256'));
    expect(await b.decrypt(jwe)).toEqual({ hello: 'world' });
  });

  it('refuses other algorithms, other keys and non-JSON plaintext', async () => {
    const keys = await ServerKeys.load(db.database);
    const key = await importJWK(keys.publicJwk, 'RSA-OAEP-256');
    const make = (text: string, header: Record<string, string>) =>
      new CompactEncrypt(new TextEncoder().encode(text)).setProtectedHeader(header as never).encrypt(key);
    await expect(
      keys.decrypt(await make('not json', { alg: 'RSA-OAEP-256', enc: 'A256GCM' })),
    ).rejects.toBeInstanceOf(DecryptionError);
    await expect(
      keys.decrypt(await make('{}', { alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'someone-else' })),
    ).rejects.toBeInstanceOf(DecryptionError);
    await expect(
      keys.decrypt(await make('{}', { alg: 'RSA-OAEP-256', enc: 'A128GCM' })),
    ).rejects.toBeInstanceOf(DecryptionError);
    await expect(keys.decrypt('garbage')).rejects.toBeInstanceOf(DecryptionError);
  });
});
