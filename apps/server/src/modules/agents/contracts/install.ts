import type { FastifyInstance } from 'fastify';
import type { MemberRow } from '../../../db/schema.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { AreaDeps } from '../../area-deps.ts';
import { SalaryClaims } from './claims.ts';
import { contractCommand } from './ops.ts';
import { contractRoutes } from './routes.ts';
import { ContractDesk } from './service.ts';
import { ContractSettlement, contractDebtsJob, contractsJob } from './settlement.ts';

/**
 * Agent contracts: their calls, the settlement job (every 5 minutes), the owed-bills job (every 30
 * seconds) and the operator command.
 */
export function installContracts(app: FastifyInstance, deps: AreaDeps) {
  const { database, store, clock, events, ledger } = deps;
  const settlement = new ContractSettlement({ database, store, ledger, clock, events });
  const desk = new ContractDesk(database, clock, events);
  contractRoutes(app, store, desk, new SalaryClaims({ database, ledger, clock, events }));
  deps.jobs.add(contractsJob(settlement));
  deps.jobs.add(contractDebtsJob(settlement, database));
  // Top agents hold their house contracts from the start (idempotent, every start).
  app.addHook('onReady', () => settlement.ensureHouseContracts());
  deps.ops.extend('contract', contractCommand({ database, clock, events, settlement }));
  return {
    settlement,
    /** The consolidated contract info of GET /wps/member/info/funds/consolidated. */
    requests: (merchant: MerchantState, member: MemberRow) => desk.requests(merchant, member),
  };
}
