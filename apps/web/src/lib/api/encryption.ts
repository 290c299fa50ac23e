import { routeTable } from '../contract';
import { errorCodeOf, isApiError } from './api-error';
import type { ServerKey } from './jwe';

type Send = <T>(endpoint: { method: 'GET'; path: string }) => Promise<T>;

let serverKey: Promise<ServerKey> | null = null;
/** The server's clock minus this device's: E bodies are stamped by the server's time. */
let clockOffsetMs = 0;

/** Now by the server's clock (epoch ms), as far as this client has learnt it. */
export const serverNow = () => Date.now() + clockOffsetMs;

/** Learns the offset from a server time just received; false when there is none. */
function learnServerTime(serverTime: unknown): boolean {
  const t = typeof serverTime === 'string' ? Number(serverTime) : serverTime;
  if (typeof t !== 'number' || !Number.isFinite(t)) return false;
  clockOffsetMs = t - Date.now();
  return true;
}

/**
 * Wraps an encrypted (E) call's body as `{ value: <compact JWE> }` with the server's public key
 * (GET /wps/session/key, fetched once), stamped with the server's time and a fresh random id so
 * it is taken once. A rotated key (encryption.invalid) is fetched again once; a stamp the server
 * finds stale (this device's clock moved) is made again once with the server time it tells.
 */
export async function withEncryptedBody<T>(
  body: unknown,
  send: Send,
  call: (encrypted: { value: string }) => Promise<T>,
): Promise<T> {
  const { encryptCompact, randomJti } = await import('./jwe');
  const attempt = async () => {
    serverKey ??= send<ServerKey>(routeTable.sessionKey as { method: 'GET'; path: string }).then(
      (key) => {
        learnServerTime(key.serverTime);
        return key;
      },
      (e: unknown) => {
        serverKey = null;
        throw e;
      },
    );
    const key = await serverKey;
    return call({ value: await encryptCompact(body, key, { ts: serverNow(), jti: randomJti() }) });
  };
  try {
    return await attempt();
  } catch (e) {
    const code = errorCodeOf(e);
    if (code === 'encryption.stale') {
      if (!learnServerTime(isApiError(e) ? e.details?.serverTime : undefined)) serverKey = null;
    } else if (code === 'encryption.invalid') {
      serverKey = null;
    } else {
      throw e;
    }
    return attempt();
  }
}

export function forgetServerKeyForTests(): void {
  serverKey = null;
  clockOffsetMs = 0;
}
