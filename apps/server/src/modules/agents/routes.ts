import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { AgentCentre } from './service.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The agent centre's calls; the route table's feature keys (AGEINFO3, DOWNMAN, REGCEN) gate them. */
export function agentRoutes(app: FastifyInstance, store: MerchantStore, centre: AgentCentre): void {
  registerRoute(
    app,
    store,
    routes.teamOverview,
    (ctx) => centre.overview(ctx.merchant, signedIn(ctx).member),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.teamMembers,
    (ctx) => centre.members(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.registerDownline,
    (ctx) => centre.registerDownline(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(20),
  );
  registerRoute(
    app,
    store,
    routes.agentLinks,
    (ctx) => centre.links(ctx.merchant, signedIn(ctx).member),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.createAgentLink,
    (ctx) => centre.createLink(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(20),
  );
  registerRoute(
    app,
    store,
    routes.deleteAgentLink,
    (ctx) => centre.deleteLink(ctx.merchant, signedIn(ctx).member, ctx.query.id),
    limit(30),
  );
}
