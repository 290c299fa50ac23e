import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue } from '@aurum/contract';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createPageRenderer } from './boot-page.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { memberRoutes } from './modules/member/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { OpsService } from './modules/ops/service.ts';
import { type Accounts, createAccounts } from './modules/security/accounts.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { socialRoutes } from './modules/social/routes.ts';
import { SocialService } from './modules/social/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { Ledger } from './modules/wallet/ledger.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { WalletService } from './modules/wallet/service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { AppConfig } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { installErrorHandler, installFormParser, installGuards, isApiPath } from './platform/http.ts';
import { MerchantStore } from './platform/merchants.ts';
import { Messenger } from './platform/outbox.ts';
import { createRateLimiter } from './platform/rate-limit.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  opsToken: string;
  /** Serve the built web app from config.WEB_DIST (off in API tests). */
  serveWeb?: boolean;
  /** The merchant the web build is for; its start-up data is written into the page. */
  siteMerchant?: string;
  logger?: boolean;
  /** The time every expiry follows; tests pass a clock they move. */
  clock?: Clock;
  /** The captcha text source; tests pass one whose answers they know. */
  captchaText?: () => string;
  /** Told after each commit that changed members' balances (for real-time events). */
  onBalanceChanged?: (merchant: string, memberIds: number[]) => void;
}

export interface App extends FastifyInstance {
  merchants: MerchantStore;
  ops: OpsService;
  accounts: Accounts;
  /** The one way money moves; every module that moves money calls it. */
  ledger: Ledger;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
  }) as unknown as App;

  const store = new MerchantStore(database);
  await store.start();
  const clock = deps.clock ?? systemClock;
  const ledger = new Ledger({
    database,
    clock,
    trialTypes: async (code) => (await store.get(code))?.config.brand.trialType ?? [],
    onBalanceChanged: deps.onBalanceChanged,
  });
  const ops = new OpsService(database, store, ledger);
  app.decorate('merchants', store);
  app.decorate('ops', ops);
  app.decorate('ledger', ledger);
  app.addHook('onClose', async () => store.stop());

  const limiter = createRateLimiter(config.REDIS_URL, database, clock);
  const messenger = Messenger.create(config, database);
  const accounts = await createAccounts({
    database,
    clock,
    limiter,
    messenger,
    captchaText: deps.captchaText,
  });
  app.decorate('accounts', accounts);
  app.addHook('onClose', async () => limiter.close());
  installGuards(app, accounts.guards);
  installFormParser(app);

  installErrorHandler(app);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });

  app.get('/health', async (_req, reply) => {
    await database.db.execute('select 1');
    reply.header('cache-control', 'no-store');
    return { status: 'ok', database: database.kind };
  });

  systemRoutes(app, store);
  gamesRoutes(app, store);
  sessionRoutes(app, store, accounts);
  memberRoutes(app, store, accounts);
  verificationRoutes(app, store, accounts);
  const social = new SocialService({ database, clock, login: accounts.login, store });
  socialRoutes(app, store, social, limiter);
  opsRoutes(app, ops, deps.opsToken, config.CONFIG_DIR);
  walletRoutes(app, { store, wallet: new WalletService(database, ledger), ledger, opsToken: deps.opsToken });

  const mediaDir = path.join(config.CONFIG_DIR, 'media');
  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '1d',
    });
  }

  const webDist = config.WEB_DIST;
  const serveWeb = deps.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const renderPage =
    serveWeb && deps.siteMerchant ? createPageRenderer(webDist, store, deps.siteMerchant) : null;

  const sendPage = (req: FastifyRequest, reply: FastifyReply) =>
    renderPage
      ? renderPage(req, reply)
      : reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  // The site root is a page, never a directory listing of the build.
  if (serveWeb) app.get('/', sendPage);

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !isApiPath(url) &&
      !url.startsWith('/media/') &&
      !url.startsWith('/ops/') &&
      !url.startsWith('/assets/') &&
      (!path.extname(url) || url.endsWith('.html'));
    if (serveWeb && isPage) {
      // History-mode routing: every page path gets the app, which routes in the browser.
      return sendPage(req, reply);
    }
    const e = errorCatalogue['route.not.found'];
    return reply.status(e.status).send({ success: false, errorCode: 'route.not.found', message: e.message });
  });

  return app;
}
