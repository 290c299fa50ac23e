/**
 * The know-your-customer module's public face (docs/kyc.md): code outside `modules/kyc/` imports
 * only this file.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import type { OpsService } from '../ops/index.ts';
import { kycCommand } from './ops.ts';
import { kycRoutes } from './routes.ts';
import { KycService } from './service.ts';

export type { KycService } from './service.ts';

/** Installs the member's verification calls and the `kyc` operator command. */
export function installKyc(
  app: FastifyInstance,
  deps: {
    database: Database;
    store: MerchantStore;
    clock: Clock;
    storage: BlobStorage;
    events: EventBus;
    ops: OpsService;
  },
): KycService {
  const service = new KycService(deps);
  kycRoutes(app, deps.store, service);
  deps.ops.extend('kyc', kycCommand({ database: deps.database, storage: deps.storage, service }));
  return service;
}
