import { isIP } from 'node:net';
import { ok, PROOF_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { type RouteContext, registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { DepositService, RequestSite } from './deposit-service.ts';
import type { DepositWebhooks } from './deposit-webhook.ts';

/** Gateways' webhooks are small; a larger body is refused before it is read. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
const GATEWAY_NAME = /^[a-z0-9-]{1,32}$/;
export const WEBHOOK_PATH = '/wps/cashier/webhook/:gateway';

const limit = (perMinute: number) => ({ perIp: { limit: perMinute, windowMs: MINUTE_MS } });

/**
 * This server as its own socket sees it: where an in-process gateway (the sandbox) reaches us
 * without trusting the Host header a client sent.
 */
function ownOrigin(req: FastifyRequest): string {
  const socket = req.socket as { localAddress?: string; localPort?: number };
  const bound = req.server.server.address();
  let host = socket.localAddress;
  let port = socket.localPort;
  if ((!host || !port) && bound && typeof bound === 'object') {
    host = bound.address;
    port = bound.port;
  }
  if (!host || !port) return 'http://127.0.0.1';
  if (host.startsWith('::ffff:') && isIP(host.slice(7)) === 4) host = host.slice(7);
  if (host === '0.0.0.0') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

export interface DepositRouteDeps {
  store: MerchantStore;
  deposits: DepositService;
  webhooks: DepositWebhooks;
  publicUrl: string | undefined;
}

export function depositRoutes(app: FastifyInstance, deps: DepositRouteDeps): void {
  const { store, deposits, webhooks, publicUrl } = deps;
  const language = <Q, B>(ctx: RouteContext<Q, B>) => requestLanguage(ctx.merchant, ctx.req.headers.language);
  const site = <Q, B>(ctx: RouteContext<Q, B>): RequestSite => ({
    language: language(ctx),
    notifyOrigin: publicUrl ?? ownOrigin(ctx.req),
    returnOrigin: publicUrl ?? '',
  });

  registerRoute(
    app,
    store,
    routes.depositSettings,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return deposits.settings(ctx.merchant, signedIn(ctx).member, language(ctx));
    },
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.deposit,
    (ctx) => deposits.create(ctx.merchant, signedIn(ctx).member, ctx.body, site(ctx)),
    { ...limit(30), bodyLimit: PROOF_BODY_LIMIT_BYTES },
  );
  registerRoute(
    app,
    store,
    routes.depositOrders,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      const { page, size } = ctx.query;
      return deposits.list(ctx.merchant, signedIn(ctx).member, page, size, language(ctx));
    },
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.depositOrder,
    (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return deposits.get(ctx.merchant, signedIn(ctx).member, ctx.query.orderNo, language(ctx));
    },
    limit(240),
  );

  // Gateways' webhooks: not a client call (no Merchant header, no session), so not in the
  // contract. The signature covers the raw bytes, so this scope keeps JSON bodies unparsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { gateway: string } }>(WEBHOOK_PATH, async (req, reply) => {
      if (!GATEWAY_NAME.test(req.params.gateway)) throw new AppError('route.not.found');
      reply.header('cache-control', 'no-store');
      // Anything but a JSON body cannot carry a signature over its bytes.
      if (!Buffer.isBuffer(req.body)) throw new AppError('cashier.webhook.signature');
      return ok(await webhooks.handle(req.params.gateway, req.body, req.headers));
    });
  });
}
