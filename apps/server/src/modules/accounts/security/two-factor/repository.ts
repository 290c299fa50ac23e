import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type MemberTwoFactorRow,
  memberRecoveryCodes,
  memberTwoFactor,
  type TwoFactorChallengeRow,
  twoFactorChallenges,
} from '../../../../db/schema.ts';
import type { Queryable } from '../../member/repository.ts';

/** The member's authenticator row, bound or waiting for its first code, or null. */
export async function findTwoFactor(db: Queryable, memberId: number): Promise<MemberTwoFactorRow | null> {
  const [row] = await db.select().from(memberTwoFactor).where(eq(memberTwoFactor.memberId, memberId));
  return row ?? null;
}

/** Whether the member has a bound (confirmed) authenticator. */
export async function isBound(db: Queryable, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: memberTwoFactor.memberId })
    .from(memberTwoFactor)
    .where(and(eq(memberTwoFactor.memberId, memberId), isNotNull(memberTwoFactor.confirmedAt)));
  return row !== undefined;
}

/** A new key waiting for its first code; replaces one that waits, never a bound one. */
export async function savePending(
  db: Queryable,
  row: { memberId: number; merchantCode: string; secretSealed: string; createdAt: Date },
): Promise<boolean> {
  const saved = await db
    .insert(memberTwoFactor)
    .values({ ...row, confirmedAt: null, lastStep: null })
    .onConflictDoUpdate({
      target: memberTwoFactor.memberId,
      set: { secretSealed: row.secretSealed, createdAt: row.createdAt, lastStep: null },
      setWhere: isNull(memberTwoFactor.confirmedAt),
    })
    .returning({ memberId: memberTwoFactor.memberId });
  return saved.length > 0;
}

/**
 * Takes a code's step: true when it is newer than every step taken before (so each code works
 * once, and an older one after a newer is refused too), and, with `confirm`, binds a waiting key.
 */
export async function takeStep(db: Queryable, memberId: number, step: number, confirmAt?: Date) {
  const rows = await db
    .update(memberTwoFactor)
    .set({ lastStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(
      and(
        eq(memberTwoFactor.memberId, memberId),
        confirmAt ? isNull(memberTwoFactor.confirmedAt) : isNotNull(memberTwoFactor.confirmedAt),
        or(isNull(memberTwoFactor.lastStep), lt(memberTwoFactor.lastStep, step)),
      ),
    )
    .returning({ memberId: memberTwoFactor.memberId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Queryable, memberId: number): Promise<boolean> {
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
  const rows = await db
    .delete(memberTwoFactor)
    .where(and(eq(memberTwoFactor.memberId, memberId), isNotNull(memberTwoFactor.confirmedAt)))
    .returning({ memberId: memberTwoFactor.memberId });
  return rows.length > 0;
}

/** Replaces the member's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Queryable, memberId: number, hashes: string[], at: Date) {
  await db.delete(memberRecoveryCodes).where(eq(memberRecoveryCodes.memberId, memberId));
  await db
    .insert(memberRecoveryCodes)
    .values(hashes.map((codeHash) => ({ memberId, codeHash, createdAt: at })));
}

/** Uses a recovery code up: true for the one request that did. */
export async function useRecoveryCode(db: Queryable, memberId: number, codeHash: string, at: Date) {
  const rows = await db
    .update(memberRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(memberRecoveryCodes.memberId, memberId),
        eq(memberRecoveryCodes.codeHash, codeHash),
        isNull(memberRecoveryCodes.usedAt),
      ),
    )
    .returning({ memberId: memberRecoveryCodes.memberId });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberRecoveryCodes)
    .where(and(eq(memberRecoveryCodes.memberId, memberId), isNull(memberRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export type NewChallenge = Omit<TwoFactorChallengeRow, 'id' | 'failures' | 'usedAt'>;

export async function insertChallenge(db: Queryable, row: NewChallenge): Promise<void> {
  await db.insert(twoFactorChallenges).values(row);
}

export async function findChallenge(db: Queryable, merchantCode: string, ticketHash: string) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.ticketHash, ticketHash), eq(twoFactorChallenges.merchantCode, merchantCode)),
    );
  return row ?? null;
}

/** Counts a wrong code; the `tries`-th burns the ticket. The failures so far, or null when already spent. */
export async function failChallenge(db: Queryable, id: number, tries: number, at: Date) {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({
      failures: sql`${twoFactorChallenges.failures} + 1`,
      usedAt: sql`CASE WHEN ${twoFactorChallenges.failures} + 1 >= ${tries} THEN ${at.toISOString()}::timestamptz ELSE NULL END`,
    })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ failures: twoFactorChallenges.failures });
  return row ? row.failures : null;
}

/** Spends a ticket: true for the one request that did. */
export async function spendChallenge(db: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(twoFactorChallenges)
    .set({ usedAt: at })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  return rows.length > 0;
}
