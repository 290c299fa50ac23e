import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

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

const SECRET_HEADER_SET: ReadonlySet<string> = new Set(SECRET_HEADERS);

/** Plain objects and errors are what a log line's own fields are; anything else is left to its serializer. */
function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || value instanceof Error;
}

/** A copy of a plain object or an error (its message and stack kept) with one field replaced. */
function withField(source: object, key: string, value: unknown): object {
  const copy =
    source instanceof Error
      ? Object.create(Object.getPrototypeOf(source), Object.getOwnPropertyDescriptors(source))
      : { ...source };
  copy[key] = value;
  return copy;
}

/** A headers object without its credentials, or the same object when it carries none. */
function censorHeaderValues(headers: object): object {
  let out: Record<string, unknown> | null = null;
  for (const name of Object.keys(headers)) {
    if (!SECRET_HEADER_SET.has(name.toLowerCase())) continue;
    out ??= { ...headers };
    out[name] = REDACTED;
  }
  return out ?? headers;
}

/**
 * The log object with the credential headers of every `headers` object at most two levels below
 * the top censored (`headers`, `x.headers`, `x.y.headers`); the logged objects are not changed.
 */
export function censorHeaders<T extends object>(obj: T, depth = 0): T {
  let out: object = obj;
  for (const key of Object.keys(obj)) {
    const value = (obj as Record<string, unknown>)[key];
    if (!isWalkable(value)) continue;
    const next =
      key === 'headers' ? censorHeaderValues(value) : depth < 2 ? censorHeaders(value, depth + 1) : value;
    if (next === value) continue;
    if (out === obj) out = withField(obj, key, next);
    else (out as Record<string, unknown>)[key] = next;
  }
  return out as T;
}

/**
 * The server's logger: request lines without secrets, and any headers object logged anywhere
 * (an error's request or response) with its credential headers censored. The censoring runs on
 * the lines actually written, not at each request's child logger (pino's wildcard redaction
 * would walk every request's bindings).
 */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    formatters: { log: (obj) => censorHeaders(obj) },
    serializers: { req: serializeRequest },
  };
}

type Logger = FastifyBaseLogger;
type Bindings = Parameters<Logger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<Logger['child']>[1]>;
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes pino's child of the server's logger (the request id bound) only
 * when it first writes or is asked for more than its level: most requests never log a line at the
 * server's level, so they never pay for a child logger.
 */
class LazyRequestLogger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made ? this.made.level : (this.options.level ?? this.parent.level);
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const real = this.made ?? (this.options.level === undefined ? this.parent : this.real());
    return (real as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) ?? true;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }

  private write(method: LogMethod, args: unknown[]): void {
    if (!this.made && !this.isLevelEnabled(method)) return;
    (this.real()[method] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
}

/**
 * Fastify's factory of a request's logger (the `childLoggerFactory` server option): a lazy child,
 * the same child pino would make once anything is written. A route with serializers of its own
 * gets its child at once.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (options.serializers) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options) as unknown as Logger;
};
