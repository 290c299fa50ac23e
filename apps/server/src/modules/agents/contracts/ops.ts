import { CONTRACT_KINDS, minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../../platform/audit.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import { findByAccount } from '../../accounts/index.ts';
import type { OpsExtension } from '../../ops/index.ts';
import {
  findContract,
  listBills,
  listContracts,
  lockBill,
  lockClaim,
  rejectClaim,
  setState,
  writeOff,
} from './repository.ts';
import { present } from './service.ts';
import type { ContractSettlement } from './settlement.ts';

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(1).max(500);

/**
 * `npm run ops -- contract list --account A [--kind K]`, `contract show <id>` (the contract and
 * its bills), `contract terminate <id> --reason R` (ends a live or pending contract at once),
 * `contract write-off <bill> --reason R` (stops collecting what a bill still owes), `contract
 * reject-claim <bill> --reason R` (DAYSALMR: a claimable daily salary is never paid), `contract
 * settle <kind> <period>` (settles a period now; the job does it on its own). Changes are audited
 * with before and after.
 */
export const contractCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    command: z.literal('contract'),
    action: z.literal('list'),
    account: z.string().trim().min(1).max(32),
    kind: z.enum(CONTRACT_KINDS).optional(),
  }),
  z.strictObject({ command: z.literal('contract'), action: z.literal('show'), id }),
  z.strictObject({ command: z.literal('contract'), action: z.literal('terminate'), id, reason }),
  z.strictObject({ command: z.literal('contract'), action: z.literal('write-off'), bill: id, reason }),
  z.strictObject({ command: z.literal('contract'), action: z.literal('reject-claim'), bill: id, reason }),
  z.strictObject({
    command: z.literal('contract'),
    action: z.literal('settle'),
    kind: z.enum(CONTRACT_KINDS),
    period: z.string().trim().min(4).max(16),
  }),
]);

export function contractCommand(deps: {
  database: Database;
  clock: Clock;
  events: EventBus;
  settlement: ContractSettlement;
}): OpsExtension<typeof contractCommandSchema> {
  const db = () => deps.database.db;
  return {
    schema: contractCommandSchema,
    async run(merchantCode, args, actor) {
      const at = new Date(deps.clock.now());
      switch (args.action) {
        case 'list': {
          const member = await findByAccount(db(), merchantCode, args.account);
          if (!member) throw new AppError('ops.invalid', `There is no member ${args.account}.`);
          const rows = await listContracts(db(), merchantCode, member.id, args.kind);
          return { account: member.account, contracts: rows.map((r) => present(r, member.id)) };
        }
        case 'show': {
          const c = await findContract(db(), merchantCode, args.id);
          if (!c) throw new AppError('contract.not.found');
          const bills = await listBills(db(), merchantCode, { contractId: c.id, page: 1, size: 100 });
          return {
            contract: present(c, c.downlineId),
            bills: bills.rows.map((b) => ({
              id: b.id,
              period: b.periodKey,
              payer: b.payerAccount,
              payee: b.payeeAccount,
              figures: b.figures,
              tier: b.tier,
              amount: minorToDecimal(b.amountMinor),
              net: minorToDecimal(b.netMinor),
              paid: minorToDecimal(b.paidMinor),
              state: b.state,
              transfers: b.transferIds,
            })),
          };
        }
        case 'terminate': {
          const result = await deps.database.db.transaction(async (tx) => {
            const c = await findContract(tx, merchantCode, args.id, true);
            if (!c) throw new AppError('contract.not.found');
            if (c.state === 'terminated' || c.state === 'rejected') {
              throw new AppError('ops.invalid', `Contract ${c.id} has ended already (${c.state}).`);
            }
            const next = c.state === 'pending' ? 'rejected' : 'terminated';
            await setState(tx, c.id, next, at);
            if (c.state === 'pending' && c.replacesId !== null)
              await setState(tx, c.replacesId, 'active', at);
            await appendAudit(deps.database, tx, {
              merchantCode,
              actor,
              action: 'contract.terminate',
              detail: { id: c.id, reason: args.reason },
              before: { state: c.state },
              after: { state: next },
            });
            return { c, next };
          });
          deps.events.publish(merchantCode, [result.c.uplineId, result.c.downlineId], {
            type: 'contract',
            id: result.c.id,
            kind: result.c.kind,
            state: result.next,
          });
          return { id: result.c.id, state: result.next };
        }
        case 'write-off':
          return deps.database.db.transaction(async (tx) => {
            const b = await lockBill(tx, merchantCode, args.bill);
            if (!b) throw new AppError('ops.invalid', `There is no bill ${args.bill}.`);
            if (b.state !== 'pending' && b.state !== 'partly-paid') {
              throw new AppError('ops.invalid', `Bill ${b.id} owes nothing (${b.state}).`);
            }
            await writeOff(tx, b.id, at);
            const owed = minorToDecimal(b.amountMinor - b.paidMinor);
            await appendAudit(deps.database, tx, {
              merchantCode,
              actor,
              action: 'contract.write-off',
              detail: { bill: b.id, contract: b.contractId, reason: args.reason, owed },
              before: { state: b.state, paid: minorToDecimal(b.paidMinor) },
              after: { state: 'written-off' },
            });
            return { bill: b.id, state: 'written-off', writtenOff: owed };
          });
        case 'reject-claim': {
          const result = await deps.database.db.transaction(async (tx) => {
            const b = await lockClaim(tx, merchantCode, args.bill, at);
            if (!b) throw new AppError('ops.invalid', `There is no salary claim ${args.bill}.`);
            if (b.state !== 'claimable') {
              throw new AppError('ops.invalid', `Salary claim ${b.id} is not claimable (${b.state}).`);
            }
            await rejectClaim(tx, b.id, args.reason, at);
            await appendAudit(deps.database, tx, {
              merchantCode,
              actor,
              action: 'contract.reject-claim',
              detail: {
                bill: b.id,
                contract: b.contractId,
                reason: args.reason,
                amount: minorToDecimal(b.amountMinor),
              },
              before: { state: b.state },
              after: { state: 'rejected' },
            });
            return b;
          });
          deps.events.publish(merchantCode, [result.payeeId], {
            type: 'contract',
            id: result.contractId,
            kind: result.kind,
            state: 'rejected',
          });
          return { bill: result.id, state: 'rejected' };
        }
        case 'settle': {
          const made = await deps.settlement.settleContracts(merchantCode, args.kind, args.period);
          await deps.database.db.transaction((tx) =>
            appendAudit(deps.database, tx, {
              merchantCode,
              actor,
              action: 'contract.settle',
              detail: { kind: args.kind, period: args.period, bills: made },
            }),
          );
          return { kind: args.kind, period: args.period, bills: made };
        }
      }
    },
  };
}
