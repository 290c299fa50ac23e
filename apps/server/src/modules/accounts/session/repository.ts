import { and, eq, inArray, isNull } from 'drizzle-orm';
import { members, type SessionRow, sessions } from '../../../db/schema.ts';
import type { Queryable } from '../member/repository.ts';

export type SessionKind = SessionRow['kind'];

export interface NewSession {
  merchantCode: string;
  memberId: number;
  kind: SessionKind;
  tokenHash: string;
  deviceId?: string | null;
  ip?: string | null;
  /** The client: a browser's User-Agent, or who opened an operator's view ('operator:NAME'). */
  userAgent?: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSession(db: Queryable, s: NewSession): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ ...s, deviceId: s.deviceId ?? null, ip: s.ip ?? null, lastSeenAt: s.createdAt })
    .returning();
  return row!;
}

/** A not-revoked session or remember token of a merchant, with its member, by token hash. */
/** The live session (of one of `kind`) of a token's hash, with its member; one index lookup. */
export async function findLive(
  db: Queryable,
  merchantCode: string,
  kind: SessionKind | readonly SessionKind[],
  tokenHash: string,
) {
  const [row] = await db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.merchantCode, merchantCode),
        typeof kind === 'string' ? eq(sessions.kind, kind) : inArray(sessions.kind, [...kind]),
        isNull(sessions.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

/** Revokes one session; true when it was live (so a token is used at most once when rotated). */
export async function revokeSession(db: Queryable, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every session and remember token of a member. */
export async function revokeAllOfMember(db: Queryable, memberId: number, at: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
