import { minorToDecimal } from '@aurum/contract';
import type { Database } from '../../platform/db.ts';
import { queryRows } from '../../platform/sql.ts';
import type { PaymentEvent } from './gateway.ts';

/** What the site did with a gateway's webhook. */
export type WebhookResult = 'credited' | 'declined' | 'replay' | 'refused';

export interface WebhookLogEntry {
  gateway: string;
  receivedAt: Date;
  event: PaymentEvent | null;
  result: WebhookResult;
  errorCode?: string | undefined;
  message?: string | undefined;
}

/** Keeps one webhook's line in the log; a failure to keep it never changes the answer. */
export async function logWebhook(database: Database, entry: WebhookLogEntry): Promise<void> {
  const e = entry.event;
  await queryRows(
    database.db,
    `INSERT INTO gateway_webhook_log (merchant_code, gateway, received_at, order_no, txn_id, outcome,
       amount_minor, currency, result, error_code, message)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
     WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM merchants WHERE code = $1::text)`,
    [
      e?.merchant ?? null,
      entry.gateway.slice(0, 64),
      entry.receivedAt.toISOString(),
      e?.orderNo?.slice(0, 64) ?? null,
      e?.txnId?.slice(0, 128) ?? null,
      e?.outcome ?? null,
      e ? e.amountMinor.toString() : null,
      e?.currency ?? null,
      entry.result,
      entry.errorCode ?? null,
      entry.message?.slice(0, 500) ?? null,
    ],
  );
}

export interface WebhookLogView {
  id: number;
  gateway: string;
  receivedAt: string;
  orderNo: string | null;
  txnId: string | null;
  outcome: string | null;
  amount: string | null;
  currency: string | null;
  result: WebhookResult;
  errorCode: string | null;
  message: string | null;
}

interface Row {
  id: string | number;
  gateway: string;
  received_at: Date | string;
  order_no: string | null;
  txn_id: string | null;
  outcome: string | null;
  amount_minor: string | number | null;
  currency: string | null;
  result: WebhookResult;
  error_code: string | null;
  message: string | null;
}

/** The merchant's webhook log, newest first; of one order when one is named. */
export async function listWebhooks(
  database: Database,
  merchant: string,
  filter: { orderNo?: string | undefined; limit: number },
): Promise<WebhookLogView[]> {
  const rows = await queryRows<Row>(
    database.db,
    `SELECT * FROM gateway_webhook_log WHERE merchant_code = $1 AND ($2::text IS NULL OR order_no = $2::text)
     ORDER BY id DESC LIMIT $3`,
    [merchant, filter.orderNo ?? null, filter.limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    gateway: r.gateway,
    receivedAt: new Date(r.received_at).toISOString(),
    orderNo: r.order_no,
    txnId: r.txn_id,
    outcome: r.outcome,
    amount: r.amount_minor === null ? null : minorToDecimal(BigInt(r.amount_minor)),
    currency: r.currency,
    result: r.result,
    errorCode: r.error_code,
    message: r.message,
  }));
}
