import { TX_TYPE } from '@aurum/contract';
import type { Queryable } from '../../platform/sql.ts';
import { queryRows } from '../../platform/sql.ts';

/**
 * The agent centre's reads. A team is a range of the stored path: every member whose path starts
 * with the agent's ('/<house>/…/<agent>/'). Paths hold digits and slashes in the "C" collation,
 * so "starts with P" is P <= path < P' where P' is P with its last '/' turned into '0' (the next
 * byte): a range the (merchant_code, path) btree answers on every engine, never a recursive walk.
 */

export interface TeamRoot {
  id: number;
  merchantCode: string;
  path: string;
  depth: number;
}

/** The upper bound of the path range of a subtree. */
export const pathEnd = (path: string) => `${path.slice(0, -1)}0`;
/** The same bound in SQL, for a path column. */
const PATH_END = (col: string) => `substr(${col}, 1, length(${col}) - 1) || '0'`;

/** ledger_accounts is indexed on (merchant_code, member_id, code): every probe names the merchant. */
/** The wallets a balance counts: main, the agent account and game wallets (not holds or play money). */
const BALANCE_CODES = `(a.code = 'MAIN' OR a.code = 'AGENT' OR a.code LIKE 'VENDOR:%')`;

export interface Period {
  fromMs: number;
  toMs: number;
}

export interface PeriodCounts {
  registrations: number;
  firstDeposits: number;
  firstBets: number;
  logins: number;
}

const TEAM = `SELECT id FROM members WHERE merchant_code = $1 AND path >= $2 AND path < $3 AND kind = 'member'`;

export async function teamTotals(db: Queryable, root: TeamRoot) {
  const [row] = await queryRows<{ team: number; direct: number; balance: string }>(
    db,
    `SELECT count(*)::int AS team,
            count(*) FILTER (WHERE m.upline_id = $4)::int AS direct,
            (SELECT coalesce(sum(a.balance), 0)::text FROM members t JOIN ledger_accounts a ON a.merchant_code = $1 AND a.member_id = t.id
              WHERE t.merchant_code = $1 AND t.path >= $2 AND t.path < $3 AND ${BALANCE_CODES}) AS balance
       FROM members m
      WHERE m.merchant_code = $1 AND m.path >= $2 AND m.path < $3 AND m.kind = 'member'`,
    [root.merchantCode, root.path, pathEnd(root.path), root.id],
  );
  return { teamSize: row!.team, directCount: row!.direct, balanceMinor: BigInt(row!.balance) };
}

/** Team members with a live session now: not revoked, not expired, seen within the idle time. */
export async function onlineNow(db: Queryable, root: TeamRoot, nowMs: number, idleMs: number) {
  const [row] = await queryRows<{ n: number }>(
    db,
    `SELECT count(DISTINCT s.member_id)::int AS n
       FROM sessions s JOIN (${TEAM}) t ON t.id = s.member_id
      WHERE s.kind = 'session' AND s.revoked_at IS NULL
        AND s.expires_at > to_timestamp($4::double precision / 1000)
        AND s.last_seen_at > to_timestamp($5::double precision / 1000)`,
    [root.merchantCode, root.path, pathEnd(root.path), nowMs, nowMs - idleMs],
  );
  return row!.n;
}

/**
 * Per period: the team's registrations (the agent itself excluded), first deposits (the first
 * deposit transfer into each member's main wallet, from the ledger), first real-money bets (the
 * first settled round of the record of play) and members who signed in.
 */
export async function periodCounts(
  db: Queryable,
  root: TeamRoot,
  periods: Period[],
): Promise<PeriodCounts[]> {
  const from = Math.min(...periods.map((p) => p.fromMs));
  const to = Math.max(...periods.map((p) => p.toMs));
  const rows = await queryRows<{ what: string; at_ms: string }>(
    db,
    `WITH team AS (${TEAM}),
     bounds AS (SELECT to_timestamp($5::double precision / 1000) AS lo, to_timestamp($6::double precision / 1000) AS hi)
     SELECT 'reg' AS what, (extract(epoch FROM m.created_at) * 1000)::bigint::text AS at_ms
       FROM members m JOIN team ON team.id = m.id, bounds
      WHERE m.id <> $4 AND m.created_at >= bounds.lo AND m.created_at < bounds.hi
     UNION ALL
     SELECT 'dep', (extract(epoch FROM f.at) * 1000)::bigint::text
       FROM (SELECT min(t.created_at) AS at
               FROM team JOIN ledger_accounts a ON a.merchant_code = $1 AND a.member_id = team.id AND a.code = 'MAIN'
               JOIN ledger_entries e ON e.account_id = a.id AND e.amount > 0
               JOIN ledger_transfers t ON t.id = e.transfer_id AND t.kind = ${TX_TYPE.deposit}
              GROUP BY a.member_id) f, bounds
      WHERE f.at >= bounds.lo AND f.at < bounds.hi
     UNION ALL
     SELECT 'bet', (extract(epoch FROM b.at) * 1000)::bigint::text
       FROM (SELECT min(r.settled_at) AS at
               FROM team JOIN game_rounds r ON r.merchant = $1 AND r.member_id = team.id
              WHERE r.mode = 'real' AND r.status = 'settled'
              GROUP BY r.member_id) b, bounds
      WHERE b.at >= bounds.lo AND b.at < bounds.hi
     UNION ALL
     SELECT 'login:' || s.member_id::text, (extract(epoch FROM s.created_at) * 1000)::bigint::text
       FROM member_sign_ins s JOIN team ON team.id = s.member_id, bounds
      WHERE s.success AND s.created_at >= bounds.lo AND s.created_at < bounds.hi`,
    [root.merchantCode, root.path, pathEnd(root.path), root.id, from, to],
  );
  return periods.map((p) => {
    const inside = rows.filter((r) => Number(r.at_ms) >= p.fromMs && Number(r.at_ms) < p.toMs);
    const n = (what: string) => inside.filter((r) => r.what === what).length;
    const logins = new Set(inside.filter((r) => r.what.startsWith('login:')).map((r) => r.what));
    return { registrations: n('reg'), firstDeposits: n('dep'), firstBets: n('bet'), logins: logins.size };
  });
}

export interface DownlineFilter {
  page: number;
  size: number;
  account?: string | undefined;
  /** Absolute depth. */
  depth?: number | undefined;
  agentTypes?: { types: number[]; agent: boolean } | undefined;
  balanceMin?: bigint | undefined;
  balanceMax?: bigint | undefined;
  lastLoginFrom?: number | undefined;
  lastLoginTo?: number | undefined;
  registeredFrom?: number | undefined;
  registeredTo?: number | undefined;
}

export interface DownlineRow {
  id: number;
  account: string;
  nickname: string | null;
  depth: number;
  type: number;
  upline: string;
  status: 'active' | 'disabled';
  mobile: string | null;
  email: string | null;
  real_name: string | null;
  reg_ms: string;
  balance: string;
  last_login_ms: string | null;
  team_size: number;
  team_balance: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The agent's downlines (itself excluded), filtered, newest first, a page with the total. */
export async function listDownlines(db: Queryable, root: TeamRoot, f: DownlineFilter) {
  const params: unknown[] = [root.merchantCode, root.path, pathEnd(root.path)];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const inner: string[] = [];
  if (f.account) inner.push(`m.account_lower LIKE ${p(`${escapeLike(f.account.toLowerCase())}%`)}`);
  if (f.depth !== undefined) inner.push(`m.depth = ${p(f.depth)}`);
  if (f.agentTypes) {
    inner.push(`${f.agentTypes.agent ? '' : 'NOT '}(m.type = ANY(${p(f.agentTypes.types)}::int[]))`);
  }
  const ts = (ms: number) => `to_timestamp(${p(ms)}::double precision / 1000)`;
  if (f.registeredFrom !== undefined) inner.push(`m.created_at >= ${ts(f.registeredFrom)}`);
  if (f.registeredTo !== undefined) inner.push(`m.created_at <= ${ts(f.registeredTo)}`);
  const outer: string[] = [];
  if (f.balanceMin !== undefined) outer.push(`bal.b >= ${p(f.balanceMin.toString())}::bigint`);
  if (f.balanceMax !== undefined) outer.push(`bal.b <= ${p(f.balanceMax.toString())}::bigint`);
  if (f.lastLoginFrom !== undefined) outer.push(`ll.at >= ${ts(f.lastLoginFrom)}`);
  if (f.lastLoginTo !== undefined) outer.push(`ll.at <= ${ts(f.lastLoginTo)}`);
  // Balance and last sign-in are worked out per member only when a filter asks for them; else
  // only the page's rows get them (and their team figures).
  const needsFigures = outer.length > 0;
  const figures = `
        LEFT JOIN LATERAL (SELECT coalesce(sum(a.balance), 0) AS b FROM ledger_accounts a
                            WHERE a.merchant_code = $1 AND a.member_id = m.id AND ${BALANCE_CODES}) bal ON true
        LEFT JOIN LATERAL (SELECT max(s.created_at) AS at FROM member_sign_ins s
                            WHERE s.member_id = m.id AND s.success) ll ON true`;
  const filtered = `
    WITH hits AS (
      SELECT m.id, m.path, m.created_at ${needsFigures ? ', bal.b AS balance, ll.at AS last_login' : ''}
        FROM members m ${needsFigures ? figures : ''}
       WHERE m.merchant_code = $1 AND m.path > $2 AND m.path < $3 AND m.kind = 'member'
             ${inner.map((c) => `AND ${c}`).join(' ')}
             ${outer.map((c) => `AND ${c}`).join(' ')}
    )`;
  const countParams = [...params];
  const limit = p(f.size);
  const offset = p((f.page - 1) * f.size);
  const [rows, counted] = await Promise.all([
    queryRows<DownlineRow>(
      db,
      `${filtered},
       page AS (SELECT id, path, created_at FROM hits ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset})
       SELECT m.id::int AS id, m.account, m.nickname, m.depth, m.type, u.account AS upline, m.status,
              m.mobile, m.email, m.profile ->> 'payeeName' AS real_name,
              (extract(epoch FROM m.created_at) * 1000)::bigint::text AS reg_ms,
              bal.b::text AS balance,
              (extract(epoch FROM ll.at) * 1000)::bigint::text AS last_login_ms,
              (SELECT count(*)::int FROM members d
                WHERE d.merchant_code = $1 AND d.path >= pg.path AND d.path < ${PATH_END('pg.path')}) AS team_size,
              (SELECT coalesce(sum(a.balance), 0)::text FROM members d JOIN ledger_accounts a ON a.merchant_code = $1 AND a.member_id = d.id
                WHERE d.merchant_code = $1 AND d.path >= pg.path AND d.path < ${PATH_END('pg.path')}
                  AND ${BALANCE_CODES}) AS team_balance
         FROM page pg JOIN members m ON m.id = pg.id JOIN members u ON u.id = m.upline_id ${figures}
        ORDER BY pg.created_at DESC, pg.id DESC`,
      params,
    ),
    queryRows<{ n: number }>(db, `${filtered} SELECT count(*)::int AS n FROM hits`, countParams),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
