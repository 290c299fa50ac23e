import type { Database } from '../../platform/db.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { merchantCodes } from './repository.ts';
import { membersWithExpired } from './wagering-repository.ts';
import type { WageringService } from './wagering-service.ts';

export const WAGERING_EXPIRY_JOB = 'loyalty-wagering-expiry';

const MINUTE_MS = 60_000;

/**
 * Every ten minutes: each member with an open requirement past its expiry is settled as a read
 * would settle it (completed if the turnover was done in time, else expired: what is left of the
 * bonus goes back), so an expired bonus leaves the balance whether or not the member looks.
 */
export function wageringExpiryJob(deps: {
  database: Database;
  store: MerchantStore;
  service: WageringService;
}): Job {
  return {
    name: WAGERING_EXPIRY_JOB,
    everyMs: 10 * MINUTE_MS,
    run: async (now) => {
      let done = 0;
      for (const code of await merchantCodes(deps.database.db)) {
        const merchant = await deps.store.get(code);
        if (!merchant) continue;
        for (const memberId of await membersWithExpired(deps.database.db, code, now)) {
          await deps.service.settleMember(merchant, memberId);
          done += 1;
        }
      }
      return done;
    },
  };
}
