import { minorToDecimal } from '@aurum/contract';
import type { Database } from '../../platform/db.ts';
import { type Queryable, queryRows } from '../../platform/sql.ts';

/** One way the ledger disagrees with itself. */
export interface LedgerProblem {
  check:
    | 'merchant-sum'
    | 'account-balance'
    | 'account-negative'
    | 'transfer-entries'
    | 'entry-merchant'
    | 'entry-orphan'
    | 'entry-chain'
    /** A ledger of another area (the points ledger), checked through the operator command. */
    | 'other-ledger';
  merchant: string;
  accountId?: number;
  transferId?: number;
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  merchants: number;
  accounts: number;
  transfers: number;
  entries: number;
  problems: LedgerProblem[];
}

const MAX_PROBLEMS = 100;
const money = (minor: string) => minorToDecimal(BigInt(minor));
/** $1: one merchant, or null for all of them. */
const OF_MERCHANT = '($1::text IS NULL OR merchant_code = $1::text)';

/**
 * The invariants of the ledger, read in one snapshot (so a check during traffic sees no
 * half-done transfer): the entries of each merchant sum to zero; each account's balance is the
 * sum of its entries and its version their number; no account that may not go negative is; each
 * transfer has exactly its two entries (minus on the payer, plus on the payee); each entry has
 * its transfer and account, of its merchant; each account's entries form a chain (a balance
 * before is the balance after of the entry before it).
 */
export async function checkLedger(database: Database, merchant: string | null = null): Promise<LedgerReport> {
  return database.db.transaction(
    async (tx) => {
      const problems: LedgerProblem[] = [];
      for (const find of [merchantSums, accountBalances, transferEntries, entryOwners, entryChains]) {
        if (problems.length >= MAX_PROBLEMS) break;
        problems.push(...(await find(tx, merchant)));
      }
      const [counts] = await queryRows<Record<'merchants' | 'accounts' | 'transfers' | 'entries', unknown>>(
        tx,
        `SELECT
          (SELECT count(DISTINCT merchant_code) FROM ledger_accounts WHERE ${OF_MERCHANT}) AS merchants,
          (SELECT count(*) FROM ledger_accounts WHERE ${OF_MERCHANT}) AS accounts,
          (SELECT count(*) FROM ledger_transfers WHERE ${OF_MERCHANT}) AS transfers,
          (SELECT count(*) FROM ledger_entries WHERE ${OF_MERCHANT}) AS entries`,
        [merchant],
      );
      return {
        ok: problems.length === 0,
        merchants: Number(counts?.merchants ?? 0),
        accounts: Number(counts?.accounts ?? 0),
        transfers: Number(counts?.transfers ?? 0),
        entries: Number(counts?.entries ?? 0),
        problems: problems.slice(0, MAX_PROBLEMS),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function merchantSums(q: Queryable, merchant: string | null): Promise<LedgerProblem[]> {
  const rows = await queryRows<{ merchant_code: string; total: string }>(
    q,
    `SELECT merchant_code, sum(amount)::text AS total FROM ledger_entries WHERE ${OF_MERCHANT}
     GROUP BY merchant_code HAVING sum(amount) <> 0 LIMIT $2`,
    [merchant, MAX_PROBLEMS],
  );
  return rows.map((r) => ({
    check: 'merchant-sum',
    merchant: r.merchant_code,
    detail: `entries sum to ${money(r.total)}, not 0.00`,
  }));
}

interface AccountRow {
  id: unknown;
  merchant_code: string;
  member_id: unknown;
  code: string;
  shard: number;
  balance: string;
  version: string;
  may_go_negative: boolean;
  total: string;
  n: string;
}

async function accountBalances(q: Queryable, merchant: string | null): Promise<LedgerProblem[]> {
  const rows = await queryRows<AccountRow>(
    q,
    `SELECT a.id, a.merchant_code, a.member_id, a.code, a.shard, a.balance::text AS balance,
       a.version::text AS version, a.may_go_negative, coalesce(s.total, 0)::text AS total,
       coalesce(s.n, 0)::text AS n
     FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, sum(amount) AS total, count(*) AS n FROM ledger_entries
       GROUP BY account_id) s ON s.account_id = a.id
     WHERE ($1::text IS NULL OR a.merchant_code = $1::text)
       AND (a.balance <> coalesce(s.total, 0) OR a.version <> coalesce(s.n, 0)
         OR (NOT a.may_go_negative AND a.balance < 0))
     ORDER BY a.id LIMIT $2`,
    [merchant, MAX_PROBLEMS],
  );
  return rows.map((r) => {
    const name = r.member_id === null ? `${r.code}#${r.shard}` : `member ${r.member_id} ${r.code}`;
    const negative = !r.may_go_negative && BigInt(r.balance) < 0n;
    return {
      check: negative ? 'account-negative' : 'account-balance',
      merchant: r.merchant_code,
      accountId: Number(r.id),
      detail: negative
        ? `${name}: balance ${money(r.balance)} is below zero`
        : `${name}: balance ${money(r.balance)} version ${r.version}, entries sum ${money(r.total)} count ${r.n}`,
    };
  });
}

async function transferEntries(q: Queryable, merchant: string | null): Promise<LedgerProblem[]> {
  const rows = await queryRows<{ id: unknown; merchant_code: string; n: unknown; total: string }>(
    q,
    `SELECT t.id, t.merchant_code, count(e.id) AS n, coalesce(sum(e.amount), 0)::text AS total
     FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     WHERE ($1::text IS NULL OR t.merchant_code = $1::text)
     GROUP BY t.id, t.merchant_code, t.amount, t.from_account_id, t.to_account_id
     HAVING count(e.id) <> 2 OR coalesce(sum(e.amount), 0) <> 0
       OR count(*) FILTER (WHERE e.account_id = t.from_account_id AND e.amount = -t.amount) <> 1
       OR count(*) FILTER (WHERE e.account_id = t.to_account_id AND e.amount = t.amount) <> 1
     ORDER BY t.id LIMIT $2`,
    [merchant, MAX_PROBLEMS],
  );
  return rows.map((r) => ({
    check: 'transfer-entries',
    merchant: r.merchant_code,
    transferId: Number(r.id),
    detail: `${r.n} entries summing to ${money(r.total)}, not its two sides`,
  }));
}

async function entryOwners(q: Queryable, merchant: string | null): Promise<LedgerProblem[]> {
  const rows = await queryRows<{
    transfer_id: unknown;
    account_id: unknown;
    merchant_code: string;
    orphan: boolean;
  }>(
    q,
    `SELECT e.transfer_id, e.account_id, e.merchant_code, (a.id IS NULL OR t.id IS NULL) AS orphan
     FROM ledger_entries e
     LEFT JOIN ledger_accounts a ON a.id = e.account_id
     LEFT JOIN ledger_transfers t ON t.id = e.transfer_id
     WHERE ($1::text IS NULL OR e.merchant_code = $1::text)
       AND (a.id IS NULL OR t.id IS NULL
         OR e.merchant_code <> a.merchant_code OR e.merchant_code <> t.merchant_code)
     LIMIT $2`,
    [merchant, MAX_PROBLEMS],
  );
  return rows.map((r) => ({
    check: r.orphan ? 'entry-orphan' : 'entry-merchant',
    merchant: r.merchant_code,
    transferId: Number(r.transfer_id),
    accountId: Number(r.account_id),
    detail: r.orphan
      ? 'the entry has no transfer or no account'
      : 'the entry, its account and its transfer are not of one merchant',
  }));
}

async function entryChains(q: Queryable, merchant: string | null): Promise<LedgerProblem[]> {
  const rows = await queryRows<{ account_id: unknown; merchant_code: string; v: string; detail: string }>(
    q,
    `SELECT account_id, merchant_code, account_version::text AS v,
       'version ' || account_version || ' (entry ' || n || '): balance before ' || balance_before
         || ', previous balance after ' || prev AS detail
     FROM (
       SELECT account_id, merchant_code, account_version, balance_before,
         lag(balance_after, 1, 0::bigint) OVER w AS prev, row_number() OVER w AS n
       FROM ledger_entries WHERE ${OF_MERCHANT}
       WINDOW w AS (PARTITION BY account_id ORDER BY account_version)
     ) x
     WHERE balance_before <> prev OR account_version <> n
     ORDER BY account_id, account_version LIMIT $2`,
    [merchant, MAX_PROBLEMS],
  );
  return rows.map((r) => ({
    check: 'entry-chain',
    merchant: r.merchant_code,
    accountId: Number(r.account_id),
    detail: r.detail,
  }));
}
