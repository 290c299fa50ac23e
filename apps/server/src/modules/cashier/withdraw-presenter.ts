import { minorToDecimal, type WithdrawOrder } from '@aurum/contract';
import type { EventBus } from '../../platform/events.ts';
import { maskAccountNumber } from './bound-accounts.ts';
import type { WithdrawOrderRow } from './withdraw-repository.ts';

/** A member's view of its order: the account number masked, the margin worked out. */
export function presentWithdrawOrder(o: WithdrawOrderRow): WithdrawOrder {
  return {
    orderNo: o.orderNo,
    amount: minorToDecimal(o.amountMinor),
    status: o.status,
    account: {
      type: o.accountType,
      provider: o.accountProvider,
      accountNumber: maskAccountNumber(o.accountNumber),
    },
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    // Only a PAID order is waiting: past that the time means nothing to the member.
    confirmBy: o.status === 'PAID' ? o.confirmBy : null,
    receivedAmount: o.receivedMinor === null ? null : minorToDecimal(o.receivedMinor),
    remainingAmount: o.receivedMinor === null ? null : minorToDecimal(o.amountMinor - o.receivedMinor),
    hasProof: o.proofKey !== null,
    remark: o.remark,
  };
}

/** An operator's view: who, where to pay in full, and the ledger transfers behind it. */
export function presentOperatorOrder(o: WithdrawOrderRow) {
  const at = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  return {
    orderNo: o.orderNo,
    member: o.memberAccount,
    amount: minorToDecimal(o.amountMinor),
    status: o.status,
    account: {
      type: o.accountType,
      provider: o.accountProvider,
      payeeName: o.accountPayeeName,
      accountNumber: o.accountNumber,
    },
    createdAt: at(o.createdAt),
    reviewedAt: at(o.reviewedAt),
    reviewedBy: o.reviewedBy,
    paidAt: at(o.paidAt),
    confirmBy: at(o.confirmBy),
    confirmedAt: at(o.confirmedAt),
    receivedAmount: o.receivedMinor === null ? null : minorToDecimal(o.receivedMinor),
    remainingAmount: o.receivedMinor === null ? null : minorToDecimal(o.amountMinor - o.receivedMinor),
    proofKey: o.proofKey,
    remark: o.remark,
    transfers: { hold: o.holdTransferId, payout: o.payoutTransferId, return: o.returnTransferId },
  };
}
export type OperatorWithdrawOrder = ReturnType<typeof presentOperatorOrder>;

/** After the commit: the member's cashier views follow the order's status live. */
export function publishWithdrawal(
  events: EventBus | undefined,
  merchant: string,
  order: { memberId: number; orderNo: string; status: string },
): void {
  events?.publish(merchant, order.memberId, {
    type: 'withdrawal',
    orderNo: order.orderNo,
    status: order.status,
  });
}
