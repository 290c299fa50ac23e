import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requireRealAccount } from '../accounts/index.ts';
import type { RewardsService } from './rewards-service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/**
 * The member's reward-centre calls (docs/api.md, Reward centre). The contract gates them on
 * REWCEN3; trial (virtual-player) accounts are refused.
 */
export function rewardRoutes(app: FastifyInstance, store: MerchantStore, rewards: RewardsService): void {
  const member = (ctx: Parameters<typeof signedIn>[0]) => {
    const { member } = signedIn(ctx);
    requireRealAccount(ctx.merchant, member);
    return member;
  };
  registerRoute(
    app,
    store,
    routes.rewardSummary,
    (ctx) => rewards.summary(ctx.merchant, member(ctx).id),
    perMinute(120),
  );
  registerRoute(
    app,
    store,
    routes.rewardClaim,
    (ctx) => rewards.claim(ctx.merchant, member(ctx).id, ctx.body.id),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.rewardPromo,
    (ctx) => rewards.redeem(ctx.merchant, member(ctx).id, ctx.body.code),
    perMinute(30),
  );
  registerRoute(
    app,
    store,
    routes.rewardHistory,
    (ctx) => rewards.history(ctx.merchant, member(ctx).id),
    perMinute(120),
  );
}
