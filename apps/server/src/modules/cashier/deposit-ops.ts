import { DEPOSIT_STATUS, minorToDecimal } from '@aurum/contract';
import { z } from 'zod';
import type { DepositOrderRow } from '../../db/schema.ts';
import { appendAudit, recordAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { BlobStorage } from '../../platform/storage.ts';
import { findById } from '../accounts/index.ts';
import type { OpsExtension } from '../ops/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { creditOrder } from './deposit-credit.ts';
import { effectiveStatus } from './deposit-presenter.ts';
import { findByOrderNo, listForOperator, settleOrder } from './deposit-repository.ts';
import { listWebhooks } from './webhook-log.ts';

const orderNo = z.string().trim().min(1).max(40);

/** `npm run ops -- deposit list|approve|reject …`, as the operator endpoint receives it. */
export const depositCommandSchema = z.discriminatedUnion('action', [
  z.object({
    command: z.literal('deposit'),
    action: z.literal('list'),
    status: z.enum(DEPOSIT_STATUS).optional(),
    limit: z.number().int().min(1).max(200).default(20),
  }),
  z.object({ command: z.literal('deposit'), action: z.literal('approve'), orderNo }),
  /** A bank deposit's proof image, as a data URL. */
  z.object({ command: z.literal('deposit'), action: z.literal('proof'), orderNo }),
  /** The payment gateways' webhooks and what the site did with each, newest first. */
  z.object({
    command: z.literal('deposit'),
    action: z.literal('webhooks'),
    orderNo: orderNo.optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  z.object({
    command: z.literal('deposit'),
    action: z.literal('reject'),
    orderNo,
    reason: z.string().trim().min(1).max(255),
  }),
]);
export type DepositCommand = z.infer<typeof depositCommandSchema>;

/** An order as an operator reads it. */
export interface OperatorDepositView {
  orderNo: string;
  account: string;
  channelId: string;
  type: 'GATEWAY' | 'BANK';
  amount: string;
  currency: string;
  status: string;
  reference: string | null;
  /** The proof image's storage key (a file under UPLOAD_DIR on the default disk storage). */
  proofKey: string | null;
  gatewayTxnId: string | null;
  createdAt: string;
  expiresAt: string | null;
  completedAt: string | null;
  remark: string | null;
  reviewedBy: string | null;
  transferId: number | null;
}

function operatorView(order: DepositOrderRow, account: string, now: number): OperatorDepositView {
  return {
    orderNo: order.orderNo,
    account,
    channelId: order.channelId,
    type: order.type,
    amount: minorToDecimal(order.amount),
    currency: order.currency,
    status: effectiveStatus(order, now),
    reference: order.reference,
    proofKey: order.proofKey,
    gatewayTxnId: order.gatewayTxnId,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt?.toISOString() ?? null,
    completedAt: order.completedAt?.toISOString() ?? null,
    remark: order.remark,
    reviewedBy: order.reviewedBy,
    transferId: order.ledgerTransferId,
  };
}

export interface DepositOpsDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  storage: BlobStorage;
}

/**
 * The operator's deposit command. Approving a manual bank deposit credits it (payment clearing
 * to the member's main wallet) and marks it PAID in one transaction with its audit row;
 * rejecting marks it REJECTED with the reason. Gateway orders are settled by their gateway, and
 * a settled order is never settled again. Every use, listing included, is audited.
 */
export function depositOpsCommand(deps: DepositOpsDeps): OpsExtension<typeof depositCommandSchema> {
  const { database, ledger, clock } = deps;

  const proof = async (merchant: string, no: string, actor: string) => {
    const order = await findByOrderNo(database.db, merchant, no);
    if (!order) throw new AppError('cashier.order.not.found');
    if (!order.proofKey) throw new AppError('ops.invalid', 'This order has no proof image.');
    const image = await deps.storage.get(order.proofKey);
    if (!image) throw new AppError('ops.invalid', 'The proof image is no longer stored.');
    await recordAudit(database, {
      merchantCode: merchant,
      actor,
      action: 'deposit-proof',
      detail: { orderNo: order.orderNo },
    });
    return {
      orderNo: order.orderNo,
      mime: image.mime,
      dataUrl: `data:${image.mime};base64,${image.bytes.toString('base64')}`,
    };
  };

  const review = (
    merchant: string,
    cmd: Extract<DepositCommand, { action: 'approve' | 'reject' }>,
    actor: string,
  ) =>
    ledger.run(async (tx) => {
      const now = clock.now();
      const order = await findByOrderNo(tx, merchant, cmd.orderNo, true);
      if (!order) throw new AppError('cashier.order.not.found');
      if (order.type !== 'BANK') {
        throw new AppError('cashier.order.state', 'A gateway deposit is settled by its payment gateway.');
      }
      if (order.status !== 'PENDING')
        throw new AppError('cashier.order.state', `The order is ${order.status} already.`);
      const settled =
        cmd.action === 'approve'
          ? await creditOrder(ledger, tx, order, actor, now, { reviewedBy: actor })
          : await settleOrder(tx, order.id, {
              status: 'REJECTED',
              completedAt: new Date(now),
              remark: cmd.reason,
              reviewedBy: actor,
            });
      const member = await findById(tx, merchant, order.memberId);
      const view = operatorView(settled, member?.account ?? String(order.memberId), now);
      await appendAudit(database, tx, {
        merchantCode: merchant,
        actor,
        action: `deposit-${cmd.action}`,
        detail: {
          orderNo: view.orderNo,
          account: view.account,
          amount: view.amount,
          transferId: view.transferId,
          ...(cmd.action === 'reject' ? { reason: cmd.reason } : {}),
        },
      });
      return view;
    });

  return {
    schema: depositCommandSchema,
    async run(merchant, cmd, actor) {
      if (cmd.action === 'proof') return proof(merchant, cmd.orderNo, actor);
      if (cmd.action === 'webhooks') return { webhooks: await listWebhooks(database, merchant, cmd) };
      if (cmd.action !== 'list') return review(merchant, cmd, actor);
      const now = clock.now();
      const rows = await listForOperator(database.db, merchant, cmd.status, cmd.limit);
      // PENDING lists what still waits: a gateway order past its expiry does not.
      const orders = rows
        .map((r) => operatorView(r.order, r.account, now))
        .filter((o) => !cmd.status || o.status === cmd.status);
      await recordAudit(database, {
        merchantCode: merchant,
        actor,
        action: 'deposit-list',
        detail: { status: cmd.status ?? null, limit: cmd.limit, count: orders.length },
      });
      return { orders };
    },
  };
}
