import { TX_TYPE } from '@aurum/contract';
import { type Queryable, queryRows } from '../../platform/sql.ts';
import { kindsOf, type LineRole } from './definitions.ts';

/** A window of UTC time [fromMs, toMs) and the business zone's offset in minutes. */
export interface Window {
  fromMs: number;
  toMs: number;
  offsetMinutes: number;
}

/** Sums of one group of transfers of one kind and direction. */
export interface FlowRow {
  day: string;
  kind: number;
  /** True when the member's side paid. */
  memberPays: boolean;
  /** HOUSE:<vendor>, BONUS, CLEARING… */
  systemCode: string;
  /** A bet's or win's game code (its seamless memo), '' otherwise. */
  game: string;
  memberId: number | null;
  amountMinor: bigint;
  count: number;
}

interface SqlFlowRow {
  day: string;
  kind: unknown;
  member_pays: unknown;
  system_code: string;
  game: string;
  member_id: unknown;
  amount: unknown;
  n: unknown;
}

const GAME_KINDS = `${TX_TYPE.bet}, ${TX_TYPE.win}`;

/**
 * The transfers that count in reports (definitions.ts): of the given roles' kinds, between one
 * member and one system account, neither of them play money, never reversed; created in the
 * window. Grouped by business day, kind, direction, system account and game (and member when
 * asked), so every figure is a sum of whole ledger transfers.
 */
export async function flows(
  q: Queryable,
  merchant: string,
  w: Window,
  roles: LineRole[],
  byMember = false,
): Promise<FlowRow[]> {
  const kinds = kindsOf(...roles).map((k) => Number(k).toFixed(0));
  if (!kinds.length) return [];
  const member = byMember ? 'coalesce(fa.member_id, ta.member_id)' : 'NULL::bigint';
  const rows = await queryRows<SqlFlowRow>(
    q,
    `SELECT to_char((t.created_at AT TIME ZONE 'UTC') + ($4::int * interval '1 minute'), 'YYYY-MM-DD') AS day,
            t.kind,
            (fa.member_id IS NOT NULL) AS member_pays,
            CASE WHEN fa.member_id IS NULL THEN fa.code ELSE ta.code END AS system_code,
            CASE WHEN t.kind IN (${GAME_KINDS}) THEN split_part(coalesce(t.memo, ''), ' ', 2) ELSE '' END AS game,
            ${member} AS member_id,
            sum(t.amount)::text AS amount,
            count(*)::int AS n
       FROM ledger_transfers t
       JOIN ledger_accounts fa ON fa.id = t.from_account_id
       JOIN ledger_accounts ta ON ta.id = t.to_account_id
      WHERE t.merchant_code = $1
        AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz
        AND t.kind IN (${kinds.join(', ')})
        AND (fa.member_id IS NULL) <> (ta.member_id IS NULL)
        AND fa.code NOT IN ('PLAY', 'HOUSE:PLAY') AND ta.code NOT IN ('PLAY', 'HOUSE:PLAY')
        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)
      GROUP BY 1, 2, 3, 4, 5, 6`,
    [merchant, new Date(w.fromMs).toISOString(), new Date(w.toMs).toISOString(), w.offsetMinutes],
  );
  return rows.map((r) => ({
    day: r.day,
    kind: Number(r.kind),
    memberPays: r.member_pays === true || r.member_pays === 't',
    systemCode: r.system_code,
    game: r.game,
    memberId: r.member_id === null || r.member_id === undefined ? null : Number(r.member_id),
    amountMinor: BigInt(String(r.amount)),
    count: Number(r.n),
  }));
}

/** Members who placed a real-money bet (not reversed) in the window. */
export async function activePlayers(q: Queryable, merchant: string, w: Window): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    q,
    `SELECT count(DISTINCT fa.member_id)::int AS n
       FROM ledger_transfers t
       JOIN ledger_accounts fa ON fa.id = t.from_account_id
       JOIN ledger_accounts ta ON ta.id = t.to_account_id
      WHERE t.merchant_code = $1
        AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz
        AND t.kind = ${TX_TYPE.bet}
        AND fa.member_id IS NOT NULL AND ta.member_id IS NULL
        AND fa.code <> 'PLAY' AND ta.code <> 'HOUSE:PLAY'
        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)`,
    [merchant, new Date(w.fromMs).toISOString(), new Date(w.toMs).toISOString()],
  );
  return Number(row?.n ?? 0);
}

/** Accounts of members by id. */
export async function accountsOf(
  q: Queryable,
  merchant: string,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const list = ids.map((id) => Number(id).toFixed(0)).join(', ');
  const rows = await queryRows<{ id: unknown; account: string }>(
    q,
    `SELECT id, account FROM members WHERE merchant_code = $1 AND id IN (${list})`,
    [merchant],
  );
  return new Map(rows.map((r) => [Number(r.id), r.account]));
}

export interface WaitingFigures {
  pendingApprovals: number;
  pendingDeposits: { count: number; amountMinor: bigint };
  pendingWithdrawals: { count: number; amountMinor: bigint };
  heldRiskCredits: { count: number; amountMinor: bigint };
}

/** What waits for an operator now: approvals, payment orders and held wins. */
export async function waiting(q: Queryable, merchant: string): Promise<WaitingFigures> {
  const [row] = await queryRows<Record<string, unknown>>(
    q,
    `SELECT
       (SELECT count(*) FROM operator_approvals WHERE merchant_code = $1 AND status = 'pending')::int AS approvals,
       (SELECT count(*) FROM deposit_orders WHERE merchant_code = $1 AND status = 'PENDING')::int AS deposits,
       (SELECT coalesce(sum(amount), 0) FROM deposit_orders WHERE merchant_code = $1 AND status = 'PENDING')::text AS deposits_amount,
       (SELECT count(*) FROM withdraw_orders WHERE merchant_code = $1 AND status = 'PENDING')::int AS withdrawals,
       (SELECT coalesce(sum(amount), 0) FROM withdraw_orders WHERE merchant_code = $1 AND status = 'PENDING')::text AS withdrawals_amount,
       (SELECT count(*) FROM vendor_risk_holds WHERE merchant = $1 AND status = 'PENDING')::int AS holds,
       (SELECT coalesce(sum(win_minor), 0) FROM vendor_risk_holds WHERE merchant = $1 AND status = 'PENDING')::text AS holds_amount`,
    [merchant],
  );
  const r = row ?? {};
  return {
    pendingApprovals: Number(r.approvals ?? 0),
    pendingDeposits: { count: Number(r.deposits ?? 0), amountMinor: BigInt(String(r.deposits_amount ?? 0)) },
    pendingWithdrawals: {
      count: Number(r.withdrawals ?? 0),
      amountMinor: BigInt(String(r.withdrawals_amount ?? 0)),
    },
    heldRiskCredits: { count: Number(r.holds ?? 0), amountMinor: BigInt(String(r.holds_amount ?? 0)) },
  };
}

export interface BreakGlassUse {
  count: number;
  latest: { at: number; actor: string; action: string }[];
}

/**
 * The command line's break-glass use since `sinceMs` (read only): one `break-glass` audit row per
 * command (operators/service.ts), shown by the command and action it ran.
 */
export async function breakGlassSince(
  q: Queryable,
  merchant: string,
  sinceMs: number,
  latest: number,
): Promise<BreakGlassUse> {
  const where = `merchant_code = $1 AND action = 'break-glass' AND created_at >= $2::timestamptz`;
  const since = new Date(sinceMs).toISOString();
  const [count] = await queryRows<{ n: unknown }>(
    q,
    `SELECT count(*)::int AS n FROM ops_audit WHERE ${where}`,
    [merchant, since],
  );
  const rows = await queryRows<{ at: unknown; actor: string; action: string }>(
    q,
    `SELECT (extract(epoch FROM created_at) * 1000)::bigint::text AS at, actor,
            concat_ws(' ', detail->>'command', detail->>'action') AS action
       FROM ops_audit WHERE ${where} ORDER BY seq DESC LIMIT ${Number(latest).toFixed(0)}`,
    [merchant, since],
  );
  return {
    count: Number(count?.n ?? 0),
    latest: rows.map((r) => ({ at: Number(r.at), actor: r.actor, action: r.action })),
  };
}
