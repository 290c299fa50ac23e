import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute, Serialised } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { sitePermissionJson, systemStatus } from './service.ts';

export function systemRoutes(app: FastifyInstance, store: MerchantStore): void {
  registerRoute(app, store, routes.systemStatus, ({ req, reply, merchant }) => {
    reply.header('cache-control', 'no-store');
    return systemStatus(merchant, req.ip);
  });
  registerRoute(app, store, routes.whitelabel, ({ req, reply, merchant }) => {
    reply.header('cache-control', 'no-store');
    return new Serialised(sitePermissionJson(merchant, req.ip));
  });
  registerRoute(app, store, routes.domainRoute, ({ merchant, query }) => {
    const all = merchant.config.domainRoutes;
    const domain = query.domain?.toLowerCase();
    return domain ? all.filter((r) => r.domain.toLowerCase() === domain) : all;
  });
}
