import { routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantState, MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage, requireRealAccount } from '../accounts/index.ts';
import type { PointsService } from './points-service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/**
 * The member's points mall calls (docs/api.md, Points mall). The contract gates them on PTSYS3
 * (feature.disabled when off); trial accounts are refused. Convert and redeem are encrypted and
 * checked with the payment password.
 */
export function pointsRoutes(app: FastifyInstance, store: MerchantStore, service: PointsService): void {
  const language = (ctx: { merchant: MerchantState; req: FastifyRequest }) =>
    requestLanguage(ctx.merchant, ctx.req.headers.language);
  registerRoute(
    app,
    store,
    routes.pointsBalance,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.balance(ctx.merchant, member);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.pointsConfig,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.config(ctx.merchant, language(ctx));
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.pointsRewards,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.items(ctx.merchant, language(ctx));
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.pointsConvert,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.convert(ctx.merchant, member.id, ctx.body);
    },
    perMinute(30),
  );
  registerRoute(
    app,
    store,
    routes.pointsRedeem,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.redeem(ctx.merchant, member, ctx.body, language(ctx));
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.pointsRedemptions,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.redemptions(ctx.merchant, member.id, ctx.query, language(ctx));
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.pointsDetails,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.details(ctx.merchant, member, ctx.query.page, ctx.query.size);
    },
    perMinute(120),
  );
}
