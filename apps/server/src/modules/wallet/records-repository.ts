import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The SQL of the account record. `moves` is every (transfer, account) pair of the member's
 * real-money accounts in the time range: per account, one index range scan on each side of the
 * transfer (LATERAL, by the indexes of migration 0007), so the cost follows the range, not the
 * member's whole history. The record shows the member's side of a movement once: a transfer
 * between two of the member's own wallets (main to a game wallet) is shown on the main wallet
 * only, and the withdrawal hold (HOLD) is no wallet of the record (its hold and release show on
 * main). Play money (PLAY) is not part of the record. Parameters: merchant, member id, from, to (both included), kinds (a
 * comma-separated list of TX_TYPE ids, or null for all).
 */
const MOVES = `
WITH legs AS (
  SELECT t.id, t.created_at, t.kind, t.memo, m.id AS account_id, m.code,
    row_number() OVER (PARTITION BY t.id ORDER BY (m.code = 'MAIN') DESC, m.code) AS side
  FROM ledger_accounts m
  CROSS JOIN LATERAL (
    SELECT id, created_at, kind, memo FROM ledger_transfers
    WHERE from_account_id = m.id AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz
    UNION ALL
    SELECT id, created_at, kind, memo FROM ledger_transfers
    WHERE to_account_id = m.id AND created_at >= $3::timestamptz AND created_at <= $4::timestamptz
  ) t
  WHERE m.merchant_code = $1 AND m.member_id = $2
    AND (m.code IN ('MAIN', 'AGENT') OR m.code LIKE 'VENDOR:%')
    AND ($5::text IS NULL OR t.kind = ANY(string_to_array($5::text, ',')::integer[]))
),
moves AS (SELECT id, created_at, kind, memo, account_id, code FROM legs WHERE side = 1)`;

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

/** When each of the member's rounds settled (or opened, while open), by vendor and round id. */
export async function roundTimes(
  db: Queryable,
  merchant: string,
  memberId: number,
  rounds: readonly { vendor: string; roundId: string }[],
): Promise<Map<string, number>> {
  if (!rounds.length) return new Map();
  const rows = await queryRows<{ vendor: string; round_id: string; at_ms: string }>(
    db,
    `SELECT vendor, round_id, (extract(epoch FROM coalesce(settled_at, opened_at)) * 1000)::bigint::text AS at_ms
     FROM game_rounds
     WHERE merchant = $1 AND member_id = $2
       AND (vendor, round_id) IN (SELECT x->>0, x->>1 FROM jsonb_array_elements($3::jsonb) x)`,
    [merchant, memberId, JSON.stringify(rounds.map((r) => [r.vendor, r.roundId]))],
  );
  return new Map(rows.map((r) => [`${r.vendor} ${r.round_id}`, Number(r.at_ms)]));
}
