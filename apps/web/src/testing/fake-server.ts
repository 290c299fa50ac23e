/**
 * Test helpers of the funds pages (imported by their tests only): a fetch stand-in that answers
 * by method and path, opens encrypted (E) bodies with a real key pair, and records every call.
 */
import { vi } from 'vitest';
import { forgetServerKeyForTests } from '../lib/api/encryption';

export const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
/** A refusal; `details` names the fields at fault, as the server's validation errors do. */
export const fail = (status: number, errorCode: string, message = '', details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message, details }), { status });

export interface SeenCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, opened when it was encrypted. */
  body: unknown;
}

type Handler = (call: SeenCall) => Response | Promise<Response>;

const fromB64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

let pair: Promise<CryptoKeyPair> | null = null;
const keyPair = () => {
  pair ??= globalThis.crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  ) as Promise<CryptoKeyPair>;
  return pair;
};

async function openCompact(compact: string, privateKey: CryptoKey): Promise<unknown> {
  const { subtle } = globalThis.crypto;
  const [header = '', wrapped = '', iv = '', ciphertext = '', tag = ''] = compact.split('.');
  const cek = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, fromB64url(wrapped));
  const key = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64url(iv), additionalData: new TextEncoder().encode(header) },
    key,
    new Uint8Array([...fromB64url(ciphertext), ...fromB64url(tag)]),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

/**
 * Stubs fetch. Routes are keyed "METHOD /path"; unknown calls answer route.not.found. `calls`
 * lists what reached the server (the key fetch left out), E bodies decrypted.
 */
export function fakeServer(routes: Record<string, Handler>) {
  forgetServerKeyForTests();
  // Started now, awaited only by the key and the E calls: a 2048-bit key takes a while on a busy
  // machine, and the other calls need not wait for it.
  const keys = keyPair();
  const calls: SeenCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/wps/session/key') {
      const jwk = await globalThis.crypto.subtle.exportKey('jwk', (await keys).publicKey);
      return ok({ kid: 'k1', jwk });
    }
    let body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (body && typeof body === 'object' && 'value' in body && typeof body.value === 'string') {
      body = await openCompact(body.value, (await keys).privateKey);
    }
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : fail(404, 'route.not.found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A response the test releases when it wants (to hold a call in flight). */
export function deferred() {
  let release: (r: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
