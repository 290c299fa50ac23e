import { KYC_BODY_LIMIT_BYTES, routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { KycService } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's verification calls (docs/api.md, Know your customer). Trial accounts are refused. */
export function kycRoutes(app: FastifyInstance, store: MerchantStore, service: KycService): void {
  registerRoute(
    app,
    store,
    routes.kycInfo,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.info(ctx.merchant, member.id);
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.kycSubmit,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return service.submit(ctx.merchant, member.id, ctx.body);
    },
    { ...perMinute(5), bodyLimit: KYC_BODY_LIMIT_BYTES },
  );
}
