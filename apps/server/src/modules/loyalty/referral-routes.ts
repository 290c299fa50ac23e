import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { ReferralService } from './referral-service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's referral calls (docs/api.md, Loyalty: referral). Trial accounts are refused. */
export function referralRoutes(app: FastifyInstance, store: MerchantStore, referral: ReferralService): void {
  registerRoute(
    app,
    store,
    routes.referralSummary,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return referral.summary(ctx.merchant, member.id);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.referralInvitees,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return referral.invitees(ctx.merchant, member.id);
    },
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.referralClaim,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return referral.claim(ctx.merchant, member.id);
    },
    perMinute(60),
  );
}
