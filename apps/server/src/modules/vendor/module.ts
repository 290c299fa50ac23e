import type { FastifyInstance } from 'fastify';
import { type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job, Jobs } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { queryRows } from '../../platform/sql.ts';
import type { OpsService } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { inProcessTransport, type SeamlessTransport, VendorClient } from './client.ts';
import { VendorCredentials } from './credentials.ts';
import { UntrustedCallGate } from './failure-gate.ts';
import { SeamlessHandler } from './handler.ts';
import { vendorSecretCommand } from './ops.ts';
import { VendorRisk } from './risk.ts';
import { seamlessRoutes } from './routes.ts';
import { type LaunchTokenRequest, VendorSessions } from './sessions.ts';
import { SeamlessWallet } from './wallet.ts';

export interface VendorModuleDeps {
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  clock: Clock;
  ops: OpsService;
  jobs: Jobs;
}

/**
 * The vendor module as the rest of the platform uses it (app.vendors): launch tokens for the
 * games module, and signed clients of the protocol for the in-house game servers.
 */
export class Vendors {
  private readonly transport: SeamlessTransport;

  constructor(
    readonly handler: SeamlessHandler,
    readonly credentials: VendorCredentials,
    private readonly sessions: VendorSessions,
    /** Wins held by the risk limits, and the operator's decisions on them. */
    readonly risk: VendorRisk,
    private readonly deps: Pick<VendorModuleDeps, 'store' | 'clock'>,
  ) {
    this.transport = inProcessTransport(handler);
  }

  /** A single-use, 5-minute token that the game URL carries to the vendor (see sessions.ts). */
  issueLaunchToken = (req: LaunchTokenRequest): Promise<string> => this.sessions.issueLaunchToken(req);

  /**
   * A client of the protocol for a vendor of the merchant, through the in-process transport:
   * the same signature check and handler as an external vendor's HTTP call, without HTTP.
   */
  async clientFor(merchantCode: string, vassalage: string): Promise<VendorClient> {
    const merchant = await this.deps.store.get(merchantCode);
    const secret = merchant ? await this.credentials.secretFor(merchant, vassalage) : null;
    if (secret === null)
      throw new AppError('request.invalid', `${vassalage} is not a vendor of this merchant.`);
    return new VendorClient({
      merchant: merchantCode,
      vendor: vassalage,
      secret,
      transport: this.transport,
      clock: this.deps.clock,
    });
  }
}

/**
 * Installs the seamless-wallet protocol: its routes under /seamless/v1, the operator's
 * vendor-secret and risk commands and the purge of spent launch tokens and ended sessions.
 */
export async function installVendors(app: FastifyInstance, deps: VendorModuleDeps): Promise<Vendors> {
  const { database, store, ledger, clock } = deps;
  const credentials = new VendorCredentials(database, clock);
  await credentials.start();
  app.addHook('onClose', async () => credentials.stop());
  const sessions = new VendorSessions(database, clock);
  const wallet = new SeamlessWallet({ database, ledger, clock, sessions });
  const handler = new SeamlessHandler({ store, credentials, wallet, clock, log: app.log });
  seamlessRoutes(app, handler, new UntrustedCallGate(clock));
  deps.ops.extend('vendor-secret', vendorSecretCommand({ database, store, credentials }));
  const risk = new VendorRisk({ database, ledger, clock, store });
  risk.register(deps.ops);
  deps.jobs.add(vendorHousekeepingJob(database));
  return new Vendors(handler, credentials, sessions, risk, { store, clock });
}

export const VENDOR_HOUSEKEEPING_JOB = 'vendor-housekeeping';
/** Spent tokens and ended sessions are kept a day, to answer "why was my game refused". */
const RETENTION_MS = DAY_MS;
const BATCH = 5000;

/** Deletes launch tokens and game sessions that ended more than a day ago. */
export function vendorHousekeepingJob(database: Database): Job {
  return {
    name: VENDOR_HOUSEKEEPING_JOB,
    everyMs: 10 * MINUTE_MS,
    async run(now) {
      const before = new Date(now - RETENTION_MS).toISOString();
      const tokens = await queryRows<{ n: unknown }>(
        database.db,
        `WITH d AS (DELETE FROM vendor_launch_tokens WHERE token_hash IN
           (SELECT token_hash FROM vendor_launch_tokens WHERE expires_at < $1 LIMIT ${BATCH}) RETURNING 1)
         SELECT count(*) AS n FROM d`,
        [before],
      );
      const sessions = await queryRows<{ n: unknown }>(
        database.db,
        `WITH d AS (DELETE FROM vendor_sessions WHERE id IN
           (SELECT id FROM vendor_sessions WHERE expires_at < $1 LIMIT ${BATCH}) RETURNING 1)
         SELECT count(*) AS n FROM d`,
        [before],
      );
      return Number(tokens[0]?.n ?? 0) + Number(sessions[0]?.n ?? 0);
    },
  };
}
