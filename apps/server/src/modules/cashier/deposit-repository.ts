import type { DepositStatus } from '@aurum/contract';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type DepositOrderRow, depositOrders, members } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

/** The database or one of its transactions. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type NewDepositOrder = typeof depositOrders.$inferInsert;

const ofMerchant = (merchant: string) => eq(depositOrders.merchantCode, merchant);

export async function findByKey(q: Queryable, merchant: string, memberId: number, key: string) {
  const [row] = await q
    .select()
    .from(depositOrders)
    .where(
      and(ofMerchant(merchant), eq(depositOrders.memberId, memberId), eq(depositOrders.idempotencyKey, key)),
    )
    .limit(1);
  return row ?? null;
}

/** An order of the merchant; `lock` takes its row for the rest of the caller's transaction. */
export async function findByOrderNo(
  q: Queryable,
  merchant: string,
  orderNo: string,
  lock = false,
): Promise<DepositOrderRow | null> {
  const query = q
    .select()
    .from(depositOrders)
    .where(and(ofMerchant(merchant), eq(depositOrders.orderNo, orderNo)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Holds the member's row until the caller's transaction ends, so that two deposit requests of
 * one member count its orders in progress one after the other. NO KEY UPDATE: it does not wait
 * for (or block) the key-share locks that rows referencing the member take.
 */
export async function lockMember(q: Queryable, merchant: string, memberId: number): Promise<boolean> {
  const rows = await q
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchant), eq(members.id, memberId)))
    .for('no key update');
  return rows.length === 1;
}

/** Orders that still wait to be paid or reviewed (a gateway order past its expiry does not). */
export async function countInProgress(q: Queryable, merchant: string, memberId: number, now: Date) {
  const [row] = await q
    .select({ n: count() })
    .from(depositOrders)
    .where(
      and(
        ofMerchant(merchant),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.status, 'PENDING'),
        or(isNull(depositOrders.expiresAt), gt(depositOrders.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}

/** Inserts the order; null when the member's idempotency key is taken (a concurrent retry). */
export async function insertOrder(q: Queryable, order: NewDepositOrder): Promise<DepositOrderRow | null> {
  const [row] = await q
    .insert(depositOrders)
    .values(order)
    .onConflictDoNothing({
      target: [depositOrders.merchantCode, depositOrders.memberId, depositOrders.idempotencyKey],
    })
    .returning();
  return row ?? null;
}

/** Records the gateway's payment of a pending order (once: a later answer changes nothing). */
export async function attachPayment(q: Queryable, id: number, paymentRef: string, payUrl: string) {
  const [row] = await q
    .update(depositOrders)
    .set({ gatewayRef: paymentRef, payUrl })
    .where(and(eq(depositOrders.id, id), isNull(depositOrders.payUrl)))
    .returning();
  return row ?? null;
}

export async function settleOrder(
  q: Queryable,
  id: number,
  change: Pick<NewDepositOrder, 'status'> & Partial<NewDepositOrder>,
): Promise<DepositOrderRow> {
  const [row] = await q.update(depositOrders).set(change).where(eq(depositOrders.id, id)).returning();
  if (!row) throw new Error(`deposit order ${id} is gone`);
  return row;
}

/** The member's own orders, newest first. */
export async function listMemberOrders(
  q: Queryable,
  merchant: string,
  memberId: number,
  page: number,
  size: number,
) {
  const mine = and(ofMerchant(merchant), eq(depositOrders.memberId, memberId));
  const [total] = await q.select({ n: count() }).from(depositOrders).where(mine);
  const rows = await q
    .select()
    .from(depositOrders)
    .where(mine)
    .orderBy(desc(depositOrders.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total: total?.n ?? 0 };
}

/** The merchant's orders for an operator, newest first, with the member's account name. */
export async function listForOperator(
  q: Queryable,
  merchant: string,
  status: DepositStatus | undefined,
  limit: number,
) {
  return q
    .select({ order: depositOrders, account: members.account })
    .from(depositOrders)
    .innerJoin(members, eq(members.id, depositOrders.memberId))
    .where(and(ofMerchant(merchant), status ? eq(depositOrders.status, status) : undefined))
    .orderBy(desc(depositOrders.id))
    .limit(limit);
}

/** Rows changed, as node-postgres (rowCount) or PGlite (affectedRows) reports them. */
const rowsChanged = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/**
 * Marks pending gateway orders past their expiry EXPIRED, a batch at a time. Rows another
 * process (or a webhook) holds are skipped, not waited for: the webhook checks expiry itself,
 * and the next run takes what is left. A row that a webhook has just settled no longer matches
 * when this statement reaches it, so a paid order is never expired.
 */
export async function expireDue(q: Queryable, now: Date, batch: number): Promise<number> {
  const result = await q.execute(sql`
    UPDATE deposit_orders SET status = 'EXPIRED', completed_at = expires_at
    WHERE id IN (
      SELECT id FROM deposit_orders
      WHERE status = 'PENDING' AND expires_at IS NOT NULL AND expires_at <= ${now}
      ORDER BY expires_at
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    ) AND status = 'PENDING'`);
  return rowsChanged(result);
}
