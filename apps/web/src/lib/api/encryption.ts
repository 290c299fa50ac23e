import { routeTable } from '../contract';
import { errorCodeOf } from './api-error';
import type { ServerKey } from './jwe';

type Send = <T>(endpoint: { method: 'GET'; path: string }) => Promise<T>;

let serverKey: Promise<ServerKey> | null = null;

/**
 * Wraps an encrypted (E) call's body as `{ value: <compact JWE> }` with the server's public key
 * (GET /wps/session/key, fetched once). A rotated key (encryption.invalid) is fetched again once.
 */
export async function withEncryptedBody<T>(
  body: unknown,
  send: Send,
  call: (encrypted: { value: string }) => Promise<T>,
): Promise<T> {
  const { encryptCompact } = await import('./jwe');
  const attempt = async () => {
    serverKey ??= send<ServerKey>(routeTable.sessionKey as { method: 'GET'; path: string }).catch(
      (e: unknown) => {
        serverKey = null;
        throw e;
      },
    );
    return call({ value: await encryptCompact(body, await serverKey) });
  };
  try {
    return await attempt();
  } catch (e) {
    if (errorCodeOf(e) !== 'encryption.invalid') throw e;
    serverKey = null;
    return attempt();
  }
}

export function forgetServerKeyForTests(): void {
  serverKey = null;
}
