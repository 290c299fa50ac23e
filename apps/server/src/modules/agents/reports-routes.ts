import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { AgentReports } from './reports.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The team reports: each route's key gates it (and the CSV checks the report's own key). */
export function agentReportRoutes(app: FastifyInstance, store: MerchantStore, reports: AgentReports): void {
  registerRoute(
    app,
    store,
    routes.teamBets,
    (ctx) =>
      reports.teamBets(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
      ),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.teamPnl,
    (ctx) => reports.teamPnl(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.downlineTransactions,
    (ctx) => reports.downlineTransactions(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.agentIncome,
    (ctx) => reports.income(ctx.merchant, signedIn(ctx).member, ctx.query),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.agentReportCsv,
    (ctx) =>
      reports.csv(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
      ),
    limit(20),
  );
}
