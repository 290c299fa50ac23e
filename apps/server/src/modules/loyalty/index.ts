/**
 * The loyalty module's public face (VIP ranks and rebates, docs/loyalty.md): code outside
 * `modules/loyalty/` imports only this file.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area-deps.ts';
import { birthdayJob } from './birthday.ts';
import { accrueJob, keepJob, rebatePayoutJob } from './jobs.ts';
import { missionRoutes } from './missions-routes.ts';
import { MissionsService } from './missions-service.ts';
import { vipCommand } from './ops.ts';
import { pointsEarnJob } from './points-jobs.ts';
import { pointsCommand } from './points-ops.ts';
import { pointsLedgerProblems } from './points-repository.ts';
import { pointsRoutes } from './points-routes.ts';
import { type PaymentPasswordCheck, PointsService } from './points-service.ts';
import { referralCommand } from './referral-ops.ts';
import { referralRoutes } from './referral-routes.ts';
import { ReferralService } from './referral-service.ts';
import { rewardNoticeJob } from './rewards-jobs.ts';
import { rewardsCommand } from './rewards-ops.ts';
import { rewardRoutes } from './rewards-routes.ts';
import { RewardsService } from './rewards-service.ts';
import { loyaltyRoutes } from './routes.ts';
import { LoyaltyService } from './service.ts';
import { wageringExpiryJob } from './wagering-jobs.ts';
import { bonusCommand } from './wagering-ops.ts';
import { wageringRoutes } from './wagering-routes.ts';
import { WageringService } from './wagering-service.ts';

export { LOYALTY_BIRTHDAY_JOB } from './birthday.ts';
export { LOYALTY_ACCRUE_JOB, LOYALTY_KEEP_JOB, LOYALTY_REBATE_PAYOUT_JOB } from './jobs.ts';
export { POINTS_EARN_JOB } from './points-jobs.ts';
export { REWARD_NOTICE_JOB } from './rewards-jobs.ts';

/** Installs the loyalty area: its routes, jobs, the `vip` operator command and the public state's VIP fields. */
export function installLoyalty(
  app: FastifyInstance,
  deps: AreaDeps & { passwords: PaymentPasswordCheck },
): LoyaltyService {
  const service = new LoyaltyService(deps);
  loyaltyRoutes(app, deps.store, service);
  const jobDeps = { database: deps.database, store: deps.store, service };
  deps.jobs.add(accrueJob(jobDeps));
  deps.jobs.add(keepJob(jobDeps));
  deps.jobs.add(rebatePayoutJob(jobDeps));
  deps.ops.extend('vip', vipCommand(jobDeps));
  deps.accounts.vipStandings.use((merchant, memberId) => service.standing(merchant, memberId));
  // The points mall (PTSYS3): points-*.ts.
  const points = new PointsService(deps);
  pointsRoutes(app, deps.store, points);
  deps.jobs.add(pointsEarnJob({ database: deps.database, store: deps.store, points }));
  deps.ops.extend('points', pointsCommand({ database: deps.database, store: deps.store, points }));
  deps.ops.addLedgerCheck('points', () => pointsLedgerProblems(deps.database.db));
  // Missions and daily tasks: missions-*.ts.
  missionRoutes(app, deps.store, new MissionsService(deps));
  // Birthday bonus: birthday.ts.
  deps.jobs.add(birthdayJob(deps));
  // Referral: referral-*.ts.
  const referral = new ReferralService(deps);
  referralRoutes(app, deps.store, referral);
  deps.ops.extend('referral', referralCommand({ database: deps.database, store: deps.store, referral }));
  // The reward centre (REWCEN3): rewards-*.ts.
  const rewards = new RewardsService(deps);
  rewardRoutes(app, deps.store, rewards);
  deps.jobs.add(
    rewardNoticeJob({ database: deps.database, store: deps.store, events: deps.events, rewards }),
  );
  deps.ops.extend('rewards', rewardsCommand({ database: deps.database, store: deps.store, rewards }));
  return service;
}

export { WAGERING_EXPIRY_JOB } from './wagering-jobs.ts';
export type { WageringService } from './wagering-service.ts';

/**
 * Installs wagering (docs/loyalty.md "Wagering"): the bonus details, forfeit and personal profit
 * calls, the expiry job and the `bonus` operator command. The app gives the service to the cashier, whose withdrawal check asks it.
 */
export function installWagering(
  app: FastifyInstance,
  deps: Pick<AreaDeps, 'database' | 'store' | 'ledger' | 'clock' | 'jobs' | 'ops'>,
): WageringService {
  const service = new WageringService(deps);
  wageringRoutes(app, deps.store, service);
  deps.jobs.add(wageringExpiryJob({ database: deps.database, store: deps.store, service }));
  deps.ops.extend('bonus', bonusCommand({ database: deps.database, store: deps.store, service }));
  return service;
}
