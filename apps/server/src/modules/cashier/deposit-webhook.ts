import type { IncomingHttpHeaders } from 'node:http';
import type { DepositStatus, ErrorCode } from '@aurum/contract';
import type { DepositOrderRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantStore } from '../../platform/merchants.ts';
import { constraintOf, sqlState } from '../../platform/sql.ts';
import type { Ledger, LedgerTx } from '../wallet/index.ts';
import { creditOrder } from './deposit-credit.ts';
import { findByOrderNo, settleOrder } from './deposit-repository.ts';
import type { Gateways, PaymentEvent } from './gateway.ts';
import { logWebhook, type WebhookLogEntry, type WebhookResult } from './webhook-log.ts';

/** Our answer to a webhook we took: the order as it now stands. */
export interface WebhookReceipt {
  orderNo: string;
  status: DepositStatus;
  /** True only for the webhook that credited the order; a replay says false. */
  credited: boolean;
}

type Settlement = { receipt: WebhookReceipt; result: WebhookResult } | { refuse: ErrorCode; message: string };

export interface DepositWebhookDeps {
  database: Database;
  store: MerchantStore;
  ledger: Ledger;
  clock: Clock;
  gateways: Gateways;
  log: { warn(obj: object, msg: string): void };
}

const receipt = (order: DepositOrderRow, result: WebhookResult): Settlement => ({
  receipt: { orderNo: order.orderNo, status: order.status, credited: result === 'credited' },
  result,
});

/**
 * Gateways' webhooks, the same rules for every gateway: the gateway's adapter checks the
 * signature and reads the body; here the order is locked and checked (its gateway, amount,
 * currency, state and expiry), and settled at most once per gateway transaction. A paid order
 * is credited in the transaction that marks it PAID. A webhook sent again (or twice at once)
 * gets the first answer and moves nothing.
 */
export class DepositWebhooks {
  constructor(private readonly deps: DepositWebhookDeps) {}

  async handle(gatewayName: string, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookReceipt> {
    const gateway = this.deps.gateways.get(gatewayName);
    if (!gateway) throw new AppError('route.not.found');
    const receivedAt = new Date(this.deps.clock.now());
    let event: PaymentEvent | null = null;
    let settled: Settlement;
    try {
      event = await gateway.parseWebhook(rawBody, headers, this.deps.clock.now());
      settled = await this.settleEvent(gateway.name, event);
    } catch (e) {
      await this.log({
        gateway: gateway.name,
        receivedAt,
        event,
        result: 'refused',
        errorCode: e instanceof AppError ? e.code : 'internal',
        message: e instanceof AppError ? e.message : undefined,
      });
      throw e;
    }
    if ('refuse' in settled) {
      const refused = event;
      this.deps.log.warn(
        { gateway: gateway.name, ...refused, amountMinor: `${refused.amountMinor}`, refused: settled.refuse },
        settled.message,
      );
      await this.log({
        gateway: gateway.name,
        receivedAt,
        event,
        result: 'refused',
        errorCode: settled.refuse,
        message: settled.message,
      });
      throw new AppError(settled.refuse, settled.message);
    }
    await this.log({ gateway: gateway.name, receivedAt, event, result: settled.result });
    return settled.receipt;
  }

  private async settleEvent(gateway: string, event: PaymentEvent): Promise<Settlement> {
    if (!(await this.deps.store.get(event.merchant))) throw new AppError('cashier.order.not.found');
    try {
      return await this.deps.ledger.run((tx) => this.settle(tx, gateway, event));
    } catch (e) {
      // The gateway's transaction id settled another order already.
      if (sqlState(e) === '23505' && constraintOf(e) === 'deposit_orders_txn_idx') {
        return { refuse: 'cashier.webhook.mismatch', message: 'The transaction settled another order.' };
      }
      throw e;
    }
  }

  /** The webhook log's line (the console's); losing it never changes the gateway's answer. */
  private async log(entry: WebhookLogEntry) {
    await logWebhook(this.deps.database, entry).catch((e: Error) =>
      this.deps.log.warn(
        { gateway: entry.gateway, error: e.message },
        'the webhook log could not be written',
      ),
    );
  }

  /** Refusals are answers, not errors, so that what they record (an expiry) commits. */
  private async settle(tx: LedgerTx, gateway: string, event: PaymentEvent): Promise<Settlement> {
    const now = this.deps.clock.now();
    const order = await findByOrderNo(tx, event.merchant, event.orderNo, true);
    if (!order) return { refuse: 'cashier.order.not.found', message: 'There is no such order.' };
    if (order.type !== 'GATEWAY' || order.gateway !== gateway) {
      return { refuse: 'cashier.webhook.mismatch', message: 'The order is not one of this gateway.' };
    }
    if (order.gatewayTxnId === event.txnId) return receipt(order, 'replay');
    if (order.status !== 'PENDING') {
      return { refuse: 'cashier.order.state', message: `The order is ${order.status} already.` };
    }
    if (event.amountMinor !== order.amount || event.currency !== order.currency) {
      return { refuse: 'cashier.webhook.mismatch', message: 'The amount or currency is not the order’s.' };
    }
    if (order.expiresAt && order.expiresAt.getTime() <= now) {
      await settleOrder(tx, order.id, {
        status: 'EXPIRED',
        completedAt: order.expiresAt,
        remark:
          event.outcome === 'PAID'
            ? `Paid after the order expired (gateway transaction ${event.txnId}); not credited.`
            : order.remark,
      });
      return { refuse: 'cashier.order.state', message: 'The order has expired.' };
    }
    if (event.outcome === 'DECLINED') {
      const declined = await settleOrder(tx, order.id, {
        status: 'REJECTED',
        gatewayTxnId: event.txnId,
        completedAt: new Date(now),
        remark: 'Declined at the payment page.',
      });
      return receipt(declined, 'declined');
    }
    const paid = await creditOrder(this.deps.ledger, tx, order, `gateway:${gateway}`, now, {
      gatewayTxnId: event.txnId,
    });
    return receipt(paid, 'credited');
  }
}
