import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';
import type { EventBus } from '../platform/events.ts';
import type { Jobs } from '../platform/jobs.ts';
import type { MerchantStore } from '../platform/merchants.ts';
import type { RateLimiter } from '../platform/rate-limit.ts';
import type { BlobStorage } from '../platform/storage.ts';
import type { Accounts } from './accounts/index.ts';
import type { OpsService } from './ops/index.ts';
import type { Ledger } from './wallet/index.ts';

/** What the content areas (content, promotions, support) are built from. */
export interface AreaDeps {
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
  ops: OpsService;
  jobs: Jobs;
  events: EventBus;
  limiter: RateLimiter;
  accounts: Accounts;
}
