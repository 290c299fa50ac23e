import { type LoginValue, routes } from '@aurum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { isMerchantDomain } from '../../../platform/domains.ts';
import { AppError } from '../../../platform/errors.ts';
import { registerRoute, signedIn } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import type { Accounts } from '../security/accounts.ts';
import { registerSettings } from '../security/settings.ts';
import { clientOf } from '../session/security.ts';
import { memberInfo } from './presenter.ts';
import { requestLanguage } from './service.ts';

const limit = (limit: number, minutes = 1) => ({ perIp: { limit, windowMs: minutes * MINUTE_MS } });

export function memberRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { registration, passwords, members, security, countryHeader } = accounts;
  /** A reply that started a session: the session learns where it comes from (the sessions list). */
  const described = async <V extends LoginValue | { login: LoginValue | null }>(
    req: FastifyRequest,
    ip: string,
    value: V,
  ): Promise<V> => {
    const login = 'login' in value ? value.login : (value as LoginValue);
    if (login?.token) await security.describe(login.id, clientOf(req, ip, countryHeader, null), login.token);
    return value;
  };

  registerRoute(
    app,
    store,
    routes.memberInfo,
    async (ctx) => {
      const { member } = signedIn(ctx);
      return memberInfo(ctx.merchant, member, await accounts.vipStandings.of(ctx.merchant, member.id));
    },
    limit(120),
  );

  registerRoute(
    app,
    store,
    routes.register,
    async ({ req, merchant, body, ip }) =>
      described(
        req,
        ip,
        await registration.register(merchant, body, {
          ip,
          language: requestLanguage(merchant, req.headers.language),
          servedHost: req.hostname,
        }),
      ),
    limit(20, 10),
  );
  registerRoute(
    app,
    store,
    routes.registerMobile,
    async ({ req, merchant, body, ip }) =>
      described(
        req,
        ip,
        await registration.registerMobile(merchant, body, {
          ip,
          language: requestLanguage(merchant, req.headers.language),
          servedHost: req.hostname,
        }),
      ),
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
    ({ merchant }) => registerSettings(merchant, accounts.firebasePhone.emulatorHost),
    limit(120),
  );

  registerRoute(
    app,
    store,
    routes.changePassword,
    async (ctx) =>
      described(ctx.req, ctx.ip, await passwords.change(ctx.merchant, signedIn(ctx), ctx.body, ctx.ip)),
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
    async ({ req, merchant, body, ip }) => described(req, ip, await passwords.reset(merchant, body, ip)),
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
