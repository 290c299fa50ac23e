import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage, requireRealAccount } from '../accounts/index.ts';
import type { MissionsService } from './missions-service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's mission calls (docs/api.md, Loyalty: missions). Trial accounts are refused. */
export function missionRoutes(app: FastifyInstance, store: MerchantStore, missions: MissionsService): void {
  registerRoute(
    app,
    store,
    routes.missionSummary,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return missions.summary(
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
    routes.missionClaim,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return missions.claim(ctx.merchant, member.id, ctx.body);
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.missionClaimAll,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return missions.claim(ctx.merchant, member.id, 'all');
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.missionLeaderboard,
    (ctx) => {
      const { member } = signedIn(ctx);
      requireRealAccount(ctx.merchant, member);
      return missions.leaderboard(ctx.merchant, member.id, ctx.query.missionId, ctx.query.limitNum);
    },
    perMinute(120),
  );
}
