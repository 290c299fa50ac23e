import type { Database } from '../../platform/db.ts';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The ledger's side of the member's statement (the credit report): for each of the member's
 * real-money wallets (MAIN, HOLD, AGENT, VENDOR:<vendor>; play money is no part of it), the
 * balance at the start and at the end of a period and every entry in it. A balance at an instant
 * is the sum of the wallet's entries whose transfer was made before it (a wallet starts at zero
 * and moves only by entries), so opening + the period's entries = closing, exactly, by
 * construction; at the present the closing balance is the wallet's balance. Read in one
 * repeatable-read snapshot, so a transfer made while the statement is read is in all of its
 * figures or in none.
 */

const WALLETS = `a.merchant_code = $1 AND a.member_id = $2
  AND (a.code IN ('MAIN', 'HOLD', 'AGENT') OR a.code LIKE 'VENDOR:%')`;

export interface StatementBalance {
  wallet: string;
  openingMinor: bigint;
  closingMinor: bigint;
}

export interface StatementTypeTotal {
  wallet: string;
  kind: number;
  creditsMinor: bigint;
  /** Positive: what left the wallet. */
  debitsMinor: bigint;
  count: number;
}

export interface StatementLine {
  wallet: string;
  transferId: number;
  createdAt: Date;
  kind: number;
  /** Signed: a credit is positive. */
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  memo: string | null;
}

export interface StatementMoves {
  balances: StatementBalance[];
  types: StatementTypeTotal[];
  /** Oldest first, by wallet; null when not asked for or when there are more than the limit. */
  lines: StatementLine[] | null;
  lineCount: number;
}

async function balances(db: Queryable, p: unknown[]): Promise<StatementBalance[]> {
  const rows = await queryRows<{ code: string; opening: string; closing: string }>(
    db,
    `SELECT a.code,
       coalesce(sum(e.amount) FILTER (WHERE t.created_at < $3::timestamptz), 0)::text AS opening,
       coalesce(sum(e.amount) FILTER (WHERE t.created_at < $4::timestamptz), 0)::text AS closing
     FROM ledger_accounts a
     LEFT JOIN ledger_entries e ON e.account_id = a.id
     LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE ${WALLETS}
     GROUP BY a.code`,
    p,
  );
  return rows.map((r) => ({ wallet: r.code, openingMinor: big(r.opening), closingMinor: big(r.closing) }));
}

async function typeTotals(db: Queryable, p: unknown[]): Promise<StatementTypeTotal[]> {
  const rows = await queryRows<{ code: string; kind: unknown; credits: string; debits: string; n: string }>(
    db,
    `SELECT a.code, t.kind,
       coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS credits,
       coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS debits,
       count(*)::text AS n
     FROM ledger_accounts a
     JOIN ledger_transfers t ON (t.from_account_id = a.id OR t.to_account_id = a.id)
       AND t.created_at >= $3::timestamptz AND t.created_at < $4::timestamptz
     JOIN ledger_entries e ON e.transfer_id = t.id AND e.account_id = a.id
     WHERE ${WALLETS}
     GROUP BY a.code, t.kind`,
    p,
  );
  return rows.map((r) => ({
    wallet: r.code,
    kind: Number(r.kind),
    creditsMinor: big(r.credits),
    debitsMinor: big(r.debits),
    count: Number(r.n),
  }));
}

async function lines(db: Queryable, p: unknown[], limit: number): Promise<StatementLine[]> {
  const rows = await queryRows<{
    code: string;
    transfer_id: unknown;
    created_ms: string;
    kind: unknown;
    amount: string;
    balance_after: string;
    memo: string | null;
  }>(
    db,
    `SELECT a.code, t.id AS transfer_id, (extract(epoch FROM t.created_at) * 1000)::bigint::text AS created_ms,
       t.kind, e.amount::text AS amount, e.balance_after::text AS balance_after, t.memo
     FROM ledger_accounts a
     CROSS JOIN LATERAL (
       SELECT id, created_at, kind, memo FROM ledger_transfers
       WHERE from_account_id = a.id AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
       UNION
       SELECT id, created_at, kind, memo FROM ledger_transfers
       WHERE to_account_id = a.id AND created_at >= $3::timestamptz AND created_at < $4::timestamptz
     ) t
     JOIN ledger_entries e ON e.transfer_id = t.id AND e.account_id = a.id
     WHERE ${WALLETS}
     ORDER BY a.code, t.created_at, e.account_version
     LIMIT $5`,
    [...p, limit],
  );
  return rows.map((r) => ({
    wallet: r.code,
    transferId: id(r.transfer_id),
    createdAt: new Date(Number(r.created_ms)),
    kind: Number(r.kind),
    amountMinor: big(r.amount),
    balanceAfterMinor: big(r.balance_after),
    memo: r.memo,
  }));
}

/**
 * The member's balances at `from` and `to`, the period's totals per wallet and type, and (when
 * `lineLimit` is given) every entry of [from, to) unless there are more than `lineLimit`.
 */
export async function statementMoves(
  database: Database,
  q: { merchant: string; memberId: number; from: Date; to: Date; lineLimit?: number },
): Promise<StatementMoves> {
  const p = [q.merchant, q.memberId, q.from.toISOString(), q.to.toISOString()];
  return database.db.transaction(
    async (tx) => {
      const b = await balances(tx, p);
      const types = await typeTotals(tx, p);
      const lineCount = types.reduce((n, t) => n + t.count, 0);
      const wanted = q.lineLimit !== undefined && lineCount <= q.lineLimit;
      return { balances: b, types, lineCount, lines: wanted ? await lines(tx, p, lineCount) : null };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
