import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
/** Where log lines go (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/** What stands in the logs for a secret value. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: a name that is, or ends with, one of these
 * (token, accessToken, ticket, code, smsCode, password, apiKey, secret, sign, signature, state…).
 */
const SECRET_PARAM = /(token|ticket|code|password|passwd|pwd|key|secret|sign|signature|state|jwe|jwt)$/i;

/** A compact JWS/JWT (3 parts) or JWE (5 parts): a secret whatever its parameter is called. */
const COMPACT_JOSE = /^[A-Za-z0-9_-]{8,}(\.[A-Za-z0-9_-]*){2,4}$/;

/** Request headers that carry credentials: never written to a log. */
export const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-ops-token',
  // Vendor (seamless wallet) and payment gateway signatures.
  'x-signature',
  'x-webhook-signature',
] as const;

/** Request headers worth a line in the request log (besides the redacted secret ones). */
const LOGGED_HEADERS = ['merchant', 'device', 'language', 'user-agent', 'origin', 'referer'] as const;

/** A URL as the logs may show it: every secret query value is replaced, the rest kept. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    const rawName = part.slice(0, eq);
    let name = rawName;
    let value = part.slice(eq + 1);
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the raw text.
    }
    const bare = name.replace(/\[\]$/, '');
    return SECRET_PARAM.test(bare) || COMPACT_JOSE.test(value) ? `${rawName}=${REDACTED}` : part;
  });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

/** The request as a log line shows it: no credential in the URL or the headers. */
function serializeRequest(req: FastifyRequest) {
  const headers: Record<string, string> = {};
  const given = req.headers ?? {};
  for (const name of LOGGED_HEADERS) {
    const value = given[name];
    if (typeof value === 'string') headers[name] = name === 'referer' ? redactUrl(value) : value;
  }
  for (const name of SECRET_HEADERS) if (given[name] !== undefined) headers[name] = REDACTED;
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
    headers,
  };
}

/**
 * The server's logger: request lines without secrets, and any headers object logged anywhere
 * (an error's request or response) with its credential headers censored.
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  const paths: string[] = [];
  for (const name of SECRET_HEADERS) {
    const key = `["${name}"]`;
    paths.push(`headers${key}`, `*.headers${key}`, `*.*.headers${key}`);
  }
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths, censor: REDACTED },
    serializers: { req: serializeRequest },
  };
}
