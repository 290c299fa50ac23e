import { randomUUID } from 'node:crypto';
import { minorToDecimal, TX_TYPE } from '@aurum/contract';
import { appendAudit, recordAudit } from '../../platform/audit.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findByAccount } from '../accounts/index.ts';
import { HOUSE_ADJUST, memberAccount, systemAccount } from './accounts.ts';
import { checkLedger, type LedgerReport } from './invariants.ts';
import type { Ledger } from './ledger.ts';

export interface AdjustCommand {
  /** The member's account name. */
  account: string;
  /** Positive credits the main wallet, negative debits it. */
  amountMinor: bigint;
  reason: string;
  /** Given to retry an adjustment whose answer was lost; made up (and printed) otherwise. */
  key?: string | undefined;
}

export interface AdjustResult {
  key: string;
  transferId: number;
  account: string;
  memberId: number;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  replayed: boolean;
}

/** Every ledger key an operator command makes starts with this; no other code uses it. */
export const OPS_KEY_PREFIX = 'ops:';

/**
 * An operator's correction of a member's main wallet: a transfer from (credit) or to (debit)
 * HOUSE:ADJUST, never an edit. It and its audit row commit together; a retry with the same key
 * changes nothing and records nothing more.
 */
export async function adjustBalance(
  database: Database,
  ledger: Ledger,
  merchant: string,
  cmd: AdjustCommand,
  actor: string,
): Promise<AdjustResult> {
  const member = await findByAccount(database.db, merchant, cmd.account);
  if (!member) throw new AppError('ops.invalid', `There is no member ${cmd.account}.`);
  // The operator's keys live in their own key space: `--key deposit:D123` can never take the
  // key a deposit's credit will use.
  const key = cmd.key ?? `adjust-${randomUUID()}`;
  const ledgerKey = `${OPS_KEY_PREFIX}${key}`;
  const credit = cmd.amountMinor > 0n;
  const main = memberAccount(member.id, 'MAIN');
  const house = systemAccount(HOUSE_ADJUST);
  return ledger.run(async (tx) => {
    const t = await ledger.transfer(tx, {
      merchant,
      from: credit ? house : main,
      to: credit ? main : house,
      amountMinor: credit ? cmd.amountMinor : -cmd.amountMinor,
      kind: TX_TYPE.adjustment,
      idempotencyKey: ledgerKey,
      memo: cmd.reason,
      actor,
    });
    const side = credit ? t.to : t.from;
    const result: AdjustResult = {
      key,
      transferId: t.transferId,
      account: member.account,
      memberId: member.id,
      amount: minorToDecimal(cmd.amountMinor),
      balanceBefore: minorToDecimal(side.balanceBeforeMinor),
      balanceAfter: minorToDecimal(side.balanceAfterMinor),
      replayed: t.replayed,
    };
    if (!t.replayed) {
      await appendAudit(database, tx, {
        merchantCode: merchant,
        actor,
        action: 'adjust',
        detail: { ...result, reason: cmd.reason },
      });
    }
    return result;
  });
}

/** The ledger invariants over every merchant, recorded in the audit log of `merchant`. */
export async function ledgerCheck(
  database: Database,
  merchant: string,
  actor: string,
): Promise<LedgerReport> {
  const report = await checkLedger(database);
  await recordAudit(database, {
    merchantCode: merchant,
    actor,
    action: 'ledger-check',
    detail: { ok: report.ok, transfers: report.transfers, problems: report.problems.length },
  });
  return report;
}
