import { TX_TYPE } from '@aurum/contract';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';
import type { ReportPeriod } from './report-periods.ts';
import { pathEnd, type TeamRoot } from './repository.ts';

/**
 * The team reports' SQL. A team is the path range of repository.ts (the agent and every member
 * below it; `downlinesOnly` leaves the agent out). Play figures read the record of play
 * (game_rounds: real money, by the time the round opened, as the member's own betting record
 * does); money figures read the ledger with the rules of the operator's reports
 * (modules/reports/definitions.ts): transfers between one member account and one system
 * account, never play money, never a reversed transfer, by the time of the transfer.
 */

export interface TeamScope {
  root: TeamRoot;
  /** One member of the team by account name (any case); none: the whole team. */
  account?: string | undefined;
  downlinesOnly?: boolean;
}

/** The team CTE's SQL and its parameters ($1 merchant, $2/$3 the path range, then the account). */
function teamSql(s: TeamScope, params: unknown[]): string {
  params.push(s.root.merchantCode, s.root.path, pathEnd(s.root.path));
  let where = `m.merchant_code = $1 AND m.path ${s.downlinesOnly ? '>' : '>='} $2 AND m.path < $3 AND m.kind = 'member'`;
  if (s.account) {
    params.push(s.account.toLowerCase());
    where += ` AND m.account_lower = $${params.length}`;
  }
  return `team AS (SELECT m.id, m.account, m.depth FROM members m WHERE ${where})`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::bigint::text`;

export interface TeamBetRow {
  orderNo: string;
  account: string;
  vendor: string;
  gameCode: string;
  status: 'open' | 'settled' | 'cancelled';
  betMinor: bigint;
  winMinor: bigint;
  openedAt: number;
}

export interface PlayTotals {
  rounds: number;
  betMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

/** The team's real-money rounds opened in the period (newest first, a page) and their totals. */
export async function teamBets(
  db: Queryable,
  s: TeamScope,
  p: ReportPeriod,
  vendors: string[] | null,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: TeamBetRow[]; totals: PlayTotals }> {
  const params: unknown[] = [];
  const team = teamSql(s, params);
  params.push(iso(p.fromMs), iso(p.toMs), vendors ? JSON.stringify(vendors) : null);
  const n = params.length;
  const where = `r.merchant = $1 AND r.mode = 'real' AND r.opened_at >= $${n - 2}::timestamptz
    AND r.opened_at < $${n - 1}::timestamptz
    AND ($${n}::jsonb IS NULL OR r.vendor = ANY(ARRAY(SELECT jsonb_array_elements_text($${n}::jsonb))))`;
  const paging = page
    ? `LIMIT ${Number(page.limit).toFixed(0)} OFFSET ${Number(page.offset).toFixed(0)}`
    : '';
  const [rows, sums] = await Promise.all([
    queryRows<{
      order_no: string;
      account: string;
      vendor: string;
      game_code: string;
      status: TeamBetRow['status'];
      bet: string;
      win: string;
      opened_ms: string;
    }>(
      db,
      `WITH ${team}
       SELECT r.order_no, team.account, r.vendor, r.game_code, r.status, r.bet_minor::text AS bet,
              r.win_minor::text AS win, ${MS('r.opened_at')} AS opened_ms
         FROM team JOIN game_rounds r ON r.member_id = team.id
        WHERE ${where}
        ORDER BY r.opened_at DESC, r.id DESC ${paging}`,
      params,
    ),
    queryRows<{ n: string; bet: string; valid: string; win: string }>(
      db,
      `WITH ${team}
       SELECT count(*)::text AS n,
              coalesce(sum(r.bet_minor) FILTER (WHERE r.status <> 'cancelled'), 0)::text AS bet,
              coalesce(sum(r.bet_minor) FILTER (WHERE r.status = 'settled'), 0)::text AS valid,
              coalesce(sum(r.win_minor) FILTER (WHERE r.status = 'settled'), 0)::text AS win
         FROM team JOIN game_rounds r ON r.member_id = team.id
        WHERE ${where}`,
      params,
    ),
  ]);
  const t = sums[0];
  return {
    rows: rows.map((r) => ({
      orderNo: r.order_no,
      account: r.account,
      vendor: r.vendor,
      gameCode: r.game_code,
      status: r.status,
      betMinor: big(r.bet),
      winMinor: big(r.win),
      openedAt: Number(r.opened_ms),
    })),
    totals: {
      rounds: Number(t?.n ?? 0),
      betMinor: big(t?.bet ?? '0'),
      validBetMinor: big(t?.valid ?? '0'),
      winMinor: big(t?.win ?? '0'),
    },
  };
}

/** The ledger kinds of the profit and loss report. */
export const PNL_KINDS = [
  TX_TYPE.deposit,
  TX_TYPE.withdrawal,
  TX_TYPE.bonus,
  TX_TYPE.rebate,
  TX_TYPE.salary,
  TX_TYPE.dividend,
] as const;

export interface MemberFigures {
  memberId: number;
  account: string;
  depth: number;
  betMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
  /** What the member received (+) or paid (−) from system accounts, by TX_TYPE. */
  netByKind: Map<number, bigint>;
}

/**
 * Per team member with any play or money in the period: its play totals from the record of play
 * and its net ledger flows of the P&L kinds with the house side. Ordered by account.
 */
export async function memberFigures(db: Queryable, s: TeamScope, p: ReportPeriod): Promise<MemberFigures[]> {
  const params: unknown[] = [];
  const team = teamSql(s, params);
  params.push(iso(p.fromMs), iso(p.toMs));
  const n = params.length;
  const rows = await queryRows<{
    member_id: unknown;
    account: string;
    depth: number;
    what: string;
    bet: string;
    valid: string;
    win: string;
  }>(
    db,
    `WITH ${team},
     play AS (
       SELECT r.member_id, 'play' AS what,
              coalesce(sum(r.bet_minor) FILTER (WHERE r.status <> 'cancelled'), 0) AS bet,
              coalesce(sum(r.bet_minor) FILTER (WHERE r.status = 'settled'), 0) AS valid,
              coalesce(sum(r.win_minor) FILTER (WHERE r.status = 'settled'), 0) AS win
         FROM team JOIN game_rounds r ON r.member_id = team.id
        WHERE r.merchant = $1 AND r.mode = 'real'
          AND r.opened_at >= $${n - 1}::timestamptz AND r.opened_at < $${n}::timestamptz
        GROUP BY r.member_id),
     money AS (
       SELECT a.member_id, t.kind::text AS what, sum(e.amount) AS bet, 0 AS valid, 0 AS win
         FROM team
         JOIN ledger_accounts a ON a.merchant_code = $1 AND a.member_id = team.id
         JOIN ledger_entries e ON e.account_id = a.id
         JOIN ledger_transfers t ON t.id = e.transfer_id
         JOIN ledger_accounts o ON o.id = CASE WHEN t.from_account_id = a.id THEN t.to_account_id ELSE t.from_account_id END
        WHERE t.merchant_code = $1 AND t.kind IN (${PNL_KINDS.join(', ')})
          AND t.created_at >= $${n - 1}::timestamptz AND t.created_at < $${n}::timestamptz
          AND o.member_id IS NULL AND a.code <> 'PLAY' AND o.code NOT IN ('PLAY', 'HOUSE:PLAY')
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)
        GROUP BY a.member_id, t.kind)
     SELECT team.id AS member_id, team.account, team.depth, f.what, f.bet::text AS bet,
            f.valid::text AS valid, f.win::text AS win
       FROM (SELECT * FROM play UNION ALL SELECT * FROM money) f JOIN team ON team.id = f.member_id
      ORDER BY lower(team.account), f.what`,
    params,
  );
  const byMember = new Map<number, MemberFigures>();
  for (const r of rows) {
    const memberId = id(r.member_id);
    let m = byMember.get(memberId);
    if (!m) {
      m = {
        memberId,
        account: r.account,
        depth: r.depth,
        betMinor: 0n,
        validBetMinor: 0n,
        winMinor: 0n,
        netByKind: new Map(),
      };
      byMember.set(memberId, m);
    }
    if (r.what === 'play') {
      m.betMinor = big(r.bet);
      m.validBetMinor = big(r.valid);
      m.winMinor = big(r.win);
    } else m.netByKind.set(Number(r.what), big(r.bet));
  }
  return [...byMember.values()];
}

export interface MemberTransaction {
  transferId: number;
  account: string;
  kind: number;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  createdAt: number;
}

/** The ledger entries of the team's members' real-money accounts in the period, newest first. */
export async function teamTransactions(
  db: Queryable,
  s: TeamScope,
  p: ReportPeriod,
  kind: number | undefined,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: MemberTransaction[]; total: number }> {
  const params: unknown[] = [];
  const team = teamSql(s, params);
  params.push(iso(p.fromMs), iso(p.toMs));
  const n = params.length;
  let where = `t.merchant_code = $1 AND t.created_at >= $${n - 1}::timestamptz AND t.created_at < $${n}::timestamptz
    AND a.code NOT IN ('PLAY')`;
  if (kind !== undefined) where += ` AND t.kind = ${Number(kind).toFixed(0)}`;
  const from = `FROM team
    JOIN ledger_accounts a ON a.merchant_code = $1 AND a.member_id = team.id
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transfers t ON t.id = e.transfer_id`;
  const paging = page
    ? `LIMIT ${Number(page.limit).toFixed(0)} OFFSET ${Number(page.offset).toFixed(0)}`
    : '';
  const [rows, counted] = await Promise.all([
    queryRows<{ id: unknown; account: string; kind: unknown; amount: string; after: string; at: string }>(
      db,
      `WITH ${team}
       SELECT t.id, team.account, t.kind, e.amount::text AS amount, e.balance_after::text AS after,
              ${MS('t.created_at')} AS at
         ${from} WHERE ${where}
        ORDER BY t.created_at DESC, t.id DESC, e.id DESC ${paging}`,
      params,
    ),
    queryRows<{ n: number }>(db, `WITH ${team} SELECT count(*)::int AS n ${from} WHERE ${where}`, params),
  ]);
  return {
    rows: rows.map((r) => ({
      transferId: id(r.id),
      account: r.account,
      kind: Number(r.kind),
      amountMinor: big(r.amount),
      balanceAfterMinor: big(r.after),
      createdAt: Number(r.at),
    })),
    total: counted[0]?.n ?? 0,
  };
}

/** The agent's income kinds: salaries, dividends and rebates paid to it. */
export const INCOME_KINDS = [TX_TYPE.salary, TX_TYPE.dividend, TX_TYPE.rebate] as const;

export interface IncomeRow {
  transferId: number;
  kind: number;
  amountMinor: bigint;
  memo: string | null;
  createdAt: number;
}

/** The agent's own incoming salary, dividend and rebate transfers in the period, newest first. */
export async function agentIncome(
  db: Queryable,
  root: TeamRoot,
  p: ReportPeriod,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: IncomeRow[]; total: number; totals: Map<number, bigint> }> {
  const params = [root.merchantCode, root.id, iso(p.fromMs), iso(p.toMs)];
  const from = `FROM ledger_accounts a
    JOIN ledger_transfers t ON t.to_account_id = a.id
   WHERE a.merchant_code = $1 AND a.member_id = $2 AND t.merchant_code = $1
     AND t.kind IN (${INCOME_KINDS.join(', ')}) AND a.code <> 'PLAY'
     AND t.created_at >= $3::timestamptz AND t.created_at < $4::timestamptz
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)`;
  const paging = page
    ? `LIMIT ${Number(page.limit).toFixed(0)} OFFSET ${Number(page.offset).toFixed(0)}`
    : '';
  const [rows, sums] = await Promise.all([
    queryRows<{ id: unknown; kind: unknown; amount: string; memo: string | null; at: string }>(
      db,
      `SELECT t.id, t.kind, t.amount::text AS amount, t.memo, ${MS('t.created_at')} AS at ${from}
        ORDER BY t.created_at DESC, t.id DESC ${paging}`,
      params,
    ),
    queryRows<{ kind: unknown; n: number; amount: string }>(
      db,
      `SELECT t.kind, count(*)::int AS n, sum(t.amount)::text AS amount ${from} GROUP BY t.kind`,
      params,
    ),
  ]);
  return {
    rows: rows.map((r) => ({
      transferId: id(r.id),
      kind: Number(r.kind),
      amountMinor: big(r.amount),
      memo: r.memo,
      createdAt: Number(r.at),
    })),
    total: sums.reduce((n, s) => n + s.n, 0),
    totals: new Map(sums.map((s) => [Number(s.kind), big(s.amount)])),
  };
}
