import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  depositOrders,
  members,
  type PromoApplicationRow,
  type PromoParticipationRow,
  promoApplications,
  promoParticipations,
} from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

/** The database or one of its transactions. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type NewParticipation = typeof promoParticipations.$inferInsert;
export type NewApplication = typeof promoApplications.$inferInsert;

/** The member's joins, claims and draws (raffle draws of `days` only: a UTC date, a rain window's key). */
export async function participationsOf(
  q: Queryable,
  merchant: string,
  memberId: number,
  days: string[],
): Promise<PromoParticipationRow[]> {
  return q
    .select()
    .from(promoParticipations)
    .where(
      and(
        eq(promoParticipations.merchantCode, merchant),
        eq(promoParticipations.memberId, memberId),
        inArray(promoParticipations.day, ['', ...days]),
      ),
    );
}

/** One participation row; `lock` holds it for the caller's transaction. */
export async function findParticipation(
  q: Queryable,
  key: { merchant: string; memberId: number; promotionId: string; day: string },
  lock = false,
): Promise<PromoParticipationRow | null> {
  const query = q
    .select()
    .from(promoParticipations)
    .where(
      and(
        eq(promoParticipations.merchantCode, key.merchant),
        eq(promoParticipations.memberId, key.memberId),
        eq(promoParticipations.promotionId, key.promotionId),
        eq(promoParticipations.day, key.day),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Inserts a participation; null when the member already has one for the promotion (and day). */
export async function insertParticipation(
  q: Queryable,
  row: NewParticipation,
): Promise<PromoParticipationRow | null> {
  const [inserted] = await q.insert(promoParticipations).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateParticipation(q: Queryable, id: number, set: Partial<NewParticipation>) {
  await q.update(promoParticipations).set(set).where(eq(promoParticipations.id, id));
}

/** The member's applications, newest first. */
export async function applicationsOf(
  q: Queryable,
  merchant: string,
  memberId: number,
  limit = 100,
): Promise<PromoApplicationRow[]> {
  return q
    .select()
    .from(promoApplications)
    .where(and(eq(promoApplications.merchantCode, merchant), eq(promoApplications.memberId, memberId)))
    .orderBy(desc(promoApplications.createdAt), desc(promoApplications.id))
    .limit(limit);
}

/** Inserts an application; null when the member already has one PENDING for the promotion. */
export async function insertApplication(
  q: Queryable,
  row: NewApplication,
): Promise<PromoApplicationRow | null> {
  const [inserted] = await q.insert(promoApplications).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findApplication(
  q: Queryable,
  merchant: string,
  id: number,
  lock = false,
): Promise<PromoApplicationRow | null> {
  const query = q
    .select()
    .from(promoApplications)
    .where(and(eq(promoApplications.merchantCode, merchant), eq(promoApplications.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateApplication(q: Queryable, id: number, set: Partial<NewApplication>) {
  const [row] = await q.update(promoApplications).set(set).where(eq(promoApplications.id, id)).returning();
  return row ?? null;
}

/** Applications for the operator, oldest first, with the member's account. */
export async function applicationsForOperator(
  q: Queryable,
  merchant: string,
  status: PromoApplicationRow['status'] | undefined,
  limit: number,
) {
  return q
    .select({ application: promoApplications, account: members.account })
    .from(promoApplications)
    .innerJoin(members, eq(members.id, promoApplications.memberId))
    .where(
      and(
        eq(promoApplications.merchantCode, merchant),
        status ? eq(promoApplications.status, status) : undefined,
      ),
    )
    .orderBy(promoApplications.createdAt, promoApplications.id)
    .limit(limit);
}

/** Paid deposits of the member completed inside [from, to]. */
export async function depositedBetween(
  q: Queryable,
  merchant: string,
  memberId: number,
  from: Date,
  to: Date,
): Promise<bigint> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text` })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.merchantCode, merchant),
        eq(depositOrders.memberId, memberId),
        eq(depositOrders.status, 'PAID'),
        gte(depositOrders.completedAt, from),
        lte(depositOrders.completedAt, to),
      ),
    );
  return BigInt(row?.total ?? '0');
}
