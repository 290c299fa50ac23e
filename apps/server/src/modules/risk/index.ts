/**
 * Risk signals (linked accounts, large-win and large-withdrawal alerts) as operator commands.
 * The held vendor credits are the vendor module's (`risk list|release|reject`). Code outside
 * `modules/risk/` imports only this file.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsService } from '../ops/index.ts';
import { alertsCommandSchema, linksCommandSchema, RiskSignals } from './signals.ts';

export type { LinkedMember, RiskAlert } from './signals.ts';

export function installRiskSignals(deps: {
  database: Database;
  store: MerchantStore;
  clock: Clock;
  ops: OpsService;
}): RiskSignals {
  const signals = new RiskSignals(deps);
  deps.ops.extend('risk-links', {
    schema: linksCommandSchema,
    run: (merchant, cmd, actor) => signals.links(merchant, cmd, actor),
  });
  deps.ops.extend('risk-alerts', {
    schema: alertsCommandSchema,
    run: (merchant, cmd) => signals.alerts(merchant, cmd),
  });
  return signals;
}
