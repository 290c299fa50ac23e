import { describe, expect, it } from 'vitest';
import { encryptCompact, randomJti } from './jwe';

const fromB64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

describe('encryptCompact', () => {
  it('makes a compact JWE (RSA-OAEP-256, A256GCM) that the private key opens', async () => {
    const { subtle } = globalThis.crypto;
    const pair = (await subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    const jwk = await subtle.exportKey('jwk', pair.publicKey);

    const jti = randomJti();
    const compact = await encryptCompact(
      { username: 'demo', password: 'pässword' },
      { kid: 'k1', jwk },
      { ts: 1_772_359_200_000, jti },
    );

    const [header, wrapped, iv, ciphertext, tag] = compact.split('.') as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(JSON.parse(new TextDecoder().decode(fromB64url(header)))).toEqual({
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      kid: 'k1',
      ts: 1_772_359_200_000,
      jti,
    });
    // 16 random bytes, base64url.
    expect(fromB64url(jti)).toHaveLength(16);
    expect(randomJti()).not.toBe(jti);
    const cek = await subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, fromB64url(wrapped));
    const key = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
    const sealed = new Uint8Array([...fromB64url(ciphertext), ...fromB64url(tag)]);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: fromB64url(iv), additionalData: new TextEncoder().encode(header) },
      key,
      sealed,
    );
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ username: 'demo', password: 'pässword' });
  });
});
