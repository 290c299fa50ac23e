import { SECOND_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { Job } from '../../platform/jobs.ts';
import { expireDue } from './deposit-repository.ts';

export const DEPOSIT_EXPIRY_JOB = 'deposit-expiry';
const BATCH = 500;
/** Batches per run, so one run of a huge backlog ends and the next picks up the rest. */
const MAX_BATCHES = 20;

/**
 * Marks pending gateway orders past their expiry EXPIRED, on the injected clock. An expired
 * order is never credited (the webhook checks expiry too, so a late run changes only what the
 * list shows); several processes run this at once without taking an order twice.
 */
export function depositExpiryJob(database: Database): Job {
  return {
    name: DEPOSIT_EXPIRY_JOB,
    everyMs: 30 * SECOND_MS,
    async run(now) {
      let done = 0;
      for (let i = 0; i < MAX_BATCHES; i++) {
        const expired = await expireDue(database.db, new Date(now), BATCH);
        done += expired;
        if (expired < BATCH) break;
      }
      return done;
    },
  };
}
