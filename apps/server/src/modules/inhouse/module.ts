import type { WordSource } from '@aurum/games';
import { cryptoWords, newServerSeed } from '@aurum/games/node';
import type { FastifyInstance } from 'fastify';
import { type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { Job, Jobs } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { queryRows } from '../../platform/sql.ts';
import type { Vendors } from '../vendor/index.ts';
import { inhouseRoutes } from './routes.ts';
import { InhouseGames } from './service.ts';

/** What the in-house game server needs from the app. */
export interface InhouseModuleDeps {
  database: Database;
  store: MerchantStore;
  vendors: Vendors;
  clock: Clock;
  jobs: Jobs;
  /** Where slot and baccarat outcomes come from; the CSPRNG unless a test fixes it. */
  words?: WordSource;
}

/** Installs the in-house game server: the /play/api calls and the purge of ended play sessions. */
export function installInhouse(app: FastifyInstance, deps: InhouseModuleDeps): InhouseGames {
  const games = new InhouseGames({
    database: deps.database,
    vendors: deps.vendors,
    clock: deps.clock,
    words: deps.words ?? cryptoWords(),
    newServerSeed,
  });
  inhouseRoutes(app, deps.store, games);
  deps.jobs.add(inhouseHousekeepingJob(deps.database));
  return games;
}

/** The purge job's name, for Jobs.runNow in tests. */
export const INHOUSE_HOUSEKEEPING_JOB = 'inhouse-housekeeping';
/** Ended play sessions are kept a day, like the wallet sessions they carried. */
const RETENTION_MS = DAY_MS;
const BATCH = 5000;

/** Deletes play sessions that ended more than a day ago. Seeds are kept: they prove rounds. */
export function inhouseHousekeepingJob(database: Database): Job {
  return {
    name: INHOUSE_HOUSEKEEPING_JOB,
    everyMs: 10 * MINUTE_MS,
    async run(now) {
      const [row] = await queryRows<{ n: unknown }>(
        database.db,
        `WITH d AS (DELETE FROM inhouse_sessions WHERE id_hash IN
           (SELECT id_hash FROM inhouse_sessions WHERE expires_at < $1 LIMIT ${BATCH}) RETURNING 1)
         SELECT count(*) AS n FROM d`,
        [new Date(now - RETENTION_MS).toISOString()],
      );
      return Number(row?.n ?? 0);
    },
  };
}
