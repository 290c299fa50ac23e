import { big, type Queryable, type SqlRunner } from '../../platform/sql.ts';

/** A round the platform recorded for the in-house vendor: what a retried bet answers again. */
export interface StoredRound {
  playerId: string;
  orderNo: string;
  detail: unknown;
  /** The wallet's balance after the round, as the settle answered it. */
  balanceAfterMinor: bigint;
}

/**
 * The in-house vendor keeps no copy of its rounds: the record the platform keeps for recall
 * (game_rounds, in the same database) holds the detail the vendor sent with the round, so a
 * retried request is answered from it. The vendor only reads it.
 */
export async function findStoredRound(
  runner: SqlRunner,
  q: Queryable,
  key: { merchant: string; vendor: string; roundId: string },
): Promise<StoredRound | null> {
  const [row] = await runner.on(q).rows<{
    member_id: unknown;
    order_no: string;
    detail: unknown;
    balance_after_minor: unknown;
  }>(
    `SELECT member_id, order_no, detail, balance_after_minor FROM game_rounds
     WHERE merchant = $1 AND vendor = $2 AND round_id = $3 AND status = 'settled'`,
    [key.merchant, key.vendor, key.roundId],
    'inhouse_round_find_v1',
  );
  if (!row) return null;
  // A named statement on PGlite answers jsonb as its text.
  const detail = typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail;
  return {
    playerId: String(row.member_id),
    orderNo: row.order_no,
    detail,
    balanceAfterMinor: big(row.balance_after_minor ?? 0),
  };
}
