import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from './db.ts';
import { type Queryable, queryRows } from './sql.ts';

/**
 * The operator audit log, tamper-evident. Every row of a merchant's log is a link of a hash
 * chain: its hash is the SHA-256 of the previous row's hash followed by the row's canonical
 * content (the JSON text of its fields, made by PostgreSQL, so writing and checking agree to
 * the byte). The chain's head (last sequence number and hash) lives apart from the log in
 * audit_heads, signed with the server's audit key; its row is also the lock that orders the
 * appends of one merchant. `verifyAudit` recomputes the chain and checks the head: a row edited,
 * deleted or cut off the end (the newest too) no longer matches, and a chain recomputed by
 * someone who edited the database cannot be signed without the key.
 *
 * Every writer appends through `appendAudit`, inside its own transaction, as the last thing it
 * does there (the head row is the last lock the transaction takes).
 */

export interface AuditEntry {
  merchantCode: string;
  /** Who: the operator's name (or "ops" for the operator token, "system" for a job). */
  actor: string;
  /** What: the command or action's name. */
  action: string;
  detail?: Record<string, unknown>;
  /** From where: the caller's address, when known. */
  ip?: string | null;
  /** The state the action changed, before and after, when it has one. */
  before?: unknown;
  after?: unknown;
}

export const AUDIT_GENESIS = '0'.repeat(64);

/** The audit signing key, derived from the server's secrets key (one secret to keep, not two). */
export const auditKeyOf = (secretsKey: string): Buffer =>
  createHmac('sha256', secretsKey).update('aurum audit head v1').digest();

/** The canonical content of a row (alias `a`), as the migration that chained the old rows has it. */
const canonical = (
  seq: string,
  merchant: string,
  actor: string,
  action: string,
  detail: string,
  before: string,
  after: string,
  ip: string,
  at: string,
) =>
  `jsonb_build_array(${seq}, ${merchant}, ${actor}, ${action}, ${detail}, ${before}, ${after}, ${ip},
     to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))::text`;

const hashOf = (prev: string, content: string) =>
  `encode(sha256(convert_to(${prev} || ${content}, 'UTF8')), 'hex')`;

const APPEND = `
  WITH head AS (
    SELECT seq, hash FROM audit_heads WHERE merchant_code = $1 FOR UPDATE
  )
  INSERT INTO ops_audit (merchant_code, actor, action, detail, ip, before_state, after_state, created_at,
                         seq, prev_hash, hash)
  SELECT $1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8::timestamptz, head.seq + 1, head.hash,
    ${hashOf('head.hash', canonical('head.seq + 1', '$1::text', '$2::text', '$3::text', '$4::jsonb', '$6::jsonb', '$7::jsonb', '$5::text', '$8::timestamptz'))}
  FROM head
  RETURNING seq, hash`;

const ROW_HASH = hashOf(
  'a.prev_hash',
  canonical(
    'a.seq',
    'a.merchant_code',
    'a.actor',
    'a.action',
    'a.detail',
    'a.before_state',
    'a.after_state',
    'a.ip',
    'a.created_at',
  ),
);

function sign(key: Buffer, merchant: string, seq: number, hash: string): string {
  return createHmac('sha256', key).update(`audit-head:${merchant}:${seq}:${hash}`).digest('hex');
}

function signatureMatches(key: Buffer, merchant: string, seq: number, hash: string, given: string | null) {
  if (!given) return false;
  const a = Buffer.from(sign(key, merchant, seq, hash));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * Appends one row to the merchant's chain and moves the signed head, on `q` (the caller's
 * transaction, so the row lands with what it records, or the database for an action of its own).
 */
export async function appendAudit(database: Database, q: Queryable, entry: AuditEntry): Promise<void> {
  const m = entry.merchantCode;
  await queryRows(
    q,
    `INSERT INTO audit_heads (merchant_code, seq, hash, signature) VALUES ($1, 0, $2, $3)
     ON CONFLICT (merchant_code) DO NOTHING`,
    [m, AUDIT_GENESIS, sign(database.auditKey, m, 0, AUDIT_GENESIS)],
  );
  const [row] = await queryRows<{ seq: string | number; hash: string }>(q, APPEND, [
    m,
    entry.actor,
    entry.action,
    JSON.stringify(entry.detail ?? {}),
    entry.ip ?? null,
    json(entry.before),
    json(entry.after),
    new Date().toISOString(),
  ]);
  if (!row) throw new Error(`the audit head of ${m} is missing`);
  const seq = Number(row.seq);
  await queryRows(
    q,
    'UPDATE audit_heads SET seq = $2, hash = $3, signature = $4, updated_at = now() WHERE merchant_code = $1',
    [m, seq, row.hash, sign(database.auditKey, m, seq, row.hash)],
  );
}

/** Appends in a transaction of its own (an action that changes nothing else, or a read). */
export function recordAudit(database: Database, entry: AuditEntry): Promise<void> {
  return database.db.transaction((tx) => appendAudit(database, tx, entry));
}

/**
 * Signs the heads that the migration carried over from the log written before the chain (they
 * have no signature yet). Run once at start; it changes nothing afterwards.
 */
export async function signCarriedHeads(database: Database): Promise<number> {
  const heads = await queryRows<{ merchant_code: string; seq: string | number; hash: string }>(
    database.db,
    'SELECT merchant_code, seq, hash FROM audit_heads WHERE signature IS NULL',
    [],
  );
  for (const h of heads) {
    await queryRows(
      database.db,
      'UPDATE audit_heads SET signature = $4 WHERE merchant_code = $1 AND seq = $2 AND hash = $3 AND signature IS NULL',
      [h.merchant_code, h.seq, h.hash, sign(database.auditKey, h.merchant_code, Number(h.seq), h.hash)],
    );
  }
  return heads.length;
}

export interface AuditProblem {
  /** The sequence number the problem is at (the head's for a head problem). */
  seq: number;
  problem: string;
}

export interface AuditReport {
  merchant: string;
  ok: boolean;
  rows: number;
  head: { seq: number; hash: string } | null;
  problems: AuditProblem[];
}

const PAGE = 5_000;
const MAX_PROBLEMS = 100;

/** Recomputes a merchant's chain and checks its signed head. */
export async function verifyAudit(database: Database, merchant: string): Promise<AuditReport> {
  const problems: AuditProblem[] = [];
  const flag = (seq: number, problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ seq, problem });
  };
  let expectedSeq = 1;
  let prevHash = AUDIT_GENESIS;
  let rows = 0;
  let after = 0;
  for (;;) {
    const page = await queryRows<{ seq: string | number; prev_hash: string; hash: string; expected: string }>(
      database.db,
      `SELECT a.seq, a.prev_hash, a.hash, ${ROW_HASH} AS expected
       FROM ops_audit a WHERE a.merchant_code = $1 AND a.seq > $2 ORDER BY a.seq LIMIT ${PAGE}`,
      [merchant, after],
    );
    for (const r of page) {
      const seq = Number(r.seq);
      if (seq !== expectedSeq) flag(seq, `rows ${expectedSeq}..${seq - 1} are missing`);
      if (r.prev_hash !== prevHash) flag(seq, 'does not follow the row before it');
      if (r.hash !== r.expected) flag(seq, 'its content does not match its hash (edited)');
      expectedSeq = seq + 1;
      prevHash = r.hash;
      after = seq;
      rows++;
    }
    if (page.length < PAGE) break;
  }
  const [head] = await queryRows<{ seq: string | number; hash: string; signature: string | null }>(
    database.db,
    'SELECT seq, hash, signature FROM audit_heads WHERE merchant_code = $1',
    [merchant],
  );
  const lastSeq = expectedSeq - 1;
  if (!head) {
    if (rows > 0) flag(lastSeq, 'the signed head of the chain is missing');
  } else {
    const headSeq = Number(head.seq);
    if (!signatureMatches(database.auditKey, merchant, headSeq, head.hash, head.signature))
      flag(headSeq, 'the head of the chain is not signed by this server');
    if (headSeq > lastSeq) flag(headSeq, `rows ${lastSeq + 1}..${headSeq} were cut off the end`);
    else if (headSeq < lastSeq) flag(headSeq, `rows ${headSeq + 1}..${lastSeq} were added after the head`);
    else if (head.hash !== prevHash) flag(headSeq, 'the last row is not the one the head was signed for');
  }
  return {
    merchant,
    ok: problems.length === 0,
    rows,
    head: head ? { seq: Number(head.seq), hash: head.hash } : null,
    problems,
  };
}

export interface AuditRow {
  seq: number;
  at: string;
  actor: string;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
  before: unknown;
  after: unknown;
}

/** The merchant's log, newest first, optionally of one actor and one action. */
export async function listAudit(
  database: Database,
  merchant: string,
  filter: { actor?: string | undefined; action?: string | undefined; limit: number },
): Promise<AuditRow[]> {
  const rows = await queryRows<{
    seq: string | number;
    created_at: Date | string;
    actor: string;
    action: string;
    ip: string | null;
    detail: Record<string, unknown>;
    before_state: unknown;
    after_state: unknown;
  }>(
    database.db,
    `SELECT seq, created_at, actor, action, ip, detail, before_state, after_state FROM ops_audit
     WHERE merchant_code = $1 AND ($2::text IS NULL OR actor = $2) AND ($3::text IS NULL OR action = $3)
     ORDER BY seq DESC LIMIT $4`,
    [merchant, filter.actor ?? null, filter.action ?? null, filter.limit],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: new Date(r.created_at).toISOString(),
    actor: r.actor,
    action: r.action,
    ip: r.ip,
    detail: r.detail,
    before: r.before_state,
    after: r.after_state,
  }));
}
