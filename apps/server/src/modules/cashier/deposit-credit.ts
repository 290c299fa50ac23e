import { TX_TYPE } from '@aurum/contract';
import type { DepositOrderRow } from '../../db/schema.ts';
import { type Ledger, type LedgerTx, memberAccount, systemAccount } from '../wallet/index.ts';
import { type NewDepositOrder, settleOrder } from './deposit-repository.ts';

/** One key per order: whatever path credits it (webhook, retry, operator), it moves money once. */
export const depositTransferKey = (orderNo: string) => `deposit:${orderNo}`;

/**
 * Credits a pending order and marks it PAID, in the caller's transaction (which holds the
 * order's row): payment clearing to the member's main wallet. The order and the money commit
 * or roll back together.
 */
export async function creditOrder(
  ledger: Ledger,
  tx: LedgerTx,
  order: DepositOrderRow,
  actor: string,
  nowMs: number,
  extra: Partial<NewDepositOrder> = {},
): Promise<DepositOrderRow> {
  const transfer = await ledger.transfer(tx, {
    merchant: order.merchantCode,
    from: systemAccount('CLEARING'),
    to: memberAccount(order.memberId, 'MAIN'),
    amountMinor: order.amount,
    kind: TX_TYPE.deposit,
    idempotencyKey: depositTransferKey(order.orderNo),
    memo: `deposit ${order.orderNo}`,
    actor,
  });
  return settleOrder(tx, order.id, {
    ...extra,
    status: 'PAID',
    ledgerTransferId: transfer.transferId,
    completedAt: new Date(nowMs),
  });
}
