import { and, asc, count, eq, like, ne, sql } from 'drizzle-orm';
import { type MemberProfile, type MemberRow, members } from '../../../db/schema.ts';
import type { Db } from '../../../platform/db.ts';

/** Anything that runs queries: the database or a transaction of it. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export interface NewMember {
  merchantCode: string;
  account: string;
  userName: string;
  nickname?: string | null;
  mobile?: string | null;
  countryDialingCode?: string | null;
  email?: string | null;
  type: number;
  upline?: Pick<MemberRow, 'id' | 'path'> | null;
  affiliateCode?: string | null;
  profile?: MemberProfile;
  passwordHash?: string | null;
  paymentPasswordHash?: string | null;
  passwordChangedAt?: Date | null;
  language: string;
  createdAt: Date;
}

export const accountKey = (account: string) => account.trim().toLowerCase();

export async function findByAccount(db: Queryable, merchantCode: string, account: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.accountLower, accountKey(account))))
    .limit(1);
  return row ?? null;
}

export async function findById(db: Queryable, merchantCode: string, id: number) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findByMobile(db: Queryable, merchantCode: string, e164: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.mobile, e164)))
    .limit(1);
  return row ?? null;
}

/** Affiliate codes are stored in capitals and matched whatever case the link used. */
export async function findByAffiliateCode(db: Queryable, merchantCode: string, code: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.affiliateCode, code.trim().toUpperCase())))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a member and sets its path under the upline's. The id is only known after the insert,
 * so the path is completed by an update in the same transaction.
 */
export async function insertMember(tx: Queryable, m: NewMember): Promise<MemberRow> {
  const [inserted] = await tx
    .insert(members)
    .values({
      merchantCode: m.merchantCode,
      account: m.account,
      accountLower: accountKey(m.account),
      userName: m.userName,
      nickname: m.nickname ?? null,
      mobile: m.mobile ?? null,
      countryDialingCode: m.countryDialingCode ?? null,
      email: m.email ?? null,
      type: m.type,
      uplineId: m.upline?.id ?? null,
      path: '/',
      affiliateCode: m.affiliateCode?.toUpperCase() ?? null,
      profile: m.profile ?? {},
      passwordHash: m.passwordHash ?? null,
      paymentPasswordHash: m.paymentPasswordHash ?? null,
      passwordChangedAt: m.passwordChangedAt ?? null,
      language: m.language,
      createdAt: m.createdAt,
    })
    .returning({ id: members.id });
  const parentPath = m.upline?.path ?? '/';
  const [row] = await tx
    .update(members)
    .set({ path: sql`${parentPath} || ${members.id}::text || '/'` })
    .where(eq(members.id, inserted!.id))
    .returning();
  return row!;
}

export async function updateMember(db: Queryable, id: number, set: Partial<typeof members.$inferInsert>) {
  const [row] = await db.update(members).set(set).where(eq(members.id, id)).returning();
  return row ?? null;
}

/** Is an account name (in any case) free in this merchant? */
export async function accountTaken(db: Queryable, merchantCode: string, account: string): Promise<boolean> {
  return (await findByAccount(db, merchantCode, account)) !== null;
}

export async function countMembers(db: Queryable, merchantCode: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(members).where(eq(members.merchantCode, merchantCode));
  return Number(row?.n ?? 0);
}

/** Escapes LIKE wildcards; paths only hold digits and slashes, but never trust that. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The whole downline of a member (every level), as one prefix query on the path index.
 * The member itself is excluded.
 */
export async function listDownline(
  db: Queryable,
  upline: Pick<MemberRow, 'id' | 'merchantCode' | 'path'>,
  opts: { limit: number; offset?: number },
) {
  return db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantCode, upline.merchantCode),
        like(members.path, likePrefix(upline.path)),
        ne(members.id, upline.id),
      ),
    )
    .orderBy(asc(members.path))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
}
