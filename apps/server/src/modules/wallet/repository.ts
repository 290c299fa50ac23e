import { big, bool, id, type Sql } from '../../platform/sql.ts';

/** The SQL of the ledger. Statement names are versioned: a name always means one text. */

export interface MovedSide {
  accountId: number;
  memberId: number | null;
  amountMinor: bigint;
  balanceBeforeMinor: bigint;
  balanceAfterMinor: bigint;
  version: bigint;
}

export interface NewTransfer {
  merchant: string;
  idempotencyKey: string;
  requestHash: string;
  kind: number;
  fromAccountId: number;
  toAccountId: number;
  amountMinor: bigint;
  memo: string | null;
  reversesTransferId: number | null;
  createdAt: Date;
  createdBy: string;
}

/**
 * One statement per transfer, so a transfer outside a transaction is one round trip and a
 * crash can never leave half of it:
 * 1. insert the transfer; a row with the same key makes this a no-op (the unique index also
 *    makes a concurrent duplicate wait until the first commits or rolls back);
 * 2. lock both accounts in ascending id order (ORDER BY is applied before the row locks), FOR
 *    NO KEY UPDATE: it excludes other transfers of these accounts but not the key-share locks
 *    that the foreign keys of concurrent transfer rows take on them;
 * 3. move both balances and versions; the non-negative CHECK refuses an overdraft, which
 *    aborts the whole statement (transfer row included);
 * 4. write one entry per side with the balance before and after and the version it made.
 * The foreign keys of the transfer also refuse an account id that does not exist.
 * No rows back means the key was used before. Parameters: merchant, key, request hash, kind,
 * from account id, to account id, amount, memo, reversed transfer id, created at, created by.
 */
export const MOVE_SQL = `
WITH t AS (
  INSERT INTO ledger_transfers (merchant_code, idempotency_key, request_hash, kind, from_account_id,
    to_account_id, amount, memo, reverses_transfer_id, created_at, created_by)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id
), locked AS (
  SELECT id FROM ledger_accounts
  WHERE id IN ($5, $6) AND EXISTS (SELECT 1 FROM t)
  ORDER BY id
  FOR NO KEY UPDATE
), moved AS (
  UPDATE ledger_accounts a
  SET balance = a.balance + (CASE WHEN a.id = $5 THEN -$7::bigint ELSE $7::bigint END),
    version = a.version + 1
  FROM locked
  WHERE a.id = locked.id
  RETURNING a.id, a.member_id, a.balance, a.version,
    (CASE WHEN a.id = $5 THEN -$7::bigint ELSE $7::bigint END) AS amount
), e AS (
  INSERT INTO ledger_entries (merchant_code, transfer_id, account_id, amount, balance_before,
    balance_after, account_version)
  SELECT $1, t.id, moved.id, moved.amount, moved.balance - moved.amount, moved.balance, moved.version
  FROM t, moved
)
SELECT t.id AS transfer_id, moved.id AS account_id, moved.member_id, moved.amount, moved.balance,
  moved.version
FROM t LEFT JOIN moved ON true`;

interface MovedRow {
  transfer_id: unknown;
  account_id: unknown;
  member_id: unknown;
  amount: unknown;
  balance: unknown;
  version: unknown;
}

/** Applies a transfer; null when its idempotency key already exists. */
export async function insertTransfer(
  sql: Sql,
  t: NewTransfer,
): Promise<{ transferId: number; sides: MovedSide[] } | null> {
  const rows = await sql.rows<MovedRow>(
    MOVE_SQL,
    [
      t.merchant,
      t.idempotencyKey,
      t.requestHash,
      t.kind,
      t.fromAccountId,
      t.toAccountId,
      t.amountMinor.toString(),
      t.memo,
      t.reversesTransferId,
      t.createdAt.toISOString(),
      t.createdBy,
    ],
    'ledger_move_v1',
  );
  const first = rows[0];
  if (!first) return null;
  const sides = rows.map((r) => {
    const amount = big(r.amount);
    const after = big(r.balance);
    return {
      accountId: id(r.account_id),
      memberId: r.member_id === null ? null : id(r.member_id),
      amountMinor: amount,
      balanceBeforeMinor: after - amount,
      balanceAfterMinor: after,
      version: big(r.version),
    };
  });
  return { transferId: id(first.transfer_id), sides };
}

export interface StoredTransfer {
  transferId: number;
  merchant: string;
  idempotencyKey: string;
  requestHash: string;
  kind: number;
  fromAccountId: number;
  toAccountId: number;
  amountMinor: bigint;
  memo: string | null;
  reversesTransferId: number | null;
  createdAt: Date;
  createdBy: string;
  sides: MovedSide[];
}

const STORED_SQL = `
SELECT t.id, t.merchant_code, t.idempotency_key, t.request_hash, t.kind, t.from_account_id,
  t.to_account_id, t.amount, t.memo, t.reverses_transfer_id,
  (extract(epoch FROM t.created_at) * 1000)::bigint AS created_ms, t.created_by,
  e.account_id, a.member_id, e.amount AS entry_amount, e.balance_before, e.balance_after,
  e.account_version
FROM ledger_transfers t
JOIN ledger_entries e ON e.transfer_id = t.id
JOIN ledger_accounts a ON a.id = e.account_id
WHERE t.merchant_code = $1 AND`;

interface StoredRow {
  id: unknown;
  merchant_code: string;
  idempotency_key: string;
  request_hash: string;
  kind: number;
  from_account_id: unknown;
  to_account_id: unknown;
  amount: unknown;
  memo: string | null;
  reverses_transfer_id: unknown;
  created_ms: unknown;
  created_by: string;
  account_id: unknown;
  member_id: unknown;
  entry_amount: unknown;
  balance_before: unknown;
  balance_after: unknown;
  account_version: unknown;
}

function toStored(rows: StoredRow[]): StoredTransfer | null {
  const r = rows[0];
  if (!r) return null;
  return {
    transferId: id(r.id),
    merchant: r.merchant_code,
    idempotencyKey: r.idempotency_key,
    requestHash: r.request_hash,
    kind: Number(r.kind),
    fromAccountId: id(r.from_account_id),
    toAccountId: id(r.to_account_id),
    amountMinor: big(r.amount),
    memo: r.memo,
    reversesTransferId: r.reverses_transfer_id === null ? null : id(r.reverses_transfer_id),
    createdAt: new Date(Number(r.created_ms)),
    createdBy: r.created_by,
    sides: rows.map((s) => ({
      accountId: id(s.account_id),
      memberId: s.member_id === null ? null : id(s.member_id),
      amountMinor: big(s.entry_amount),
      balanceBeforeMinor: big(s.balance_before),
      balanceAfterMinor: big(s.balance_after),
      version: big(s.account_version),
    })),
  };
}

export async function findTransferByKey(sql: Sql, merchant: string, key: string) {
  const rows = await sql.rows<StoredRow>(
    `${STORED_SQL} t.idempotency_key = $2`,
    [merchant, key],
    'ledger_transfer_by_key_v1',
  );
  return toStored(rows);
}

export async function findTransferById(sql: Sql, merchant: string, transferId: number) {
  const rows = await sql.rows<StoredRow>(
    `${STORED_SQL} t.id = $2`,
    [merchant, transferId],
    'ledger_transfer_by_id_v1',
  );
  return toStored(rows);
}

export async function findMemberAccountId(sql: Sql, merchant: string, memberId: number, code: string) {
  const rows = await sql.rows<{ id: unknown }>(
    'SELECT id FROM ledger_accounts WHERE merchant_code = $1 AND member_id = $2 AND code = $3',
    [merchant, memberId, code],
    'ledger_member_account_v1',
  );
  return rows[0] ? id(rows[0].id) : null;
}

/** The member's type, or null when the member is not one of the merchant's. */
/**
 * A member's type and whether the merchant counts it as a trial type (play money only), read
 * through the caller's handle: inside a transaction on PGlite's one connection, a read
 * elsewhere (the merchant cache, say) would wait for this transaction forever.
 */
export async function findMemberKind(sql: Sql, merchant: string, memberId: number) {
  const rows = await sql.rows<{ type: number; trial: unknown }>(
    `SELECT m.type,
            coalesce(mc.config -> 'brand' -> 'trialType' @> to_jsonb(m.type), false) AS trial
       FROM members m JOIN merchants mc ON mc.code = m.merchant_code
      WHERE m.id = $1 AND m.merchant_code = $2`,
    [memberId, merchant],
    'ledger_member_kind_v1',
  );
  const row = rows[0];
  return row ? { type: Number(row.type), trial: bool(row.trial) } : null;
}

export async function createMemberAccount(sql: Sql, merchant: string, memberId: number, code: string) {
  await sql.rows(
    `INSERT INTO ledger_accounts (merchant_code, member_id, code, may_go_negative)
     VALUES ($1, $2, $3, false)
     ON CONFLICT (merchant_code, member_id, code) WHERE member_id IS NOT NULL DO NOTHING`,
    [merchant, memberId, code],
    'ledger_create_member_account_v1',
  );
}

/** The ids of a system account's shards, in shard order. */
export async function findShardIds(sql: Sql, merchant: string, code: string) {
  const rows = await sql.rows<{ id: unknown }>(
    'SELECT id FROM ledger_accounts WHERE merchant_code = $1 AND member_id IS NULL AND code = $2 ORDER BY shard',
    [merchant, code],
    'ledger_shards_v1',
  );
  return rows.map((r) => id(r.id));
}

export async function createShards(sql: Sql, merchant: string, code: string, shards: number) {
  await sql.rows(
    `INSERT INTO ledger_accounts (merchant_code, code, shard, may_go_negative)
     SELECT $1, $2, s, true FROM generate_series(0, $3::integer - 1) AS s
     ON CONFLICT (merchant_code, code, shard) WHERE member_id IS NULL DO NOTHING`,
    [merchant, code, shards],
    'ledger_create_shards_v1',
  );
}

export interface AccountBalance {
  accountId: number;
  code: string;
  balanceMinor: bigint;
  version: bigint;
}

export async function memberBalances(sql: Sql, merchant: string, memberId: number) {
  const rows = await sql.rows<{ id: unknown; code: string; balance: unknown; version: unknown }>(
    `SELECT id, code, balance, version FROM ledger_accounts
     WHERE merchant_code = $1 AND member_id = $2 ORDER BY code`,
    [merchant, memberId],
    'ledger_member_balances_v1',
  );
  return rows.map(
    (r): AccountBalance => ({
      accountId: id(r.id),
      code: r.code,
      balanceMinor: big(r.balance),
      version: big(r.version),
    }),
  );
}

/** A system account's balance: the sum of its shards. */
export async function systemBalance(sql: Sql, merchant: string, code: string) {
  const rows = await sql.rows<{ total: unknown }>(
    `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
     WHERE merchant_code = $1 AND member_id IS NULL AND code = $2`,
    [merchant, code],
    'ledger_system_balance_v1',
  );
  return big(rows[0]?.total ?? 0);
}

/** A bet and its win: the member pays the house, the house pays the win back (none when 0). */
export interface NewBetAndWin {
  merchant: string;
  bet: Omit<NewTransfer, 'merchant' | 'reversesTransferId'>;
  /** The win leg's key, hash and kind; its accounts are the bet's the other way. */
  win: Pick<NewTransfer, 'idempotencyKey' | 'requestHash' | 'kind' | 'amountMinor'>;
}

/**
 * Writes of another module folded into the bet-and-win statement, so that they commit or vanish
 * with it. `ctes` are extra WITH items that may read the CTE `play` (bet_transfer_id,
 * balance_before, balance_after: the member's wallet before the bet and after the win, both
 * computed from the locked row) and whose parameters are named by `p(i)` (1-based within
 * `params`). Money moves only when `proceed` (an SQL boolean over them) holds; `abort` (SQL
 * boolean) makes the whole statement fail, for writes made that must not stand without the
 * money; `columns` (a select list) is returned alongside.
 */
export interface StatementHook {
  /** Names the statement's text: one name, one text (ctes, proceed, abort and columns fixed). */
  name: string;
  params: unknown[];
  ctes(p: (i: number) => string): string;
  proceed: string;
  abort: string;
  columns: string;
}

/** The parameters of BET_AND_WIN_SQL; a hook's are numbered after them. */
const BET_AND_WIN_PARAMS = 14;

/**
 * A bet and its win as one auto-committed statement (the settle of an instant round): one
 * round trip instead of a transaction of five. Like MOVE_SQL, but for two transfers of the same
 * two accounts, which PostgreSQL lets a statement update only once each:
 * 1. take both transfer ids from the sequence, then lock both accounts in id order (FOR NO KEY
 *    UPDATE) and read their balances and versions: the entries are computed from these;
 * 2. a hook's writes (if any) come next and say whether the money may move;
 * 3. insert the transfer rows (the win's only when win > 0); an existing key inserts nothing;
 * 4. update each account once, by the net amount and by one version per entry. The member's
 *    wallet must cover the bet before the win is added: when it does not, the update writes
 *    the balance after the bet alone, which the non-negative CHECK refuses, aborting all;
 * 5. write the entries in order: the bet's (versions v+1), then the win's (v+2).
 * The last column divides by zero, aborting all, when only some rows went in: one key was used
 * before without the other, or the hook's `abort` holds.
 * Parameters: merchant, bet key, bet hash, bet kind, win key, win hash, win kind, wallet
 * (member) account id, house account id, bet, win, memo, created at, created by.
 */
export function betAndWinSql(hook?: StatementHook): string {
  const legs = `(CASE WHEN $11::bigint > 0 THEN 2 ELSE 1 END)`;
  const p = (i: number) => `$${BET_AND_WIN_PARAMS + i}`;
  return `
WITH ids AS (
  SELECT nextval('ledger_transfers_id_seq') AS bet_id,
    CASE WHEN $11::bigint > 0 THEN nextval('ledger_transfers_id_seq') END AS win_id
), locked AS (
  SELECT id, member_id, balance, version FROM ledger_accounts
  WHERE id IN ($8, $9)
  ORDER BY id
  FOR NO KEY UPDATE
), play AS (
  SELECT ids.bet_id AS bet_transfer_id, w.balance AS balance_before,
    w.balance - $10::bigint + $11::bigint AS balance_after
  FROM ids JOIN locked w ON w.id = $8
), ${hook ? `${hook.ctes(p)}, ` : ''}gate AS (
  SELECT ${hook ? `coalesce((${hook.proceed}), false)` : 'true'} AS ok
), t AS (
  INSERT INTO ledger_transfers (id, merchant_code, idempotency_key, request_hash, kind, from_account_id,
    to_account_id, amount, memo, created_at, created_by)
  SELECT ids.bet_id, $1::text, $2::text, $3::text, $4::integer, $8::bigint, $9::bigint, $10::bigint,
    $12::text, $13::timestamptz, $14::text
  FROM ids, gate, locked WHERE gate.ok AND locked.id = $8
  UNION ALL
  SELECT ids.win_id, $1::text, $5::text, $6::text, $7::integer, $9::bigint, $8::bigint, $11::bigint,
    $12::text, $13::timestamptz, $14::text
  FROM ids, gate, locked WHERE gate.ok AND locked.id = $8 AND $11::bigint > 0
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id
), n AS (
  SELECT count(*) AS n FROM t
), moved AS (
  UPDATE ledger_accounts a
  SET balance = CASE
      WHEN a.id = $8 AND a.balance < $10::bigint THEN a.balance - $10::bigint
      WHEN a.id = $8 THEN a.balance - $10::bigint + $11::bigint
      ELSE a.balance + $10::bigint - $11::bigint END,
    version = a.version + ${legs}
  FROM locked, n
  WHERE a.id = locked.id AND n.n = ${legs}
  RETURNING a.id, a.member_id, locked.balance AS before, a.balance AS after, locked.version AS v0,
    (CASE WHEN a.id = $8 THEN -1 ELSE 1 END) AS sign
), e AS (
  INSERT INTO ledger_entries (merchant_code, transfer_id, account_id, amount, balance_before,
    balance_after, account_version)
  SELECT $1::text, ids.bet_id, m.id, m.sign * $10::bigint, m.before, m.before + m.sign * $10::bigint, m.v0 + 1
  FROM ids, moved m
  UNION ALL
  SELECT $1::text, ids.win_id, m.id, -m.sign * $11::bigint, m.before + m.sign * $10::bigint, m.after, m.v0 + 2
  FROM ids, moved m WHERE $11::bigint > 0
)
SELECT n.n AS inserted, (SELECT count(*) FROM locked) AS found, ids.bet_id, ids.win_id,
  w.member_id AS wallet_member_id, w.before AS wallet_before, w.after AS wallet_after, w.v0 AS wallet_v0,
  h.member_id AS house_member_id, h.before AS house_before, h.after AS house_after, h.v0 AS house_v0,
  1 / (CASE WHEN (n.n > 0 AND n.n <> ${legs})${
    hook ? ` OR (gate.ok AND n.n <> ${legs}) OR coalesce((${hook.abort}), false)` : ''
  } THEN 0 ELSE 1 END) AS guard${hook ? `, ${hook.columns}` : ''}
FROM ids CROSS JOIN n CROSS JOIN gate
LEFT JOIN moved w ON w.id = $8
LEFT JOIN moved h ON h.id = $9`;
}

interface BetAndWinRow {
  inserted: unknown;
  found: unknown;
  bet_id: unknown;
  win_id: unknown;
  wallet_member_id: unknown;
  wallet_before: unknown;
  wallet_after: unknown;
  wallet_v0: unknown;
  house_member_id: unknown;
  house_before: unknown;
  house_after: unknown;
  house_v0: unknown;
  [column: string]: unknown;
}

/** Both legs as their entries recorded them; null when nothing moved (a key exists, or the hook said no). */
export interface AppliedBetAndWin {
  /** False when an account id is not in the database (nothing moved). */
  found: boolean;
  moved: { betTransferId: number; winTransferId: number | null; bet: MovedSide[]; win: MovedSide[] } | null;
  /** The hook's columns (empty without a hook). */
  row: Record<string, unknown>;
}

/**
 * The statement's text per hook name, built once: a prepared statement's name stands for one
 * text, so a settle need not build the 4 KB text (and its hook's part) again on every call.
 */
const betAndWinTexts = new Map<string, string>();
function betAndWinText(hook?: StatementHook): string {
  const name = hook?.name ?? '';
  let text = betAndWinTexts.get(name);
  if (text === undefined) {
    text = betAndWinSql(hook);
    betAndWinTexts.set(name, text);
  }
  return text;
}

/** Runs BET_AND_WIN_SQL (with the hook's writes, if any). */
export async function insertBetAndWin(
  sql: Sql,
  t: NewBetAndWin,
  hook?: StatementHook,
): Promise<AppliedBetAndWin> {
  const [r] = await sql.rows<BetAndWinRow>(
    betAndWinText(hook),
    [
      t.merchant,
      t.bet.idempotencyKey,
      t.bet.requestHash,
      t.bet.kind,
      t.win.idempotencyKey,
      t.win.requestHash,
      t.win.kind,
      t.bet.fromAccountId,
      t.bet.toAccountId,
      t.bet.amountMinor.toString(),
      t.win.amountMinor.toString(),
      t.bet.memo,
      t.bet.createdAt.toISOString(),
      t.bet.createdBy,
      ...(hook?.params ?? []),
    ],
    hook ? `ledger_bet_and_win_v1_${hook.name}` : 'ledger_bet_and_win_v1',
  );
  if (!r) throw new Error('the bet-and-win statement returned no row');
  const {
    inserted,
    found,
    bet_id,
    win_id,
    wallet_member_id,
    wallet_before,
    wallet_after,
    wallet_v0,
    house_member_id,
    house_before,
    house_after,
    house_v0,
    guard: _guard,
    ...row
  } = r;
  if (Number(inserted) === 0 || wallet_before === null || house_before === null) {
    return { found: Number(found) === 2, moved: null, row };
  }
  const betMinor = t.bet.amountMinor;
  const winMinor = t.win.amountMinor;
  const side = (accountId: number, member: unknown, before: bigint, amount: bigint, version: bigint) => ({
    accountId,
    memberId: member === null ? null : id(member),
    amountMinor: amount,
    balanceBeforeMinor: before,
    balanceAfterMinor: before + amount,
    version,
  });
  const wallet = {
    id: t.bet.fromAccountId,
    member: wallet_member_id,
    before: big(wallet_before),
    v0: big(wallet_v0),
  };
  const house = {
    id: t.bet.toAccountId,
    member: house_member_id,
    before: big(house_before),
    v0: big(house_v0),
  };
  const bet = [
    side(wallet.id, wallet.member, wallet.before, -betMinor, wallet.v0 + 1n),
    side(house.id, house.member, house.before, betMinor, house.v0 + 1n),
  ];
  const win =
    winMinor > 0n
      ? [
          side(house.id, house.member, house.before + betMinor, -winMinor, house.v0 + 2n),
          side(wallet.id, wallet.member, wallet.before - betMinor, winMinor, wallet.v0 + 2n),
        ]
      : [];
  if (big(wallet_after) !== wallet.before - betMinor + winMinor)
    throw new Error('the wallet moved otherwise');
  if (big(house_after) !== house.before + betMinor - winMinor) throw new Error('the house moved otherwise');
  return {
    found: true,
    moved: { betTransferId: id(bet_id), winTransferId: win_id === null ? null : id(win_id), bet, win },
    row,
  };
}

/** One transfer of a batch: its key, hash, kind, accounts, amount and memo (the batch shares the rest). */
export type BatchTransfer = Pick<
  NewTransfer,
  'idempotencyKey' | 'requestHash' | 'kind' | 'fromAccountId' | 'toAccountId' | 'amountMinor' | 'memo'
>;

/**
 * Many transfers as one statement (MOVE_SQL for a list), for a caller that moves a batch in its
 * transaction (the lottery's settlement of a chunk of tickets):
 * 1. insert the transfer rows in the list's order; a key used before inserts nothing (and
 *    answers no rows for that transfer);
 * 2. lock every account of the new transfers in ascending id order (FOR NO KEY UPDATE) and read
 *    balance and version: the update below joins the locks, so it comes after them;
 * 3. each account moves once, by the net of its sides and by one version per side;
 * 4. one entry per side, chained per account in transfer order: balance before and after from
 *    the locked balance plus the running sum, the version from the locked version plus the count.
 * The non-negative CHECK refuses an overdraft of the net, aborting all. Parameters: merchant,
 * the list as JSON (key, hash, kind, from, to, amount, memo), created at, created by.
 */
export const MOVE_BATCH_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($2::jsonb)
    AS i(n integer, key text, hash text, kind integer, from_id bigint, to_id bigint, amount bigint, memo text)
), t AS (
  INSERT INTO ledger_transfers (merchant_code, idempotency_key, request_hash, kind, from_account_id,
    to_account_id, amount, memo, created_at, created_by)
  SELECT $1::text, key, hash, kind, from_id, to_id, amount, memo, $3::timestamptz, $4::text
  FROM input ORDER BY n
  ON CONFLICT (merchant_code, idempotency_key) DO NOTHING
  RETURNING id, idempotency_key, from_account_id, to_account_id, amount
), sides AS (
  SELECT t.id AS transfer_id, t.idempotency_key AS key, t.from_account_id AS account_id, -t.amount AS amount,
    0 AS leg FROM t
  UNION ALL
  SELECT t.id, t.idempotency_key, t.to_account_id, t.amount, 1 FROM t
), locked AS (
  SELECT a.id, a.member_id, a.balance, a.version FROM ledger_accounts a
  WHERE a.id IN (SELECT account_id FROM sides)
  ORDER BY a.id
  FOR NO KEY UPDATE
), net AS (
  SELECT account_id, sum(amount) AS amount, count(*) AS n FROM sides GROUP BY account_id
), moved AS (
  UPDATE ledger_accounts a SET balance = a.balance + net.amount, version = a.version + net.n
  FROM net JOIN locked ON locked.id = net.account_id
  WHERE a.id = net.account_id
  RETURNING a.id, a.balance AS after, a.version AS version, locked.balance AS before, locked.version AS v0
), chained AS (
  SELECT s.transfer_id, s.key, s.account_id, l.member_id, s.amount,
    m.before + sum(s.amount) OVER w AS balance_after,
    m.v0 + row_number() OVER w AS version
  FROM sides s JOIN locked l ON l.id = s.account_id JOIN moved m ON m.id = s.account_id
  WINDOW w AS (PARTITION BY s.account_id ORDER BY s.transfer_id, s.leg ROWS UNBOUNDED PRECEDING)
), e AS (
  INSERT INTO ledger_entries (merchant_code, transfer_id, account_id, amount, balance_before,
    balance_after, account_version)
  SELECT $1::text, transfer_id, account_id, amount, balance_after - amount, balance_after, version
  FROM chained
)
SELECT c.transfer_id, c.key, c.account_id, c.member_id, c.amount, c.balance_after AS balance, c.version,
  1 / (CASE WHEN (c.account_id = m.id AND c.version = m.version AND c.balance_after <> m.after) THEN 0 ELSE 1 END) AS guard
FROM chained c JOIN moved m ON m.id = c.account_id
ORDER BY c.transfer_id, c.amount`;

/**
 * Applies a batch of transfers (MOVE_BATCH_SQL): per key, the new transfer's id and its two
 * sides as their entries recorded them (payer first). A key used before is absent from the map.
 */
export async function insertTransfers(
  sql: Sql,
  merchant: string,
  transfers: BatchTransfer[],
  at: Date,
  createdBy: string,
): Promise<Map<string, { transferId: number; sides: MovedSide[] }>> {
  const out = new Map<string, { transferId: number; sides: MovedSide[] }>();
  if (transfers.length === 0) return out;
  const input = transfers.map((t, n) => ({
    n,
    key: t.idempotencyKey,
    hash: t.requestHash,
    kind: t.kind,
    from_id: t.fromAccountId,
    to_id: t.toAccountId,
    amount: t.amountMinor.toString(),
    memo: t.memo,
  }));
  const rows = await sql.rows<MovedRow & { key: string }>(
    MOVE_BATCH_SQL,
    [merchant, JSON.stringify(input), at.toISOString(), createdBy],
    'ledger_move_batch_v1',
  );
  for (const r of rows) {
    const amount = big(r.amount);
    const after = big(r.balance);
    const side: MovedSide = {
      accountId: id(r.account_id),
      memberId: r.member_id === null ? null : id(r.member_id),
      amountMinor: amount,
      balanceBeforeMinor: after - amount,
      balanceAfterMinor: after,
      version: big(r.version),
    };
    const entry = out.get(r.key);
    if (entry) entry.sides.push(side);
    else out.set(r.key, { transferId: id(r.transfer_id), sides: [side] });
  }
  return out;
}

/** The balances of many members' accounts of one code (an account not made yet is absent). */
export async function balancesOf(sql: Sql, merchant: string, code: string, memberIds: number[]) {
  const rows = await sql.rows<{ member_id: unknown; balance: unknown }>(
    `SELECT member_id, balance FROM ledger_accounts
     WHERE merchant_code = $1 AND code = $2 AND member_id = ANY($3::bigint[])`,
    [merchant, code, `{${memberIds.join(',')}}`],
    'ledger_balances_of_v1',
  );
  return new Map(rows.map((r) => [id(r.member_id), big(r.balance)]));
}
