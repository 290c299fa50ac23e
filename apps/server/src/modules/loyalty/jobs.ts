import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { businessOffset } from '../agents/index.ts';
import { previousBusinessDay, previousBusinessMonth } from './periods.ts';
import { depositorsSince, membersToKeep, membersWithRebate, merchantCodes, takeRun } from './repository.ts';
import { loyaltyRulesOf } from './rules.ts';
import type { LoyaltyService } from './service.ts';

export const LOYALTY_ACCRUE_JOB = 'loyalty-accrue';
export const LOYALTY_KEEP_JOB = 'loyalty-keep';
export const LOYALTY_REBATE_PAYOUT_JOB = 'loyalty-rebate-payout';

const MINUTE_MS = 60_000;
/** The accrual job looks back this far each run (a round settled earlier is caught on read). */
const LOOK_BACK_MS = 10 * MINUTE_MS;

interface JobDeps {
  database: Database;
  store: MerchantStore;
  service: LoyaltyService;
}

async function eachMerchant(deps: JobDeps, fn: (code: string) => Promise<number>): Promise<number> {
  let done = 0;
  for (const code of await merchantCodes(deps.database.db)) done += await fn(code);
  return done;
}

/**
 * Every minute: accrues the rebates of rounds settled lately and re-evaluates the level of each
 * member who played or deposited, paying upgrade bonuses (a member who reads the VIP or rebate
 * page is caught up at once besides).
 */
export function accrueJob(deps: JobDeps): Job {
  return {
    name: LOYALTY_ACCRUE_JOB,
    everyMs: MINUTE_MS,
    run: (now) =>
      eachMerchant(deps, async (code) => {
        const merchant = await deps.store.get(code);
        if (!merchant) return 0;
        const sinceMs = now - LOOK_BACK_MS;
        const members = await deps.service.accrue(merchant, { sinceMs });
        for (const id of await depositorsSince(deps.database.db, code, sinceMs)) members.add(id);
        for (const id of members) await deps.service.evaluate(merchant, id);
        return members.size;
      }),
  };
}

/**
 * Hourly: once the merchant's business month has ended, applies the keep conditions to that
 * month's figures (one level down when they are missed) — once per month (loyalty_job_runs).
 * A member whose level changed in the new month is left alone.
 */
export function keepJob(deps: JobDeps): Job {
  return {
    name: LOYALTY_KEEP_JOB,
    everyMs: 60 * MINUTE_MS,
    run: (now) =>
      eachMerchant(deps, async (code) => {
        const merchant = await deps.store.get(code);
        if (!merchant || !loyaltyRulesOf(merchant).vip) return 0;
        const month = previousBusinessMonth(now, businessOffset(merchant));
        if (!(await takeRun(deps.database.db, code, 'keep', month.key, now))) return 0;
        let dropped = 0;
        for (const id of await membersToKeep(deps.database.db, code, month.toMs)) {
          if (await deps.service.keep(merchant, id, month)) dropped++;
        }
        return dropped;
      }),
  };
}

/**
 * Hourly: in auto mode, once per business day, pays every member's unclaimed rebate (the claim
 * a member would make, marked auto).
 */
export function rebatePayoutJob(deps: JobDeps): Job {
  return {
    name: LOYALTY_REBATE_PAYOUT_JOB,
    everyMs: 60 * MINUTE_MS,
    run: (now) =>
      eachMerchant(deps, async (code) => {
        const merchant = await deps.store.get(code);
        if (!merchant || !loyaltyRulesOf(merchant).autoPay) return 0;
        const day = previousBusinessDay(now, businessOffset(merchant));
        if (!(await takeRun(deps.database.db, code, 'rebate-payout', day.key, now))) return 0;
        await deps.service.accrue(merchant, { sinceMs: day.fromMs });
        let paid = 0;
        for (const id of await membersWithRebate(deps.database.db, code)) {
          try {
            await deps.service.claim(merchant, id, 'auto');
            paid++;
          } catch (e) {
            // Less than a minor unit in all: it stays, carried to the next payout.
            if (!(e instanceof AppError && e.code === 'loyalty.rebate.nothing')) throw e;
          }
        }
        return paid;
      }),
  };
}
