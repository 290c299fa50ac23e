import { routes } from '@aurum/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/http.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { gameMenus } from './service.ts';

export function gamesRoutes(app: FastifyInstance, store: MerchantStore): void {
  registerRoute(app, store, routes.gameMenus, ({ merchant }) => gameMenus(merchant.config));
}
