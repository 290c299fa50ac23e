import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The SQL that reads game rounds (table game_rounds, written by the vendor module's
 * seamless-wallet calls). Vendor filters travel as one JSON array parameter, which both
 * PostgreSQL and PGlite bind the same way; ARRAY(...) makes it one value for `= ANY`, so the
 * indexes on (merchant, …) still serve the range.
 */

const VENDOR_IN = (param: string) => `vendor = ANY(ARRAY(SELECT jsonb_array_elements_text(${param}::jsonb)))`;
const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint::text`;

export type RoundStatus = 'open' | 'settled' | 'cancelled';
export type RoundMode = 'real' | 'play';

/** How often each game was played (real money, not cancelled) since a time, most first. */
export async function mostPlayed(
  db: Queryable,
  merchant: string,
  since: Date,
  limit: number,
): Promise<{ vendor: string; gameCode: string; rounds: number }[]> {
  const rows = await queryRows<{ vendor: string; game_code: string; n: string }>(
    db,
    `SELECT vendor, game_code, count(*)::text AS n FROM game_rounds
     WHERE merchant = $1 AND mode = 'real' AND status <> 'cancelled' AND opened_at >= $2::timestamptz
     GROUP BY vendor, game_code
     ORDER BY count(*) DESC, vendor, game_code
     LIMIT $3`,
    [merchant, since.toISOString(), limit],
  );
  return rows.map((r) => ({ vendor: r.vendor, gameCode: r.game_code, rounds: Number(r.n) }));
}

export interface WinRow {
  vendor: string;
  gameCode: string;
  /** The round's net win: payout less stake, always above zero. */
  winMinor: bigint;
  settledAt: number;
  account: string;
}

/**
 * The latest settled real-money wins (rounds whose payout exceeds their stake, with their net
 * amount) of the given vendors since a time, newest first: an index
 * range scan of game_rounds' winners index that stops after `limit` rows.
 */
export async function latestWins(
  db: Queryable,
  q: { merchant: string; since: Date; vendors: string[]; limit: number },
): Promise<WinRow[]> {
  const rows = await queryRows<{
    vendor: string;
    game_code: string;
    win: string;
    settled_ms: string;
    account: string;
  }>(
    db,
    `SELECT r.vendor, r.game_code, (r.win_minor - r.bet_minor)::text AS win, ${MS('r.settled_at')} AS settled_ms, m.account
     FROM game_rounds r JOIN members m ON m.id = r.member_id
     WHERE r.merchant = $1 AND r.status = 'settled' AND r.mode = 'real' AND r.win_minor > 0
       AND r.win_minor > r.bet_minor
       AND r.settled_at >= $2::timestamptz AND r.${VENDOR_IN('$3')}
     ORDER BY r.settled_at DESC, r.id DESC
     LIMIT $4`,
    [q.merchant, q.since.toISOString(), JSON.stringify(q.vendors), q.limit],
  );
  return rows.map((r) => ({
    vendor: r.vendor,
    gameCode: r.game_code,
    winMinor: big(r.win),
    settledAt: Number(r.settled_ms),
    account: r.account,
  }));
}

export interface BetQuery {
  merchant: string;
  memberId: number;
  mode: RoundMode;
  from: Date;
  to: Date;
  /** null: every vendor. */
  vendors: string[] | null;
  limit: number;
  offset: number;
}

export interface RoundRow {
  id: number;
  orderNo: string;
  vendor: string;
  gameCode: string;
  mode: RoundMode;
  status: RoundStatus;
  betMinor: bigint;
  winMinor: bigint;
  openedAt: number;
}

export interface BetTotals {
  rounds: number;
  /** Bets of rounds not cancelled. */
  betMinor: bigint;
  /** Bets of settled rounds. */
  validBetMinor: bigint;
  /** Wins of settled rounds. */
  winMinor: bigint;
}

interface RawRound {
  id: unknown;
  order_no: string;
  vendor: string;
  game_code: string;
  mode: RoundMode;
  status: RoundStatus;
  bet: string;
  win: string;
  opened_ms: string;
}

const ROUND_COLUMNS = `id, order_no, vendor, game_code, mode, status, bet_minor::text AS bet,
  win_minor::text AS win, ${MS('opened_at')} AS opened_ms`;

const BET_RANGE = `merchant = $1 AND member_id = $2 AND mode = $3
  AND opened_at >= $4::timestamptz AND opened_at <= $5::timestamptz
  AND ($6::jsonb IS NULL OR ${VENDOR_IN('$6')})`;

const betParams = (q: BetQuery) => [
  q.merchant,
  q.memberId,
  q.mode,
  q.from.toISOString(),
  q.to.toISOString(),
  q.vendors ? JSON.stringify(q.vendors) : null,
];

const toRound = (r: RawRound): RoundRow => ({
  id: id(r.id),
  orderNo: r.order_no,
  vendor: r.vendor,
  gameCode: r.game_code,
  mode: r.mode,
  status: r.status,
  betMinor: big(r.bet),
  winMinor: big(r.win),
  openedAt: Number(r.opened_ms),
});

/** One page of a member's rounds in a time range (both ends included), newest first, and the totals of the whole range. */
export async function findBets(db: Queryable, q: BetQuery): Promise<{ rows: RoundRow[]; totals: BetTotals }> {
  const [rows, sums] = await Promise.all([
    queryRows<RawRound>(
      db,
      `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE ${BET_RANGE}
       ORDER BY opened_at DESC, id DESC LIMIT $7 OFFSET $8`,
      [...betParams(q), q.limit, q.offset],
    ),
    queryRows<{ n: string; bet: string; valid: string; win: string }>(
      db,
      `SELECT count(*)::text AS n,
         coalesce(sum(bet_minor) FILTER (WHERE status <> 'cancelled'), 0)::text AS bet,
         coalesce(sum(bet_minor) FILTER (WHERE status = 'settled'), 0)::text AS valid,
         coalesce(sum(win_minor) FILTER (WHERE status = 'settled'), 0)::text AS win
       FROM game_rounds WHERE ${BET_RANGE}`,
      betParams(q),
    ),
  ]);
  const s = sums[0];
  return {
    rows: rows.map(toRound),
    totals: {
      rounds: Number(s?.n ?? 0),
      betMinor: big(s?.bet ?? '0'),
      validBetMinor: big(s?.valid ?? '0'),
      winMinor: big(s?.win ?? '0'),
    },
  };
}

export interface RecalledRound extends RoundRow {
  balanceBeforeMinor: bigint | null;
  balanceAfterMinor: bigint | null;
  detail: unknown;
  fair: unknown;
}

/** One of the member's own rounds by its order number, or null (another member's is null too). */
export async function findRound(
  db: Queryable,
  merchant: string,
  memberId: number,
  orderNo: string,
): Promise<RecalledRound | null> {
  const [row] = await queryRows<
    RawRound & { before: string | null; after: string | null; detail: unknown; fair: unknown }
  >(
    db,
    `SELECT ${ROUND_COLUMNS}, balance_before_minor::text AS before, balance_after_minor::text AS after,
       detail, fair
     FROM game_rounds WHERE merchant = $1 AND order_no = $2 AND member_id = $3`,
    [merchant, orderNo, memberId],
  );
  if (!row) return null;
  return {
    ...toRound(row),
    balanceBeforeMinor: row.before === null ? null : big(row.before),
    balanceAfterMinor: row.after === null ? null : big(row.after),
    detail: row.detail ?? null,
    fair: row.fair ?? null,
  };
}
