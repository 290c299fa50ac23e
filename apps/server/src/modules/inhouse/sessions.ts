import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256Hex, TOKEN_PATTERN } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { SqlRunner } from '../../platform/sql.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from '../vendor/index.ts';

/** Play sessions kept in memory; past this the cache starts over. */
const MAX_CACHED_SESSIONS = 100_000;

/** real: the member's main wallet; play: a trial account's play money. */
export type PlayMode = 'real' | 'play';

/** What a game page's session stands for: the platform's answer to authenticate, kept. */
export interface PlaySession {
  idHash: string;
  merchant: string;
  vendor: string;
  playerId: string;
  gameCode: string;
  mode: PlayMode;
  language: string;
  currency: string;
  /** The protocol's sessionToken, carried on balance and settle. */
  vendorSession: string;
  /** Epoch ms. */
  expiresAt: number;
  lastSeenAt: number;
}

/** What a new session is made of: authenticate's answer; the store adds id and times. */
export type NewPlaySession = Omit<PlaySession, 'idHash' | 'expiresAt' | 'lastSeenAt'>;

interface SessionSqlRow {
  id_hash: string;
  merchant: string;
  vendor: string;
  player_id: string;
  game_code: string;
  mode: PlayMode;
  language: string;
  currency: string;
  vendor_session: string;
  expires_ms: unknown;
  last_seen_ms: unknown;
}

const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint AS`;
const COLUMNS = `id_hash, merchant, vendor, player_id, game_code, mode, language, currency, vendor_session,
  ${MS('expires_at')} expires_ms, ${MS('last_seen_at')} last_seen_ms`;

const sessionOf = (r: SessionSqlRow): PlaySession => ({
  idHash: r.id_hash,
  merchant: r.merchant,
  vendor: r.vendor,
  playerId: r.player_id,
  gameCode: r.game_code,
  mode: r.mode,
  language: r.language,
  currency: r.currency,
  vendorSession: r.vendor_session,
  expiresAt: Number(r.expires_ms),
  lastSeenAt: Number(r.last_seen_ms),
});

/**
 * The game pages' sessions (inhouse_sessions). The page holds a 256-bit random id (stored only
 * as its SHA-256) so a reload needs no launch token. A session lives exactly as long as the
 * wallet session it carries may (30 idle minutes, 24 hours at most); its fixed facts are kept in
 * memory by the id the calls carry, so a bet costs no query and no hash for it, and its last use
 * is written at most once a minute (another process re-reads it before calling it idle).
 */
export class PlaySessions {
  private readonly runner: SqlRunner;
  private readonly cache = new Map<string, PlaySession>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {
    this.runner = new SqlRunner(database);
  }

  /** Stores a new session; answers the id the page sends from now on. */
  async create(s: NewPlaySession): Promise<{ sessionId: string; session: PlaySession }> {
    const sessionId = randomToken();
    const now = this.clock.now();
    const [row] = await this.runner.on(this.database.db).rows<SessionSqlRow>(
      `INSERT INTO inhouse_sessions (id_hash, merchant, vendor, player_id, game_code, mode, language, currency,
         vendor_session, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)
       RETURNING ${COLUMNS}`,
      [
        sha256Hex(sessionId),
        s.merchant,
        s.vendor,
        s.playerId,
        s.gameCode,
        s.mode,
        s.language,
        s.currency,
        s.vendorSession,
        new Date(now).toISOString(),
        new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
      ],
      'inhouse_session_insert_v1',
    );
    const session = sessionOf(row!);
    this.remember(sessionId, session);
    return { sessionId, session };
  }

  /**
   * The live session of the page's id at this merchant: play.session.invalid for an unknown
   * one, play.session.expired for one idle too long or past its end.
   */
  async resolve(merchant: string, sessionId: unknown): Promise<PlaySession> {
    if (typeof sessionId !== 'string' || !TOKEN_PATTERN.test(sessionId))
      throw new AppError('play.session.invalid');
    const now = this.clock.now();
    let session = this.cache.get(sessionId) ?? (await this.load(sessionId));
    if (!session || session.merchant !== merchant) throw new AppError('play.session.invalid');
    if (now >= session.expiresAt) throw new AppError('play.session.expired');
    if (now - session.lastSeenAt > SESSION_IDLE_MS) {
      session = await this.load(sessionId);
      if (!session || now - session.lastSeenAt > SESSION_IDLE_MS || now >= session.expiresAt) {
        throw new AppError('play.session.expired');
      }
    }
    if (now - session.lastSeenAt >= SESSION_TOUCH_MS) {
      await this.runner
        .on(this.database.db)
        .rows(
          'UPDATE inhouse_sessions SET last_seen_at = greatest(last_seen_at, $2) WHERE id_hash = $1',
          [session.idHash, new Date(now).toISOString()],
          'inhouse_session_touch_v1',
        );
      session.lastSeenAt = now;
    }
    return session;
  }

  /**
   * Ends a session now: the wallet said its session is over. Another process that has it in
   * memory learns it from the wallet on its next call for it.
   */
  async end(session: PlaySession): Promise<void> {
    const now = this.clock.now();
    await this.runner
      .on(this.database.db)
      .rows(
        'UPDATE inhouse_sessions SET expires_at = least(expires_at, $2) WHERE id_hash = $1',
        [session.idHash, new Date(now).toISOString()],
        'inhouse_session_end_v1',
      );
    session.expiresAt = Math.min(session.expiresAt, now);
  }

  private async load(sessionId: string): Promise<PlaySession | null> {
    const [row] = await this.runner
      .on(this.database.db)
      .rows<SessionSqlRow>(
        `SELECT ${COLUMNS} FROM inhouse_sessions WHERE id_hash = $1`,
        [sha256Hex(sessionId)],
        'inhouse_session_find_v1',
      );
    if (!row) return null;
    const session = sessionOf(row);
    this.remember(sessionId, session);
    return session;
  }

  /** Kept by the page's id (which every call carries; the table holds only its hash). */
  private remember(sessionId: string, session: PlaySession) {
    if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.clear();
    this.cache.set(sessionId, session);
  }
}
