import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import type { SalaryClaims } from './claims.ts';
import type { ContractDesk } from './service.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The agent contracts' calls (SIGNCONDIV3; each kind's own key and brand flag in the service). */
export function contractRoutes(
  app: FastifyInstance,
  store: MerchantStore,
  desk: ContractDesk,
  claims: SalaryClaims,
): void {
  registerRoute(
    app,
    store,
    routes.contractInfo,
    (ctx) => desk.info(ctx.merchant, signedIn(ctx).member),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.contracts,
    (ctx) => desk.list(ctx.merchant, signedIn(ctx).member, ctx.query.kind),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.offerContract,
    (ctx) => desk.offer(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.contractAction,
    (ctx) => desk.act(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.contractBills,
    (ctx) => desk.bills(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(120),
  );
  // DAYSALMR (the route table's key): the member's own daily salaries, claimed by hand.
  registerRoute(
    app,
    store,
    routes.salaryClaims,
    (ctx) => claims.list(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.claimSalary,
    (ctx) => claims.claim(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
}
