import { minorToDecimal, type transferReceiptSchema } from '@aurum/contract';
import type { z } from 'zod';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Queryable } from '../../platform/sql.ts';
import type { TransferResult } from './ledger.ts';

export type TransferReceipt = z.input<typeof transferReceiptSchema>;

/** What the transfers need of the payment password (modules/cashier/payment-password.ts). */
export interface PaymentPasswordGuard {
  verify(q: Queryable, merchantCode: string, memberId: number, password: string): Promise<void>;
  has(q: Queryable, merchantCode: string, memberId: number): Promise<boolean>;
}

/** The ledger's key limit (idempotencyKeySchema). */
const MAX_KEY_LENGTH = 128;

/**
 * The ledger key of a member's request. Keys are unique per merchant, so the client's key is
 * put in the member's own namespace: two members who happen to pick the same key never meet,
 * and one member's key can never replay or block another's transfer. `scope` keeps derived
 * keys (a recall's one per game wallet) apart from keys the client chose. A key too long for
 * the ledger is hashed, which is as stable as the key itself.
 */
export function memberKey(memberId: number, scope: 'transfer' | 'recall', ...parts: string[]): string {
  const tag = scope === 'transfer' ? 't' : 'r';
  const plain = `m${memberId}:${tag}:${parts.join(':')}`;
  if (plain.length <= MAX_KEY_LENGTH) return plain;
  return `m${memberId}:${tag}h:${sha256Hex(parts.join('\u0000'))}`;
}

export const memberActor = (memberId: number) => `member:${memberId}`;

/** The reply of a member's transfer: the paying wallet's balance after it. */
export function receiptOf(t: TransferResult): TransferReceipt {
  return {
    transferId: t.transferId,
    amount: minorToDecimal(t.amountMinor),
    txTypeId: t.kind,
    createdAt: t.createdAt.getTime(),
    balanceAfter: minorToDecimal(t.from.balanceAfterMinor),
  };
}
