import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { isMerchantDomain } from '../../../platform/domains.ts';
import { AppError } from '../../../platform/errors.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import type { Accounts } from '../security/accounts.ts';
import { registerSettings } from '../security/settings.ts';
import { memberInfo } from './presenter.ts';
import { requestLanguage } from './service.ts';

const limit = (limit: number, minutes = 1) => ({ perIp: { limit, windowMs: minutes * MINUTE_MS } });

export function memberRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { registration, passwords, members } = accounts;

  registerRoute(
    app,
    store,
    routes.memberInfo,
    (ctx) => {
      return memberInfo(ctx.merchant, signedIn(ctx).member);
    },
    limit(120),
  );

  registerRoute(
    app,
    store,
    routes.register,
    ({ req, merchant, body, ip }) =>
      registration.register(merchant, body, {
        ip,
        language: requestLanguage(merchant, req.headers.language),
        servedHost: req.hostname,
      }),
    limit(20, 10),
  );
  registerRoute(
    app,
    store,
    routes.registerMobile,
    ({ req, merchant, body, ip }) =>
      registration.registerMobile(merchant, body, {
        ip,
        language: requestLanguage(merchant, req.headers.language),
        servedHost: req.hostname,
      }),
    limit(20, 10),
  );

  registerRoute(
    app,
    store,
    routes.affiliateCheck,
    ({ req, merchant, query }) => {
      if (query.domain && !isMerchantDomain(merchant, query.domain, req.hostname)) {
        throw new AppError('domain_not_available');
      }
      return members.checkAffiliate(merchant, query.code);
    },
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.checkUsername,
    ({ merchant, query }) => members.checkUsername(merchant, query.username),
    limit(30),
  );
  registerRoute(
    app,
    store,
    routes.registerSettings,
    ({ merchant }) => registerSettings(merchant),
    limit(120),
  );

  registerRoute(
    app,
    store,
    routes.changePassword,
    (ctx) => passwords.change(ctx.merchant, signedIn(ctx), ctx.body, ctx.ip),
    limit(10),
  );
  registerRoute(
    app,
    store,
    routes.forgotPasswordEmail,
    ({ req, merchant, body }) => passwords.forgotByEmail(merchant, body, `${req.protocol}://${req.host}`),
    limit(5, 15),
  );
  registerRoute(
    app,
    store,
    routes.resetPassword,
    ({ merchant, body, ip }) => passwords.reset(merchant, body, ip),
    limit(10, 15),
  );

  registerRoute(app, store, routes.firstLogin, (ctx) => members.firstLogin(signedIn(ctx).member), limit(60));
  registerRoute(
    app,
    store,
    routes.memberLanguage,
    (ctx) => members.setLanguage(ctx.merchant, signedIn(ctx).member, ctx.body.language),
    limit(60),
  );
}
