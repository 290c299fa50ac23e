import type { SocialProvider } from '@aurum/contract';
import { and, eq, lt } from 'drizzle-orm';
import { members, oauthStates, socialIdentities } from '../../../db/schema.ts';
import type { Queryable } from '../member/repository.ts';

export type NewOauthState = typeof oauthStates.$inferInsert;

export async function insertOauthState(db: Queryable, row: NewOauthState): Promise<void> {
  await db.insert(oauthStates).values(row);
}

/** Takes a stored attempt out: whoever deletes it first is the only one who can use it. */
export async function takeOauthState(db: Queryable, stateHash: string) {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
  return row ?? null;
}

export async function purgeOauthStates(db: Queryable, before: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
}

/** The member a provider account is linked to, or null. */
export async function findLinkedMember(
  db: Queryable,
  merchantCode: string,
  provider: SocialProvider,
  subject: string,
) {
  const [row] = await db
    .select({ member: members })
    .from(socialIdentities)
    .innerJoin(members, eq(members.id, socialIdentities.memberId))
    .where(
      and(
        eq(socialIdentities.merchantCode, merchantCode),
        eq(socialIdentities.provider, provider),
        eq(socialIdentities.subject, subject),
      ),
    )
    .limit(1);
  return row?.member ?? null;
}

export async function insertSocialIdentity(db: Queryable, row: typeof socialIdentities.$inferInsert) {
  await db.insert(socialIdentities).values(row);
}

export async function listSocialIdentities(db: Queryable, memberId: number) {
  return db.select().from(socialIdentities).where(eq(socialIdentities.memberId, memberId));
}
