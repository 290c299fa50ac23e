import type { LotteryTicketStatus } from '@aurum/contract';
import { type PlacedPrice, placedPriceOf } from '@aurum/games';
import { big, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The lottery's own rows (migration 0018): issues and tickets. Every status change is a
 * conditional update, so several processes and a resumed run never move a row twice.
 */

export type IssueStatus = 'open' | 'closed' | 'drawn' | 'settled' | 'cancelled';
export type TicketRowStatus = 'placing' | LotteryTicketStatus;

export interface IssueRow {
  id: number;
  merchant: string;
  gameCode: string;
  issueNo: string;
  saleOpenAt: number;
  saleCloseAt: number;
  drawAt: number;
  seedHash: string;
  status: IssueStatus;
  result: unknown;
  drawnAt: number | null;
}

export type CancelReason = 'member' | 'operator' | 'system' | 'stopped';

export interface TicketRow {
  id: number;
  merchant: string;
  memberId: number;
  issueId: number;
  gameCode: string;
  mode: 'real' | 'play';
  betType: string;
  selection: Record<string, unknown>;
  unitDivisor: number | null;
  multiplier: number | null;
  prizeGroup: number | null;
  memberGroup: number | null;
  amountMinor: bigint | null;
  points: number | null;
  board: string | null;
  boardVersion: number | null;
  bets: number;
  stakeMinor: bigint;
  maxPayoutMinor: bigint;
  status: TicketRowStatus;
  payoutMinor: bigint;
  rebateMinor: bigint;
  placedPrice: PlacedPrice;
  chaseId: number | null;
  cancelReason: CancelReason | null;
  placedAt: number;
  settledAt: number | null;
}

const ms = (column: string, as: string) => `(extract(epoch FROM ${column}) * 1000)::bigint AS ${as}`;

/** Issue columns; the seed is never among them (seedOf reads it, for drawing only). */
export const ISSUE_COLUMNS = `id, merchant, game_code, issue_no, ${ms('sale_open_at', 'sale_open_ms')},
  ${ms('sale_close_at', 'sale_close_ms')}, ${ms('draw_at', 'draw_ms')}, seed_hash, status, result,
  ${ms('drawn_at', 'drawn_ms')}`;

export const TICKET_COLUMNS = `id, merchant, member_id, issue_id, game_code, mode, bet_type, selection, unit_divisor,
  multiplier, prize_group, member_group, amount_minor, points, board, board_version, bets, stake_minor,
  max_payout_minor, status, payout_minor, rebate_minor, placed_price, chase_id, cancel_reason, ${ms('placed_at', 'placed_ms')}, ${ms('settled_at', 'settled_ms')}`;

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// biome-ignore lint/suspicious/noExplicitAny: a raw row of text values
type Raw = Record<string, any>;

export const issueOf = (r: Raw): IssueRow => ({
  id: Number(r.id),
  merchant: r.merchant,
  gameCode: r.game_code,
  issueNo: r.issue_no,
  saleOpenAt: Number(r.sale_open_ms),
  saleCloseAt: Number(r.sale_close_ms),
  drawAt: Number(r.draw_ms),
  seedHash: r.seed_hash,
  status: r.status,
  result: r.result === null || r.result === undefined ? null : json(r.result),
  drawnAt: numOrNull(r.drawn_ms),
});

export const ticketOf = (r: Raw): TicketRow => ({
  id: Number(r.id),
  merchant: r.merchant,
  memberId: Number(r.member_id),
  issueId: Number(r.issue_id),
  gameCode: r.game_code,
  mode: r.mode,
  betType: r.bet_type,
  selection: json(r.selection),
  unitDivisor: numOrNull(r.unit_divisor),
  multiplier: numOrNull(r.multiplier),
  prizeGroup: numOrNull(r.prize_group),
  memberGroup: numOrNull(r.member_group),
  amountMinor: r.amount_minor === null || r.amount_minor === undefined ? null : big(r.amount_minor),
  points: numOrNull(r.points),
  board: r.board ?? null,
  boardVersion: numOrNull(r.board_version),
  bets: Number(r.bets),
  stakeMinor: big(r.stake_minor),
  maxPayoutMinor: big(r.max_payout_minor),
  status: r.status,
  payoutMinor: big(r.payout_minor),
  rebateMinor: big(r.rebate_minor ?? 0),
  placedPrice: placedPriceOf(json(r.placed_price)),
  chaseId: numOrNull(r.chase_id),
  cancelReason: r.cancel_reason ?? null,
  placedAt: Number(r.placed_ms),
  settledAt: numOrNull(r.settled_ms),
});

export async function findIssue(
  q: Queryable,
  merchant: string,
  gameCode: string,
  issueNo: string,
): Promise<IssueRow | null> {
  const [row] = await queryRows<Raw>(
    q,
    `SELECT ${ISSUE_COLUMNS} FROM lottery_issues WHERE merchant = $1 AND game_code = $2 AND issue_no = $3`,
    [merchant, gameCode, issueNo],
  );
  return row ? issueOf(row) : null;
}

export async function issueById(q: Queryable, id: number): Promise<IssueRow | null> {
  const [row] = await queryRows<Raw>(q, `SELECT ${ISSUE_COLUMNS} FROM lottery_issues WHERE id = $1`, [id]);
  return row ? issueOf(row) : null;
}

/** Tickets of an issue in one of `statuses`, oldest first (after the ticket `afterId`, when given). */
export async function ticketsOfIssue(
  q: Queryable,
  issueId: number,
  statuses: TicketRowStatus[],
  limit: number,
  afterId = 0,
): Promise<TicketRow[]> {
  const rows = await queryRows<Raw>(
    q,
    `SELECT ${TICKET_COLUMNS} FROM lottery_tickets WHERE issue_id = $1 AND status = ANY($2::text[]) AND id > $3
     ORDER BY id LIMIT ${limit}`,
    [issueId, `{${statuses.join(',')}}`, afterId],
  );
  return rows.map(ticketOf);
}

/** Moves a ticket from one of `from` to `to`; false when another run moved it first. */
export async function moveTicket(
  q: Queryable,
  id: number,
  from: TicketRowStatus[],
  set: {
    status: TicketRowStatus;
    payoutMinor?: bigint;
    rebateMinor?: bigint;
    rebateTx?: string;
    cancelReason?: CancelReason;
    settleTx?: string;
    refundTx?: string;
    betTx?: string;
    orderNo?: string;
    at?: number;
  },
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `UPDATE lottery_tickets SET status = $3,
       payout_minor = coalesce($4::bigint, payout_minor),
       settle_tx = coalesce($5, settle_tx),
       refund_tx = coalesce($6, refund_tx),
       bet_tx = coalesce($7, bet_tx),
       order_no = coalesce($8, order_no),
       settled_at = coalesce($9::timestamptz, settled_at),
       rebate_minor = coalesce($10::bigint, rebate_minor),
       rebate_tx = coalesce($11, rebate_tx),
       cancel_reason = coalesce($12, cancel_reason)
     WHERE id = $1 AND status = ANY($2::text[]) RETURNING 1`,
    [
      id,
      `{${from.join(',')}}`,
      set.status,
      set.payoutMinor === undefined ? null : String(set.payoutMinor),
      set.settleTx ?? null,
      set.refundTx ?? null,
      set.betTx ?? null,
      set.orderNo ?? null,
      set.at === undefined ? null : new Date(set.at).toISOString(),
      set.rebateMinor === undefined ? null : String(set.rebateMinor),
      set.rebateTx ?? null,
      set.cancelReason ?? null,
    ],
  );
  return rows.length > 0;
}

/** How a paid ticket's row moves from pending (the settlement's credit and rebate are made). */
export interface PaidTicket {
  id: number;
  status: 'won' | 'lost' | 'refunded';
  payoutMinor: bigint;
  settleTx: string;
  rebateMinor: bigint;
  rebateTx: string | null;
}

/**
 * Moves paid tickets from pending in one statement; a ticket another run moved first is left
 * as it is. Returns how many moved.
 */
export async function markPaid(q: Queryable, paid: PaidTicket[], at: number): Promise<number> {
  if (paid.length === 0) return 0;
  const params: unknown[] = [new Date(at).toISOString()];
  const values = paid.map((p) => {
    const n = params.length;
    params.push(String(p.id), p.status, String(p.payoutMinor), p.settleTx, String(p.rebateMinor), p.rebateTx);
    return `($${n + 1}::bigint, $${n + 2}::text, $${n + 3}::bigint, $${n + 4}::text, $${n + 5}::bigint, $${n + 6}::text)`;
  });
  const rows = await queryRows(
    q,
    `UPDATE lottery_tickets t SET status = v.status, payout_minor = v.payout, settle_tx = v.settle_tx,
       settled_at = $1::timestamptz, rebate_minor = CASE WHEN v.rebate_tx IS NULL THEN t.rebate_minor ELSE v.rebate END,
       rebate_tx = coalesce(v.rebate_tx, t.rebate_tx)
     FROM (VALUES ${values.join(', ')}) AS v(id, status, payout, settle_tx, rebate, rebate_tx)
     WHERE t.id = v.id AND t.status = 'pending' RETURNING 1`,
    params,
  );
  return rows.length;
}
