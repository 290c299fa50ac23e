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

/**
 * The wallets of a team: each member wallet carries its member's path (migration 0043), so a
 * team's wallets are one range of ledger_accounts_team_idx, with no join to the members.
 */
const TEAM_WALLETS = (from: string, to: string) =>
  `a.merchant_code = $1 AND a.member_id IS NOT NULL AND a.member_path >= ${from} AND a.member_path < ${to}`;

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

export async function teamTotals(db: Queryable, root: TeamRoot) {
  const [row] = await queryRows<{ team: number; direct: number; balance: string }>(
    db,
    `SELECT count(*)::int AS team,
            count(*) FILTER (WHERE m.upline_id = $4)::int AS direct,
            (SELECT coalesce(sum(a.balance), 0)::text FROM ledger_accounts a
              WHERE ${TEAM_WALLETS('$2', '$3')} AND ${BALANCE_CODES}) AS balance
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
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE m.merchant_code = $1 AND m.path >= $2 AND m.path < $3 AND m.kind = 'member'
        AND s.kind = 'session' AND s.revoked_at IS NULL
        AND s.expires_at > to_timestamp($4::double precision / 1000)
        AND s.last_seen_at > to_timestamp($5::double precision / 1000)`,
    [root.merchantCode, root.path, pathEnd(root.path), nowMs, nowMs - idleMs],
  );
  return row!.n;
}

/**
 * Per period: the team's registrations (the agent itself excluded), first deposits (members whose
 * first deposit into the main wallet fell in it), first real-money bets (the first settled round)
 * and members who signed in. All are kept on the member row as they happen (migration 0043:
 * first_deposit_at, first_bet_at, last_sign_in_at and prior_sign_in_at, the latest sign-in of an
 * earlier business day), so this is one index-only range scan of the team's path. A member signed
 * in during a period of whole business days ending at or before its last sign-in's day when its
 * last or its prior sign-in falls in it: exact for today, yesterday and this month.
 */
export async function periodCounts(
  db: Queryable,
  root: TeamRoot,
  periods: Period[],
): Promise<PeriodCounts[]> {
  const params: unknown[] = [root.merchantCode, root.path, pathEnd(root.path), root.id];
  const at = (ms: number) => {
    params.push(new Date(ms).toISOString());
    return `$${params.length}::timestamptz`;
  };
  const columns = periods.flatMap((p, i) => {
    const [lo, hi] = [at(p.fromMs), at(p.toMs)];
    const within = (col: string) => `m.${col} >= ${lo} AND m.${col} < ${hi}`;
    return [
      `count(*) FILTER (WHERE m.id <> $4 AND ${within('created_at')})::int AS reg${i}`,
      `count(*) FILTER (WHERE ${within('first_deposit_at')})::int AS dep${i}`,
      `count(*) FILTER (WHERE ${within('first_bet_at')})::int AS bet${i}`,
      `count(*) FILTER (WHERE (${within('last_sign_in_at')}) OR (${within('prior_sign_in_at')}))::int AS login${i}`,
    ];
  });
  const [row] = await queryRows<Record<string, number>>(
    db,
    `SELECT ${columns.join(', ')}
       FROM members m
      WHERE m.merchant_code = $1 AND m.path >= $2 AND m.path < $3 AND m.kind = 'member'`,
    params,
  );
  return periods.map((_, i) => ({
    registrations: row![`reg${i}`]!,
    firstDeposits: row![`dep${i}`]!,
    firstBets: row![`bet${i}`]!,
    logins: row![`login${i}`]!,
  }));
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
  // The last sign-in is kept on the member (migration 0043).
  if (f.lastLoginFrom !== undefined) inner.push(`m.last_sign_in_at >= ${ts(f.lastLoginFrom)}`);
  if (f.lastLoginTo !== undefined) inner.push(`m.last_sign_in_at <= ${ts(f.lastLoginTo)}`);
  // The balance is worked out per member only when a filter asks for it; else only the page's
  // rows get it (and their team figures).
  const needsFigures = outer.length > 0;
  const figures = `
        LEFT JOIN LATERAL (SELECT coalesce(sum(a.balance), 0) AS b FROM ledger_accounts a
                            WHERE a.merchant_code = $1 AND a.member_id = m.id AND ${BALANCE_CODES}) bal ON true`;
  const filtered = `
    WITH hits AS (
      SELECT m.id, m.path, m.created_at ${needsFigures ? ', bal.b AS balance' : ''}
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
              (extract(epoch FROM m.last_sign_in_at) * 1000)::bigint::text AS last_login_ms,
              (SELECT count(*)::int FROM members d
                WHERE d.merchant_code = $1 AND d.path >= pg.path AND d.path < ${PATH_END('pg.path')}) AS team_size,
              (SELECT coalesce(sum(a.balance), 0)::text FROM ledger_accounts a
                WHERE ${TEAM_WALLETS('pg.path', PATH_END('pg.path'))} AND ${BALANCE_CODES}) AS team_balance
         FROM page pg JOIN members m ON m.id = pg.id JOIN members u ON u.id = m.upline_id ${figures}
        ORDER BY pg.created_at DESC, pg.id DESC`,
      params,
    ),
    queryRows<{ n: number }>(db, `${filtered} SELECT count(*)::int AS n FROM hits`, countParams),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}
