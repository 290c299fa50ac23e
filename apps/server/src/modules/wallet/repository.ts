import { big, bool, id, type Sql } from './sql.ts';

/** The SQL of the ledger. Statement names are versioned: a name always means one text. */

export interface MovedSide {
  accountId: number;
  memberId: number | null;
  amountMinor: bigint;
  balanceBeforeMinor: bigint;
  balanceAfterMinor: bigint;
  version: bigint;
}

export interface NewTransfer {
  merchant: string;
  idempotencyKey: string;
  requestHash: string;
  kind: number;
  fromAccountId: number;
  toAccountId: number;
  amountMinor: bigint;
  memo: string | null;
  reversesTransferId: number | null;
  createdAt: Date;
  createdBy: string;
}

/**
 * One statement per transfer, so a transfer outside a transaction is one round trip and a
 * crash can never leave half of it:
 * 1. insert the transfer; a row with the same key makes this a no-op (the unique index also
 *    makes a concurrent duplicate wait until the first commits or rolls back);
 * 2. lock both accounts in ascending id order (ORDER BY is applied before the row locks), FOR
 *    NO KEY UPDATE: it excludes other transfers of these accounts but not the key-share locks
 *    that the foreign keys of concurrent transfer rows take on them;
 * 3. move both balances and versions; the non-negative CHECK refuses an overdraft, which
 *    aborts the whole statement (transfer row included);
 * 4. write one entry per side with the balance before and after and the version it made.
 * The foreign keys of the transfer also refuse an account id that does not exist.
 * No rows back means the key was used before. Parameters: merchant, key, request hash, kind,
 * from account id, to account id, amount, memo, reversed transfer id, created at, created by.
 */
export const MOVE_SQL = `
WITH t AS (
  INSERT INTO ledger_transfers (merchant_code, idempotency_key, request_hash, kind, from_account_id,
    to_account_id, amount, memo, reverses_transfer_id, created_at, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id
), locked AS (
  SELECT id FROM ledger_accounts
  WHERE id IN ($5, $6) AND EXISTS (SELECT 1 FROM t)
  ORDER BY id
  FOR NO KEY UPDATE
), moved AS (
  UPDATE ledger_accounts a
  SET balance = a.balance + (CASE WHEN a.id = $5 THEN -$7::bigint ELSE $7::bigint END),
    version = a.version + 1
  FROM locked
  WHERE a.id = locked.id
  RETURNING a.id, a.member_id, a.balance, a.version,
    (CASE WHEN a.id = $5 THEN -$7::bigint ELSE $7::bigint END) AS amount
), e AS (
  INSERT INTO ledger_entries (merchant_code, transfer_id, account_id, amount, balance_before,
    balance_after, account_version)
  SELECT $1, t.id, moved.id, moved.amount, moved.balance - moved.amount, moved.balance, moved.version
  FROM t, moved
)
SELECT t.id AS transfer_id, moved.id AS account_id, moved.member_id, moved.amount, moved.balance,
  moved.version
FROM t LEFT JOIN moved ON true`;

interface MovedRow {
  transfer_id: unknown;
  account_id: unknown;
  member_id: unknown;
  amount: unknown;
  balance: unknown;
  version: unknown;
}

/** Applies a transfer; null when its idempotency key already exists. */
export async function insertTransfer(
  sql: Sql,
  t: NewTransfer,
): Promise<{ transferId: number; sides: MovedSide[] } | null> {
  const rows = await sql.rows<MovedRow>(
    MOVE_SQL,
    [
      t.merchant,
      t.idempotencyKey,
      t.requestHash,
      t.kind,
      t.fromAccountId,
      t.toAccountId,
      t.amountMinor.toString(),
      t.memo,
      t.reversesTransferId,
      t.createdAt.toISOString(),
      t.createdBy,
    ],
    'ledger_move_v1',
  );
  const first = rows[0];
  if (!first) return null;
  const sides = rows.map((r) => {
    const amount = big(r.amount);
    const after = big(r.balance);
    return {
      accountId: id(r.account_id),
      memberId: r.member_id === null ? null : id(r.member_id),
      amountMinor: amount,
      balanceBeforeMinor: after - amount,
      balanceAfterMinor: after,
      version: big(r.version),
    };
  });
  return { transferId: id(first.transfer_id), sides };
}

export interface StoredTransfer {
  transferId: number;
  merchant: string;
  idempotencyKey: string;
  requestHash: string;
  kind: number;
  fromAccountId: number;
  toAccountId: number;
  amountMinor: bigint;
  memo: string | null;
  reversesTransferId: number | null;
  createdAt: Date;
  createdBy: string;
  sides: MovedSide[];
}

const STORED_SQL = `
SELECT t.id, t.merchant_code, t.idempotency_key, t.request_hash, t.kind, t.from_account_id,
  t.to_account_id, t.amount, t.memo, t.reverses_transfer_id,
  (extract(epoch FROM t.created_at) * 1000)::bigint AS created_ms, t.created_by,
  e.account_id, a.member_id, e.amount AS entry_amount, e.balance_before, e.balance_after,
  e.account_version
FROM ledger_transfers t
JOIN ledger_entries e ON e.transfer_id = t.id
JOIN ledger_accounts a ON a.id = e.account_id
WHERE t.merchant_code = $1 AND`;

interface StoredRow {
  id: unknown;
  merchant_code: string;
  idempotency_key: string;
  request_hash: string;
  kind: number;
  from_account_id: unknown;
  to_account_id: unknown;
  amount: unknown;
  memo: string | null;
  reverses_transfer_id: unknown;
  created_ms: unknown;
  created_by: string;
  account_id: unknown;
  member_id: unknown;
  entry_amount: unknown;
  balance_before: unknown;
  balance_after: unknown;
  account_version: unknown;
}

function toStored(rows: StoredRow[]): StoredTransfer | null {
  const r = rows[0];
  if (!r) return null;
  return {
    transferId: id(r.id),
    merchant: r.merchant_code,
    idempotencyKey: r.idempotency_key,
    requestHash: r.request_hash,
    kind: Number(r.kind),
    fromAccountId: id(r.from_account_id),
    toAccountId: id(r.to_account_id),
    amountMinor: big(r.amount),
    memo: r.memo,
    reversesTransferId: r.reverses_transfer_id === null ? null : id(r.reverses_transfer_id),
    createdAt: new Date(Number(r.created_ms)),
    createdBy: r.created_by,
    sides: rows.map((s) => ({
      accountId: id(s.account_id),
      memberId: s.member_id === null ? null : id(s.member_id),
      amountMinor: big(s.entry_amount),
      balanceBeforeMinor: big(s.balance_before),
      balanceAfterMinor: big(s.balance_after),
      version: big(s.account_version),
    })),
  };
}

export async function findTransferByKey(sql: Sql, merchant: string, key: string) {
  const rows = await sql.rows<StoredRow>(
    `${STORED_SQL} t.idempotency_key = $2`,
    [merchant, key],
    'ledger_transfer_by_key_v1',
  );
  return toStored(rows);
}

export async function findTransferById(sql: Sql, merchant: string, transferId: number) {
  const rows = await sql.rows<StoredRow>(
    `${STORED_SQL} t.id = $2`,
    [merchant, transferId],
    'ledger_transfer_by_id_v1',
  );
  return toStored(rows);
}

export async function findMemberAccountId(sql: Sql, merchant: string, memberId: number, code: string) {
  const rows = await sql.rows<{ id: unknown }>(
    'SELECT id FROM ledger_accounts WHERE merchant_code = $1 AND member_id = $2 AND code = $3',
    [merchant, memberId, code],
    'ledger_member_account_v1',
  );
  return rows[0] ? id(rows[0].id) : null;
}

/** The member's type, or null when the member is not one of the merchant's. */
/**
 * A member's type and whether the merchant counts it as a trial type (play money only), read
 * through the caller's handle: inside a transaction on PGlite's one connection, a read
 * elsewhere (the merchant cache, say) would wait for this transaction forever.
 */
export async function findMemberKind(sql: Sql, merchant: string, memberId: number) {
  const rows = await sql.rows<{ type: number; trial: unknown }>(
    `SELECT m.type,
            coalesce(mc.config -> 'brand' -> 'trialType' @> to_jsonb(m.type), false) AS trial
       FROM members m JOIN merchants mc ON mc.code = m.merchant_code
      WHERE m.id = $1 AND m.merchant_code = $2`,
    [memberId, merchant],
    'ledger_member_kind_v1',
  );
  const row = rows[0];
  return row ? { type: Number(row.type), trial: bool(row.trial) } : null;
}

export async function createMemberAccount(sql: Sql, merchant: string, memberId: number, code: string) {
  await sql.rows(
    `INSERT INTO ledger_accounts (merchant_code, member_id, code, may_go_negative)
     VALUES ($1, $2, $3, false)
     ON CONFLICT (merchant_code, member_id, code) WHERE member_id IS NOT NULL DO NOTHING`,
    [merchant, memberId, code],
    'ledger_create_member_account_v1',
  );
}

/** The ids of a system account's shards, in shard order. */
export async function findShardIds(sql: Sql, merchant: string, code: string) {
  const rows = await sql.rows<{ id: unknown }>(
    'SELECT id FROM ledger_accounts WHERE merchant_code = $1 AND member_id IS NULL AND code = $2 ORDER BY shard',
    [merchant, code],
    'ledger_shards_v1',
  );
  return rows.map((r) => id(r.id));
}

export async function createShards(sql: Sql, merchant: string, code: string, shards: number) {
  await sql.rows(
    `INSERT INTO ledger_accounts (merchant_code, code, shard, may_go_negative)
     SELECT $1, $2, s, true FROM generate_series(0, $3::integer - 1) AS s
     ON CONFLICT (merchant_code, code, shard) WHERE member_id IS NULL DO NOTHING`,
    [merchant, code, shards],
    'ledger_create_shards_v1',
  );
}

export interface AccountBalance {
  accountId: number;
  code: string;
  balanceMinor: bigint;
  version: bigint;
}

export async function memberBalances(sql: Sql, merchant: string, memberId: number) {
  const rows = await sql.rows<{ id: unknown; code: string; balance: unknown; version: unknown }>(
    `SELECT id, code, balance, version FROM ledger_accounts
     WHERE merchant_code = $1 AND member_id = $2 ORDER BY code`,
    [merchant, memberId],
    'ledger_member_balances_v1',
  );
  return rows.map(
    (r): AccountBalance => ({
      accountId: id(r.id),
      code: r.code,
      balanceMinor: big(r.balance),
      version: big(r.version),
    }),
  );
}

/** A system account's balance: the sum of its shards. */
export async function systemBalance(sql: Sql, merchant: string, code: string) {
  const rows = await sql.rows<{ total: unknown }>(
    `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
     WHERE merchant_code = $1 AND member_id IS NULL AND code = $2`,
    [merchant, code],
    'ledger_system_balance_v1',
  );
  return big(rows[0]?.total ?? 0);
}
