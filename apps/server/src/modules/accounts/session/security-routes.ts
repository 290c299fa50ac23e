import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import type { Accounts } from '../security/accounts.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The security centre's sessions and sign-in history (docs/api.md). */
export function sessionSecurityRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { security } = accounts;

  registerRoute(
    app,
    store,
    routes.activeSessions,
    async (ctx) => {
      const { member, session } = signedIn(ctx);
      ctx.reply.header('cache-control', 'no-store');
      return { sessions: await security.list(ctx.merchant, member, session.id) };
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.endSession,
    (ctx) => {
      const { member, session } = signedIn(ctx);
      return security.endOne(member, session.id, ctx.query.id);
    },
    perMinute(20),
  );
  registerRoute(
    app,
    store,
    routes.endOtherSessions,
    (ctx) => {
      const { member, session } = signedIn(ctx);
      return security.endOthers(member, session.id);
    },
    perMinute(20),
  );
  registerRoute(
    app,
    store,
    routes.signInHistory,
    async (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return { signIns: await security.history(signedIn(ctx).member) };
    },
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.disownSignIn,
    (ctx) => security.disown(ctx.merchant, signedIn(ctx).member, ctx.body.id, ctx.ip),
    perMinute(10),
  );
}
