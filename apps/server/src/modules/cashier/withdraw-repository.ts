import type { BoundAccount, WithdrawStatus } from '@aurum/contract';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/** The SQL of withdrawal orders. Times are read back as epoch milliseconds. */

export interface WithdrawOrderRow {
  id: number;
  merchant: string;
  orderNo: string;
  memberId: number;
  /** The member's account name (operators' lists show it). */
  memberAccount: string;
  accountId: number;
  accountType: BoundAccount['type'];
  accountProvider: string;
  accountPayeeName: string;
  /** Compact and in full: only operators see it so. */
  accountNumber: string;
  amountMinor: bigint;
  status: WithdrawStatus;
  idempotencyKey: string;
  requestHash: string;
  holdTransferId: number;
  payoutTransferId: number | null;
  returnTransferId: number | null;
  createdAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
  paidAt: number | null;
  confirmBy: number | null;
  confirmedAt: number | null;
  receivedMinor: bigint | null;
  proofKey: string | null;
  remark: string | null;
}

const ms = (column: string) => `floor(extract(epoch FROM o.${column}) * 1000)::bigint AS ${column}_ms`;

const SELECT = `SELECT o.id, o.merchant_code, o.order_no, o.member_id, m.account AS member_account,
  o.account_id, o.account_type, o.account_provider, o.account_payee_name, o.account_number, o.amount,
  o.status, o.idempotency_key, o.request_hash, o.hold_transfer_id, o.payout_transfer_id,
  o.return_transfer_id, ${ms('created_at')}, ${ms('reviewed_at')}, o.reviewed_by, ${ms('paid_at')},
  ${ms('confirm_by')}, ${ms('confirmed_at')}, o.received_amount, o.proof_key, o.remark
  FROM withdraw_orders o JOIN members m ON m.id = o.member_id`;

type RawRow = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRow(r: RawRow): WithdrawOrderRow {
  return {
    id: id(r.id),
    merchant: r.merchant_code as string,
    orderNo: r.order_no as string,
    memberId: id(r.member_id),
    memberAccount: r.member_account as string,
    accountId: id(r.account_id),
    accountType: r.account_type as BoundAccount['type'],
    accountProvider: r.account_provider as string,
    accountPayeeName: r.account_payee_name as string,
    accountNumber: r.account_number as string,
    amountMinor: big(r.amount),
    status: r.status as WithdrawStatus,
    idempotencyKey: r.idempotency_key as string,
    requestHash: r.request_hash as string,
    holdTransferId: id(r.hold_transfer_id),
    payoutTransferId: num(r.payout_transfer_id),
    returnTransferId: num(r.return_transfer_id),
    createdAt: Number(r.created_at_ms),
    reviewedAt: num(r.reviewed_at_ms),
    reviewedBy: (r.reviewed_by as string | null) ?? null,
    paidAt: num(r.paid_at_ms),
    confirmBy: num(r.confirm_by_ms),
    confirmedAt: num(r.confirmed_at_ms),
    receivedMinor:
      r.received_amount === null || r.received_amount === undefined ? null : big(r.received_amount),
    proofKey: (r.proof_key as string | null) ?? null,
    remark: (r.remark as string | null) ?? null,
  };
}

export async function findByKey(q: Queryable, merchant: string, memberId: number, key: string) {
  const [row] = await queryRows<RawRow>(
    q,
    `${SELECT} WHERE o.merchant_code = $1 AND o.member_id = $2 AND o.idempotency_key = $3`,
    [merchant, memberId, key],
  );
  return row ? toRow(row) : null;
}

/**
 * An order of the merchant by its number; with memberId, only that member's (another member's
 * order is not found). `lock` holds the row until the transaction ends.
 */
export async function findByOrderNo(
  q: Queryable,
  merchant: string,
  orderNo: string,
  opts: { memberId?: number; lock?: boolean } = {},
) {
  const [row] = await queryRows<RawRow>(
    q,
    `${SELECT} WHERE o.merchant_code = $1 AND o.order_no = $2 AND ($3::bigint IS NULL OR o.member_id = $3)
     ${opts.lock ? 'FOR UPDATE OF o' : ''}`,
    [merchant, orderNo, opts.memberId ?? null],
  );
  return row ? toRow(row) : null;
}

/** A withdrawal's amount (minor units), or null when the merchant has no such order. */
export async function withdrawalAmountMinor(
  q: Queryable,
  merchant: string,
  orderNo: string,
): Promise<bigint | null> {
  return (await findByOrderNo(q, merchant, orderNo))?.amountMinor ?? null;
}

export interface NewWithdrawOrder {
  merchant: string;
  orderNo: string;
  memberId: number;
  account: { id: number; type: string; provider: string; payeeName: string; accountNumber: string };
  amountMinor: bigint;
  idempotencyKey: string;
  requestHash: string;
  holdTransferId: number;
  createdAt: Date;
}

export async function insertOrder(q: Queryable, o: NewWithdrawOrder): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO withdraw_orders (merchant_code, order_no, member_id, account_id, account_type,
       account_provider, account_payee_name, account_number, amount, status, idempotency_key,
       request_hash, hold_transfer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PENDING', $10, $11, $12, $13::timestamptz)`,
    [
      o.merchant,
      o.orderNo,
      o.memberId,
      o.account.id,
      o.account.type,
      o.account.provider,
      o.account.payeeName,
      o.account.accountNumber,
      o.amountMinor.toString(),
      o.idempotencyKey,
      o.requestHash,
      o.holdTransferId,
      o.createdAt.toISOString(),
    ],
  );
}

/** Columns a status change may set; each is written only when given. */
export interface OrderChange {
  status: WithdrawStatus;
  reviewedAt?: Date;
  reviewedBy?: string;
  paidAt?: Date;
  confirmBy?: Date;
  confirmedAt?: Date;
  receivedMinor?: bigint;
  proofKey?: string;
  remark?: string;
  payoutTransferId?: number;
  returnTransferId?: number;
}

const CHANGE_COLUMNS: Record<Exclude<keyof OrderChange, 'status'>, [string, string]> = {
  reviewedAt: ['reviewed_at', 'timestamptz'],
  reviewedBy: ['reviewed_by', 'text'],
  paidAt: ['paid_at', 'timestamptz'],
  confirmBy: ['confirm_by', 'timestamptz'],
  confirmedAt: ['confirmed_at', 'timestamptz'],
  receivedMinor: ['received_amount', 'bigint'],
  proofKey: ['proof_key', 'text'],
  remark: ['remark', 'text'],
  payoutTransferId: ['payout_transfer_id', 'bigint'],
  returnTransferId: ['return_transfer_id', 'bigint'],
};

/**
 * Moves one order from `from` to the change's status: a conditional update, so of two
 * operators (or a retry) on one order only the first changes it. False when the order was not
 * in `from` (or, with `before`, its confirmation time had passed).
 */
export async function changeStatus(
  q: Queryable,
  orderId: number,
  from: WithdrawStatus,
  change: OrderChange,
  opts: { confirmByAfter?: Date } = {},
): Promise<boolean> {
  const sets = ['status = $3'];
  const params: unknown[] = [orderId, from, change.status];
  for (const [key, [column, type]] of Object.entries(CHANGE_COLUMNS)) {
    const value = change[key as keyof typeof CHANGE_COLUMNS];
    if (value === undefined) continue;
    params.push(value instanceof Date ? value.toISOString() : value.toString());
    sets.push(`${column} = $${params.length}::${type}`);
  }
  let where = 'id = $1 AND status = $2';
  if (opts.confirmByAfter) {
    params.push(opts.confirmByAfter.toISOString());
    where += ` AND confirm_by > $${params.length}::timestamptz`;
  }
  const rows = await queryRows(
    q,
    `UPDATE withdraw_orders SET ${sets.join(', ')} WHERE ${where} RETURNING id`,
    params,
  );
  return rows.length > 0;
}

/**
 * Every PAID order whose confirmation time has passed becomes AUTO_RECEIVED, confirmed at its
 * confirm_by. One conditional statement: any number of processes may run it at once. Scoped to
 * one member when memberId is given. Returns the orders that changed.
 */
export async function autoReceive(
  q: Queryable,
  now: Date,
  scope: { merchant: string; memberId: number } | null = null,
): Promise<{ merchant: string; memberId: number; orderNo: string; status: WithdrawStatus }[]> {
  const rows = await queryRows<{ merchant_code: string; member_id: string; order_no: string }>(
    q,
    `UPDATE withdraw_orders SET status = 'AUTO_RECEIVED', confirmed_at = confirm_by
     WHERE status = 'PAID' AND confirm_by <= $1::timestamptz
       AND ($2::text IS NULL OR (merchant_code = $2 AND member_id = $3::bigint))
     RETURNING merchant_code, member_id::text, order_no`,
    [now.toISOString(), scope?.merchant ?? null, scope?.memberId ?? null],
  );
  return rows.map((r) => ({
    merchant: r.merchant_code,
    memberId: Number(r.member_id),
    orderNo: r.order_no,
    status: 'AUTO_RECEIVED',
  }));
}

/** A page of the member's orders, newest first, and how many there are. */
export async function listMemberOrders(
  q: Queryable,
  merchant: string,
  memberId: number,
  page: { offset: number; limit: number },
) {
  const [rows, [count]] = await Promise.all([
    queryRows<RawRow>(
      q,
      `${SELECT} WHERE o.merchant_code = $1 AND o.member_id = $2
       ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
      [merchant, memberId, page.limit, page.offset],
    ),
    queryRows<{ n: unknown }>(
      q,
      'SELECT count(*) AS n FROM withdraw_orders WHERE merchant_code = $1 AND member_id = $2',
      [merchant, memberId],
    ),
  ]);
  return { rows: rows.map(toRow), total: Number(count?.n ?? 0) };
}

/** The merchant's orders for operators: oldest first within a status, newest first otherwise. */
export async function listOrders(
  q: Queryable,
  merchant: string,
  status: WithdrawStatus | null,
  limit: number,
) {
  const rows = await queryRows<RawRow>(
    q,
    `${SELECT} WHERE o.merchant_code = $1 AND ($2::text IS NULL OR o.status = $2)
     ORDER BY ${status ? 'o.created_at ASC, o.id ASC' : 'o.created_at DESC, o.id DESC'} LIMIT $3`,
    [merchant, status, limit],
  );
  return rows.map(toRow);
}
