import { big, id, type Queryable, queryRows } from './sql.ts';

/**
 * The SQL of the account record. `moves` is every (transfer, account) pair of the member's
 * real-money accounts in the time range: per account, one index range scan on each side of the
 * transfer (LATERAL, by the indexes of migration 0007), so the cost follows the range, not the
 * member's whole history. A transfer between two of the member's own wallets (main to a game
 * wallet) is two pairs, one per wallet, as the record shows it. Play money (PLAY) is not part
 * of the record. Parameters: merchant, member id, from, to (both included), kinds (a
 * comma-separated list of TX_TYPE ids, or null for all).
 */
const MOVES = `
WITH moves AS (
  SELECT t.id, t.created_at, t.kind, t.memo, m.id AS account_id, m.code
  FROM ledger_accounts m
  CROSS JOIN LATERAL (
    SELECT id, created_at, kind, memo FROM ledger_transfers
    WHERE from_account_id = m.id AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz
    UNION ALL
    SELECT id, created_at, kind, memo FROM ledger_transfers
    WHERE to_account_id = m.id AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz
  ) t
  WHERE m.merchant_code = $1 AND m.member_id = $2
    AND (m.code IN ('MAIN', 'HOLD', 'AGENT') OR m.code LIKE 'VENDOR:%')
    AND ($5::text IS NULL OR t.kind = ANY(string_to_array($5::text, ',')::integer[]))
)`;

export interface RecordQuery {
  merchant: string;
  memberId: number;
  from: Date;
  to: Date;
  /** null: every kind. */
  kinds: readonly number[] | null;
  limit: number;
  offset: number;
}

export interface RecordRow {
  transferId: number;
  createdAt: Date;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  kind: number;
  wallet: string;
  memo: string | null;
}

interface Row {
  transfer_id: unknown;
  created_ms: string;
  amount: string;
  balance_after: string;
  kind: unknown;
  code: string;
  memo: string | null;
}

const paramsOf = (q: RecordQuery) => [
  q.merchant,
  q.memberId,
  q.from.toISOString(),
  q.to.toISOString(),
  q.kinds ? q.kinds.join(',') : null,
];

/** One page of the member's entries, newest first, and how many there are in all. */
export async function findRecords(
  db: Queryable,
  q: RecordQuery,
): Promise<{ rows: RecordRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    queryRows<Row>(
      db,
      `${MOVES}
      SELECT moves.id AS transfer_id,
        (extract(epoch FROM moves.created_at) * 1000)::bigint::text AS created_ms,
        e.amount::text AS amount, e.balance_after::text AS balance_after, moves.kind, moves.code,
        moves.memo
      FROM moves JOIN ledger_entries e ON e.transfer_id = moves.id AND e.account_id = moves.account_id
      ORDER BY moves.created_at DESC, moves.id DESC, e.id DESC
      LIMIT $6 OFFSET $7`,
      [...paramsOf(q), q.limit, q.offset],
    ),
    queryRows<{ n: string }>(db, `${MOVES} SELECT count(*)::text AS n FROM moves`, paramsOf(q)),
  ]);
  return {
    rows: rows.map((r) => ({
      transferId: id(r.transfer_id),
      createdAt: new Date(Number(r.created_ms)),
      amountMinor: big(r.amount),
      balanceAfterMinor: big(r.balance_after),
      kind: Number(r.kind),
      wallet: r.code,
      memo: r.memo,
    })),
    total: Number(counted[0]?.n ?? 0),
  };
}
