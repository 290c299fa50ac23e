import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue } from '@aurum/contract';
import type { WordSource } from '@aurum/games';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createPageRenderer } from './boot-page.ts';
import { type Accounts, createAccounts, installAccounts } from './modules/accounts/index.ts';
import {
  installAffiliates,
  installAgents,
  installAgentTeamTools,
  installContracts,
} from './modules/agents/index.ts';
import type { AreaDeps } from './modules/area-deps.ts';
import {
  installDeposits,
  livePayeeNames,
  PaymentPasswords,
  payeeNameInUse,
  type WebhookTransport,
  withdrawRoutes,
} from './modules/cashier/index.ts';
import { installContent } from './modules/content/index.ts';
import { gameDirectory, gamesRoutes } from './modules/games/index.ts';
import { installInhouse } from './modules/inhouse/index.ts';
import { installKyc } from './modules/kyc/index.ts';
import { installLottery, type LotteryService } from './modules/lottery/index.ts';
import { installLoyalty, installWagering } from './modules/loyalty/index.ts';
import { installOperators, type Operators } from './modules/operators/index.ts';
import { featureCommand, OpsService } from './modules/ops/index.ts';
import { installPlayers } from './modules/players/index.ts';
import { installPromotions } from './modules/promo/index.ts';
import { type RealtimeOptions, realtimeRoutes, SESSIONS_ENDED_EVENT } from './modules/realtime/index.ts';
import { installReports, installStatements } from './modules/reports/index.ts';
import { installRiskSignals } from './modules/risk/index.ts';
import { installSupport } from './modules/support/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { endVendorSessionsOf, installVendors, type Vendors } from './modules/vendor/index.ts';
import {
  AccountRecords,
  AgentTransfers,
  GameWalletTransfers,
  Ledger,
  recordRoutes,
  transferRoutes,
  WalletService,
  walletRoutes,
} from './modules/wallet/index.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { AppConfig } from './platform/config.ts';
import { SecretBox } from './platform/crypto.ts';
import type { Database } from './platform/db.ts';
import { EventBus } from './platform/events.ts';
import { housekeepingJob } from './platform/housekeeping.ts';
import {
  clientErrorHandler,
  installErrorHandler,
  installFormParser,
  installGuards,
  installRequestShapeRules,
  isApiPath,
  MAX_HEADER_BYTES,
} from './platform/http.ts';
import { Jobs } from './platform/jobs.ts';
import { type LogStream, lazyChildLogger, loggerOptions } from './platform/logging.ts';
import { MerchantStore } from './platform/merchants.ts';
import { Messenger } from './platform/outbox.ts';
import { createRateLimiter } from './platform/rate-limit.ts';
import { createSeenIds } from './platform/replay.ts';
import { ensureSecretsKey } from './platform/secret-file.ts';
import { builtPageStyleHashes, installSecurityHeaders } from './platform/security-headers.ts';
import { type BlobStorage, createStorage } from './platform/storage.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  opsToken: string;
  /** Serve the built web app from config.WEB_DIST (off in API tests). */
  serveWeb?: boolean;
  /** The merchant the web build is for; its start-up data is written into the page. */
  siteMerchant?: string;
  /** How long the home page waits for its rendered-ahead shell (boot-page.ts; tests wait longer). */
  prerenderWaitMs?: number;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** The time every expiry follows; tests pass a clock they move. */
  clock?: Clock;
  /** The captcha text source; tests pass one whose answers they know. */
  captchaText?: () => string;
  /** Told after each commit that changed members' balances (for real-time events). */
  onBalanceChanged?: (merchant: string, memberIds: number[]) => void;
  /** How the sandbox payment gateway sends its webhooks (tests: into inject); real HTTP otherwise. */
  webhookTransport?: WebhookTransport;
  /** Timings and limits of the session WebSocket; tests shorten them. */
  realtime?: Partial<RealtimeOptions>;
  /** Where in-house slot and baccarat outcomes come from (the CSPRNG); tests fix it. */
  gameWords?: WordSource;
}

export interface App extends FastifyInstance {
  merchants: MerchantStore;
  ops: OpsService;
  /** Staff accounts, console sessions and the operator API's permission check. */
  operators: Operators;
  accounts: Accounts;
  /** The one way money moves; every module that moves money calls it. */
  ledger: Ledger;
  /** Member events (balance…) to their open browsers, in every process. */
  events: EventBus;
  /** Uploaded files (proof images…). */
  storage: BlobStorage;
  /** Scheduled work; the server starts it (main.ts), tests run jobs by name. */
  jobs: Jobs;
  /** The seamless-wallet protocol: launch tokens, and in-process clients for in-house vendors. */
  vendors: Vendors;
  /** The in-house lottery: issues, tickets, draws and settlement. */
  lottery: LotteryService;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The in-house vendor's game API; its unknown paths answer JSON, never a page. */
const PLAY_API_PREFIX = '/play/api/';
/** The in-house game pages (/play/slot, /play/verify…), served from play.html. */
const isPlayPage = (url: string) => url === '/play' || url.startsWith('/play/');

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config.LOG_LEVEL, deps.logStream),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
  }) as unknown as App;

  const store = new MerchantStore(database);
  await store.start();
  const clock = deps.clock ?? systemClock;
  const events = new EventBus(database, {
    onError: (err) => app.log.warn({ err }, 'member event not delivered'),
  });
  await events.start();
  app.decorate('events', events);
  app.addHook('onClose', async () => events.stop());
  const ledger = new Ledger({
    database,
    clock,
    onBalanceChanged: (merchant, memberIds) => {
      events.publish(merchant, memberIds, { type: 'balance' });
      deps.onBalanceChanged?.(merchant, memberIds);
    },
  });
  const ops = new OpsService(database, store, ledger);
  app.decorate('merchants', store);
  app.decorate('ops', ops);
  app.decorate('ledger', ledger);
  app.addHook('onClose', async () => store.stop());

  const limiter = createRateLimiter(config.REDIS_URL, database, clock);
  const messenger = Messenger.create(config, database);
  const storage = createStorage(config);
  app.decorate('storage', storage);
  const jobs = new Jobs(() => clock.now(), app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  jobs.add(housekeepingJob(database));
  const accounts = await createAccounts({
    database,
    clock,
    limiter,
    seenIds: createSeenIds(config.REDIS_URL, database, clock),
    messenger,
    secrets: SecretBox.fromKey(await ensureSecretsKey(config.DATA_DIR, config.SECRETS_KEY)),
    publicUrl: config.PUBLIC_URL,
    countryHeader: config.COUNTRY_HEADER,
    captchaText: deps.captchaText,
    firebaseEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
  });
  app.decorate('accounts', accounts);
  // Signing out (or a password change) also ends the member's game sessions at the vendors.
  accounts.sessions.whenSessionsEnd(endVendorSessionsOf);
  // Sessions ended from the security centre: their sockets close in every process at once.
  accounts.sessions.whenRevoked((merchant, memberId) =>
    events.publish(merchant, memberId, { type: SESSIONS_ENDED_EVENT }),
  );
  app.addHook('onClose', async () => limiter.close());
  app.addHook('onClose', async () => accounts.replay.close());
  installGuards(app, accounts.guards);
  installFormParser(app);
  installRequestShapeRules(app);

  installErrorHandler(app);
  const webDist = config.WEB_DIST;
  const serveWeb = deps.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  installSecurityHeaders(app, {
    store,
    siteMerchant: deps.siteMerchant,
    publicUrl: config.PUBLIC_URL,
    styleHashes: serveWeb ? builtPageStyleHashes(webDist) : [],
    firebaseEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
  });

  app.get('/health', async (_req, reply) => {
    await database.db.execute('select 1');
    reply.header('cache-control', 'no-store');
    return { status: 'ok', database: database.kind };
  });

  systemRoutes(app, store);
  gamesRoutes(app, {
    store,
    database,
    ledger,
    clock,
    // app.vendors is installed further down; launches only happen once the app is ready.
    issueLaunchToken: (req) => app.vendors.issueLaunchToken(req),
    ops,
  });
  const operators = installOperators(app, {
    database,
    store,
    clock,
    limiter,
    secrets: SecretBox.fromKey(await ensureSecretsKey(config.DATA_DIR, config.SECRETS_KEY)),
    ops,
    publicUrl: config.PUBLIC_URL,
    configDir: config.CONFIG_DIR,
    opsToken: deps.opsToken,
  });
  app.decorate('operators', operators);
  installRiskSignals({ database, store, clock, ops });
  ops.extend('feature', featureCommand(database, store));
  installAccounts(app, {
    database,
    store,
    clock,
    limiter,
    ops,
    accounts,
    storage,
    payeeNameInUse: (merchantCode, memberId, name) =>
      payeeNameInUse(database.db, merchantCode, memberId, name),
  });
  walletRoutes(app, { store, wallet: new WalletService(database, ledger), ledger, opsToken: deps.opsToken });
  await realtimeRoutes(app, { database, store, ledger, bus: events, clock, options: deps.realtime });
  const webhookTransport = deps.webhookTransport;
  installDeposits(app, { config, database, store, ledger, clock, storage, ops, jobs, webhookTransport });
  // The withdraw (payment) password guards every movement out of a member's hands.
  const paymentPasswords = new PaymentPasswords({ database, limiter });
  const kyc = installKyc(app, { database, store, clock, storage, events, ops });
  // The unrecognised-network check may take a withdrawal account's real name (spec §4).
  accounts.login.usePayeeNames((merchantCode, memberId) =>
    livePayeeNames(database.db, merchantCode, memberId),
  );
  // A bonus's open turnover requirement refuses a withdrawal (loyalty wagering, docs/loyalty.md).
  const wagering = installWagering(app, { database, store, ledger, clock, jobs, ops });
  withdrawRoutes(app, {
    verification: async (merchant, memberId, amount) => {
      await kyc.requireForWithdrawal(merchant, memberId, amount);
      await wagering.requireNoOpenRequirement(merchant, memberId);
    },
    store,
    database,
    ledger,
    clock,
    storage,
    passwords: paymentPasswords,
    ops,
    jobs,
    events,
    paymentReset: accounts.paymentReset,
    secondFactor: (merchant, member, action, code, ip) =>
      accounts.twoFactor.requireFor(merchant, member, action, code, ip),
  });
  const agentTransfers = new AgentTransfers({ database, ledger, passwords: paymentPasswords });
  transferRoutes(app, { store, gameWallets: new GameWalletTransfers(ledger, gameDirectory), agentTransfers });
  const accountRecords = new AccountRecords(database, gameDirectory);
  recordRoutes(app, store, accountRecords);
  installAgents(app, { database, store, clock });
  installAgentTeamTools(app, {
    database,
    store,
    clock,
    ledger,
    accounts,
    events,
    passwords: paymentPasswords,
  });
  installPlayers({ database, store, clock, ops, accounts });
  app.decorate('vendors', await installVendors(app, { database, store, ledger, clock, ops, jobs }));
  installInhouse(app, { database, store, vendors: app.vendors, clock, jobs, words: deps.gameWords });
  const areaDeps: AreaDeps = {
    database,
    store,
    ledger,
    clock,
    storage,
    ops,
    jobs,
    events,
    limiter,
    accounts,
  };
  const mediaDir = path.join(config.CONFIG_DIR, 'media');
  await installContent(app, areaDeps, mediaDir);
  await installPromotions(app, areaDeps);
  await installSupport(app, areaDeps);
  app.decorate('lottery', await installLottery(app, { ...areaDeps, vendors: app.vendors }));
  installReports(areaDeps);
  installStatements(app, areaDeps);
  installLoyalty(app, { ...areaDeps, passwords: paymentPasswords });
  accountRecords.useContractRequests(installContracts(app, areaDeps).requests);
  installAffiliates(app, areaDeps);

  if (existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '1d',
    });
  }

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      index: false,
      // Off, or the static server's own "public, max-age=0" would replace what setHeaders says.
      cacheControl: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const renderPage =
    serveWeb && deps.siteMerchant
      ? createPageRenderer(webDist, store, deps.siteMerchant, clock, undefined, deps.prerenderWaitMs)
      : null;

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
      !url.startsWith(PLAY_API_PREFIX) &&
      !url.startsWith('/media/') &&
      !url.startsWith('/ops/') &&
      !url.startsWith('/console-api/') &&
      !url.startsWith('/assets/') &&
      (!path.extname(url) || url.endsWith('.html'));
    if (serveWeb && isPage && (url === '/console' || url.startsWith('/console/'))) {
      // The operator console is its own small app (console.html); its API is /console-api/.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('console.html', webDist, { cacheControl: false });
    }
    if (serveWeb && isPage && isPlayPage(url)) {
      // The in-house game pages are their own small app (play.html), which picks the game from the path.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('play.html', webDist, { cacheControl: false });
    }
    if (serveWeb && isPage) {
      // History-mode routing: every page path gets the app, which routes in the browser.
      return sendPage(req, reply);
    }
    const e = errorCatalogue['route.not.found'];
    return reply.status(e.status).send({ success: false, errorCode: 'route.not.found', message: e.message });
  });

  return app;
}
