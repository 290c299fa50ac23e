import { APPLICATION_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { optionalMember, registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { AreaDeps } from '../area-deps.ts';
import { installPromoOps } from './ops.ts';
import { PromotionsService } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });
const languageOf = (merchant: MerchantState, req: FastifyRequest) =>
  requestLanguage(merchant, req.headers.language);

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
