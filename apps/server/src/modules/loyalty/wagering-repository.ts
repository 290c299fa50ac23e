import { TX_TYPE } from '@aurum/contract';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * Wagering's SQL (0045_wagering.sql). Bonuses are read from the ledger (transfers of kind bonus,
 * or rebate claims, from a house account into the member's main wallet, never a reversed one);
 * turnover from the record of play (game_rounds: settled real-money rounds; the stake is the
 * valid bet, so a cancelled or voided round never counts).
 */

export type WageringSource = 'promotion' | 'vipUpgrade' | 'rebate' | 'bonus';
export type RequirementStatus = 'open' | 'completed' | 'forfeited' | 'expired';

/** A bonus transfer that has no requirement yet. */
export interface UngrantedBonus {
  transferId: number;
  key: string;
  kind: number;
  amountMinor: bigint;
  memo: string | null;
  houseAccount: string;
  /** The promotion of an approved application (its key names the application). */
  applicationPromotion: string | null;
  /** The last deposit credited to the main wallet before the bonus (0 if none). */
  depositMinor: bigint;
  grantedAtMs: number;
}

export async function ungrantedBonuses(
  q: Queryable,
  merchant: string,
  memberId: number,
  withRebates: boolean,
): Promise<UngrantedBonus[]> {
  const kinds = withRebates ? [TX_TYPE.bonus, TX_TYPE.rebate] : [TX_TYPE.bonus];
  const rows = await queryRows<Record<string, string | null>>(
    q,
    `SELECT t.id::text, t.idempotency_key AS key, t.kind::text, t.amount::text, t.memo, fa.code AS house,
            (extract(epoch FROM t.created_at) * 1000)::bigint::text AS at,
            (SELECT pa.promotion_id FROM promo_applications pa
              WHERE pa.merchant_code = $1 AND t.idempotency_key = 'promo:application:' || pa.id::text) AS app_promo,
            coalesce((SELECT d.amount FROM ledger_entries de
                        JOIN ledger_transfers d ON d.id = de.transfer_id AND d.kind = ${TX_TYPE.deposit}
                       WHERE de.account_id = a.id AND de.amount > 0 AND d.id < t.id
                         AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = d.id)
                       ORDER BY d.id DESC LIMIT 1), 0)::text AS deposit
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id AND e.amount > 0
       JOIN ledger_transfers t ON t.id = e.transfer_id AND t.kind = ANY($3::int[])
       JOIN ledger_accounts fa ON fa.id = t.from_account_id AND fa.member_id IS NULL
      WHERE a.merchant_code = $1 AND a.member_id = $2 AND a.code = 'MAIN'
        AND (t.kind = ${TX_TYPE.bonus} OR t.idempotency_key LIKE 'rebate:claim:%')
        AND t.created_at >= coalesce((SELECT wager_from FROM loyalty_wagering_programs WHERE merchant_code = $1), '-infinity')
        AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)
        AND NOT EXISTS (SELECT 1 FROM loyalty_wagering w WHERE w.merchant_code = $1 AND w.transfer_id = t.id)
      ORDER BY t.id`,
    [merchant, memberId, `{${kinds.join(',')}}`],
  );
  return rows.map((r) => ({
    transferId: id(r.id),
    key: r.key ?? '',
    kind: Number(r.kind),
    amountMinor: big(r.amount),
    memo: r.memo ?? null,
    houseAccount: r.house ?? 'BONUS',
    applicationPromotion: r.app_promo ?? null,
    depositMinor: big(r.deposit ?? '0'),
    grantedAtMs: Number(r.at),
  }));
}

export interface NewRequirement {
  merchant: string;
  memberId: number;
  transferId: number;
  source: WageringSource;
  name: string;
  houseAccount: string;
  bonusMinor: bigint;
  depositMinor: bigint;
  multiple: string;
  base: 'bonus' | 'bonusAndDeposit';
  contributions: Record<string, string>;
  requiredMinor: bigint;
  grantedAtMs: number;
  expiresAtMs: number;
  /** A requirement of 0 is complete when made. */
  status: RequirementStatus;
}

export async function insertRequirement(q: Queryable, r: NewRequirement): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO loyalty_wagering (merchant_code, member_id, transfer_id, source, name, house_account, bonus, deposit,
       multiple, base, contributions, required, status, granted_at, expires_at, closed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15,
             CASE WHEN $13 = 'open' THEN NULL ELSE $14::timestamptz END)
     ON CONFLICT (merchant_code, transfer_id) DO NOTHING`,
    [
      r.merchant,
      r.memberId,
      r.transferId,
      r.source,
      r.name,
      r.houseAccount,
      r.bonusMinor.toString(),
      r.depositMinor.toString(),
      r.multiple,
      r.base,
      JSON.stringify(r.contributions),
      r.requiredMinor.toString(),
      r.status,
      new Date(r.grantedAtMs).toISOString(),
      new Date(r.expiresAtMs).toISOString(),
    ],
  );
}

export interface RequirementRow {
  id: number;
  memberId: number;
  transferId: number;
  source: WageringSource;
  name: string;
  houseAccount: string;
  bonusMinor: bigint;
  depositMinor: bigint;
  multiple: string;
  base: 'bonus' | 'bonusAndDeposit';
  contributions: Record<string, string>;
  requiredMinor: bigint;
  doneMinor: bigint;
  status: RequirementStatus;
  grantedAtMs: number;
  expiresAtMs: number;
  closedAtMs: number | null;
  removedMinor: bigint | null;
}

const COLUMNS = `id::text, member_id::text, transfer_id::text, source, name, house_account, bonus::text, deposit::text,
  multiple, base, contributions, required::text, done::text, status,
  (extract(epoch FROM granted_at) * 1000)::bigint::text AS granted,
  (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires,
  (extract(epoch FROM closed_at) * 1000)::bigint::text AS closed, removed::text`;

function rowOf(r: Record<string, unknown>): RequirementRow {
  const contributions =
    typeof r.contributions === 'string' ? JSON.parse(r.contributions) : (r.contributions as object);
  return {
    id: id(r.id),
    memberId: id(r.member_id),
    transferId: id(r.transfer_id),
    source: r.source as WageringSource,
    name: String(r.name),
    houseAccount: String(r.house_account),
    bonusMinor: big(r.bonus),
    depositMinor: big(r.deposit),
    multiple: String(r.multiple),
    base: r.base as 'bonus' | 'bonusAndDeposit',
    contributions: contributions as Record<string, string>,
    requiredMinor: big(r.required),
    doneMinor: big(r.done),
    status: r.status as RequirementStatus,
    grantedAtMs: Number(r.granted),
    expiresAtMs: Number(r.expires),
    closedAtMs: r.closed === null || r.closed === undefined ? null : Number(r.closed),
    removedMinor: r.removed === null || r.removed === undefined ? null : big(r.removed),
  };
}

/** The member's requirements, newest first (the open ones only when asked; `lock` holds them). */
export async function requirementsOf(
  q: Queryable,
  merchant: string,
  memberId: number,
  opts: { openOnly?: boolean; lock?: boolean; limit?: number } = {},
): Promise<RequirementRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    q,
    `SELECT ${COLUMNS} FROM loyalty_wagering WHERE merchant_code = $1 AND member_id = $2
        ${opts.openOnly ? "AND status = 'open'" : ''}
      ORDER BY id DESC LIMIT $3 ${opts.lock ? 'FOR UPDATE' : ''}`,
    [merchant, memberId, opts.limit ?? 200],
  );
  return rows.map(rowOf);
}

export async function requirementById(
  q: Queryable,
  merchant: string,
  memberId: number,
  requirementId: number,
  lock: boolean,
): Promise<RequirementRow | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    q,
    `SELECT ${COLUMNS} FROM loyalty_wagering WHERE merchant_code = $1 AND member_id = $2 AND id = $3
       ${lock ? 'FOR UPDATE' : ''}`,
    [merchant, memberId, requirementId],
  );
  return row ? rowOf(row) : null;
}

/**
 * The turnover a requirement has counted: each valid bet of a settled real-money round that
 * settled after the grant and by `untilMs`, times its vendor's contribution (`percentByVendor`,
 * per cent), each rounded down as the engine's turnoverContribution rounds it. A vendor not
 * listed counts nothing.
 */
export async function countedTurnover(
  q: Queryable,
  merchant: string,
  memberId: number,
  fromMs: number,
  untilMs: number,
  percentByVendor: Record<string, string>,
): Promise<bigint> {
  if (Object.keys(percentByVendor).length === 0 || untilMs <= fromMs) return 0n;
  const [row] = await queryRows<{ done: string }>(
    q,
    `SELECT coalesce(sum(floor(g.bet_minor * ($5::jsonb ->> g.vendor)::numeric / 100)), 0)::bigint::text AS done
       FROM game_rounds g
      WHERE g.merchant = $1 AND g.member_id = $2 AND g.mode = 'real' AND g.status = 'settled'
        AND g.settled_at > $3 AND g.settled_at <= $4 AND ($5::jsonb ->> g.vendor) IS NOT NULL`,
    [
      merchant,
      memberId,
      new Date(fromMs).toISOString(),
      new Date(untilMs).toISOString(),
      JSON.stringify(percentByVendor),
    ],
  );
  return big(row?.done ?? '0');
}

export async function closeRequirement(
  q: Queryable,
  requirementId: number,
  change: {
    status: Exclude<RequirementStatus, 'open'>;
    doneMinor: bigint;
    closedAtMs: number;
    removedMinor?: bigint;
    removalTransferId?: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `UPDATE loyalty_wagering SET status = $2, done = $3, closed_at = $4, removed = $5, removal_transfer_id = $6
      WHERE id = $1 AND status = 'open'`,
    [
      requirementId,
      change.status,
      change.doneMinor.toString(),
      new Date(change.closedAtMs).toISOString(),
      change.removedMinor?.toString() ?? null,
      change.removalTransferId ?? null,
    ],
  );
}

/** The member's main wallet balance (0 without one). */
export async function mainBalance(q: Queryable, merchant: string, memberId: number): Promise<bigint> {
  const rows = await queryRows<{ balance: string }>(
    q,
    `SELECT balance::text FROM ledger_accounts WHERE merchant_code = $1 AND member_id = $2 AND code = 'MAIN'`,
    [merchant, memberId],
  );
  return rows.reduce((sum, r) => sum + big(r.balance), 0n);
}

/** What the member holds in game wallets (transfer-mode vendors). */
export async function gameWalletsBalance(q: Queryable, merchant: string, memberId: number): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    q,
    `SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
      WHERE merchant_code = $1 AND member_id = $2 AND code LIKE 'VENDOR:%'`,
    [merchant, memberId],
  );
  return big(row?.balance ?? '0');
}

/** Per vendor over [from, to): settled real-money rounds, their valid bets and payouts. */
export async function playByVendor(
  q: Queryable,
  merchant: string,
  memberId: number,
  fromMs: number,
  toMs: number,
): Promise<{ vendor: string; bet: bigint; win: bigint; rounds: number }[]> {
  const rows = await queryRows<{ vendor: string; bet: string; win: string; rounds: string }>(
    q,
    `SELECT vendor, sum(bet_minor)::text AS bet, sum(win_minor)::text AS win, count(*)::text AS rounds
       FROM game_rounds
      WHERE merchant = $1 AND member_id = $2 AND mode = 'real' AND status = 'settled'
        AND settled_at >= $3 AND settled_at < $4
      GROUP BY vendor`,
    [merchant, memberId, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return rows.map((r) => ({ vendor: r.vendor, bet: big(r.bet), win: big(r.win), rounds: Number(r.rounds) }));
}

/**
 * The member's bonuses and rebates over [from, to) from the ledger: what came into the main
 * wallet from a house account, less what went back (forfeits, expiries), per kind.
 */
export async function rewardsBetween(
  q: Queryable,
  merchant: string,
  memberId: number,
  fromMs: number,
  toMs: number,
): Promise<{ bonuses: bigint; rebates: bigint }> {
  const [row] = await queryRows<{ bonuses: string; rebates: string }>(
    q,
    `SELECT coalesce(sum(e.amount) FILTER (WHERE t.kind = ${TX_TYPE.bonus}), 0)::text AS bonuses,
            coalesce(sum(e.amount) FILTER (WHERE t.kind = ${TX_TYPE.rebate}), 0)::text AS rebates
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transfers t ON t.id = e.transfer_id AND t.kind IN (${TX_TYPE.bonus}, ${TX_TYPE.rebate})
      WHERE a.merchant_code = $1 AND a.member_id = $2 AND a.code = 'MAIN'
        AND t.created_at >= $3 AND t.created_at < $4`,
    [merchant, memberId, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return { bonuses: big(row?.bonuses ?? '0'), rebates: big(row?.rebates ?? '0') };
}

/** Members with an open requirement past its expiry (the expiry job settles them). */
export async function membersWithExpired(q: Queryable, merchant: string, nowMs: number): Promise<number[]> {
  const rows = await queryRows<{ member_id: string }>(
    q,
    `SELECT DISTINCT member_id::text FROM loyalty_wagering
      WHERE merchant_code = $1 AND status = 'open' AND expires_at <= $2`,
    [merchant, new Date(nowMs).toISOString()],
  );
  return rows.map((r) => id(r.member_id));
}
