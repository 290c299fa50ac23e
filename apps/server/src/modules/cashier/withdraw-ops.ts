import { TX_TYPE, WITHDRAW_STATUS, type WithdrawStatus } from '@aurum/contract';
import { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import type { OpsService } from '../ops/index.ts';
import {
  type Ledger,
  type LedgerTx,
  memberAccount,
  systemAccount,
  type TransferRequest,
  type TransferResult,
} from '../wallet/index.ts';
import { withdrawConfig } from './withdraw-config.ts';
import { type OperatorWithdrawOrder, presentOperatorOrder, publishWithdrawal } from './withdraw-presenter.ts';
import {
  changeStatus,
  findByOrderNo,
  listOrders,
  type OrderChange,
  type WithdrawOrderRow,
} from './withdraw-repository.ts';
import { withdrawKey } from './withdraw-service.ts';

const base = { command: z.literal('withdraw') };
const orderNo = z.string().trim().min(1).max(40);

/** `npm run ops -- withdraw <action> …`: the operator's side of withdrawals. */
export const withdrawCommandSchema = z.discriminatedUnion('action', [
  z.object({
    ...base,
    action: z.literal('list'),
    status: z.enum(WITHDRAW_STATUS).optional(),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  /** Paid out: the hold goes to CLEARING, the member is asked to confirm. */
  z.object({ ...base, action: z.literal('approve'), orderNo }),
  /** Refused: the hold returns to the member's main wallet. */
  z.object({ ...base, action: z.literal('reject'), orderNo, reason: z.string().trim().min(1).max(255) }),
  /** NOT_RECEIVED: what did not arrive returns from CLEARING to the main wallet. */
  z.object({ ...base, action: z.literal('return-margin'), orderNo }),
  /** NOT_RECEIVED: counted received all the same; the margin is not returned. */
  z.object({ ...base, action: z.literal('force-received'), orderNo }),
]);
export type WithdrawCommand = z.output<typeof withdrawCommandSchema>;
type Action = Exclude<WithdrawCommand['action'], 'list'>;

export interface WithdrawOpsDeps {
  database: Database;
  ledger: Ledger;
  store: MerchantStore;
  clock: Clock;
  /** Tells the member's open browsers the order's new status. */
  events?: EventBus;
}

interface Step {
  from: WithdrawStatus;
  /** The money it moves, if any, and the order's columns it sets. */
  run(tx: LedgerTx, order: WithdrawOrderRow, now: Date): Promise<OrderChange>;
}

/**
 * The operator's actions on withdrawals. Each one locks the order, checks its status, moves
 * the money and changes the status with a conditional update, and records the audit row, all
 * in one transaction: two operators, or one operator retrying, never pay or release twice.
 */
export class WithdrawOps {
  constructor(private readonly deps: WithdrawOpsDeps) {}

  register(ops: OpsService): void {
    ops.extend('withdraw', {
      schema: withdrawCommandSchema,
      run: (m, args, actor) => this.run(m, args, actor),
    });
  }

  run(merchant: string, cmd: WithdrawCommand, actor: string): Promise<unknown> {
    if (cmd.action === 'list') {
      // The same shape as `deposit list`.
      return listOrders(this.deps.database.db, merchant, cmd.status ?? null, cmd.limit).then((rows) => ({
        orders: rows.map(presentOperatorOrder),
      }));
    }
    return this.act(merchant, cmd.action, cmd.orderNo, actor, cmd.action === 'reject' ? cmd.reason : null);
  }

  private async act(
    merchant: string,
    action: Action,
    orderNo: string,
    actor: string,
    reason: string | null,
  ): Promise<OperatorWithdrawOrder> {
    const { ledger, clock } = this.deps;
    const step = await this.step(merchant, action, actor, reason);
    const after = await ledger.run(async (tx) => {
      const order = await findByOrderNo(tx, merchant, orderNo, { lock: true });
      if (!order) throw new AppError('cashier.order.not.found');
      if (order.status !== step.from) {
        throw new AppError('cashier.order.state', `The withdrawal is ${order.status}, not ${step.from}.`);
      }
      const now = new Date(clock.now());
      const change = await step.run(tx, order, now);
      const changed = await changeStatus(tx, order.id, step.from, {
        ...change,
        reviewedAt: now,
        reviewedBy: actor,
      });
      if (!changed) throw new AppError('cashier.order.state');
      const after = (await findByOrderNo(tx, merchant, orderNo))!;
      await appendAudit(this.deps.database, tx, {
        merchantCode: merchant,
        actor,
        action: `withdraw-${action}`,
        detail: {
          orderNo,
          member: order.memberAccount,
          amount: after.amountMinor.toString(),
          from: step.from,
          to: after.status,
          ...(reason ? { reason } : {}),
          transfers: { payout: after.payoutTransferId, return: after.returnTransferId },
        },
      });
      return after;
    });
    publishWithdrawal(this.deps.events, merchant, after);
    return presentOperatorOrder(after);
  }

  private async step(merchant: string, action: Action, actor: string, reason: string | null): Promise<Step> {
    const { ledger, store } = this.deps;
    const move = (tx: LedgerTx, req: Omit<TransferRequest, 'merchant' | 'actor'>) =>
      ledger.transfer(tx, { ...req, merchant, actor });
    const moved = (t: TransferResult) => {
      // A replayed movement means it happened under another status change: never count it twice.
      if (t.replayed) throw new AppError('cashier.order.state');
      return t.transferId;
    };
    switch (action) {
      case 'approve': {
        const state = await store.get(merchant);
        if (!state) throw new AppError('merchant.unknown');
        const timeoutMs = withdrawConfig(state).confirmTimeoutMinutes * MINUTE_MS;
        return {
          from: 'PENDING',
          run: async (tx, o, now) => ({
            status: 'PAID',
            paidAt: now,
            confirmBy: new Date(now.getTime() + timeoutMs),
            payoutTransferId: moved(
              await move(tx, {
                from: memberAccount(o.memberId, 'HOLD'),
                to: systemAccount('CLEARING'),
                amountMinor: o.amountMinor,
                kind: TX_TYPE.withdrawal,
                idempotencyKey: withdrawKey(o.orderNo, 'payout'),
                memo: `withdrawal ${o.orderNo} paid out`,
              }),
            ),
          }),
        };
      }
      case 'reject':
        return {
          from: 'PENDING',
          run: async (tx, o) => ({
            status: 'REJECTED',
            remark: reason ?? undefined,
            returnTransferId: moved(
              await ledger.release(tx, {
                merchant,
                memberId: o.memberId,
                amountMinor: o.amountMinor,
                idempotencyKey: withdrawKey(o.orderNo, 'release'),
                memo: `withdrawal ${o.orderNo} rejected`,
                actor,
              }),
            ),
          }),
        };
      case 'return-margin':
        return {
          from: 'NOT_RECEIVED',
          run: async (tx, o) => ({
            status: 'MARGIN_RETURNED',
            returnTransferId: moved(
              await move(tx, {
                from: systemAccount('CLEARING'),
                to: memberAccount(o.memberId, 'MAIN'),
                // The CHECK on received_amount keeps this above zero.
                amountMinor: o.amountMinor - (o.receivedMinor ?? 0n),
                kind: TX_TYPE.withdrawal,
                idempotencyKey: withdrawKey(o.orderNo, 'margin'),
                memo: `withdrawal ${o.orderNo} margin returned`,
              }),
            ),
          }),
        };
      case 'force-received':
        return { from: 'NOT_RECEIVED', run: async () => ({ status: 'FORCED_RECEIVED' }) };
    }
  }
}
