import { SESSION_TOUCH_SECONDS } from '@aurum/contract';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { type MemberRow, sessions } from '../../../db/schema.ts';
import { type Clock, DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { randomToken, sha256Hex, TOKEN_PATTERN } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Principal } from '../../../platform/http.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import type { Queryable } from '../member/repository.ts';
import { accountSettings } from '../security/settings.ts';
import { findLive, insertSession, revokeAllOfMember, revokeSession, touchSession } from './repository.ts';

/** The kinds a session token may be of: a member's own, or an operator's read-only view. */
const LIVE_KINDS = ['session', 'view'] as const;

/** Sliding idle expiry is written at most this often, to spare a write on every request. */
const TOUCH_EVERY_MS = SESSION_TOUCH_SECONDS * SECOND_MS;

/** What else ends with a member's sessions (see SessionService.whenSessionsEnd). */
export type SessionsEndedHook = (db: Queryable, memberId: number, at: Date) => Promise<void>;

/** Told after a member's sessions were revoked and committed (see SessionService.whenRevoked). */
export type SessionsRevokedListener = (merchantCode: string, memberId: number) => void;

export interface SessionStart {
  ip: string;
  deviceId?: string | undefined;
}

/**
 * Sessions: opaque random tokens that the database knows only by their SHA-256, with an idle
 * expiry that slides with use and an absolute one that does not. Remember tokens are the same
 * rows of another kind, exchanged (and rotated) for a new session.
 */
export class SessionService {
  private readonly endHooks: SessionsEndedHook[] = [];
  private readonly revokedListeners: SessionsRevokedListener[] = [];

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `hook` in the same transaction whenever a member's sessions end (sign-out, password
   * changed or reset): the app wires the vendors' game sessions here, so that accounts need not
   * know the vendors.
   */
  whenSessionsEnd(hook: SessionsEndedHook): void {
    this.endHooks.push(hook);
  }

  private async sessionsEnded(db: Queryable, memberId: number, at: Date): Promise<void> {
    for (const hook of this.endHooks) await hook(db, memberId, at);
  }

  /**
   * Calls `listener` once sessions of a member were revoked from the security centre (one, all
   * others, or all): the app closes their WebSockets in every process through it.
   */
  whenRevoked(listener: SessionsRevokedListener): void {
    this.revokedListeners.push(listener);
  }

  revoked(merchantCode: string, memberId: number): void {
    for (const listener of this.revokedListeners) listener(merchantCode, memberId);
  }

  /**
   * Signs out one session of the member (never `currentId`): revoked at once with the remember
   * tokens made on the same browser (same device cookie), unless that is the caller's browser,
   * and the member's game sessions end as at sign-out. False when the member has no such session.
   */
  async endOne(
    merchantCode: string,
    memberId: number,
    currentId: number,
    sessionId: number,
  ): Promise<boolean> {
    const at = new Date(this.clock.now());
    const done = await this.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(sessions).where(eq(sessions.id, currentId));
      const [ended] = await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.memberId, memberId),
            eq(sessions.kind, 'session'),
            ne(sessions.id, currentId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning();
      if (!ended) return false;
      if (ended.deviceHash && ended.deviceHash !== current?.deviceHash) {
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(
            and(
              eq(sessions.memberId, memberId),
              eq(sessions.kind, 'remember'),
              eq(sessions.deviceHash, ended.deviceHash),
              isNull(sessions.revokedAt),
            ),
          );
      }
      await this.sessionsEnded(tx, memberId, at);
      return true;
    });
    if (done) this.revoked(merchantCode, memberId);
    return done;
  }

  /**
   * Signs out everything of the member but the session `currentId`: the other sessions, hand-off
   * tickets and remember tokens (those of the caller's own browser are kept), and the member's
   * game sessions as at sign-out. Returns how many sessions ended.
   */
  async endOthers(merchantCode: string, memberId: number, currentId: number): Promise<number> {
    const at = new Date(this.clock.now());
    const ended = await this.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(sessions).where(eq(sessions.id, currentId));
      const keepRememberOf = current?.deviceHash ?? null;
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.memberId, memberId),
            ne(sessions.id, currentId),
            isNull(sessions.revokedAt),
            keepRememberOf
              ? or(
                  ne(sessions.kind, 'remember'),
                  isNull(sessions.deviceHash),
                  ne(sessions.deviceHash, keepRememberOf),
                )
              : undefined,
          ),
        )
        .returning({ kind: sessions.kind });
      await this.sessionsEnded(tx, memberId, at);
      return rows.filter((r) => r.kind === 'session').length;
    });
    this.revoked(merchantCode, memberId);
    return ended;
  }

  /** Starts a session; the token is returned once and never stored. */
  async start(
    merchant: MerchantState,
    member: MemberRow,
    how: SessionStart,
    db: Queryable = this.database.db,
  ) {
    const settings = accountSettings(merchant);
    const token = randomToken();
    const now = this.clock.now();
    await insertSession(db, {
      merchantCode: merchant.code,
      memberId: member.id,
      kind: 'session',
      tokenHash: sha256Hex(token),
      deviceId: how.deviceId ?? null,
      ip: how.ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + settings.sessionAbsoluteHours * HOUR_MS),
    });
    return token;
  }

  /** The live session of a token, or null when unknown, revoked, idle too long or too old. */
  async authenticate(merchant: MerchantState, token: string, ip?: string): Promise<Principal | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const found = await findLive(this.database.db, merchant.code, LIVE_KINDS, sha256Hex(token));
    if (found?.member.status !== 'active') return null;
    const now = this.clock.now();
    const settings = accountSettings(merchant);
    const idleMs = settings.sessionIdleMinutes * MINUTE_MS;
    const lastSeen = found.session.lastSeenAt.getTime();
    if (now >= found.session.expiresAt.getTime() || now - lastSeen >= idleMs) return null;
    // The merchant's switch: a session is bound to the address it signed in from (an operator's
    // read-only view is the operator's, not the member's, and is left alone).
    if (
      ip &&
      settings.endSessionOnAddressChange &&
      found.session.kind === 'session' &&
      found.session.ip &&
      found.session.ip !== ip
    ) {
      await this.signOut(found.session.id, found.member.id);
      // Its sockets close at once, in every process, like a sign-out from the security centre.
      this.revoked(merchant.code, found.member.id);
      throw new AppError('token_ip_different');
    }
    if (now - lastSeen >= TOUCH_EVERY_MS)
      await touchSession(this.database.db, found.session.id, new Date(now));
    return found;
  }

  async end(sessionId: number): Promise<void> {
    await revokeSession(this.database.db, sessionId, new Date(this.clock.now()));
  }

  /**
   * Signing out: ends this session and, with it, the member's game sessions at the vendors and
   * launch tokens not yet used (a game left open must not keep playing on a signed-out account).
   */
  async signOut(sessionId: number, memberId: number): Promise<void> {
    const at = new Date(this.clock.now());
    await this.database.db.transaction(async (tx) => {
      await revokeSession(tx, sessionId, at);
      await this.sessionsEnded(tx, memberId, at);
    });
  }

  /**
   * Ends every session and remember token of a member (password changed or reset), and with
   * them the member's game sessions at the vendors.
   */
  async endAll(memberId: number, db: Queryable = this.database.db): Promise<void> {
    const at = new Date(this.clock.now());
    await revokeAllOfMember(db, memberId, at);
    await this.sessionsEnded(db, memberId, at);
  }

  /** A remember token (checklist: server-side, revocable, 1 day by default) and its lifetime. */
  async remember(merchant: MerchantState, member: MemberRow, ip: string) {
    const token = randomToken();
    const now = this.clock.now();
    const maxAgeMs = accountSettings(merchant).rememberDays * DAY_MS;
    await insertSession(this.database.db, {
      merchantCode: merchant.code,
      memberId: member.id,
      kind: 'remember',
      tokenHash: sha256Hex(token),
      ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + maxAgeMs),
    });
    return { token, maxAgeMs };
  }

  /**
   * Uses up a remember token: its member, or null. A token works once; the caller issues a new
   * one, so a stolen copy that is used second finds it revoked.
   */
  async redeemRemember(merchant: MerchantState, token: string): Promise<MemberRow | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const found = await findLive(this.database.db, merchant.code, 'remember', sha256Hex(token));
    if (found?.member.status !== 'active') return null;
    const now = this.clock.now();
    if (now >= found.session.expiresAt.getTime()) return null;
    const won = await revokeSession(this.database.db, found.session.id, new Date(now));
    return won ? found.member : null;
  }

  /** Revokes a remember token if it belongs to the member signing out. */
  async forgetRemember(merchant: MerchantState, token: string, memberId: number): Promise<void> {
    if (!TOKEN_PATTERN.test(token)) return;
    const found = await findLive(this.database.db, merchant.code, 'remember', sha256Hex(token));
    if (found && found.member.id === memberId) await this.end(found.session.id);
  }
}
