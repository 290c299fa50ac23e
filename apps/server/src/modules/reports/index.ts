/**
 * The reports module's public face (the operator's dashboard and the GGR, NGR, payments and
 * player P&L reports, all read from the ledger): code outside `modules/reports/` imports only
 * this file.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area-deps.ts';
import { reportOps } from './ops.ts';
import { Reports } from './service.ts';
import { MemberStatements } from './statement.ts';
import { statementRoutes } from './statement-routes.ts';

export { toCsv } from './csv.ts';
export { DEDUCTIONS, REPORT_LINES } from './definitions.ts';

/** Adds the `dashboard` and `report` operator commands. */
export function installReports(deps: Pick<AreaDeps, 'database' | 'store' | 'clock' | 'ops'>): Reports {
  const reports = new Reports(deps);
  reportOps(deps.ops, reports);
  return reports;
}

/** The member's statement (the credit report): GET /wps/member/statement and its CSV and PDF. */
export function installStatements(
  app: FastifyInstance,
  deps: Pick<AreaDeps, 'database' | 'store' | 'clock'>,
): void {
  statementRoutes(app, deps.store, new MemberStatements(deps.database, deps.clock));
}
