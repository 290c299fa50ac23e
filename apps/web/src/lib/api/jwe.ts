/**
 * Compact JWE (RFC 7516) with RSA-OAEP-256 key wrapping and A256GCM content encryption, made with
 * WebCrypto: the body of the contract's encrypted (E) calls. Loaded only when such a call is made.
 */
export interface ServerKey {
  kid: string;
  jwk: JsonWebKey & { kid?: string };
  /** The server's clock (epoch ms) when it answered. */
  serverTime?: number;
}

/**
 * The replay stamp in the protected header: `ts`, when the body was made by the server's clock
 * (epoch ms), and `jti`, 128 random bits. The server takes each body once, within 2 minutes.
 */
export interface JweStamp {
  ts: number;
  jti: string;
}

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh `jti`: 16 random bytes, base64url. */
export const randomJti = () => base64url(globalThis.crypto.getRandomValues(new Uint8Array(16)));

export async function encryptCompact(payload: unknown, key: ServerKey, stamp: JweStamp): Promise<string> {
  const { subtle } = globalThis.crypto;
  const publicKey = await subtle.importKey(
    'jwk',
    { kty: key.jwk.kty, n: key.jwk.n, e: key.jwk.e, alg: 'RSA-OAEP-256', ext: true },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const header = base64url(
    encoder.encode(
      JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid, ts: stamp.ts, jti: stamp.jti }),
    ),
  );
  const cek = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const contentKey = await subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const sealed = new Uint8Array(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(header), tagLength: 128 },
      contentKey,
      encoder.encode(JSON.stringify(payload)),
    ),
  );
  const wrappedKey = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, cek));
  return [
    header,
    base64url(wrappedKey),
    base64url(iv),
    base64url(sealed.slice(0, -16)),
    base64url(sealed.slice(-16)),
  ].join('.');
}
