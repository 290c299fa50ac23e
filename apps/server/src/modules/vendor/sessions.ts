import { isLanguage, type Language } from '@aurum/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { vendorLaunchTokens, vendorSessions } from '../../db/schema.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { bool, id, type Sql, SqlRunner } from '../../platform/sql.ts';
import type { Queryable } from '../accounts/index.ts';
import type { LedgerTx } from '../wallet/index.ts';
import { SeamlessRefusal } from './protocol.ts';
import type { Mode } from './repository.ts';

/** A launch token is exchanged within this time, once. */
export const LAUNCH_TOKEN_TTL_MS = 5 * MINUTE_MS;
/** A game session ends after this long without a call… */
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
/** …and this long after it began, whatever happens. */
export const SESSION_ABSOLUTE_MS = 24 * HOUR_MS;
/** last_seen_at is written at most this often per session (the idle limit is kept to a minute). */
export const SESSION_TOUCH_MS = MINUTE_MS;
/** Sessions kept in memory; past this the cache starts over. */
const MAX_CACHED_SESSIONS = 100_000;
/**
 * A session held in memory is read again after this long, so one ended elsewhere (the member's
 * password changed, on any process) stops being served within this time.
 */
export const SESSION_RECHECK_MS = 5_000;

const VASSALAGE = /^[A-Z0-9_]{1,16}$/;
const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** What the games module asks a launch token for (the game URL carries the token). */
export interface LaunchTokenRequest {
  merchant: string;
  memberId: number;
  vassalage: string;
  gameCode: string;
  /** real: the member's main wallet; play: a trial account's play money. */
  mode: Mode;
  language: Language;
}

/** A live game session as the hot calls need it. */
export interface VendorSession {
  id: number;
  merchant: string;
  vendor: string;
  memberId: number;
  gameCode: string;
  mode: Mode;
  language: string;
  /** Epoch ms: the absolute end. */
  expiresAt: number;
  /** Epoch ms, as last written to the database. */
  lastSeenAt: number;
}

/** What authenticate hands on: the session and the token the vendor carries from now on. */
export interface OpenedSession {
  session: VendorSession;
  sessionToken: string;
}

interface SessionSqlRow {
  id: unknown;
  merchant: string;
  vendor: string;
  member_id: unknown;
  game_code: string;
  mode: Mode;
  language: string;
  expires_ms: unknown;
  last_seen_ms: unknown;
}

const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint AS`;
const SESSION_COLUMNS = `id, merchant, vendor, member_id, game_code, mode, language,
  ${MS('expires_at')} expires_ms, ${MS('last_seen_at')} last_seen_ms`;

const sessionOf = (r: SessionSqlRow): VendorSession => ({
  id: id(r.id),
  merchant: r.merchant,
  vendor: r.vendor,
  memberId: id(r.member_id),
  gameCode: r.game_code,
  mode: r.mode,
  language: r.language,
  expiresAt: Number(r.expires_ms),
  lastSeenAt: Number(r.last_seen_ms),
});

/**
 * Launch tokens and the game sessions they open. Both are 256-bit random tokens stored only as
 * their SHA-256. A session's fixed facts are kept in memory, so a hot call costs no query for
 * it; its expiry is still enforced here, and its last use is written at most once a minute
 * (another process that has not seen the session for a while re-reads it before calling it idle).
 */
export class VendorSessions {
  private readonly runner: SqlRunner;
  /**
   * By token (the process holds it in every call anyway; the database only its hash, so a hot
   * call hashes nothing): the session and when it was read from the database (epoch ms).
   */
  private readonly cache = new Map<string, { session: VendorSession; readAt: number }>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    this.runner = new SqlRunner(database);
  }

  /**
   * A single-use token for a member to start a game of a vendor with, valid for 5 minutes.
   * Refuses an unknown or disabled member, real money for a trial account (trial.forbidden)
   * and play money for any other.
   */
  async issueLaunchToken(req: LaunchTokenRequest): Promise<string> {
    if (!VASSALAGE.test(req.vassalage) || !GAME_CODE.test(req.gameCode) || !isLanguage(req.language)) {
      throw new AppError('request.invalid', 'The vendor, game or language is not valid.');
    }
    if ((req.mode !== 'real' && req.mode !== 'play') || !Number.isSafeInteger(req.memberId)) {
      throw new AppError('request.invalid', 'The mode or member is not valid.');
    }
    const sql = this.runner.on(this.database.db);
    const member = await memberState(sql, req.merchant, req.memberId);
    if (!member?.active) throw new AppError('request.invalid', 'There is no such active member.');
    if (member.trial && req.mode === 'real') throw new AppError('trial.forbidden');
    if (!member.trial && req.mode === 'play') {
      throw new AppError('request.invalid', 'Play money is for trial accounts only.');
    }
    const token = randomToken();
    const now = this.clock.now();
    await sql.rows(
      `INSERT INTO vendor_launch_tokens (token_hash, merchant, vendor, member_id, game_code, mode, language,
         created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        sha256Hex(token),
        req.merchant,
        req.vassalage,
        req.memberId,
        req.gameCode,
        req.mode,
        req.language,
        new Date(now).toISOString(),
        new Date(now + LAUNCH_TOKEN_TTL_MS).toISOString(),
      ],
      'seamless_launch_token_v1',
    );
    return token;
  }

  /**
   * Exchanges a launch token of this vendor for a session, in one transaction. An unknown, used,
   * expired or other vendor's token, or a member no longer able to play in the token's mode, is
   * INVALID_TOKEN.
   */
  async open(merchant: string, vendor: string, launchToken: string): Promise<OpenedSession> {
    const opened = await this.database.db.transaction((tx) =>
      this.exchange(tx, merchant, vendor, launchToken),
    );
    // Only a committed session is served from memory.
    this.remember(opened.sessionToken, opened.session);
    return opened;
  }

  private async exchange(
    tx: LedgerTx,
    merchant: string,
    vendor: string,
    launchToken: string,
  ): Promise<OpenedSession> {
    const sql = this.runner.on(tx);
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const [grant] = await sql.rows<{ member_id: unknown; game_code: string; mode: Mode; language: string }>(
      `UPDATE vendor_launch_tokens SET used_at = $4
       WHERE token_hash = $1 AND merchant = $2 AND vendor = $3 AND used_at IS NULL AND expires_at > $4
       RETURNING member_id, game_code, mode, language`,
      [sha256Hex(launchToken), merchant, vendor, at],
      'seamless_launch_consume_v1',
    );
    if (!grant) throw new SeamlessRefusal('INVALID_TOKEN', 'The launch token is unknown, used or expired.');
    const memberId = id(grant.member_id);
    const member = await memberState(sql, merchant, memberId);
    if (!member?.active || member.trial !== (grant.mode === 'play')) {
      throw new SeamlessRefusal('INVALID_TOKEN', 'The player cannot play in this mode.');
    }
    const sessionToken = randomToken();
    const [row] = await sql.rows<SessionSqlRow>(
      `INSERT INTO vendor_sessions (token_hash, merchant, vendor, member_id, game_code, mode, language,
         created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)
       RETURNING ${SESSION_COLUMNS}`,
      [
        sha256Hex(sessionToken),
        merchant,
        vendor,
        memberId,
        grant.game_code,
        grant.mode,
        grant.language,
        at,
        new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
      ],
      'seamless_session_insert_v1',
    );
    return { session: sessionOf(row!), sessionToken };
  }

  /**
   * The live session of a session token of this vendor and merchant. Refuses INVALID_TOKEN
   * (unknown, or another vendor's) and SESSION_EXPIRED (idle too long, or past its end).
   */
  async resolve(merchant: string, vendor: string, sessionToken: string): Promise<VendorSession> {
    const now = this.clock.now();
    const held = this.cache.get(sessionToken);
    let session =
      held && now - held.readAt < SESSION_RECHECK_MS ? held.session : await this.load(sessionToken);
    if (!session || session.merchant !== merchant || session.vendor !== vendor) {
      throw new SeamlessRefusal('INVALID_TOKEN', 'The session token is not known.');
    }
    if (now >= session.expiresAt) throw new SeamlessRefusal('SESSION_EXPIRED', 'The session has ended.');
    if (now - session.lastSeenAt > SESSION_IDLE_MS) {
      // Another process may have served the session since this one last saw it.
      session = await this.load(sessionToken);
      if (!session || now - session.lastSeenAt > SESSION_IDLE_MS) {
        throw new SeamlessRefusal('SESSION_EXPIRED', 'The session has been idle too long.');
      }
    }
    if (now - session.lastSeenAt >= SESSION_TOUCH_MS) {
      await this.runner
        .on(this.database.db)
        .rows(
          'UPDATE vendor_sessions SET last_seen_at = greatest(last_seen_at, $2) WHERE id = $1',
          [session.id, new Date(now).toISOString()],
          'seamless_session_touch_v1',
        );
      session.lastSeenAt = now;
    }
    return session;
  }

  /** The stored session of a token (only its hash is stored), kept in memory by the token. */
  private async load(sessionToken: string): Promise<VendorSession | null> {
    const tokenHash = sha256Hex(sessionToken);
    const [row] = await this.runner
      .on(this.database.db)
      .rows<SessionSqlRow>(
        `SELECT ${SESSION_COLUMNS} FROM vendor_sessions WHERE token_hash = $1`,
        [tokenHash],
        'seamless_session_find_v1',
      );
    if (!row) {
      this.cache.delete(sessionToken);
      return null;
    }
    const session = sessionOf(row);
    this.remember(sessionToken, session);
    return session;
  }

  private remember(sessionToken: string, session: VendorSession) {
    if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.clear();
    this.cache.set(sessionToken, { session, readAt: this.clock.now() });
  }
}

/**
 * Ends a member's game sessions and unused launch tokens at `at` (with the member's own
 * sessions, in the caller's transaction): the vendor's next call is SESSION_EXPIRED and a token
 * not yet exchanged is INVALID_TOKEN. Every process stops serving them within SESSION_RECHECK_MS.
 */
export async function endVendorSessionsOf(db: Queryable, memberId: number, at: Date): Promise<void> {
  await db
    .update(vendorSessions)
    .set({ expiresAt: at })
    .where(and(eq(vendorSessions.memberId, memberId), gt(vendorSessions.expiresAt, at)));
  await db
    .update(vendorLaunchTokens)
    .set({ expiresAt: at })
    .where(
      and(
        eq(vendorLaunchTokens.memberId, memberId),
        isNull(vendorLaunchTokens.usedAt),
        gt(vendorLaunchTokens.expiresAt, at),
      ),
    );
}

/** Whether the member is active and a trial account, read through the caller's handle. */
async function memberState(sql: Sql, merchant: string, memberId: number) {
  const [row] = await sql.rows<{ status: string; trial: unknown }>(
    `SELECT m.status,
            coalesce(mc.config -> 'brand' -> 'trialType' @> to_jsonb(m.type), false) AS trial
       FROM members m JOIN merchants mc ON mc.code = m.merchant_code
      WHERE m.id = $1 AND m.merchant_code = $2`,
    [memberId, merchant],
    'seamless_member_state_v1',
  );
  return row ? { active: row.status === 'active', trial: bool(row.trial) } : null;
}
