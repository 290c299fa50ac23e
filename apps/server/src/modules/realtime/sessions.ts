import { eq, inArray } from 'drizzle-orm';
import { members, sessions } from '../../db/schema.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { accountSettings } from '../accounts/index.ts';

export interface SessionState {
  id: number;
  revokedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  memberStatus: 'active' | 'disabled';
}

const CHUNK = 500;

/**
 * The sessions of open sockets as they stand now, read without touching them: a socket that
 * merely stays open must not keep an idle session alive.
 */
export async function readSessions(db: Db, ids: readonly number[]): Promise<Map<number, SessionState>> {
  const out = new Map<number, SessionState>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .select({
        id: sessions.id,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        memberStatus: members.status,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(inArray(sessions.id, unique.slice(i, i + CHUNK)));
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** The same rules as SessionService.authenticate: not revoked, member active, not too old or idle. */
export function isLive(state: SessionState | undefined, merchant: MerchantState, now: number): boolean {
  if (!state || state.revokedAt || state.memberStatus !== 'active') return false;
  const idleMs = accountSettings(merchant).sessionIdleMinutes * MINUTE_MS;
  return now < state.expiresAt.getTime() && now - state.lastSeenAt.getTime() < idleMs;
}
