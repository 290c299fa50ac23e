import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { requestLanguage } from '../accounts/index.ts';
import type { AccountRecords } from './records.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The account record (transactionHistory) and the consolidated contract info. */
export function recordRoutes(app: FastifyInstance, store: MerchantStore, records: AccountRecords): void {
  registerRoute(
    app,
    store,
    routes.transactions,
    (ctx) => {
      return records.transactions(
        ctx.merchant,
        signedIn(ctx).member,
        ctx.query,
        requestLanguage(ctx.merchant, ctx.req.headers.language),
      );
    },
    limit(120),
  );
  registerRoute(
    app,
    store,
    routes.consolidatedFunds,
    (ctx) => {
      return records.consolidatedFunds(ctx.merchant, signedIn(ctx).member);
    },
    limit(120),
  );
}
