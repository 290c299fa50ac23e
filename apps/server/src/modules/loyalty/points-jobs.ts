import type { Database } from '../../platform/db.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { PointsService } from './points-service.ts';
import { merchantCodes } from './repository.ts';

export const POINTS_EARN_JOB = 'points-earn';

const MINUTE_MS = 60_000;
/** Each run looks back this far for settled rounds (a round settled earlier is caught on read). */
const LOOK_BACK_MS = 10 * MINUTE_MS;

/**
 * Every minute, beside the rebate accrual (loyalty-accrue) and on the same rounds: credits the
 * points of rounds settled lately (once per round) and of the deposits those rounds wagered in full, for
 * each merchant with PTSYS3 on. A member who opens the mall is caught up at once besides.
 */
export function pointsEarnJob(deps: {
  database: Database;
  store: MerchantStore;
  points: PointsService;
}): Job {
  return {
    name: POINTS_EARN_JOB,
    everyMs: MINUTE_MS,
    run: async (now) => {
      let done = 0;
      for (const code of await merchantCodes(deps.database.db)) {
        const merchant = await deps.store.get(code);
        if (!merchant?.features.has('PTSYS3')) continue;
        // A deposit vests only when a bet settles: the members who played are the ones to look at.
        const players = await deps.points.earnRounds(merchant, { sinceMs: now - LOOK_BACK_MS });
        for (const [id, type] of players) await deps.points.vestDeposits(merchant, id, type);
        done += players.size;
      }
      return done;
    },
  };
}
