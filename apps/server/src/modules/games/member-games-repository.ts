import { type Queryable, queryRows } from '../../platform/sql.ts';

/** The SQL of a member's favourite and recent games (tables of migration 0010). */

/** Any constant: the first key of the per-member advisory lock that serialises favourite adds. */
const FAVOURITES_LOCK = 7_270_010;

/** The member's favourite node ids, newest first. */
export async function favouriteIds(db: Queryable, merchant: string, memberId: number): Promise<string[]> {
  const rows = await queryRows<{ node_id: string }>(
    db,
    `SELECT node_id FROM game_favourites WHERE merchant = $1 AND member_id = $2
     ORDER BY created_at DESC, node_id`,
    [merchant, memberId],
  );
  return rows.map((r) => r.node_id);
}

/**
 * Adds a favourite unless it is there already or the member has `cap` of them. Run inside a
 * transaction: the advisory lock holds concurrent adds of one member apart until it commits, so
 * the count the cap is checked against is the true one. Returns 'full' when refused by the cap.
 */
export async function addFavourite(
  tx: Queryable,
  q: { merchant: string; memberId: number; nodeId: string; at: Date; cap: number },
): Promise<'added' | 'present' | 'full'> {
  await queryRows(tx, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [
    FAVOURITES_LOCK,
    `${q.merchant}:${q.memberId}`,
  ]);
  const [state] = await queryRows<{ present: boolean; n: string }>(
    tx,
    `SELECT bool_or(node_id = $3) AS present, count(*)::text AS n
     FROM game_favourites WHERE merchant = $1 AND member_id = $2`,
    [q.merchant, q.memberId, q.nodeId],
  );
  if (state?.present) return 'present';
  if (Number(state?.n ?? 0) >= q.cap) return 'full';
  await queryRows(
    tx,
    'INSERT INTO game_favourites (merchant, member_id, node_id, created_at) VALUES ($1, $2, $3, $4::timestamptz)',
    [q.merchant, q.memberId, q.nodeId, q.at.toISOString()],
  );
  return 'added';
}

/** Removes a favourite; removing one that is not there changes nothing. */
export async function removeFavourite(
  db: Queryable,
  merchant: string,
  memberId: number,
  nodeId: string,
): Promise<void> {
  await queryRows(db, 'DELETE FROM game_favourites WHERE merchant = $1 AND member_id = $2 AND node_id = $3', [
    merchant,
    memberId,
    nodeId,
  ]);
}

/** Records a launch: the game becomes the member's most recent. */
export async function touchRecent(
  db: Queryable,
  q: { merchant: string; memberId: number; nodeId: string; at: Date },
): Promise<void> {
  await queryRows(
    db,
    `INSERT INTO game_recent (merchant, member_id, node_id, launched_at) VALUES ($1, $2, $3, $4::timestamptz)
     ON CONFLICT (merchant, member_id, node_id) DO UPDATE SET launched_at = excluded.launched_at`,
    [q.merchant, q.memberId, q.nodeId, q.at.toISOString()],
  );
}

/** The member's most recently launched node ids, newest first. */
export async function recentIds(
  db: Queryable,
  merchant: string,
  memberId: number,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ node_id: string }>(
    db,
    `SELECT node_id FROM game_recent WHERE merchant = $1 AND member_id = $2
     ORDER BY launched_at DESC, node_id LIMIT $3`,
    [merchant, memberId, limit],
  );
  return rows.map((r) => r.node_id);
}
