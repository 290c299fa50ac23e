import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage, requireRealAccount } from '../accounts/index.ts';
import type { LoyaltyService } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's VIP and rebate calls (docs/api.md, Loyalty). Trial accounts are refused. */
export function loyaltyRoutes(app: FastifyInstance, store: MerchantStore, service: LoyaltyService): void {
  registerRoute(
    app,
    store,
    routes.vipInfo,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.vipInfo(
        ctx.merchant,
        member.id,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
      );
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.rebateInfo,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.rebateInfo(ctx.merchant, member.id);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.rebateClaim,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.claim(ctx.merchant, member.id, 'manual');
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.rebateClaims,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.claims(ctx.merchant, member.id, ctx.query.page, ctx.query.size);
    },
    perMinute(120),
  );
}
