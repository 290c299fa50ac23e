import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { AffiliateApplications } from './affiliate.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The affiliate application's calls (AFFMAN3 in the route table). */
export function affiliateRoutes(
  app: FastifyInstance,
  store: MerchantStore,
  desk: AffiliateApplications,
): void {
  registerRoute(
    app,
    store,
    routes.affiliateApplication,
    (ctx) => desk.status(ctx.merchant, signedIn(ctx).member),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.applyAffiliate,
    (ctx) => desk.apply(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(10),
  );
}
