import type { LocalizedText, PointsRedeemStatus } from '@aurum/contract';
import { TX_TYPE } from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The points mall's SQL (0044_points.sql): the points ledger (accounts, transfers, two entries a
 * transfer), what rounds and deposits earned, the items and their stock, conversions and
 * redemptions.
 */

export type PointsKind = 'bet' | 'deposit' | 'convert' | 'redeem' | 'refund' | 'adjust';
export type PointsOwner = { memberId: number } | { system: 'ISSUE' | 'MALL' };

const ownerText = (o: PointsOwner) => ('memberId' in o ? `member:${o.memberId}` : `system:${o.system}`);

/** The account's id, made when missing. */
async function accountId(q: Queryable, merchant: string, owner: PointsOwner): Promise<number> {
  const text = ownerText(owner);
  const rows = await queryRows<{ id: string }>(
    q,
    `INSERT INTO points_accounts (merchant_code, member_id, owner) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_code, owner) DO NOTHING RETURNING id::text`,
    [merchant, 'memberId' in owner ? owner.memberId : null, text],
  );
  if (rows[0]) return id(rows[0].id);
  const [row] = await queryRows<{ id: string }>(
    q,
    'SELECT id::text FROM points_accounts WHERE merchant_code = $1 AND owner = $2',
    [merchant, text],
  );
  return id(row!.id);
}

export async function pointsBalance(q: Queryable, merchant: string, memberId: number): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    q,
    'SELECT balance::text FROM points_accounts WHERE merchant_code = $1 AND owner = $2',
    [merchant, `member:${memberId}`],
  );
  return row ? big(row.balance) : 0n;
}

export interface PointsTransferRequest {
  merchant: string;
  from: PointsOwner;
  to: PointsOwner;
  amount: bigint;
  kind: PointsKind;
  idempotencyKey: string;
  memo: string;
  actor: string;
  nowMs: number;
}

export interface PointsTransferResult {
  transferId: number;
  replayed: boolean;
}

async function byKey(q: Queryable, merchant: string, key: string) {
  const [row] = await queryRows<{ id: string; kind: string; amount: string; f: string; t: string }>(
    q,
    `SELECT t.id::text, t.kind, t.amount::text, fa.owner AS f, ta.owner AS t FROM points_transfers t
       JOIN points_accounts fa ON fa.id = t.from_account_id JOIN points_accounts ta ON ta.id = t.to_account_id
      WHERE t.merchant_code = $1 AND t.idempotency_key = $2`,
    [merchant, key],
  );
  return row;
}

/**
 * Moves points between two accounts: one transfer, two entries summing to zero, both balances
 * updated under row locks taken in id order. The same key with the same request is a retry
 * (nothing moves again); with another request it is refused. A member's account cannot go
 * below zero (points.insufficient). Runs in the caller's transaction.
 */
export async function pointsTransfer(q: Queryable, r: PointsTransferRequest): Promise<PointsTransferResult> {
  if (r.amount <= 0n) throw new Error('a points transfer moves a positive amount');
  const same = (row: NonNullable<Awaited<ReturnType<typeof byKey>>>) => {
    if (
      row.kind !== r.kind ||
      big(row.amount) !== r.amount ||
      row.f !== ownerText(r.from) ||
      row.t !== ownerText(r.to)
    ) {
      throw new AppError('idempotency.conflict');
    }
    return { transferId: id(row.id), replayed: true };
  };
  const earlier = await byKey(q, r.merchant, r.idempotencyKey);
  if (earlier) return same(earlier);
  const fromId = await accountId(q, r.merchant, r.from);
  const toId = await accountId(q, r.merchant, r.to);
  const locked = await queryRows<{ id: string; balance: string; member_id: string | null }>(
    q,
    `SELECT id::text, balance::text, member_id::text FROM points_accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE`,
    [fromId, toId],
  );
  const from = locked.find((a) => id(a.id) === fromId)!;
  if (from.member_id !== null && big(from.balance) < r.amount) throw new AppError('points.insufficient');
  const [inserted] = await queryRows<{ id: string }>(
    q,
    `INSERT INTO points_transfers (merchant_code, kind, amount, from_account_id, to_account_id, idempotency_key, memo, actor, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (merchant_code, idempotency_key) DO NOTHING RETURNING id::text`,
    [
      r.merchant,
      r.kind,
      r.amount.toString(),
      fromId,
      toId,
      r.idempotencyKey,
      r.memo,
      r.actor,
      new Date(r.nowMs).toISOString(),
    ],
  );
  if (!inserted) {
    // Another transaction with the same key committed while this one waited.
    const row = await byKey(q, r.merchant, r.idempotencyKey);
    return same(row!);
  }
  const transferId = id(inserted.id);
  for (const [accountIdOf, delta] of [
    [fromId, -r.amount],
    [toId, r.amount],
  ] as const) {
    await queryRows(
      q,
      `WITH u AS (UPDATE points_accounts SET balance = balance + $2 WHERE id = $1 RETURNING balance)
       INSERT INTO points_entries (transfer_id, account_id, amount, balance_after) SELECT $3, $1, $2, balance FROM u`,
      [accountIdOf, delta.toString(), transferId],
    );
  }
  return { transferId, replayed: false };
}

/** Points ledger invariants: every transfer's entries sum to zero, balances equal their entries, members ≥ 0. */
export async function pointsLedgerProblems(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await queryRows<{ id: string }>(
    q,
    `SELECT t.id::text FROM points_transfers t LEFT JOIN points_entries e ON e.transfer_id = t.id
      GROUP BY t.id HAVING count(e.id) <> 2 OR coalesce(sum(e.amount), 1) <> 0
        OR coalesce(max(e.amount), 0) <> t.amount`,
    [],
  )) {
    problems.push(`points transfer ${r.id}: entries do not balance`);
  }
  for (const r of await queryRows<{ id: string }>(
    q,
    `SELECT a.id::text FROM points_accounts a
      WHERE a.balance <> (SELECT coalesce(sum(amount), 0) FROM points_entries e WHERE e.account_id = a.id)
         OR (a.member_id IS NOT NULL AND a.balance < 0)`,
    [],
  )) {
    problems.push(`points account ${r.id}: balance differs from its entries or is negative`);
  }
  for (const r of await queryRows<{ merchant_code: string }>(
    q,
    'SELECT merchant_code FROM points_accounts GROUP BY merchant_code HAVING sum(balance) <> 0',
    [],
  )) {
    problems.push(`points of ${r.merchant_code} do not sum to zero`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Earning

export interface UnearnedRound {
  pk: number;
  memberId: number;
  memberType: number;
  vendor: string;
  betMinor: bigint;
}

/** Settled real-money rounds that have earned nothing yet, from the merchant's points start on. */
export async function unearnedRounds(
  q: Queryable,
  merchant: string,
  scope: { memberId: number } | { sinceMs: number },
  limit: number,
): Promise<UnearnedRound[]> {
  const params: unknown[] = [merchant, limit];
  let where: string;
  if ('memberId' in scope) {
    params.push(scope.memberId);
    where = 'g.member_id = $3';
  } else {
    params.push(new Date(scope.sinceMs).toISOString());
    where = 'g.settled_at >= $3';
  }
  const rows = await queryRows<{ id: string; member_id: string; type: number; vendor: string; bet: string }>(
    q,
    `SELECT g.id::text, g.member_id::text, m.type, g.vendor, g.bet_minor::text AS bet
       FROM game_rounds g JOIN members m ON m.id = g.member_id
      WHERE g.merchant = $1 AND g.mode = 'real' AND g.status = 'settled' AND ${where}
        AND g.settled_at >= coalesce((SELECT earn_from FROM points_programs WHERE merchant_code = $1), '-infinity')
        AND NOT EXISTS (SELECT 1 FROM points_round_earnings p WHERE p.merchant_code = $1 AND p.round_pk = g.id)
      ORDER BY g.settled_at, g.id LIMIT $2`,
    params,
  );
  return rows.map((r) => ({
    pk: id(r.id),
    memberId: id(r.member_id),
    memberType: Number(r.type),
    vendor: r.vendor,
    betMinor: big(r.bet),
  }));
}

/** Records a round's earning; false when another process recorded it first. */
export async function insertRoundEarning(
  q: Queryable,
  e: {
    merchant: string;
    roundPk: number;
    memberId: number;
    category: string | null;
    betMinor: bigint;
    points: bigint;
  },
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `INSERT INTO points_round_earnings (merchant_code, round_pk, member_id, category, valid_bet, points)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [e.merchant, e.roundPk, e.memberId, e.category, e.betMinor.toString(), e.points.toString()],
  );
  return rows.length > 0;
}

export async function setRoundEarningTransfer(
  q: Queryable,
  merchant: string,
  roundPk: number,
  transferId: number,
) {
  await queryRows(
    q,
    'UPDATE points_round_earnings SET transfer_id = $3 WHERE merchant_code = $1 AND round_pk = $2',
    [merchant, roundPk, transferId],
  );
}

export interface DepositWagering {
  transferId: number;
  amountMinor: bigint;
  /** Valid bet settled from this deposit until the next one. */
  betAfterMinor: bigint;
  vested: boolean;
}

/**
 * The member's deposits from the points start on (a reversed one is left out), oldest first,
 * each with the valid bet of real-money rounds settled between it and the next deposit, and
 * whether its points were credited already.
 */
export async function depositWagering(
  q: Queryable,
  merchant: string,
  memberId: number,
): Promise<DepositWagering[]> {
  const rows = await queryRows<{ id: string; amount: string; bet: string; vested: boolean | string }>(
    q,
    `WITH dep AS (
       SELECT t.id, e.amount, t.created_at,
              lead(t.created_at) OVER (ORDER BY t.created_at, t.id) AS next_at
         FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id AND e.amount > 0
         JOIN ledger_transfers t ON t.id = e.transfer_id AND t.kind = ${TX_TYPE.deposit}
        WHERE a.merchant_code = $1 AND a.member_id = $2 AND a.code = 'MAIN'
          AND t.created_at >= coalesce((SELECT earn_from FROM points_programs WHERE merchant_code = $1), '-infinity')
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id))
     SELECT dep.id::text, dep.amount::text,
            (SELECT coalesce(sum(g.bet_minor), 0) FROM game_rounds g
              WHERE g.merchant = $1 AND g.member_id = $2 AND g.mode = 'real' AND g.status = 'settled'
                AND g.settled_at >= dep.created_at AND (dep.next_at IS NULL OR g.settled_at < dep.next_at))::text AS bet,
            EXISTS (SELECT 1 FROM points_deposit_earnings p WHERE p.merchant_code = $1 AND p.deposit_transfer_id = dep.id) AS vested
       FROM dep ORDER BY dep.created_at, dep.id`,
    [merchant, memberId],
  );
  return rows.map((r) => ({
    transferId: id(r.id),
    amountMinor: big(r.amount),
    betAfterMinor: big(r.bet),
    vested: r.vested === true || r.vested === 't',
  }));
}

export async function insertDepositEarning(
  q: Queryable,
  e: {
    merchant: string;
    depositTransferId: number;
    memberId: number;
    amountMinor: bigint;
    points: bigint;
    nowMs: number;
  },
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `INSERT INTO points_deposit_earnings (merchant_code, deposit_transfer_id, member_id, amount, points, vested_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [
      e.merchant,
      e.depositTransferId,
      e.memberId,
      e.amountMinor.toString(),
      e.points.toString(),
      new Date(e.nowMs).toISOString(),
    ],
  );
  return rows.length > 0;
}

export async function setDepositEarningTransfer(
  q: Queryable,
  merchant: string,
  depositId: number,
  transferId: number,
) {
  await queryRows(
    q,
    'UPDATE points_deposit_earnings SET transfer_id = $3 WHERE merchant_code = $1 AND deposit_transfer_id = $2',
    [merchant, depositId, transferId],
  );
}

// ---------------------------------------------------------------------------------------------
// Items

export interface ItemRow {
  id: number;
  code: string;
  name: LocalizedText;
  description: LocalizedText | null;
  image: string | null;
  pricePoints: bigint;
  priceMinor: bigint;
  stock: number;
}

type RawItem = {
  id: string;
  code: string;
  name: LocalizedText | string;
  description: LocalizedText | string | null;
  image: string | null;
  price_points: string;
  price_minor: string;
  stock: number;
};
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const itemOf = (r: RawItem): ItemRow => ({
  id: id(r.id),
  code: r.code,
  name: json(r.name),
  description: r.description === null ? null : json(r.description),
  image: r.image,
  pricePoints: big(r.price_points),
  priceMinor: big(r.price_minor),
  stock: Number(r.stock),
});
const ITEM_COLUMNS = 'id::text, code, name, description, image, price_points::text, price_minor::text, stock';

/**
 * Stores the configured items: a new code is inserted with its stock; a known one takes the new
 * name, prices and order and keeps its stock; a code no longer configured is withdrawn.
 */
export async function syncItems(
  q: Queryable,
  merchant: string,
  items: readonly {
    code: string;
    name: LocalizedText;
    description: LocalizedText | null;
    image: string | null;
    pricePoints: bigint;
    priceMinor: bigint;
    stock: number;
  }[],
): Promise<void> {
  for (const [sort, i] of items.entries()) {
    await queryRows(
      q,
      `INSERT INTO points_items (merchant_code, code, name, description, image, price_points, price_minor, stock, sort, active)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, true)
       ON CONFLICT (merchant_code, code) DO UPDATE SET name = excluded.name, description = excluded.description,
         image = excluded.image, price_points = excluded.price_points, price_minor = excluded.price_minor,
         sort = excluded.sort, active = true`,
      [
        merchant,
        i.code,
        JSON.stringify(i.name),
        i.description === null ? null : JSON.stringify(i.description),
        i.image,
        i.pricePoints.toString(),
        i.priceMinor.toString(),
        i.stock,
        sort,
      ],
    );
  }
  await queryRows(
    q,
    `UPDATE points_items SET active = false
      WHERE merchant_code = $1 AND NOT (code = ANY(ARRAY(SELECT jsonb_array_elements_text($2::jsonb))))`,
    [merchant, JSON.stringify(items.map((i) => i.code))],
  );
}

export async function listItems(q: Queryable, merchant: string): Promise<ItemRow[]> {
  const rows = await queryRows<RawItem>(
    q,
    `SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 AND active ORDER BY sort, id`,
    [merchant],
  );
  return rows.map(itemOf);
}

/** The item, locked for the transaction (its stock changes); null when unknown or withdrawn. */
export async function lockItem(q: Queryable, merchant: string, itemId: number, activeOnly: boolean) {
  const [row] = await queryRows<RawItem>(
    q,
    `SELECT ${ITEM_COLUMNS} FROM points_items WHERE merchant_code = $1 AND id = $2 ${activeOnly ? 'AND active' : ''} FOR UPDATE`,
    [merchant, itemId],
  );
  return row ? itemOf(row) : null;
}

export async function setStock(q: Queryable, itemId: number, stock: number): Promise<void> {
  await queryRows(q, 'UPDATE points_items SET stock = $2 WHERE id = $1', [itemId, stock]);
}

// ---------------------------------------------------------------------------------------------
// Conversions and redemptions

export async function findConversion(q: Queryable, merchant: string, memberId: number, key: string) {
  const [row] = await queryRows<{ amount: string; points: string; money_transfer_id: string }>(
    q,
    `SELECT amount::text, points::text, money_transfer_id::text FROM points_conversions
      WHERE merchant_code = $1 AND member_id = $2 AND request_key = $3`,
    [merchant, memberId, key],
  );
  return row
    ? { amountMinor: big(row.amount), points: big(row.points), moneyTransferId: id(row.money_transfer_id) }
    : null;
}

export async function insertConversion(
  q: Queryable,
  c: {
    merchant: string;
    memberId: number;
    key: string;
    amountMinor: bigint;
    rate: string;
    points: bigint;
    moneyTransferId: number;
    pointsTransferId: number;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO points_conversions (merchant_code, member_id, request_key, amount, rate, points, money_transfer_id, points_transfer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.merchant,
      c.memberId,
      c.key,
      c.amountMinor.toString(),
      c.rate,
      c.points.toString(),
      c.moneyTransferId,
      c.pointsTransferId,
      new Date(c.nowMs).toISOString(),
    ],
  );
}

export interface RedemptionRow {
  id: number;
  ref: string;
  memberId: number;
  itemId: number;
  itemName: LocalizedText;
  quantity: number;
  points: bigint;
  amountMinor: bigint;
  status: PointsRedeemStatus;
  recipient: string;
  address: string;
  mobile: string;
  remark: string | null;
  decidedBy: string | null;
  createdAtMs: number;
  decidedAtMs: number | null;
}

type RawRedemption = {
  id: string;
  ref: string;
  member_id: string;
  item_id: string;
  item_name: LocalizedText | string;
  quantity: number;
  points: string;
  amount: string;
  status: PointsRedeemStatus;
  recipient: string;
  address: string;
  mobile: string;
  remark: string | null;
  decided_by: string | null;
  at: string;
  decided: string | null;
};
const REDEMPTION_COLUMNS = `r.id::text, r.ref, r.member_id::text, r.item_id::text, i.name AS item_name, r.quantity,
  r.points::text, r.amount::text, r.status, r.recipient, r.address, r.mobile, r.remark, r.decided_by,
  (extract(epoch FROM r.created_at) * 1000)::bigint::text AS at,
  (extract(epoch FROM r.decided_at) * 1000)::bigint::text AS decided`;
const redemptionOf = (r: RawRedemption): RedemptionRow => ({
  id: id(r.id),
  ref: r.ref,
  memberId: id(r.member_id),
  itemId: id(r.item_id),
  itemName: json(r.item_name),
  quantity: Number(r.quantity),
  points: big(r.points),
  amountMinor: big(r.amount),
  status: r.status,
  recipient: r.recipient,
  address: r.address,
  mobile: r.mobile,
  remark: r.remark,
  decidedBy: r.decided_by,
  createdAtMs: Number(r.at),
  decidedAtMs: r.decided === null ? null : Number(r.decided),
});

export async function findRedemption(
  q: Queryable,
  merchant: string,
  by: { ref: string } | { memberId: number; key: string },
  lock = false,
): Promise<RedemptionRow | null> {
  const [where, params] =
    'ref' in by
      ? ['r.ref = $2', [merchant, by.ref]]
      : ['r.member_id = $2 AND r.request_key = $3', [merchant, by.memberId, by.key]];
  const [row] = await queryRows<RawRedemption>(
    q,
    `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions r JOIN points_items i ON i.id = r.item_id
      WHERE r.merchant_code = $1 AND ${where} ${lock ? 'FOR UPDATE OF r' : ''}`,
    params,
  );
  return row ? redemptionOf(row) : null;
}

export async function insertRedemption(
  q: Queryable,
  r: {
    merchant: string;
    ref: string;
    memberId: number;
    key: string;
    itemId: number;
    quantity: number;
    points: bigint;
    amountMinor: bigint;
    recipient: string;
    address: string;
    mobile: string;
    pointsTransferId: number | null;
    moneyTransferId: number | null;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO points_redemptions (merchant_code, ref, member_id, request_key, item_id, quantity, points, amount, status,
       recipient, address, mobile, points_transfer_id, money_transfer_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'applying', $9, $10, $11, $12, $13, $14)`,
    [
      r.merchant,
      r.ref,
      r.memberId,
      r.key,
      r.itemId,
      r.quantity,
      r.points.toString(),
      r.amountMinor.toString(),
      r.recipient,
      r.address,
      r.mobile,
      r.pointsTransferId,
      r.moneyTransferId,
      new Date(r.nowMs).toISOString(),
    ],
  );
}

export async function decideRedemption(
  q: Queryable,
  redemptionId: number,
  d: { status: 'approved' | 'rejected'; remark: string; actor: string; nowMs: number },
): Promise<void> {
  await queryRows(
    q,
    'UPDATE points_redemptions SET status = $2, remark = $3, decided_by = $4, decided_at = $5 WHERE id = $1',
    [redemptionId, d.status, d.remark, d.actor, new Date(d.nowMs).toISOString()],
  );
}

export async function redemptionsPage(
  q: Queryable,
  merchant: string,
  filter: { memberId?: number; status?: PointsRedeemStatus },
  page: { limit: number; offset: number },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const params: unknown[] = [merchant, filter.memberId ?? null, filter.status ?? null];
  const where = `r.merchant_code = $1 AND ($2::bigint IS NULL OR r.member_id = $2) AND ($3::text IS NULL OR r.status = $3)`;
  const [count] = await queryRows<{ n: string }>(
    q,
    `SELECT count(*)::text AS n FROM points_redemptions r WHERE ${where}`,
    params,
  );
  const rows = await queryRows<RawRedemption>(
    q,
    `SELECT ${REDEMPTION_COLUMNS} FROM points_redemptions r JOIN points_items i ON i.id = r.item_id
      WHERE ${where} ORDER BY r.id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(redemptionOf) };
}

export interface DetailRow {
  id: number;
  kind: PointsKind;
  change: bigint;
  balance: bigint;
  memo: string;
  createdAtMs: number;
}

/** The member's points entries, newest first. */
export async function detailsPage(
  q: Queryable,
  merchant: string,
  memberId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DetailRow[]; total: number }> {
  const account = `member:${memberId}`;
  const [count] = await queryRows<{ n: string }>(
    q,
    `SELECT count(*)::text AS n FROM points_entries e JOIN points_accounts a ON a.id = e.account_id
      WHERE a.merchant_code = $1 AND a.owner = $2`,
    [merchant, account],
  );
  const rows = await queryRows<{
    id: string;
    kind: PointsKind;
    amount: string;
    after: string;
    memo: string | null;
    at: string;
  }>(
    q,
    `SELECT t.id::text, t.kind, e.amount::text, e.balance_after::text AS after, t.memo,
            (extract(epoch FROM t.created_at) * 1000)::bigint::text AS at
       FROM points_entries e JOIN points_accounts a ON a.id = e.account_id JOIN points_transfers t ON t.id = e.transfer_id
      WHERE a.merchant_code = $1 AND a.owner = $2 ORDER BY e.id DESC LIMIT $3 OFFSET $4`,
    [merchant, account, page.limit, page.offset],
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      id: id(r.id),
      kind: r.kind,
      change: big(r.amount),
      balance: big(r.after),
      memo: r.memo ?? '',
      createdAtMs: Number(r.at),
    })),
  };
}
