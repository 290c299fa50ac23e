/**
 * The game pages' client for the in-house vendor's API (packages/contract schemas/play.ts).
 * Separate from the site's api-client on purpose: these calls carry the Merchant header and the
 * play session header, never the site's sign-in token, and a failure here must not end the
 * site's session.
 */

import { PLAY_SESSION_HEADER, playRouteTable } from 'virtual:play-contract';
import type { PlayBody, PlayRouteName, PlayValue } from '@aurum/contract';
import { ApiError } from '../../lib/api/api-error';
import { MERCHANT } from '../../lib/config';
import { HEADER } from '../../lib/contract';

export type { PlayBody, PlayValue } from '@aurum/contract';

/** A call that gets no answer within this long counts as a network failure. */
export const PLAY_TIMEOUT_MS = 20_000;

let sessionId: string | null = null;

/** The play session every later call carries (from POST /play/api/session). */
export function setPlaySessionId(id: string | null): void {
  sessionId = id;
}

const networkError = (status = 0) => new ApiError('network.abnormal', '', status);

/** Calls a play route by name and unwraps the envelope; failures throw ApiError with the code. */
export async function playCall<N extends PlayRouteName>(name: N, body?: PlayBody<N>): Promise<PlayValue<N>> {
  const route = playRouteTable[name];
  const headers = new Headers({ accept: 'application/json', [HEADER.merchant]: MERCHANT });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (route.auth === 'P' && sessionId) headers.set(PLAY_SESSION_HEADER, sessionId);
  let res: Response;
  try {
    res = await fetch(route.path, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(PLAY_TIMEOUT_MS),
    });
  } catch {
    throw networkError();
  }
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    throw networkError(res.status);
  }
  const envelope = payload as { success?: unknown; value?: unknown; errorCode?: unknown; message?: unknown };
  if (envelope?.success === true) return envelope.value as PlayValue<N>;
  if (envelope?.success === false && typeof envelope.errorCode === 'string') {
    throw new ApiError(envelope.errorCode, String(envelope.message ?? ''), res.status);
  }
  throw res.status >= 500 ? networkError(res.status) : new ApiError('response.invalid', '', res.status);
}
