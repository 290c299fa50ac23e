/**
 * The loyalty module's public face (VIP ranks and rebates, docs/loyalty.md): code outside
 * `modules/loyalty/` imports only this file.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area-deps.ts';
import { accrueJob, keepJob, rebatePayoutJob } from './jobs.ts';
import { missionRoutes } from './missions-routes.ts';
import { MissionsService } from './missions-service.ts';
import { vipCommand } from './ops.ts';
import { loyaltyRoutes } from './routes.ts';
import { LoyaltyService } from './service.ts';

export { LOYALTY_ACCRUE_JOB, LOYALTY_KEEP_JOB, LOYALTY_REBATE_PAYOUT_JOB } from './jobs.ts';

/** Installs the loyalty area: its routes, jobs, the `vip` operator command and the public state's VIP fields. */
export function installLoyalty(app: FastifyInstance, deps: AreaDeps): LoyaltyService {
  const service = new LoyaltyService(deps);
  loyaltyRoutes(app, deps.store, service);
  const jobDeps = { database: deps.database, store: deps.store, service };
  deps.jobs.add(accrueJob(jobDeps));
  deps.jobs.add(keepJob(jobDeps));
  deps.jobs.add(rebatePayoutJob(jobDeps));
  deps.ops.extend('vip', vipCommand(jobDeps));
  deps.accounts.vipStandings.use((merchant, memberId) => service.standing(merchant, memberId));
  missionRoutes(app, deps.store, new MissionsService(deps));
  return service;
}
