import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { RedEnvelopes } from './envelopes.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** Red envelopes to direct downlines (AGENTRANSMULTDOWN3). */
export function envelopeRoutes(app: FastifyInstance, store: MerchantStore, envelopes: RedEnvelopes): void {
  registerRoute(
    app,
    store,
    routes.sendRedEnvelope,
    (ctx) => envelopes.send(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(20),
  );
  registerRoute(
    app,
    store,
    routes.redEnvelopes,
    (ctx) => envelopes.list(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(60),
  );
}
