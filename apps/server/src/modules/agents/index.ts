/**
 * The agents module's public face (the agent centre: team overview, downlines, opening
 * downlines, registration links): code outside `modules/agents/` imports only this file.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area-deps.ts';
import { AffiliateApplications, affiliateCommand } from './affiliate.ts';
import { affiliateRoutes } from './affiliate-routes.ts';
import { downlineActionRoutes } from './downline-action-routes.ts';
import { DownlineActions } from './downline-actions.ts';
import { envelopeRoutes } from './envelope-routes.ts';
import { type PaymentPasswordCheck, RedEnvelopes } from './envelopes.ts';
import { AgentReports } from './reports.ts';
import { agentReportRoutes } from './reports-routes.ts';
import { agentRoutes } from './routes.ts';

export { businessOffset, DEFAULT_UTC_OFFSET, offsetMs, overviewPeriods } from './business-day.ts';
export { type ReportPeriod, reportPeriod } from './report-periods.ts';

import { AgentCentre } from './service.ts';

/** The subtree queries, for the console's agent trees (modules/players). */
export { listDownlines, type TeamRoot, teamTotals } from './repository.ts';

export function installAgents(
  app: FastifyInstance,
  deps: Pick<AreaDeps, 'database' | 'store' | 'clock'>,
): void {
  agentRoutes(app, deps.store, new AgentCentre(deps.database, deps.clock));
}

/** Agent contracts (contracts/): the life-cycle calls, the settlement job, the `contract` command. */
export { installContracts } from './contracts/install.ts';
export { CONTRACT_DEBTS_JOB, CONTRACTS_JOB, type ContractSettlement } from './contracts/settlement.ts';
/**
 * The team reports (team betting, profit and loss, downline transactions, my income, CSV), red
 * envelopes and the downline actions of downline management.
 */
export function installAgentTeamTools(
  app: FastifyInstance,
  deps: Pick<AreaDeps, 'database' | 'store' | 'clock' | 'ledger' | 'accounts' | 'events'> & {
    passwords: PaymentPasswordCheck;
  },
): void {
  agentReportRoutes(app, deps.store, new AgentReports(deps.database, deps.clock));
  envelopeRoutes(app, deps.store, new RedEnvelopes(deps));
  downlineActionRoutes(app, deps.store, new DownlineActions(deps));
}

/**
 * The affiliate application (AFFMAN3): a member applies to become an agent, the operator approves
 * or rejects (`affiliate` command).
 */
export function installAffiliates(
  app: FastifyInstance,
  deps: Pick<AreaDeps, 'database' | 'store' | 'clock' | 'events' | 'ops'>,
): void {
  const { database, store, clock, events, ops } = deps;
  affiliateRoutes(app, store, new AffiliateApplications(database, clock));
  ops.extend('affiliate', affiliateCommand({ database, clock, events, store }));
}
