import { sql } from 'drizzle-orm';
import { DAY_MS, MINUTE_MS } from './clock.ts';
import type { Database } from './db.ts';
import type { Job } from './jobs.ts';

/** Rows deleted per statement, so a large backlog never holds locks for long. */
const BATCH = 5000;
/** Ended sessions are kept this long for support questions ("was I signed in on…"). */
export const SESSION_RETENTION_MS = 30 * DAY_MS;
/** Used or expired one-time codes are kept a day: enough to answer "why did my code fail". */
export const CODE_RETENTION_MS = DAY_MS;
/**
 * How long a browser keeps its device cookie (a known device of a member, renewed at every
 * sign-in): a device not seen for longer can no longer present it, so its row goes.
 */
export const DEVICE_COOKIE_MAX_AGE_MS = 400 * DAY_MS;
/** The member's sign-in history (the security centre shows the last 20) is kept a year. */
export const SIGN_IN_RETENTION_MS = 365 * DAY_MS;

/** Deleted rows, as node-postgres (rowCount) or PGlite (affectedRows) reports them. */
const rowsOf = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/**
 * Deletes what has expired and can never be used again: captcha answers, one-time codes,
 * sign-in attempts of social login, two-factor sign-in tickets, rate-limit windows, ids of taken E
 * bodies, known devices whose cookie has expired, and sessions that ended long ago.
 * Idempotent: processes that run it together delete each row once.
 */
export function housekeepingJob(database: Database): Job {
  return {
    name: 'housekeeping',
    everyMs: 10 * MINUTE_MS,
    async run(now) {
      const { db } = database;
      const at = new Date(now);
      const sessionsBefore = new Date(now - SESSION_RETENTION_MS);
      const codesBefore = new Date(now - CODE_RETENTION_MS);
      const devicesBefore = new Date(now - DEVICE_COOKIE_MAX_AGE_MS);
      const signInsBefore = new Date(now - SIGN_IN_RETENTION_MS);
      const statements = [
        sql`DELETE FROM captchas WHERE id IN (SELECT id FROM captchas WHERE expires_at < ${at} LIMIT ${BATCH})`,
        sql`DELETE FROM oauth_states WHERE state_hash IN
              (SELECT state_hash FROM oauth_states WHERE expires_at < ${at} LIMIT ${BATCH})`,
        sql`DELETE FROM rate_limits WHERE key IN
              (SELECT key FROM rate_limits WHERE expires_at_ms < ${now} LIMIT ${BATCH})`,
        sql`DELETE FROM seen_jwe_ids WHERE jti IN
              (SELECT jti FROM seen_jwe_ids WHERE expires_at_ms < ${now} LIMIT ${BATCH})`,
        sql`DELETE FROM two_factor_challenges WHERE id IN
              (SELECT id FROM two_factor_challenges WHERE expires_at < ${codesBefore} LIMIT ${BATCH})`,
        sql`DELETE FROM verification_codes WHERE id IN
              (SELECT id FROM verification_codes WHERE expires_at < ${codesBefore} LIMIT ${BATCH})`,
        sql`DELETE FROM member_devices WHERE (member_id, token_hash) IN
              (SELECT member_id, token_hash FROM member_devices WHERE last_seen_at < ${devicesBefore} LIMIT ${BATCH})`,
        sql`DELETE FROM sessions WHERE id IN
              (SELECT id FROM sessions
                WHERE expires_at < ${sessionsBefore} OR revoked_at < ${sessionsBefore} LIMIT ${BATCH})`,
        sql`DELETE FROM member_sign_ins WHERE id IN
              (SELECT id FROM member_sign_ins WHERE created_at < ${signInsBefore} LIMIT ${BATCH})`,
      ];
      let done = 0;
      for (const statement of statements) done += rowsOf(await db.execute(statement));
      return done;
    },
  };
}
