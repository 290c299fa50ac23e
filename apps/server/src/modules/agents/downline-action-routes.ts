import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../platform/clock.ts';
import { registerRoute, signedIn } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { DownlineActions } from './downline-actions.ts';

const limit = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** Downline management's actions on one downline (DOWNMAN). */
export function downlineActionRoutes(
  app: FastifyInstance,
  store: MerchantStore,
  actions: DownlineActions,
): void {
  registerRoute(
    app,
    store,
    routes.setDownlineStatus,
    (ctx) => actions.setStatus(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.resetDownlinePassword,
    (ctx) => actions.resetPassword(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(10),
  );
  registerRoute(
    app,
    store,
    routes.downlineNotes,
    (ctx) => actions.notes(ctx.merchant, signedIn(ctx).member, ctx.query.account),
    limit(60),
  );
  registerRoute(
    app,
    store,
    routes.addDownlineNote,
    (ctx) => actions.addNote(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.messageDownline,
    (ctx) => actions.message(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(20),
  );
  registerRoute(
    app,
    store,
    routes.recallFromDownline,
    (ctx) => actions.recall(ctx.merchant, signedIn(ctx).member, ctx.body),
    limit(20),
  );
}
