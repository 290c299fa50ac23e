import { TX_TYPE } from '@aurum/contract';
import type { MissionMetric } from '@aurum/games';
import { big, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The missions' SQL (0046_loyalty_missions.sql). A figure reads the record of play (game_rounds:
 * settled real-money rounds, so play money and trial accounts count nothing) or the ledger
 * (deposits: transfers of kind deposit into a main wallet, never a reversed one), over a period.
 */

export interface Period {
  fromMs: number;
  toMs: number;
}

/**
 * Each member's figure of `metric` over the period, one row per member (`member_id`, `value`);
 * $1 merchant, $2 and $3 the period, $4 a member or null (everyone).
 */
function figuresSql(metric: MissionMetric): string {
  const rounds = (value: string) =>
    `SELECT member_id, ${value} AS value FROM game_rounds
      WHERE merchant = $1 AND mode = 'real' AND status = 'settled'
        AND settled_at >= $2::timestamptz AND settled_at < $3::timestamptz
        AND ($4::bigint IS NULL OR member_id = $4::bigint)
      GROUP BY member_id`;
  switch (metric) {
    case 'validBet':
      return rounds('sum(bet_minor)');
    case 'betCount':
      return rounds('count(*)');
    case 'profitMultiple':
      // Hundredths, rounded down (the engine's profitMultiple).
      return rounds(
        'max(CASE WHEN bet_minor > 0 AND win_minor > bet_minor THEN ((win_minor - bet_minor) * 100) / bet_minor ELSE 0 END)',
      );
    case 'deposit':
      return `SELECT a.member_id, sum(e.amount) AS value FROM ledger_transfers t
                JOIN ledger_entries e ON e.transfer_id = t.id AND e.amount > 0
                JOIN ledger_accounts a ON a.id = e.account_id AND a.code = 'MAIN' AND a.member_id IS NOT NULL
               WHERE t.merchant_code = $1 AND t.kind = ${TX_TYPE.deposit}
                 AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz
                 AND ($4::bigint IS NULL OR a.member_id = $4::bigint)
                 AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)
               GROUP BY a.member_id`;
  }
}

const periodParams = (merchant: string, period: Period, memberId: number | null) => [
  merchant,
  new Date(period.fromMs).toISOString(),
  new Date(period.toMs).toISOString(),
  memberId,
];

/** The member's figure of `metric` over the period. */
export async function memberFigure(
  q: Queryable,
  merchant: string,
  memberId: number,
  metric: MissionMetric,
  period: Period,
): Promise<bigint> {
  const [row] = await queryRows<{ value: string }>(
    q,
    `SELECT coalesce(max(f.value), 0)::text AS value FROM (${figuresSql(metric)}) f`,
    periodParams(merchant, period, memberId),
  );
  return big(row?.value ?? '0');
}

export interface LeaderRow {
  rank: number;
  memberId: number;
  account: string;
  value: bigint;
}

/** The top `limit` members on `metric` over the period (figures above zero), equal figures sharing a rank. */
export async function leaders(
  q: Queryable,
  merchant: string,
  metric: MissionMetric,
  period: Period,
  limit: number,
): Promise<LeaderRow[]> {
  const rows = await queryRows<{ member_id: string; account: string; value: string; rank: string }>(
    q,
    `SELECT f.member_id::text, m.account, f.value::text, (rank() OVER (ORDER BY f.value DESC))::text AS rank
       FROM (${figuresSql(metric)}) f JOIN members m ON m.id = f.member_id
      WHERE f.value > 0
      ORDER BY f.value DESC, f.member_id
      LIMIT $5`,
    [...periodParams(merchant, period, null), limit],
  );
  return rows.map((r) => ({
    rank: Number(r.rank),
    memberId: Number(r.member_id),
    account: r.account,
    value: big(r.value),
  }));
}

/** How many members are above `value` on `metric` over the period (a rank is that + 1). */
export async function membersAbove(
  q: Queryable,
  merchant: string,
  metric: MissionMetric,
  period: Period,
  value: bigint,
): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    q,
    `SELECT count(*)::text AS n FROM (${figuresSql(metric)}) f WHERE f.value > $5::bigint`,
    [...periodParams(merchant, period, null), value.toString()],
  );
  return Number(row?.n ?? 0);
}

export interface MissionClaimRow {
  missionId: string;
  periodKey: string;
  milestone: number;
}

/** The milestones the member was paid in the missions' period and in the daily tasks' business day. */
export async function receivedMilestones(
  q: Queryable,
  merchant: string,
  memberId: number,
  periodKeys: readonly [string, string],
): Promise<MissionClaimRow[]> {
  const rows = await queryRows<{ mission_id: string; period_key: string; milestone: number }>(
    q,
    `SELECT mission_id, period_key, milestone FROM loyalty_mission_claims
      WHERE merchant_code = $1 AND member_id = $2 AND period_key IN ($3, $4)`,
    [merchant, memberId, ...periodKeys],
  );
  return rows.map((r) => ({
    missionId: r.mission_id,
    periodKey: r.period_key,
    milestone: Number(r.milestone),
  }));
}

export async function insertMissionClaim(
  q: Queryable,
  row: MissionClaimRow & {
    merchant: string;
    memberId: number;
    amountMinor: bigint;
    transferId: number;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO loyalty_mission_claims (merchant_code, member_id, mission_id, period_key, milestone, amount,
       transfer_id, claimed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.merchant,
      row.memberId,
      row.missionId,
      row.periodKey,
      row.milestone,
      row.amountMinor.toString(),
      row.transferId,
      new Date(row.nowMs).toISOString(),
    ],
  );
}
