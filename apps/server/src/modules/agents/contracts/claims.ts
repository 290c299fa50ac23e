import {
  type claimSalaryRequestSchema,
  minorToDecimal,
  type SalaryClaim,
  type salaryClaimsQuerySchema,
  TX_TYPE,
} from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { type Ledger, memberAccount } from '../../wallet/index.ts';
import { type ClaimRow, listClaims, lockClaim, markClaimed } from './repository.ts';
import { requireAgent } from './service.ts';
import { HOUSE_CONTRACTS } from './settlement.ts';
import { requireKind } from './terms.ts';

type ClaimsQuery = z.output<typeof salaryClaimsQuerySchema>;
type ClaimBody = z.output<typeof claimSalaryRequestSchema>;

/**
 * DAYSALMR, the daily salary claimed by hand: with the merchant's key on, the settlement leaves
 * each daily-salary bill claimable (for `claimDays`) instead of paying it. Its payee claims it:
 * one ledger transfer from the payer (the upline's main wallet, or the house's contracts account
 * for a top agent) keyed `contract-claim:<bill>`, with the bill locked, so two claims at once pay
 * once. The route table refuses both calls while DAYSALMR is off.
 */
export class SalaryClaims {
  constructor(
    private readonly deps: { database: Database; ledger: Ledger; clock: Clock; events: EventBus },
  ) {}

  async list(merchant: MerchantState, member: MemberRow, q: ClaimsQuery) {
    requireAgent(merchant, member);
    requireKind(merchant, 'daily');
    const { rows, total } = await listClaims(this.deps.database.db, merchant.code, {
      payeeId: member.id,
      state: q.state,
      now: new Date(this.deps.clock.now()),
      page: q.page,
      size: q.size,
    });
    return {
      content: rows.map(presentClaim),
      pageNum: q.page,
      totalPages: Math.ceil(total / q.size),
      total,
    };
  }

  async claim(merchant: MerchantState, member: MemberRow, body: ClaimBody): Promise<SalaryClaim> {
    requireAgent(merchant, member);
    requireKind(merchant, 'daily');
    const { ledger, clock } = this.deps;
    const at = new Date(clock.now());
    const claimed = await ledger.run(async (tx) => {
      const bill = await lockClaim(tx, merchant.code, body.id, at);
      // Another member's bill is unknown to the caller, as a contract it is no party to.
      if (!bill || bill.payeeId !== member.id) throw new AppError('contract.claim.unknown');
      if (bill.state === 'expired') throw new AppError('contract.claim.expired');
      if (bill.state !== 'claimable') throw new AppError('contract.claim.state');
      const moved = await ledger.transfer(tx, {
        merchant: merchant.code,
        from: bill.payerId === null ? HOUSE_CONTRACTS : memberAccount(bill.payerId, 'MAIN'),
        to: memberAccount(bill.payeeId, 'MAIN'),
        amountMinor: bill.amountMinor - bill.paidMinor,
        kind: TX_TYPE.salary,
        idempotencyKey: `contract-claim:${bill.id}`,
        memo: `contract ${bill.contractId} bill ${bill.id} claimed`,
        actor: `agent:${member.account}`,
        shard: bill.id,
      });
      await markClaimed(tx, bill.id, moved.transferId, at);
      return { ...bill, state: 'claimed' as const, paidMinor: bill.amountMinor, claimedAt: at.getTime() };
    });
    const ids = claimed.payerId === null ? [member.id] : [member.id, claimed.payerId];
    this.deps.events.publish(merchant.code, ids, {
      type: 'contract',
      id: claimed.contractId,
      kind: 'daily',
      state: 'claimed',
    });
    return presentClaim(claimed);
  }
}

export const presentClaim = (c: ClaimRow): SalaryClaim => ({
  id: c.id,
  period: c.periodKey,
  upline: c.payerAccount,
  amount: minorToDecimal(c.amountMinor),
  state: c.state,
  claimUntil: c.claimUntil,
  claimedAt: c.claimedAt,
  reason: c.reason,
  createdAt: c.createdAt,
});
