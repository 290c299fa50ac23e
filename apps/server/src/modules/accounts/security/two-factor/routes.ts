import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../../platform/clock.ts';
import { registerRoute, signedIn } from '../../../../platform/http.ts';
import type { MerchantStore } from '../../../../platform/merchants.ts';
import type { Accounts } from '../accounts.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The member's authenticator: status, binding, unbinding, new recovery codes (the sign-in step is a session call). */
export function twoFactorRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { twoFactor } = accounts;

  registerRoute(
    app,
    store,
    routes.twoFactorStatus,
    (ctx) => twoFactor.status(signedIn(ctx).member),
    perMinute(60),
  );
  registerRoute(
    app,
    store,
    routes.twoFactorSetup,
    (ctx) => twoFactor.setup(ctx.merchant, signedIn(ctx).member),
    perMinute(10),
  );
  registerRoute(
    app,
    store,
    routes.twoFactorConfirm,
    (ctx) => twoFactor.confirm(ctx.merchant, signedIn(ctx).member, ctx.body, ctx.ip),
    perMinute(10),
  );
  registerRoute(
    app,
    store,
    routes.twoFactorUnbind,
    (ctx) => twoFactor.unbind(ctx.merchant, signedIn(ctx).member, ctx.body, ctx.ip),
    perMinute(10),
  );
  registerRoute(
    app,
    store,
    routes.twoFactorRecoveryCodes,
    (ctx) => twoFactor.regenerate(ctx.merchant, signedIn(ctx).member, ctx.body.code, ctx.ip),
    perMinute(10),
  );
}
