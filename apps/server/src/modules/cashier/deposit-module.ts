import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import type { OpsService } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { depositExpiryJob } from './deposit-expiry.ts';
import { depositOpsCommand } from './deposit-ops.ts';
import { depositRoutes } from './deposit-routes.ts';
import { DepositService } from './deposit-service.ts';
import { DepositWebhooks } from './deposit-webhook.ts';
import { Gateways } from './gateway.ts';
import { httpTransport, SandboxGateway, type WebhookTransport } from './sandbox-gateway.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway-routes.ts';

export interface DepositModuleDeps {
  config: AppConfig;
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
  ops: OpsService;
  jobs: Jobs;
  /** How the sandbox gateway sends its webhooks: real HTTP unless a test hands it to inject. */
  webhookTransport?: WebhookTransport | undefined;
}

/**
 * Deposits: the member's calls, the gateways' webhooks, the sandbox gateway with its hosted
 * page, the expiry and webhook-redelivery jobs and the operator's `deposit` command.
 */
export function installDeposits(app: FastifyInstance, deps: DepositModuleDeps) {
  const { config, database, store, ledger, clock } = deps;
  const log = app.log;
  const sandbox = new SandboxGateway({
    database,
    clock,
    transport: deps.webhookTransport ?? httpTransport,
    secret: config.SANDBOX_PAY_SECRET,
    publicUrl: config.PUBLIC_URL,
    log,
  });
  const gateways = new Gateways();
  gateways.add(sandbox);

  const deposits = new DepositService({ database, clock, storage: deps.storage, gateways, log });
  const webhooks = new DepositWebhooks({ database, store, ledger, clock, gateways, log });
  depositRoutes(app, { store, deposits, webhooks, publicUrl: config.PUBLIC_URL });
  sandboxGatewayRoutes(app, sandbox, clock);
  deps.jobs.add(depositExpiryJob(database));
  deps.jobs.add(sandbox.redeliveryJob());
  deps.ops.extend('deposit', depositOpsCommand({ database, ledger, clock, storage: deps.storage }));
  return { deposits, webhooks, sandbox, gateways };
}
