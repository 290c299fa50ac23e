import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { WageringService } from './wagering-service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's bonus details, forfeit and personal profit calls (docs/api.md, Loyalty). Trial accounts are refused. */
export function wageringRoutes(app: FastifyInstance, store: MerchantStore, service: WageringService): void {
  registerRoute(
    app,
    store,
    routes.bonusDetails,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.details(ctx.merchant, member.id);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.bonusForfeit,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.forfeit(ctx.merchant, member.id, ctx.body.id);
    },
    perMinute(30),
  );
  registerRoute(
    app,
    store,
    routes.personalProfit,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.personalProfit(ctx.merchant, member.id, ctx.query);
    },
    perMinute(120),
  );
}
