import { and, asc, count, eq, like, ne, sql } from 'drizzle-orm';
import {
  type AgentLinkRow,
  agentLinks,
  type MemberAvatar,
  type MemberProfile,
  type MemberRow,
  members,
} from '../../../db/schema.ts';

const notHouse = eq(members.kind, 'member');
/** The house node's account name: not a valid user name, so it never collides with one. */
export const HOUSE_ACCOUNT = '~house';

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
  /** A one-time password (a downline opened by its agent): the first sign-in must change it. */
  passwordChangeRequired?: boolean;
  language: string;
  createdAt: Date;
}

export const accountKey = (account: string) => account.trim().toLowerCase();

export async function findByAccount(db: Queryable, merchantCode: string, account: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(
      and(eq(members.merchantCode, merchantCode), eq(members.accountLower, accountKey(account)), notHouse),
    )
    .limit(1);
  return row ?? null;
}

export async function findById(db: Queryable, merchantCode: string, id: number) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.id, id), notHouse))
    .limit(1);
  return row ?? null;
}

export async function findByMobile(db: Queryable, merchantCode: string, e164: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.mobile, e164), notHouse))
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
 * A live registration link of an agent (0022, made in the agent centre) by its code: neither
 * deleted nor expired at `now`. Its code is an affiliate code, so registration reads it here.
 */
export async function findLiveLink(
  db: Queryable,
  merchantCode: string,
  code: string,
  now: Date,
): Promise<AgentLinkRow | null> {
  const [row] = await db
    .select()
    .from(agentLinks)
    .where(
      and(
        eq(agentLinks.merchantCode, merchantCode),
        eq(agentLinks.code, code.trim().toUpperCase()),
        sql`${agentLinks.deletedAt} IS NULL`,
        sql`(${agentLinks.expiresAt} IS NULL OR ${agentLinks.expiresAt} > ${now})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One more sign-up through a registration link. */
export async function countLinkSignup(db: Queryable, linkId: number) {
  await db
    .update(agentLinks)
    .set({ signups: sql`${agentLinks.signups} + 1` })
    .where(eq(agentLinks.id, linkId));
}

/**
 * The merchant's house node (0022), made on first need: the upline of top agents and of members
 * registered without an affiliate code. Two processes racing both get the one row.
 */
export async function houseOf(tx: Queryable, merchantCode: string): Promise<Pick<MemberRow, 'id' | 'path'>> {
  const find = () =>
    tx
      .select({ id: members.id, path: members.path })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.kind, 'house')))
      .limit(1);
  const [found] = await find();
  if (found) return found;
  const inserted = await tx
    .insert(members)
    .values({
      merchantCode,
      account: HOUSE_ACCOUNT,
      accountLower: HOUSE_ACCOUNT,
      userName: HOUSE_ACCOUNT,
      type: -1,
      path: '/',
      language: 'EN',
      status: 'disabled',
      kind: 'house',
    })
    .onConflictDoNothing({ target: members.merchantCode, where: sql`kind = 'house'` })
    .returning({ id: members.id });
  if (inserted[0]) {
    const [row] = await tx
      .update(members)
      .set({ path: `/${inserted[0].id}/` })
      .where(eq(members.id, inserted[0].id))
      .returning({ id: members.id, path: members.path });
    return row!;
  }
  const [raced] = await find();
  return raced!;
}

/** Whether the member is the merchant's house node (upline of the top of the tree). */
export const isHouse = (m: Pick<MemberRow, 'kind'>) => m.kind === 'house';

/**
 * Inserts a member and sets its path (and depth) under the upline's, the house when none is
 * given. The id is only known after the insert, so the path is completed by an update.
 */
export async function insertMember(tx: Queryable, m: NewMember): Promise<MemberRow> {
  const upline = m.upline ?? (await houseOf(tx, m.merchantCode));
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
      uplineId: upline.id,
      path: '/',
      affiliateCode: m.affiliateCode?.toUpperCase() ?? null,
      profile: m.profile ?? {},
      passwordHash: m.passwordHash ?? null,
      paymentPasswordHash: m.paymentPasswordHash ?? null,
      passwordChangedAt: m.passwordChangedAt ?? null,
      passwordChangeRequired: m.passwordChangeRequired ?? false,
      language: m.language,
      createdAt: m.createdAt,
    })
    .returning({ id: members.id });
  const [row] = await tx
    .update(members)
    .set({
      path: sql`${upline.path} || ${members.id}::text || '/'`,
      depth: upline.path.split('/').length - 2,
    })
    .where(eq(members.id, inserted!.id))
    .returning();
  return row!;
}

export async function updateMember(db: Queryable, id: number, set: Partial<typeof members.$inferInsert>) {
  const [row] = await db.update(members).set(set).where(eq(members.id, id)).returning();
  return row ?? null;
}

/**
 * Sets a member's avatar and returns the one it replaced, read under the row's lock, so that of
 * two uploads at once each hands back a different old avatar (none is lost or dropped twice).
 */
export async function replaceAvatar(db: Db, id: number, avatar: MemberAvatar | null) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ avatar: members.avatar })
      .from(members)
      .where(eq(members.id, id))
      .for('update');
    await tx.update(members).set({ avatar }).where(eq(members.id, id));
    return old?.avatar ?? null;
  });
}

/** Is an account name (in any case) free in this merchant? */
export async function accountTaken(db: Queryable, merchantCode: string, account: string): Promise<boolean> {
  return (await findByAccount(db, merchantCode, account)) !== null;
}

export async function countMembers(db: Queryable, merchantCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), notHouse));
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
