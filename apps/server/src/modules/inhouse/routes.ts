import { PLAY_SESSION_HEADER, playRoutes, type RouteDef } from '@aurum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerRoute } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { InhouseGames } from './service.ts';

const noQuery = z.object({}).strict();

/**
 * A play call as registerRoute takes it. The contract marks these calls 'P' (the play session
 * header, not a member's token): to registerRoute they are unauthenticated ('N'), and each
 * handler resolves X-Play-Session itself. The Merchant header is required as on every call.
 */
function playRoute<B extends z.ZodType, R extends z.ZodType>(def: {
  method: 'GET' | 'POST';
  path: string;
  body: B;
  response: R;
}): RouteDef<typeof noQuery, B, R> {
  return { ...def, auth: 'N', encrypted: false, feature: null, query: noQuery };
}

const sessionIdOf = (req: FastifyRequest) => req.headers[PLAY_SESSION_HEADER];

/** Every answer is about one player's money or seeds: never kept by a browser or a proxy. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** The in-house game API under /play/api (packages/contract playRoutes). */
export function inhouseRoutes(app: FastifyInstance, store: MerchantStore, games: InhouseGames): void {
  registerRoute(app, store, playRoute(playRoutes.session), ({ merchant, body, reply }) => {
    noStore(reply);
    return games.open(merchant, body.token);
  });
  registerRoute(app, store, playRoute(playRoutes.balance), ({ merchant, req, reply }) => {
    noStore(reply);
    return games.balance(merchant, sessionIdOf(req));
  });
  registerRoute(app, store, playRoute(playRoutes.slotSpin), ({ merchant, req, body, reply }) => {
    noStore(reply);
    return games.slot(merchant, sessionIdOf(req), body);
  });
  registerRoute(app, store, playRoute(playRoutes.baccaratDeal), ({ merchant, req, body, reply }) => {
    noStore(reply);
    return games.baccarat(merchant, sessionIdOf(req), body);
  });
  registerRoute(app, store, playRoute(playRoutes.diceRoll), ({ merchant, req, body, reply }) => {
    noStore(reply);
    return games.dice(merchant, sessionIdOf(req), body);
  });
  registerRoute(app, store, playRoute(playRoutes.plinkoDrop), ({ merchant, req, body, reply }) => {
    noStore(reply);
    return games.plinko(merchant, sessionIdOf(req), body);
  });
  registerRoute(app, store, playRoute(playRoutes.fair), ({ merchant, req, reply }) => {
    noStore(reply);
    return games.fair(merchant, sessionIdOf(req));
  });
  registerRoute(app, store, playRoute(playRoutes.clientSeed), ({ merchant, req, body, reply }) => {
    noStore(reply);
    return games.clientSeed(merchant, sessionIdOf(req), body.clientSeed);
  });
  registerRoute(app, store, playRoute(playRoutes.rotateSeed), ({ merchant, req, reply }) => {
    noStore(reply);
    return games.rotate(merchant, sessionIdOf(req));
  });
}
