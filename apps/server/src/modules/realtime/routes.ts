import { REALTIME_LIMITS, REALTIME_PATH } from '@aurum/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { normaliseIp } from '../../platform/geo.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { enforceLimit } from '../../platform/rate-limit.ts';
import type { Ledger } from '../wallet/index.ts';
import { BALANCE_EVENT, balanceLoader } from './balance.ts';
import { DEFAULT_REALTIME_OPTIONS, RealtimeHub, type RealtimeOptions } from './hub.ts';
import { hasReadableOrigin, isSameOrigin } from './origin.ts';

export interface RealtimeDeps {
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  bus: EventBus;
  clock: Clock;
  options?: Partial<RealtimeOptions> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime?: RealtimeHub;
  }
}

/**
 * GET /ws: the session WebSocket (docs/websocket.md). The handshake needs a readable Origin on
 * this host (or, checked after auth, one of the merchant's domains) and stays within a per-address
 * rate; the socket then has a few seconds to sign in with its first message.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const guards = app.guards;
  if (!guards) throw new Error(`${REALTIME_PATH} needs installGuards() first`);
  const { database, store, ledger, bus, clock } = deps;
  bus.define(BALANCE_EVENT, balanceLoader(database, store, ledger));

  const options = { ...DEFAULT_REALTIME_OPTIONS, ...deps.options };
  const hub = new RealtimeHub({ db: database.db, store, guards, bus, clock, log: app.log, options });
  app.decorate('realtime', hub);

  // Before the plugin's own preClose: clients hear GOING_AWAY (reconnect later), not a bare 1005.
  app.addHook('preClose', async () => hub.shutdown());
  await app.register(fastifyWebsocket, {
    options: { maxPayload: REALTIME_LIMITS.maxMessageBytes, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'websocket error');
      socket.terminate();
    },
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      // Before the upgrade: a refusal here is a plain HTTP answer and no socket is opened.
      preValidation: async (req) => {
        if (!hasReadableOrigin(req.headers.origin)) {
          throw new AppError('request.invalid', undefined, { origin: 'an http(s) Origin is required' });
        }
        await enforceLimit(
          guards.limiter,
          `ip:ws:${normaliseIp(req.ip)}`,
          options.upgradesPerMinute,
          MINUTE_MS,
        );
      },
    },
    (socket, req) => {
      const origin = req.headers.origin ?? '';
      hub.accept(socket, normaliseIp(req.ip), origin, isSameOrigin(origin, req.host));
    },
  );
}
