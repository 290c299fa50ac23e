import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { registerRoute } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import { requestLanguage } from '../member/service.ts';
import type { Accounts } from '../security/accounts.ts';
import { countryList } from './phone.ts';

export function verificationRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  const { captcha, sms } = accounts;

  // Spec §9: a new captcha image at most once a second.
  registerRoute(
    app,
    store,
    routes.captcha,
    ({ reply, merchant, ip }) => {
      reply.header('cache-control', 'no-store');
      return captcha.issue(merchant.code, ip);
    },
    { perIp: { limit: 1, windowMs: SECOND_MS } },
  );

  // The SMS calls throttle per number and per client themselves (1 s, bursts, locks).
  registerRoute(
    app,
    store,
    routes.smsNoLogin,
    ({ req, merchant, body, ip }) =>
      sms.requestNoLogin(merchant, ip, body, requestLanguage(merchant, req.headers.language)),
    { perIp: { limit: 20, windowMs: 10 * MINUTE_MS } },
  );
  registerRoute(
    app,
    store,
    routes.smsLoginCode,
    ({ req, merchant, body, ip }) =>
      sms.requestLoginCode(merchant, ip, body, requestLanguage(merchant, req.headers.language)),
    { perIp: { limit: 20, windowMs: 10 * MINUTE_MS } },
  );

  registerRoute(
    app,
    store,
    routes.countries,
    ({ reply }) => {
      reply.header('cache-control', 'public, max-age=86400');
      return countryList();
    },
    { perIp: { limit: 60, windowMs: MINUTE_MS } },
  );
}
