import { big, bool, id, type Sql } from '../../platform/sql.ts';
import type { StatementHook } from '../wallet/index.ts';

/**
 * The SQL of the seamless wallet's transactions and rounds. The hot calls (debit, credit,
 * settle) record the transaction and open, grow or close its round in one statement; the
 * transaction row's key (merchant, vendor, tx_id) is what makes a repeated call a no-op.
 * Statement names are versioned: a name always means one text.
 */

export type Mode = 'real' | 'play';
export type TxKind = 'debit' | 'credit' | 'settle' | 'rollback' | 'tombstone';
export type RoundStatus = 'open' | 'settled' | 'cancelled';

/** What every recorded transaction says about itself. */
interface TxBase {
  merchant: string;
  vendor: string;
  txId: string;
  requestHash: string;
  roundId: string;
  memberId: number;
  /** The wallet balance the answer reports. */
  balanceMinor: bigint;
  at: Date;
}

/** The outcome of a hot statement: recorded false means the transaction id exists already. */
export interface Recorded {
  recorded: boolean;
  /** The round's order number; null when recorded but the round refused the change. */
  orderNo: string | null;
}

interface RecordedRow {
  recorded: unknown;
  order_no: string | null;
}
const recordedOf = (rows: RecordedRow[]): Recorded => ({
  recorded: Number(rows[0]?.recorded ?? 0) > 0,
  orderNo: rows[0]?.order_no ?? null,
});

/** A new round's number: the vendor and the round's id, unique per merchant by the id. */
const NEW_ROUND = `SELECT n.id, $1::text, $2::text, $5::text, $2::text || '-' || n.id::text`;
const ROUND_SEQUENCE = `FROM (SELECT nextval('game_rounds_id_seq') AS id) n WHERE EXISTS (SELECT 1 FROM t)`;
/** A round may grow only while open (and no win of it is held), and only by its own player and mode. */
const SAME_OPEN_ROUND = `g.status = 'open' AND NOT g.held AND g.member_id = EXCLUDED.member_id AND g.mode = EXCLUDED.mode`;

export interface DebitRecord extends TxBase {
  amountMinor: bigint;
  transferId: number;
  gameCode: string;
  mode: Mode;
  /** The wallet before this debit: the round's balance before, if the debit opens it. */
  balanceBeforeMinor: bigint;
  /** The bet type the vendor named, if any. */
  betType: string | null;
}

/** Records a debit and opens its round, or adds the stake to the open round. */
export async function recordDebit(sql: Sql, d: DebitRecord): Promise<Recorded> {
  const rows = await sql.rows<RecordedRow>(
    `WITH t AS (
      INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
        amount_minor, transfer_id, balance_minor, created_at, bet_type)
      VALUES ($1, $2, $3, 'debit', $4, $5, $6, $7, $8, $9, $10, $14)
      ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
      RETURNING 1
    ), r AS (
      INSERT INTO game_rounds AS g (id, merchant, vendor, round_id, order_no, member_id, game_code, mode,
        status, bet_minor, balance_before_minor, opened_at)
      ${NEW_ROUND}, $6::bigint, $11::text, $12::text, 'open', $7::bigint, $13::bigint, $10::timestamptz
      ${ROUND_SEQUENCE}
      ON CONFLICT (merchant, vendor, round_id) DO UPDATE SET bet_minor = g.bet_minor + EXCLUDED.bet_minor
      WHERE ${SAME_OPEN_ROUND}
      RETURNING g.order_no
    )
    SELECT (SELECT count(*) FROM t) AS recorded, (SELECT order_no FROM r) AS order_no`,
    [
      d.merchant,
      d.vendor,
      d.txId,
      d.requestHash,
      d.roundId,
      d.memberId,
      d.amountMinor.toString(),
      d.transferId,
      d.balanceMinor.toString(),
      d.at.toISOString(),
      d.gameCode,
      d.mode,
      d.balanceBeforeMinor.toString(),
      d.betType,
    ],
    'seamless_debit_v2',
  );
  return recordedOf(rows);
}

/** A settle before its money has moved: the ledger's statement supplies transfer and balances. */
export interface SettleDraft extends Omit<DebitRecord, 'transferId' | 'balanceMinor' | 'balanceBeforeMinor'> {
  winMinor: bigint;
  /** JSON text, or null. */
  detail: string | null;
  fair: string | null;
  /**
   * The win was checked against the risk limits of a new round only: a round that exists
   * already (its stakes and wins count too) refuses it, and the caller checks it in full.
   */
  freshRoundOnly: boolean;
}

/**
 * A settle's record folded into the ledger's bet-and-win statement (its CTE \`play\` gives the bet's
 * transfer id and the wallet before and after), so a settle is one statement. The transaction
 * is recorded only when its round may take it (new, or open and of this player and mode); money
 * moves only when both the transaction and the round went in. A round that refused after the
 * transaction went in (another settle or debit created it meanwhile) aborts the statement.
 * Columns: recorded (0 when the id exists or the round refused), order_no.
 */
export function settleHook(s: SettleDraft): StatementHook {
  return {
    name: 'seamless_settle_v2',
    params: [
      s.merchant,
      s.vendor,
      s.txId,
      s.requestHash,
      s.roundId,
      s.memberId,
      s.amountMinor.toString(),
      s.winMinor.toString(),
      s.at.toISOString(),
      s.gameCode,
      s.mode,
      s.detail,
      s.fair,
      s.betType,
      s.freshRoundOnly,
    ],
    ctes: (p) => `seamless_round AS (
      SELECT g.status, g.held, g.member_id, g.mode FROM game_rounds g
      WHERE g.merchant = ${p(1)}::text AND g.vendor = ${p(2)}::text AND g.round_id = ${p(5)}::text
    ), seamless_tx AS (
      INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
        amount_minor, win_minor, transfer_id, balance_minor, created_at, bet_type)
      SELECT ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, 'settle', ${p(4)}::text, ${p(5)}::text,
        ${p(6)}::bigint, ${p(7)}::bigint, ${p(8)}::bigint, play.bet_transfer_id, play.balance_after,
        ${p(9)}::timestamptz, ${p(14)}::text
      FROM play
      WHERE NOT EXISTS (
        SELECT 1 FROM seamless_round g
        WHERE ${p(15)}::boolean
          OR NOT (g.status = 'open' AND NOT g.held AND g.member_id = ${p(6)}::bigint AND g.mode = ${p(11)}::text))
      ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
      RETURNING 1
    ), seamless_settled AS (
      INSERT INTO game_rounds AS g (id, merchant, vendor, round_id, order_no, member_id, game_code, mode,
        status, bet_minor, win_minor, balance_before_minor, balance_after_minor, detail, fair, opened_at,
        settled_at)
      SELECT n.id, ${p(1)}::text, ${p(2)}::text, ${p(5)}::text, ${p(2)}::text || '-' || n.id::text,
        ${p(6)}::bigint, ${p(10)}::text, ${p(11)}::text, 'settled', ${p(7)}::bigint, ${p(8)}::bigint,
        play.balance_before, play.balance_after, ${p(12)}::jsonb, ${p(13)}::jsonb, ${p(9)}::timestamptz,
        ${p(9)}::timestamptz
      FROM (SELECT nextval('game_rounds_id_seq') AS id) n, play
      WHERE EXISTS (SELECT 1 FROM seamless_tx)
      ON CONFLICT (merchant, vendor, round_id) DO UPDATE SET
        bet_minor = g.bet_minor + EXCLUDED.bet_minor, win_minor = g.win_minor + EXCLUDED.win_minor,
        status = 'settled', settled_at = EXCLUDED.settled_at,
        balance_after_minor = EXCLUDED.balance_after_minor,
        detail = coalesce(EXCLUDED.detail, g.detail), fair = coalesce(EXCLUDED.fair, g.fair)
      WHERE ${SAME_OPEN_ROUND}
      RETURNING g.order_no
    )`,
    proceed: 'SELECT count(*) > 0 FROM seamless_settled',
    abort: 'SELECT count(*) > 0 FROM seamless_tx WHERE NOT EXISTS (SELECT 1 FROM seamless_settled)',
    columns: `(SELECT count(*) FROM seamless_settled) AS recorded, (SELECT order_no FROM seamless_settled) AS order_no`,
  };
}

export interface CreditRecord extends TxBase {
  amountMinor: bigint;
  /** Null for a zero credit: nothing moved. */
  transferId: number | null;
  closeRound: boolean;
  /** The round's row id. */
  roundPk: number;
  detail: string | null;
  fair: string | null;
}

/** Records a credit and adds the win to its round, closing it when asked; only an open round. */
export async function recordCredit(sql: Sql, c: CreditRecord): Promise<Recorded> {
  const rows = await sql.rows<RecordedRow>(
    `WITH t AS (
      INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
        amount_minor, transfer_id, balance_minor, created_at)
      VALUES ($1, $2, $3, 'credit', $4, $5, $6, $7, $8, $9, $10)
      ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
      RETURNING 1
    ), r AS (
      UPDATE game_rounds g SET
        win_minor = g.win_minor + $7::bigint,
        status = CASE WHEN $11::boolean THEN 'settled' ELSE g.status END,
        settled_at = CASE WHEN $11::boolean THEN $10::timestamptz ELSE g.settled_at END,
        balance_after_minor = CASE WHEN $11::boolean THEN $9::bigint ELSE g.balance_after_minor END,
        detail = coalesce($12::jsonb, g.detail), fair = coalesce($13::jsonb, g.fair)
      WHERE g.id = $14 AND g.status = 'open' AND NOT g.held AND EXISTS (SELECT 1 FROM t)
      RETURNING g.order_no
    )
    SELECT (SELECT count(*) FROM t) AS recorded, (SELECT order_no FROM r) AS order_no`,
    [
      c.merchant,
      c.vendor,
      c.txId,
      c.requestHash,
      c.roundId,
      c.memberId,
      c.amountMinor.toString(),
      c.transferId,
      c.balanceMinor.toString(),
      c.at.toISOString(),
      c.closeRound,
      c.detail,
      c.fair,
      c.roundPk,
    ],
    'seamless_credit_v2',
  );
  return recordedOf(rows);
}

export interface RoundRow {
  pk: number;
  memberId: number;
  gameCode: string;
  mode: Mode;
  status: RoundStatus;
  orderNo: string;
  betMinor: bigint;
  winMinor: bigint;
  /** A win of the round is held for review: it takes no other call meanwhile. */
  held: boolean;
}

interface RoundSqlRow {
  id: unknown;
  member_id: unknown;
  game_code: string;
  mode: Mode;
  status: RoundStatus;
  order_no: string;
  bet_minor: unknown;
  win_minor: unknown;
  held: unknown;
}

const ROUND_COLUMNS = 'id, member_id, game_code, mode, status, order_no, bet_minor, win_minor, held';

const roundOf = (r: RoundSqlRow | undefined): RoundRow | null =>
  r
    ? {
        pk: id(r.id),
        memberId: id(r.member_id),
        gameCode: r.game_code,
        mode: r.mode,
        status: r.status,
        orderNo: r.order_no,
        betMinor: big(r.bet_minor),
        winMinor: big(r.win_minor),
        held: bool(r.held),
      }
    : null;

/** A round of the vendor at the merchant, locked for the caller's transaction when `lock`. */
export async function findRound(sql: Sql, merchant: string, vendor: string, roundId: string, lock = false) {
  const rows = await sql.rows<RoundSqlRow>(
    `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE merchant = $1 AND vendor = $2 AND round_id = $3
     ${lock ? 'FOR UPDATE' : ''}`,
    [merchant, vendor, roundId],
    lock ? 'seamless_round_lock_v2' : 'seamless_round_v2',
  );
  return roundOf(rows[0]);
}

/**
 * Takes a debit out of its open round: the stake comes off, and the round is cancelled (closed
 * at `at`, with the wallet's balance then) when no stake is left.
 */
export async function removeDebitFromRound(
  sql: Sql,
  roundPk: number,
  amountMinor: bigint,
  balanceMinor: bigint,
  at: Date,
): Promise<void> {
  await sql.rows(
    `UPDATE game_rounds SET
       bet_minor = bet_minor - $2::bigint,
       status = CASE WHEN bet_minor = $2::bigint THEN 'cancelled' ELSE status END,
       settled_at = CASE WHEN bet_minor = $2::bigint THEN $4::timestamptz ELSE settled_at END,
       balance_after_minor = CASE WHEN bet_minor = $2::bigint THEN $3::bigint ELSE balance_after_minor END
     WHERE id = $1 AND status = 'open' AND NOT held`,
    [roundPk, amountMinor.toString(), balanceMinor.toString(), at.toISOString()],
    'seamless_round_remove_debit_v2',
  );
}

/** A recorded transaction, with its round's order number. */
export interface StoredTx {
  txId: string;
  kind: TxKind;
  requestHash: string | null;
  roundId: string | null;
  memberId: number | null;
  amountMinor: bigint | null;
  transferId: number | null;
  balanceMinor: bigint | null;
  rolledBackBy: string | null;
  orderNo: string | null;
  /** Its win was held for review: a repeat answers the pending answer again. */
  held: boolean;
}

interface StoredSqlRow {
  tx_id: string;
  kind: TxKind;
  request_hash: string | null;
  round_id: string | null;
  member_id: unknown;
  amount_minor: unknown;
  transfer_id: unknown;
  balance_minor: unknown;
  rolled_back_by: string | null;
  order_no: string | null;
  held: unknown;
}

const nullable = <T>(value: unknown, f: (v: unknown) => T): T | null => (value === null ? null : f(value));

/** A transaction by the vendor's id; `lock` holds it for the caller's transaction. */
export async function findTransaction(
  sql: Sql,
  merchant: string,
  vendor: string,
  txId: string,
  lock = false,
): Promise<StoredTx | null> {
  const rows = await sql.rows<StoredSqlRow>(
    `SELECT t.tx_id, t.kind, t.request_hash, t.round_id, t.member_id, t.amount_minor, t.transfer_id,
       t.balance_minor, t.rolled_back_by, r.order_no, h.id IS NOT NULL AS held
     FROM vendor_transactions t
     LEFT JOIN game_rounds r ON r.merchant = t.merchant AND r.vendor = t.vendor AND r.round_id = t.round_id
     LEFT JOIN vendor_risk_holds h ON h.merchant = t.merchant AND h.vendor = t.vendor AND h.tx_id = t.tx_id
     WHERE t.merchant = $1 AND t.vendor = $2 AND t.tx_id = $3
     ${lock ? 'FOR UPDATE OF t' : ''}`,
    [merchant, vendor, txId],
    lock ? 'seamless_tx_lock_v2' : 'seamless_tx_v2',
  );
  const r = rows[0];
  if (!r) return null;
  return {
    txId: r.tx_id,
    kind: r.kind,
    requestHash: r.request_hash,
    roundId: r.round_id,
    memberId: nullable(r.member_id, id),
    amountMinor: nullable(r.amount_minor, big),
    transferId: nullable(r.transfer_id, id),
    balanceMinor: nullable(r.balance_minor, big),
    rolledBackBy: r.rolled_back_by,
    orderNo: r.order_no,
    held: bool(r.held),
  };
}

export interface RollbackRecord {
  merchant: string;
  vendor: string;
  txId: string;
  requestHash: string;
  originalTxId: string;
  roundId: string | null;
  memberId: number;
  /** The reversal, or null when nothing moved (a tombstone, or a debit undone already). */
  transferId: number | null;
  balanceMinor: bigint;
  at: Date;
}

/** Records a rollback; false when its transaction id exists already. */
export async function recordRollback(sql: Sql, r: RollbackRecord): Promise<boolean> {
  const rows = await sql.rows(
    `INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
       transfer_id, balance_minor, original_tx_id, created_at)
     VALUES ($1, $2, $3, 'rollback', $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
     RETURNING 1`,
    [
      r.merchant,
      r.vendor,
      r.txId,
      r.requestHash,
      r.roundId,
      r.memberId,
      r.transferId,
      r.balanceMinor.toString(),
      r.originalTxId,
      r.at.toISOString(),
    ],
    'seamless_rollback_v1',
  );
  return rows.length > 0;
}

/**
 * Marks a debit id never seen as rolled back (by `rollbackTxId`), so that the debit, arriving
 * late, is refused. False when the id exists already (the debit came first after all).
 */
export async function recordTombstone(
  sql: Sql,
  t: { merchant: string; vendor: string; txId: string; memberId: number; rollbackTxId: string; at: Date },
): Promise<boolean> {
  const rows = await sql.rows(
    `INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, member_id, rolled_back_by, created_at)
     VALUES ($1, $2, $3, 'tombstone', $4, $5, $6)
     ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
     RETURNING 1`,
    [t.merchant, t.vendor, t.txId, t.memberId, t.rollbackTxId, t.at.toISOString()],
    'seamless_tombstone_v1',
  );
  return rows.length > 0;
}

/** Marks a debit as undone by a rollback. */
export async function markRolledBack(sql: Sql, merchant: string, vendor: string, txId: string, by: string) {
  await sql.rows(
    `UPDATE vendor_transactions SET rolled_back_by = $4
     WHERE merchant = $1 AND vendor = $2 AND tx_id = $3 AND rolled_back_by IS NULL`,
    [merchant, vendor, txId, by],
    'seamless_mark_rolled_back_v1',
  );
}

/** Whether the member is one of the merchant's. */
export async function memberExists(sql: Sql, merchant: string, memberId: number): Promise<boolean> {
  const rows = await sql.rows(
    'SELECT 1 FROM members WHERE id = $1 AND merchant_code = $2',
    [memberId, merchant],
    'seamless_member_exists_v1',
  );
  return rows.length > 0;
}

/** A round's live stakes of named bet types (debits not rolled back, settles), per type. */
export async function typedStakes(
  sql: Sql,
  merchant: string,
  vendor: string,
  roundId: string,
): Promise<{ betType: string; stakeMinor: bigint }[]> {
  const rows = await sql.rows<{ bet_type: string; stake: unknown }>(
    `SELECT bet_type, sum(amount_minor) AS stake FROM vendor_transactions
     WHERE merchant = $1 AND vendor = $2 AND round_id = $3 AND bet_type IS NOT NULL
       AND kind IN ('debit', 'settle') AND rolled_back_by IS NULL
     GROUP BY bet_type ORDER BY bet_type`,
    [merchant, vendor, roundId],
    'seamless_typed_stakes_v1',
  );
  return rows.map((r) => ({ betType: r.bet_type, stakeMinor: big(r.stake) }));
}

/** What a held win keeps for the operator: the limit it passed and what the round stood at. */
export interface HoldDraft {
  winMinor: bigint;
  limitMinor: bigint;
  rule: 'GAME_MULTIPLE' | 'VENDOR_CAP';
  /** The round's stakes and the wins paid to it, when the win was held. */
  stakesMinor: bigint;
  winsMinor: bigint;
  closeRound: boolean;
  /** JSON text, or null: what was dealt, kept with the round (and the hold) as sent. */
  detail: string | null;
  fair: string | null;
}

/** The hold's row, made from the round the statement's CTE \`r\` returned (id, member, mode, game). */
const INSERT_HOLD = (first: number) => {
  const p = (n: number) => `$${first + n}`;
  return `h AS (
      INSERT INTO vendor_risk_holds (merchant, vendor, tx_id, kind, round_pk, round_id, member_id, mode,
        game_code, win_minor, limit_minor, rule, stakes_minor, wins_minor, close_round, detail, fair, status,
        created_at)
      SELECT $1, $2, $3, ${p(0)}::text, r.id, $5, r.member_id, r.mode, r.game_code, ${p(1)}::bigint,
        ${p(2)}::bigint, ${p(3)}::text, ${p(4)}::bigint, ${p(5)}::bigint, ${p(6)}::boolean, ${p(7)}::jsonb,
        ${p(8)}::jsonb, 'PENDING', $10::timestamptz
      FROM r
      RETURNING id
    )`;
};
const holdParams = (kind: 'credit' | 'settle', h: HoldDraft) => [
  kind,
  h.winMinor.toString(),
  h.limitMinor.toString(),
  h.rule,
  h.stakesMinor.toString(),
  h.winsMinor.toString(),
  h.closeRound,
  h.detail,
  h.fair,
];

/**
 * Records a credit whose win is held: the transaction (nothing paid, no transfer), the round
 * marked held (it stays open) and the hold for the operator; only an open round not held yet.
 */
export async function recordHeldCredit(
  sql: Sql,
  c: TxBase & { amountMinor: bigint; roundPk: number; hold: HoldDraft },
): Promise<Recorded> {
  const rows = await sql.rows<RecordedRow>(
    `WITH t AS (
      INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
        amount_minor, balance_minor, created_at)
      VALUES ($1, $2, $3, 'credit', $4, $5, $6, $7, $8, $10)
      ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
      RETURNING 1
    ), r AS (
      UPDATE game_rounds g SET held = true,
        detail = coalesce($18::jsonb, g.detail), fair = coalesce($19::jsonb, g.fair)
      WHERE g.id = $9 AND g.status = 'open' AND NOT g.held AND EXISTS (SELECT 1 FROM t)
      RETURNING g.id, g.order_no, g.member_id, g.mode, g.game_code
    ), ${INSERT_HOLD(11)}
    SELECT (SELECT count(*) FROM t) AS recorded, (SELECT order_no FROM r) AS order_no`,
    [
      c.merchant,
      c.vendor,
      c.txId,
      c.requestHash,
      c.roundId,
      c.memberId,
      c.amountMinor.toString(),
      c.balanceMinor.toString(),
      c.roundPk,
      c.at.toISOString(),
      ...holdParams('credit', c.hold),
    ],
    'seamless_held_credit_v2',
  );
  return recordedOf(rows);
}

/**
 * Records a settle whose win is held once its bet has moved: the transaction (the bet's
 * transfer), the round opened or grown by the bet and marked held (it stays open), and the
 * hold. Only a new round, or an open one of this player and mode not held yet.
 */
export async function recordHeldSettle(
  sql: Sql,
  d: DebitRecord & { winMinor: bigint; hold: HoldDraft },
): Promise<Recorded> {
  const rows = await sql.rows<RecordedRow>(
    `WITH t AS (
      INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
        amount_minor, win_minor, transfer_id, balance_minor, created_at, bet_type)
      VALUES ($1, $2, $3, 'settle', $4, $5, $6, $7, $15, $8, $9, $10, $14)
      ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
      RETURNING 1
    ), r AS (
      INSERT INTO game_rounds AS g (id, merchant, vendor, round_id, order_no, member_id, game_code, mode,
        status, bet_minor, balance_before_minor, opened_at, held, detail, fair)
      ${NEW_ROUND}, $6::bigint, $11::text, $12::text, 'open', $7::bigint, $13::bigint, $10::timestamptz, true,
        $23::jsonb, $24::jsonb
      ${ROUND_SEQUENCE}
      ON CONFLICT (merchant, vendor, round_id) DO UPDATE SET bet_minor = g.bet_minor + EXCLUDED.bet_minor,
        held = true, detail = coalesce(EXCLUDED.detail, g.detail), fair = coalesce(EXCLUDED.fair, g.fair)
      WHERE ${SAME_OPEN_ROUND}
      RETURNING g.id, g.order_no, g.member_id, g.mode, g.game_code
    ), ${INSERT_HOLD(16)}
    SELECT (SELECT count(*) FROM t) AS recorded, (SELECT order_no FROM r) AS order_no`,
    [
      d.merchant,
      d.vendor,
      d.txId,
      d.requestHash,
      d.roundId,
      d.memberId,
      d.amountMinor.toString(),
      d.transferId,
      d.balanceMinor.toString(),
      d.at.toISOString(),
      d.gameCode,
      d.mode,
      d.balanceBeforeMinor.toString(),
      d.betType,
      d.winMinor.toString(),
      ...holdParams('settle', d.hold),
    ],
    'seamless_held_settle_v2',
  );
  return recordedOf(rows);
}

/**
 * Rounds of the vendor at the merchant by their ids, read without a lock: a batch that acts on
 * what it read makes its round updates conditional on it (completeCredits), and stops when one
 * of them has changed meanwhile.
 */
export async function readRounds(
  sql: Sql,
  merchant: string,
  vendor: string,
  roundIds: string[],
): Promise<Map<string, RoundRow>> {
  const rows = await sql.rows<RoundSqlRow & { round_id: string }>(
    `SELECT ${ROUND_COLUMNS}, round_id FROM game_rounds
     WHERE merchant = $1 AND vendor = $2 AND round_id = ANY(ARRAY(SELECT jsonb_array_elements_text($3::jsonb)))`,
    [merchant, vendor, JSON.stringify(roundIds)],
    'seamless_rounds_read_v1',
  );
  return new Map(rows.map((r) => [r.round_id, roundOf(r)!]));
}

/** A credit of a batch, before its money moves (the balance and transfer come after). */
export interface BatchCredit {
  txId: string;
  requestHash: string;
  roundId: string;
  memberId: number;
  amountMinor: bigint;
}

/**
 * Records the transactions of a batch of credits (no transfer and no balance yet: the batch
 * fills them in before it commits). Returns the ids recorded now; an id that exists already is
 * not (its credit is a repeat, answered on its own).
 */
export async function recordCredits(
  sql: Sql,
  merchant: string,
  vendor: string,
  credits: BatchCredit[],
  at: Date,
): Promise<Set<string>> {
  if (credits.length === 0) return new Set();
  const input = credits.map((c) => ({
    tx_id: c.txId,
    hash: c.requestHash,
    round_id: c.roundId,
    member_id: c.memberId,
    amount: c.amountMinor.toString(),
  }));
  const rows = await sql.rows<{ tx_id: string }>(
    `INSERT INTO vendor_transactions (merchant, vendor, tx_id, kind, request_hash, round_id, member_id,
       amount_minor, balance_minor, created_at)
     SELECT $1, $2, i.tx_id, 'credit', i.hash, i.round_id, i.member_id, i.amount, 0, $4::timestamptz
     FROM jsonb_to_recordset($3::jsonb) AS i(tx_id text, hash text, round_id text, member_id bigint, amount bigint)
     ON CONFLICT (merchant, vendor, tx_id) DO NOTHING
     RETURNING tx_id`,
    [merchant, vendor, JSON.stringify(input), at.toISOString()],
    'seamless_credits_record_v1',
  );
  return new Set(rows.map((r) => r.tx_id));
}

/** What a batch's credit did: its transfer (null: nothing moved), the balance it answers, its round. */
export interface CreditDone {
  txId: string;
  transferId: number | null;
  balanceMinor: bigint;
  roundPk: number;
  /** The round's wins when the batch read it: the update is made only if they are still those. */
  winsBeforeMinor: bigint;
  amountMinor: bigint;
  closeRound: boolean;
  detail: string | null;
  fair: string | null;
}

/**
 * Completes a batch's credits in one statement: each transaction gets its transfer and balance,
 * each round its win (closed when asked), as recordCredit does one by one; only rounds still
 * open, not held and with the wins the batch read. Returns each transaction's round order number (absent: the round refused).
 */
export async function completeCredits(
  sql: Sql,
  merchant: string,
  vendor: string,
  done: CreditDone[],
  at: Date,
): Promise<Map<string, string>> {
  if (done.length === 0) return new Map();
  const input = done.map((d) => ({
    tx_id: d.txId,
    transfer_id: d.transferId,
    balance: d.balanceMinor.toString(),
    round_pk: d.roundPk,
    wins_before: d.winsBeforeMinor.toString(),
    amount: d.amountMinor.toString(),
    close_round: d.closeRound,
    detail: d.detail === null ? null : JSON.parse(d.detail),
    fair: d.fair === null ? null : JSON.parse(d.fair),
  }));
  const rows = await sql.rows<{ tx_id: string; order_no: string }>(
    `WITH i AS (
      SELECT * FROM jsonb_to_recordset($3::jsonb) AS i(tx_id text, transfer_id bigint, balance bigint,
        round_pk bigint, wins_before bigint, amount bigint, close_round boolean, detail jsonb, fair jsonb)
    ), t AS (
      UPDATE vendor_transactions v SET transfer_id = i.transfer_id, balance_minor = i.balance
      FROM i WHERE v.merchant = $1 AND v.vendor = $2 AND v.tx_id = i.tx_id
      RETURNING v.tx_id
    ), r AS (
      UPDATE game_rounds g SET
        win_minor = g.win_minor + i.amount,
        status = CASE WHEN i.close_round THEN 'settled' ELSE g.status END,
        settled_at = CASE WHEN i.close_round THEN $4::timestamptz ELSE g.settled_at END,
        balance_after_minor = CASE WHEN i.close_round THEN i.balance ELSE g.balance_after_minor END,
        detail = coalesce(i.detail, g.detail), fair = coalesce(i.fair, g.fair)
      FROM i WHERE g.id = i.round_pk AND g.status = 'open' AND NOT g.held AND g.win_minor = i.wins_before
        AND EXISTS (SELECT 1 FROM t WHERE t.tx_id = i.tx_id)
      RETURNING i.tx_id, g.order_no
    )
    SELECT tx_id, order_no FROM r`,
    [merchant, vendor, JSON.stringify(input), at.toISOString()],
    'seamless_credits_complete_v1',
  );
  return new Map(rows.map((r) => [r.tx_id, r.order_no]));
}
