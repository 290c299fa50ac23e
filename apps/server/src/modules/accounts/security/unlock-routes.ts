import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { registerRoute } from '../../../platform/http.ts';
import type { MerchantStore } from '../../../platform/merchants.ts';
import { requestLanguage } from '../member/service.ts';
import type { Accounts } from './accounts.ts';

/** Unlock links for account names locked by failed sign-ins (docs/api.md). */
export function unlockRoutes(app: FastifyInstance, store: MerchantStore, accounts: Accounts): void {
  registerRoute(
    app,
    store,
    routes.loginUnlockRequest,
    ({ req, merchant, body, ip }) =>
      accounts.unlock.request(merchant, body.username, ip, requestLanguage(merchant, req.headers.language)),
    { perIp: { limit: 10, windowMs: MINUTE_MS } },
  );
  registerRoute(
    app,
    store,
    routes.loginUnlock,
    ({ merchant, body }) => accounts.unlock.redeem(merchant, body.username, body.token),
    { perIp: { limit: 20, windowMs: MINUTE_MS } },
  );
}
