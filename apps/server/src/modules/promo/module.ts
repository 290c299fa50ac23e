import { APPLICATION_BODY_LIMIT_BYTES, HEADER, routes } from '@aurum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { AreaDeps } from '../area-deps.ts';
import { installPromoOps } from './ops.ts';
import { PromotionsService } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });
const languageOf = (merchant: MerchantState, req: FastifyRequest) =>
  requestLanguage(merchant, req.headers.language);

/**
 * The member behind an optional session token of a public call: the list, detail and count
 * answer visitors too, and add the member's statuses when a live token comes with them. An
 * answer about a member is never cached by the browser or a proxy.
 */
async function optionalMember(
  app: FastifyInstance,
  merchant: MerchantState,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const token = req.headers[HEADER.authorization];
  if (typeof token !== 'string' || !token || !app.guards) return null;
  reply.header('cache-control', 'no-store');
  const principal = await app.guards.authenticate(merchant, token);
  return principal?.member ?? null;
}

/** Installs the promo area: promotions, activity statuses, join, claim, applications and their review. */
export async function installPromotions(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const { store } = deps;
  const service = new PromotionsService(deps);

  registerRoute(
    app,
    store,
    routes.promotionList,
    async ({ req, reply, merchant }) =>
      service.list(merchant, languageOf(merchant, req), await optionalMember(app, merchant, req, reply)),
    perMinute(240),
  );
  registerRoute(
    app,
    store,
    routes.promotionDetail,
    async ({ req, reply, merchant, query }) =>
      service.detail(
        merchant,
        languageOf(merchant, req),
        await optionalMember(app, merchant, req, reply),
        query.id,
      ),
    perMinute(240),
  );
  registerRoute(
    app,
    store,
    routes.promotionAvailableCount,
    async ({ req, reply, merchant }) =>
      service.availableCount(merchant, await optionalMember(app, merchant, req, reply)),
    perMinute(240),
  );
  registerRoute(
    app,
    store,
    routes.promotionJoin,
    (ctx) => service.join(ctx.merchant, signedIn(ctx).member, ctx.body.id),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.promotionRewardRequest,
    (ctx) => service.requestReward(ctx.merchant, signedIn(ctx).member, ctx.body.id),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.promotionClaim,
    (ctx) => service.claim(ctx.merchant, signedIn(ctx).member, ctx.body.id),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.promotionRaffleClaim,
    (ctx) => service.draw(ctx.merchant, signedIn(ctx).member, ctx.body.id),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.promotionApply,
    (ctx) => service.apply(ctx.merchant, signedIn(ctx).member, languageOf(ctx.merchant, ctx.req), ctx.body),
    { ...perMinute(20), bodyLimit: APPLICATION_BODY_LIMIT_BYTES },
  );
  registerRoute(
    app,
    store,
    routes.promotionApplications,
    (ctx) => service.applications(ctx.merchant, signedIn(ctx).member, languageOf(ctx.merchant, ctx.req)),
    perMinute(120),
  );

  installPromoOps(deps.ops, deps);
}
