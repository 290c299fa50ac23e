import type { HttpMethod, RouteBody, RouteName, RouteQuery, RouteValue } from '@aurum/contract';
import { MERCHANT } from '../config';
import { DEVICE_WEB, GATEWAY_VERSION, HEADER, routeTable, sessionEndingCodes } from '../contract';
import { noteSessionUse } from '../session/idle';
import { endSession, getToken } from '../session/session-store';
import { ApiError } from './api-error';
import { withEncryptedBody } from './encryption';
import { getRequestLanguage, handleSessionEnd } from './request-context';

/** A call that gives up after this long counts as a network failure ("page too slow"). */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface Endpoint {
  method: HttpMethod;
  path: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined> | undefined;
  body?: unknown;
  /** Sent form-encoded (application/x-www-form-urlencoded) instead of as JSON. */
  form?: boolean | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export function buildHeaders(contentType: string | null): Headers {
  const headers = new Headers({
    [HEADER.merchant]: MERCHANT,
    [HEADER.language]: getRequestLanguage(),
    [HEADER.device]: DEVICE_WEB,
    [HEADER.gatewayVersion]: GATEWAY_VERSION,
    accept: 'application/json',
  });
  const token = getToken();
  if (token) headers.set(HEADER.authorization, token);
  if (contentType) headers.set('content-type', contentType);
  return headers;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const networkError = (status = 0) =>
  new ApiError('network.abnormal', 'The network is abnormal. Please check it and retry.', status);

async function send(endpoint: Endpoint, options: RequestOptions): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const hasBody = options.body !== undefined;
  const form = hasBody && options.form;
  const contentType = form ? 'application/x-www-form-urlencoded' : hasBody ? 'application/json' : null;
  try {
    return await fetch(buildUrl(endpoint.path, options.query), {
      method: endpoint.method,
      headers: buildHeaders(contentType),
      body: form
        ? new URLSearchParams(options.body as Record<string, string>).toString()
        : hasBody
          ? JSON.stringify(options.body)
          : undefined,
      signal,
    });
  } catch (e) {
    // A caller's own abort stays an abort (react-query cancels queries this way).
    if (options.signal?.aborted) throw e;
    throw networkError();
  } finally {
    clearTimeout(timer);
  }
}

interface Failure {
  success: false;
  errorCode: string;
  message?: string;
  details?: Record<string, string>;
}

function isEnvelope(v: unknown): v is { success: true; value: unknown } | Failure {
  if (typeof v !== 'object' || v === null || !('success' in v)) return false;
  const e = v as Record<string, unknown>;
  return e.success === true ? 'value' in e : e.success === false && typeof e.errorCode === 'string';
}

/**
 * Sends one call and unwraps the envelope. Failures throw ApiError: the server's errorCode,
 * or network.abnormal for no response, a timeout, HTTP 504 or a gateway page instead of JSON.
 */
export async function request<T>(endpoint: Endpoint, options: RequestOptions = {}): Promise<T> {
  const res = await send(endpoint, options);
  if (res.status === 504) throw networkError(504);
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    payload = undefined;
  }
  if (!isEnvelope(payload)) {
    if (res.status >= 500 || res.status === 0) throw networkError(res.status);
    if (res.status === 401) return endAndThrow(new ApiError('user.or.token.invalid', '', 401));
    throw new ApiError('response.invalid', 'The server sent an unexpected response.', res.status);
  }
  if (payload.success) return payload.value as T;
  const error = new ApiError(payload.errorCode, payload.message ?? '', res.status, payload.details);
  if (sessionEndingCodes.includes(payload.errorCode) || res.status === 401) return endAndThrow(error);
  throw error;
}

function endAndThrow(error: ApiError): never {
  if (getToken()) {
    endSession();
    handleSessionEnd();
  }
  throw error;
}

type CallOptions<N extends RouteName> = {
  query?: RouteQuery<N>;
  body?: RouteBody<N>;
  form?: boolean;
  signal?: AbortSignal;
};

/**
 * Calls a route of the contract by name; the route table gives the method and path, and whether
 * the body travels encrypted (E calls: `{ value: <compact JWE> }`).
 */
export function apiCall<N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<RouteValue<N>> {
  const route = routeTable[name];
  const sentAt = Date.now();
  const send = (body: unknown) =>
    request<RouteValue<N>>(route, {
      query: options.query as RequestOptions['query'],
      body,
      form: options.form,
      signal: options.signal,
    });
  const result =
    route.encrypted && options.body !== undefined
      ? withEncryptedBody(options.body, (endpoint) => request(endpoint), send)
      : send(options.body);
  // A signed-in call that answered slid the session's idle limit (the idle warning counts from it).
  if (route.auth !== 'T') return result;
  return result.then((value) => {
    noteSessionUse(sentAt);
    return value;
  });
}
