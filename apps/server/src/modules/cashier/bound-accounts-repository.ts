import type { BoundAccount } from '@aurum/contract';
import { id, type Queryable, queryRows } from '../../platform/sql.ts';

/** The SQL of bound withdrawal accounts. Times are read back as epoch milliseconds. */

export interface BoundAccountRow {
  id: number;
  memberId: number;
  type: BoundAccount['type'];
  provider: string;
  payeeName: string;
  /** Compact: no spaces or dashes, upper case. */
  accountNumber: string;
  createdAt: number;
}

interface RawRow {
  id: unknown;
  member_id: unknown;
  type: BoundAccount['type'];
  provider: string;
  payee_name: string;
  account_number: string;
  created_ms: unknown;
}

const COLUMNS = `id, member_id, type, provider, payee_name, account_number,
  floor(extract(epoch FROM created_at) * 1000)::bigint AS created_ms`;

const toRow = (r: RawRow): BoundAccountRow => ({
  id: id(r.id),
  memberId: id(r.member_id),
  type: r.type,
  provider: r.provider,
  payeeName: r.payee_name,
  accountNumber: r.account_number,
  createdAt: Number(r.created_ms),
});

/** The member's live accounts, oldest first. */
export async function listLiveAccounts(q: Queryable, merchant: string, memberId: number) {
  const rows = await queryRows<RawRow>(
    q,
    `SELECT ${COLUMNS} FROM withdraw_accounts
     WHERE merchant_code = $1 AND member_id = $2 AND removed_at IS NULL ORDER BY id`,
    [merchant, memberId],
  );
  return rows.map(toRow);
}

/** One live account of the member, or null (another member's id is null too). */
export async function findLiveAccount(q: Queryable, merchant: string, memberId: number, accountId: number) {
  const [row] = await queryRows<RawRow>(
    q,
    `SELECT ${COLUMNS} FROM withdraw_accounts
     WHERE id = $1 AND merchant_code = $2 AND member_id = $3 AND removed_at IS NULL`,
    [accountId, merchant, memberId],
  );
  return row ? toRow(row) : null;
}

export interface NewBoundAccount {
  merchant: string;
  memberId: number;
  type: BoundAccount['type'];
  provider: string;
  payeeName: string;
  accountNumber: string;
  createdAt: Date;
}

/** Inserts an account; null when the member has it bound already (the unique index says so). */
export async function insertAccount(q: Queryable, a: NewBoundAccount): Promise<BoundAccountRow | null> {
  const [row] = await queryRows<RawRow>(
    q,
    `INSERT INTO withdraw_accounts (merchant_code, member_id, type, provider, payee_name,
       account_number, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)
     ON CONFLICT (merchant_code, member_id, type, lower(provider), account_number)
       WHERE removed_at IS NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [a.merchant, a.memberId, a.type, a.provider, a.payeeName, a.accountNumber, a.createdAt.toISOString()],
  );
  return row ? toRow(row) : null;
}

/** Stamps a live account of the member removed; false when there is none. */
export async function removeAccount(
  q: Queryable,
  merchant: string,
  memberId: number,
  accountId: number,
  at: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    q,
    `UPDATE withdraw_accounts SET removed_at = $4::timestamptz
     WHERE id = $1 AND merchant_code = $2 AND member_id = $3 AND removed_at IS NULL RETURNING id`,
    [accountId, merchant, memberId, at.toISOString()],
  );
  return rows.length > 0;
}

/**
 * Locks the member's row for the rest of the transaction, so that the member's cashier
 * changes (binding past the limit, two withdrawals with one key) happen one at a time. NO KEY
 * UPDATE: it does not wait for the key-share locks that ledger rows referencing the member take.
 */
export async function lockMember(q: Queryable, merchant: string, memberId: number): Promise<boolean> {
  const rows = await queryRows<{ id: unknown }>(
    q,
    'SELECT id FROM members WHERE id = $1 AND merchant_code = $2 FOR NO KEY UPDATE',
    [memberId, merchant],
  );
  return rows.length > 0;
}

/**
 * Whether a withdrawal account of the member (live or removed: money may have gone to it) was
 * bound with this payee name, in any letter case: the member's real name is then locked.
 */
export async function payeeNameInUse(
  q: Queryable,
  merchant: string,
  memberId: number,
  payeeName: string,
): Promise<boolean> {
  const rows = await queryRows<{ one: unknown }>(
    q,
    `SELECT 1 AS one FROM withdraw_accounts
     WHERE merchant_code = $1 AND member_id = $2 AND lower(payee_name) = lower($3) LIMIT 1`,
    [merchant, memberId, payeeName.trim()],
  );
  return rows.length > 0;
}

/** The real (payee) names of a member's live withdrawal accounts, for proving who signs in. */
export async function livePayeeNames(q: Queryable, merchant: string, memberId: number): Promise<string[]> {
  const rows = await queryRows<{ payee_name: string }>(
    q,
    `SELECT DISTINCT payee_name FROM withdraw_accounts
     WHERE merchant_code = $1 AND member_id = $2 AND removed_at IS NULL`,
    [merchant, memberId],
  );
  return rows.map((r) => r.payee_name);
}
