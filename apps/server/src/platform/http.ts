import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  changesState,
  errorCatalogue,
  type FailureEnvelope,
  HEADER,
  ok,
  type RouteDef,
} from '@aurum/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MemberRow, SessionRow } from '../db/schema.ts';
import { DecryptionError } from './crypto.ts';
import { AppError } from './errors.ts';
import { normaliseIp } from './geo.ts';
import type { MerchantState, MerchantStore } from './merchants.ts';
import { enforceLimit, type RateLimiter } from './rate-limit.ts';

export const API_PREFIXES = ['/wps/', '/lgw/'];
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Who a signed-in request is for; set on every call of auth 'T'. */
export interface Principal {
  session: SessionRow;
  member: MemberRow;
}

/** What registerRoute needs from the session and key services; installed once at start. */
export interface RequestGuards {
  /**
   * The live session of a raw Authorization token, or null. `ip`: the client's address, for the
   * merchant's switch that ends a session used from another address (token_ip_different).
   */
  authenticate(merchant: MerchantState, token: string, ip?: string): Promise<Principal | null>;
  /**
   * The JSON inside a compact JWE made with the server's public key: DecryptionError when it
   * cannot be read, an AppError when its stamp is stale or replayed.
   */
  decrypt(compact: string): Promise<unknown>;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    guards?: RequestGuards;
  }
}

export function installGuards(app: FastifyInstance, guards: RequestGuards): void {
  app.decorate('guards', guards);
}

export interface RouteContext<Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  merchant: MerchantState;
  query: Q;
  body: B;
  /** The client's address (behind trusted proxies: the forwarded one), IPv4-mapped unwrapped. */
  ip: string;
  /** Set on calls of auth 'T'; null on the others. */
  principal: Principal | null;
}

export interface RouteOptions {
  /** At most `limit` calls per client address per window; more are TOO_MANY_REQUESTS. */
  perIp?: { limit: number; windowMs: number };
  /** The largest body this call takes, in bytes, when it is not the server's default. */
  bodyLimit?: number;
}

/**
 * A reply whose JSON envelope the handler has already written (a hot call whose answer is the
 * same for every caller but for a few fields): sent as it is, never serialised again.
 */
export class Serialised {
  constructor(readonly json: string | Buffer) {}
}

/** The principal of a call of auth 'T' (registerRoute has already refused calls without one). */
export function signedIn<Q, B>(ctx: RouteContext<Q, B>): Principal {
  if (!ctx.principal) throw new AppError('user.or.token.invalid');
  return ctx.principal;
}

/** The merchant a request is for, from exactly one well-formed, known Merchant header. */
/**
 * The member behind an optional session token of a public call (promotions, the lottery's
 * configuration): visitors are answered too, and a live token adds what is the member's. An
 * answer about a member is never cached by the browser or a proxy.
 */
export async function optionalMember(
  app: FastifyInstance,
  merchant: MerchantState,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<MemberRow | null> {
  const token = req.headers[HEADER.authorization];
  if (typeof token !== 'string' || !token || !app.guards) return null;
  reply.header('cache-control', 'no-store');
  const principal = await app.guards.authenticate(merchant, token, normaliseIp(req.ip));
  if (principal && req.method !== 'GET' && isViewOnly(principal.session))
    throw new AppError('session.view.only');
  return principal?.member ?? null;
}

/** An operator's read-only view of a member's site: it may read, never change anything. */
export const isViewOnly = (session: Pick<SessionRow, 'kind'>): boolean => session.kind === 'view';

export async function resolveMerchant(req: FastifyRequest, store: MerchantStore): Promise<MerchantState> {
  const raw = req.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === HEADER.merchant) values.push(raw[i + 1] ?? '');
  }
  if (values.length === 0) throw new AppError('merchant.required');
  if (values.length > 1) throw new AppError('function.not.available');
  const code = values[0]!.trim();
  if (!code) throw new AppError('merchant.required');
  if (!MERCHANT_CODE.test(code)) throw new AppError('merchant.unknown');
  const merchant = await store.get(code);
  if (!merchant) throw new AppError('merchant.unknown');
  return merchant;
}

export function issuesToDetails(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => [...issue.path, k].join('.'))
        : [issue.path.join('.')];
    for (const key of keys)
      details[key || '(request)'] ??= issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
  }
  return details;
}

/**
 * Registers one call of the contract: the merchant, the feature flag and the inputs are
 * checked here, so a handler only ever sees a known merchant and parsed input.
 */
export function registerRoute<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  store: MerchantStore,
  def: RouteDef<Q, B, R>,
  handler: (
    ctx: RouteContext<z.output<Q>, z.output<B>>,
  ) => Promise<z.input<R> | Serialised> | z.input<R> | Serialised,
  options: RouteOptions = {},
): void {
  const needsGuards = def.auth === 'T' || def.encrypted || options.perIp;
  const writes = changesState(def);
  if (needsGuards && !app.guards) throw new Error(`${def.path} needs installGuards() first`);
  // Most calls come without a query string: its parse is the same every time, so it is made once.
  const emptyQuery = def.query.safeParse({});
  app.route({
    method: def.method,
    url: def.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { acceptsForm: def.form === true },
    handler: async (req, reply) => {
      const merchant = await resolveMerchant(req, store);
      if (def.feature && !merchant.features.has(def.feature)) throw new AppError('feature.disabled');
      const ip = normaliseIp(req.ip);
      if (options.perIp) {
        const { limit, windowMs } = options.perIp;
        await enforceLimit(app.guards!.limiter, `ip:${def.method}${def.path}:${ip}`, limit, windowMs);
      }
      const principal = def.auth === 'T' ? await authenticate(app.guards!, merchant, req) : null;
      if (writes && principal && isViewOnly(principal.session)) throw new AppError('session.view.only');
      // A signed-in call answers for one member: no shared cache may keep it.
      if (def.auth === 'T') reply.header('cache-control', 'no-store');
      const query = isEmpty(req.query) ? emptyQuery : def.query.safeParse(req.query);
      if (!query.success) throw new AppError('request.invalid', undefined, issuesToDetails(query.error));
      const input = def.encrypted ? await decryptBody(app.guards!, req.body) : (req.body ?? undefined);
      if (hasNul(req.query) || hasNul(input)) {
        throw new AppError('request.invalid', undefined, { '(request)': 'NUL character' });
      }
      const body = def.body.safeParse(input);
      if (!body.success) throw new AppError('request.invalid', undefined, issuesToDetails(body.error));
      const value = await handler({
        req,
        reply,
        merchant,
        // A copy: a handler may fill in its own query object.
        query: query === emptyQuery ? copyOf(query.data) : query.data,
        body: body.data,
        ip,
        principal,
      });
      if (value instanceof Serialised) {
        reply.type('application/json; charset=utf-8');
        return value.json;
      }
      return ok(value);
    },
  });
}

const copyOf = <T>(value: T): T =>
  typeof value === 'object' && value !== null ? ({ ...value } as T) : value;

/** No query string (Fastify hands over an empty object, or nothing). */
function isEmpty(query: unknown): boolean {
  if (query === undefined || query === null) return true;
  for (const _ in query as object) return false;
  return true;
}

const MAX_DEPTH = 32;

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in the input is refused up front
 * instead of failing deep in a query.
 */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/** The session of the raw Authorization header (no "Bearer"); 401 without a live one. */
async function authenticate(guards: RequestGuards, merchant: MerchantState, req: FastifyRequest) {
  const token = req.headers[HEADER.authorization];
  const principal =
    typeof token === 'string' && token
      ? await guards.authenticate(merchant, token, normaliseIp(req.ip))
      : null;
  if (!principal) throw new AppError('user.or.token.invalid');
  return principal;
}

/** E bodies are exactly `{ value: "<compact JWE>" }`; anything else is refused unread. */
async function decryptBody(guards: RequestGuards, raw: unknown): Promise<unknown> {
  const wrapped =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.keys(raw).length === 1
      ? (raw as { value?: unknown }).value
      : undefined;
  if (typeof wrapped !== 'string' || !wrapped) throw new AppError('encryption.required');
  try {
    return await guards.decrypt(wrapped);
  } catch (e) {
    // Unreadable is encryption.invalid; a stale or replayed stamp keeps its own code.
    throw e instanceof DecryptionError ? new AppError('encryption.invalid') : e;
  }
}

/** Form bodies (the forgot-password call) are small: anything larger is refused unread. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024;

/**
 * Parses application/x-www-form-urlencoded bodies into an object of strings. A repeated field
 * becomes an array, so a schema that wants one string refuses it.
 */
export function installFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_req, body, done) => {
      const fields = new Map<string, string | string[]>();
      for (const [key, value] of new URLSearchParams(body as string)) {
        const seen = fields.get(key);
        fields.set(key, seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]);
      }
      done(null, Object.fromEntries(fields));
    },
  );
}

/** One error handler: business errors keep their code; anything unexpected is a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    let envelope: FailureEnvelope;
    let status: number;
    if (error instanceof AppError) {
      status = error.status;
      envelope = { success: false, errorCode: error.code, message: error.message };
      if (error.details) envelope.details = error.details;
      const retryAfter = error.details?.retryAfterSeconds;
      if (retryAfter) reply.header('retry-after', retryAfter);
    } else {
      const fe = error as FastifyError;
      const code = fe.code ?? '';
      const mapped =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'payload.too.large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
            ? 'media.unsupported'
            : code.startsWith('FST_ERR_CTP') || fe instanceof SyntaxError
              ? 'request.malformed'
              : fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500
                ? 'request.invalid'
                : 'system.error';
      if (mapped === 'system.error') req.log.error({ err: error }, 'unhandled error');
      status = errorCatalogue[mapped].status;
      envelope = { success: false, errorCode: mapped, message: errorCatalogue[mapped].message };
    }
    reply.status(status).header('cache-control', 'no-store').send(envelope);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call takes application/x-www-form-urlencoded bodies (every other call refuses them). */
    acceptsForm?: boolean;
  }
}

/** The request line and headers together; larger is refused before any route sees it (431). */
export const MAX_HEADER_BYTES = 16 * 1024;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const NO_BODY_METHODS = new Set(['GET', 'HEAD']);

function failure(code: keyof typeof errorCatalogue, details?: Record<string, string>) {
  const envelope: FailureEnvelope = {
    success: false,
    errorCode: code,
    message: errorCatalogue[code].message,
  };
  if (details) envelope.details = details;
  return envelope;
}

/**
 * Requests Node's HTTP parser refuses before Fastify has a request (headers or URL over
 * MAX_HEADER_BYTES, bytes that are not HTTP) still get the JSON envelope, then the socket closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, envelope] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, failure('request.header.too.large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, failure('request.timeout')]
        : [400, failure('request.malformed')];
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The shape every request must have before its body is read: no body on a GET or HEAD (400), and
 * no form-encoded body except on the calls that take one (415).
 */
export function installRequestShapeRules(app: FastifyInstance): void {
  // A callback hook: it never waits, so a request costs no promise here.
  app.addHook('onRequest', (req, _reply, done) => done(requestShapeError(req)));
}

function requestShapeError(req: FastifyRequest): AppError | undefined {
  if (NO_BODY_METHODS.has(req.method) && hasBody(req)) {
    return new AppError('request.invalid', undefined, {
      '(request)': `a ${req.method} request has no body`,
    });
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type === FORM_TYPE && !req.is404 && !req.routeOptions.config.acceptsForm) {
    return new AppError('media.unsupported', 'This call takes JSON, not a form-encoded body.', {
      'content-type': 'application/json',
    });
  }
  return undefined;
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined && length.trim() !== '0') return true;
  return req.headers['transfer-encoding'] !== undefined;
}
