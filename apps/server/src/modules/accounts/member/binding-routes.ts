import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import { setBindingCookie } from '../social/routes.ts';
import { type SocialService, STATE_TTL_MS } from '../social/service.ts';
import type { BindingService } from './bindings.ts';
import { requestLanguage } from './service.ts';

const perMinute = (limit: number) => ({ perIp: { limit, windowMs: MINUTE_MS } });

/** The security centre's bindings: email, mobile, Google and Facebook (docs/api.md "Bindings"). */
export function bindingRoutes(
  app: FastifyInstance,
  store: MerchantStore,
  bindings: BindingService,
  social: SocialService,
): void {
  registerRoute(
    app,
    store,
    routes.bindings,
    (ctx) => bindings.view(ctx.merchant, signedIn(ctx).member),
    perMinute(60),
  );
  // The code calls throttle per member and per client themselves (as every SMS call does).
  registerRoute(
    app,
    store,
    routes.bindingCode,
    (ctx) => {
      const { member } = signedIn(ctx);
      const language = requestLanguage(ctx.merchant, ctx.req.headers.language ?? member.language);
      return bindings.sendCode(ctx.merchant, member, ctx.body, ctx.ip, language);
    },
    perMinute(10),
  );
  registerRoute(
    app,
    store,
    routes.bindingConfirm,
    (ctx) => bindings.confirm(ctx.merchant, signedIn(ctx).member, ctx.body, ctx.ip),
    perMinute(20),
  );
  registerRoute(
    app,
    store,
    routes.socialLink,
    async (ctx) => {
      const { member } = signedIn(ctx);
      const { location, binding } = await social.start(
        {
          merchant: ctx.merchant,
          provider: ctx.body.provider,
          returnTo: ctx.body.returnTo,
          site: 'member',
          language: undefined,
          protocol: ctx.req.protocol,
          host: ctx.req.host,
          log: ctx.req.log,
        },
        member,
      );
      setBindingCookie(ctx.req, ctx.reply, binding, STATE_TTL_MS);
      return { location };
    },
    perMinute(10),
  );
  registerRoute(
    app,
    store,
    routes.socialUnlink,
    (ctx) =>
      bindings.unlink(ctx.merchant, signedIn(ctx).member, ctx.body.provider, ctx.body.password, ctx.ip),
    perMinute(20),
  );
}
