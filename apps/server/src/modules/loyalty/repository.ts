import { TX_TYPE } from '@aurum/contract';
import type { VipStats } from '@aurum/games';
import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The loyalty module's SQL (0034_loyalty.sql). A member's figures read the ledger (deposits:
 * transfers of kind deposit into the main wallet, never a reversed one) and the record of play
 * (game_rounds: settled real-money rounds; their stake is the valid bet).
 */

export interface LoyaltyMember {
  vipLevel: number;
  /** Accrual units (10^-4 of the currency unit) carried from the last claim. */
  carried: bigint;
  claims: number;
}

/** The member's loyalty row, made when missing; `lock` holds it for the transaction. */
export async function loyaltyMember(
  q: Queryable,
  merchant: string,
  memberId: number,
  nowMs: number,
  lock: boolean,
): Promise<LoyaltyMember> {
  if (lock) {
    await queryRows(
      q,
      `INSERT INTO loyalty_members (merchant_code, member_id, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_code, member_id) DO NOTHING`,
      [merchant, memberId, new Date(nowMs).toISOString()],
    );
  }
  const [row] = await queryRows<{ vip_level: number; rebate_carried: string; rebate_claims: number }>(
    q,
    `SELECT vip_level, rebate_carried::text, rebate_claims FROM loyalty_members
      WHERE merchant_code = $1 AND member_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [merchant, memberId],
  );
  return row
    ? { vipLevel: Number(row.vip_level), carried: big(row.rebate_carried), claims: Number(row.rebate_claims) }
    : { vipLevel: 0, carried: 0n, claims: 0 };
}

export async function updateLoyaltyMember(
  q: Queryable,
  merchant: string,
  memberId: number,
  change: Partial<LoyaltyMember>,
  nowMs: number,
): Promise<void> {
  await queryRows(
    q,
    `UPDATE loyalty_members SET vip_level = coalesce($3, vip_level), rebate_carried = coalesce($4::bigint, rebate_carried),
            rebate_claims = coalesce($5, rebate_claims), updated_at = $6
      WHERE merchant_code = $1 AND member_id = $2`,
    [
      merchant,
      memberId,
      change.vipLevel ?? null,
      change.carried?.toString() ?? null,
      change.claims ?? null,
      new Date(nowMs).toISOString(),
    ],
  );
}

/** The member's figures for the VIP conditions; the monthly ones from `monthFrom` to `monthTo`. */
export async function vipStats(
  q: Queryable,
  merchant: string,
  memberId: number,
  monthFrom: Date,
  monthTo: Date,
): Promise<VipStats> {
  const [row] = await queryRows<Record<string, string>>(
    q,
    `WITH dep AS (
       SELECT e.amount, t.created_at FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id AND e.amount > 0
         JOIN ledger_transfers t ON t.id = e.transfer_id AND t.kind = ${TX_TYPE.deposit}
        WHERE a.merchant_code = $1 AND a.member_id = $2 AND a.code = 'MAIN'
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.reverses_transfer_id = t.id)),
     bet AS (
       SELECT bet_minor, settled_at FROM game_rounds
        WHERE merchant = $1 AND member_id = $2 AND mode = 'real' AND status = 'settled')
     SELECT (SELECT coalesce(sum(amount), 0) FROM dep)::text AS total_deposit,
            (SELECT coalesce(sum(amount), 0) FROM dep WHERE created_at >= $3 AND created_at < $4)::text AS monthly_deposit,
            (SELECT count(*) FROM dep)::text AS deposit_count,
            (SELECT coalesce(sum(bet_minor), 0) FROM bet)::text AS total_bet,
            (SELECT coalesce(sum(bet_minor), 0) FROM bet WHERE settled_at >= $3 AND settled_at < $4)::text AS monthly_bet`,
    [merchant, memberId, monthFrom.toISOString(), monthTo.toISOString()],
  );
  return {
    totalDeposit: big(row?.total_deposit ?? '0'),
    monthlyDeposit: big(row?.monthly_deposit ?? '0'),
    depositCount: big(row?.deposit_count ?? '0'),
    totalBet: big(row?.total_bet ?? '0'),
    monthlyBet: big(row?.monthly_bet ?? '0'),
  };
}

export async function grantedLevels(q: Queryable, merchant: string, memberId: number): Promise<number[]> {
  const rows = await queryRows<{ level: number }>(
    q,
    'SELECT level FROM loyalty_vip_bonuses WHERE merchant_code = $1 AND member_id = $2',
    [merchant, memberId],
  );
  return rows.map((r) => Number(r.level));
}

export async function insertBonus(
  q: Queryable,
  row: {
    merchant: string;
    memberId: number;
    level: number;
    amountMinor: bigint;
    transferId: number;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO loyalty_vip_bonuses (merchant_code, member_id, level, amount, transfer_id, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [
      row.merchant,
      row.memberId,
      row.level,
      row.amountMinor.toString(),
      row.transferId,
      new Date(row.nowMs).toISOString(),
    ],
  );
}

export type ChangeReason = 'upgrade' | 'keep' | 'operator';

export async function insertChange(
  q: Queryable,
  c: {
    merchant: string;
    memberId: number;
    from: number;
    to: number;
    reason: ChangeReason;
    actor: string;
    note?: string | null;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO loyalty_vip_changes (merchant_code, member_id, from_level, to_level, reason, actor, note, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      c.merchant,
      c.memberId,
      c.from,
      c.to,
      c.reason,
      c.actor,
      c.note ?? null,
      new Date(c.nowMs).toISOString(),
    ],
  );
}

export interface LevelChange {
  from: number;
  to: number;
  reason: ChangeReason;
  actor: string;
  note: string | null;
  changedAtMs: number;
}

/** The member's level changes, oldest first. */
export async function levelChanges(q: Queryable, merchant: string, memberId: number): Promise<LevelChange[]> {
  const rows = await queryRows<{
    from_level: number;
    to_level: number;
    reason: ChangeReason;
    actor: string;
    note: string | null;
    at: string;
  }>(
    q,
    `SELECT from_level, to_level, reason, actor, note, (extract(epoch FROM changed_at) * 1000)::bigint::text AS at
       FROM loyalty_vip_changes WHERE merchant_code = $1 AND member_id = $2 ORDER BY changed_at, id`,
    [merchant, memberId],
  );
  return rows.map((r) => ({
    from: Number(r.from_level),
    to: Number(r.to_level),
    reason: r.reason,
    actor: r.actor,
    note: r.note,
    changedAtMs: Number(r.at),
  }));
}

export interface UnaccruedRound {
  pk: number;
  memberId: number;
  vendor: string;
  betMinor: bigint;
  settledAtMs: number;
}

/**
 * Settled real-money rounds that have accrued nothing yet (one member's, or the merchant's settled
 * since `sinceMs`), from the merchant's loyalty start on, oldest first.
 */
export async function unaccruedRounds(
  q: Queryable,
  merchant: string,
  scope: { memberId: number } | { sinceMs: number },
  limit: number,
): Promise<UnaccruedRound[]> {
  const params: unknown[] = [merchant, limit];
  let where: string;
  if ('memberId' in scope) {
    params.push(scope.memberId);
    where = 'g.member_id = $3';
  } else {
    params.push(new Date(scope.sinceMs).toISOString());
    where = 'g.settled_at >= $3';
  }
  const rows = await queryRows<{ id: string; member_id: string; vendor: string; bet: string; at: string }>(
    q,
    `SELECT g.id::text, g.member_id::text, g.vendor, g.bet_minor::text AS bet,
            (extract(epoch FROM g.settled_at) * 1000)::bigint::text AS at
       FROM game_rounds g
      WHERE g.merchant = $1 AND g.mode = 'real' AND g.status = 'settled' AND ${where}
        AND g.settled_at >= coalesce((SELECT accrue_from FROM loyalty_programs WHERE merchant_code = $1), '-infinity')
        AND NOT EXISTS (SELECT 1 FROM loyalty_rebate_accruals a WHERE a.merchant_code = $1 AND a.round_pk = g.id)
      ORDER BY g.settled_at, g.id LIMIT $2`,
    params,
  );
  return rows.map((r) => ({
    pk: id(r.id),
    memberId: id(r.member_id),
    vendor: r.vendor,
    betMinor: big(r.bet),
    settledAtMs: Number(r.at),
  }));
}

export interface Accrual {
  merchant: string;
  memberId: number;
  roundPk: number;
  category: string | null;
  vipLevel: number;
  validBetMinor: bigint;
  rate: string | null;
  accrued: bigint;
  settledAtMs: number;
}

/** Records accruals; a round accrued already (another process got there first) is left alone. */
export async function insertAccruals(q: Queryable, rows: readonly Accrual[]): Promise<void> {
  for (const a of rows) {
    await queryRows(
      q,
      `INSERT INTO loyalty_rebate_accruals
         (merchant_code, member_id, round_pk, category, vip_level, valid_bet, rate, accrued, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (merchant_code, round_pk) DO NOTHING`,
      [
        a.merchant,
        a.memberId,
        a.roundPk,
        a.category,
        a.vipLevel,
        a.validBetMinor.toString(),
        a.rate,
        a.accrued.toString(),
        new Date(a.settledAtMs).toISOString(),
      ],
    );
  }
}

export interface OpenCategory {
  category: string;
  validBetMinor: bigint;
  accrued: bigint;
}

/** The member's unclaimed accruals per category. */
export async function openAccruals(
  q: Queryable,
  merchant: string,
  memberId: number,
): Promise<OpenCategory[]> {
  const rows = await queryRows<{ category: string; valid: string; accrued: string }>(
    q,
    `SELECT category, sum(valid_bet)::text AS valid, sum(accrued)::text AS accrued FROM loyalty_rebate_accruals
      WHERE merchant_code = $1 AND member_id = $2 AND claim_id IS NULL AND category IS NOT NULL
      GROUP BY category ORDER BY category`,
    [merchant, memberId],
  );
  return rows.map((r) => ({ category: r.category, validBetMinor: big(r.valid), accrued: big(r.accrued) }));
}

/** Members of the merchant with unclaimed accruals or a carried rest (the auto payout's list). */
export async function membersWithRebate(q: Queryable, merchant: string): Promise<number[]> {
  const rows = await queryRows<{ member_id: string }>(
    q,
    `SELECT DISTINCT member_id::text FROM loyalty_rebate_accruals
      WHERE merchant_code = $1 AND claim_id IS NULL AND accrued > 0
     UNION SELECT member_id::text FROM loyalty_members WHERE merchant_code = $1 AND rebate_carried > 0`,
    [merchant],
  );
  return rows.map((r) => id(r.member_id));
}

export async function insertClaim(
  q: Queryable,
  c: { merchant: string; memberId: number; seq: number; mode: 'manual' | 'auto'; nowMs: number },
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    q,
    `INSERT INTO loyalty_rebate_claims (merchant_code, member_id, seq, mode, accrued, paid, carried, created_at)
     VALUES ($1, $2, $3, $4, 0, 0, 0, $5) RETURNING id::text`,
    [c.merchant, c.memberId, c.seq, c.mode, new Date(c.nowMs).toISOString()],
  );
  return id(row!.id);
}

/** Marks every unclaimed accrual of the member as the claim's; returns what they accrued per category. */
export async function takeAccruals(
  q: Queryable,
  merchant: string,
  memberId: number,
  claimId: number,
): Promise<{ category: string | null; accrued: bigint }[]> {
  const rows = await queryRows<{ category: string | null; accrued: string }>(
    q,
    `UPDATE loyalty_rebate_accruals SET claim_id = $3
      WHERE merchant_code = $1 AND member_id = $2 AND claim_id IS NULL RETURNING category, accrued::text`,
    [merchant, memberId, claimId],
  );
  return rows.map((r) => ({ category: r.category, accrued: big(r.accrued) }));
}

export async function completeClaim(
  q: Queryable,
  claimId: number,
  c: { accrued: bigint; paid: bigint; carried: bigint; transferId: number },
): Promise<void> {
  await queryRows(
    q,
    'UPDATE loyalty_rebate_claims SET accrued = $2, paid = $3, carried = $4, transfer_id = $5 WHERE id = $1',
    [claimId, c.accrued.toString(), c.paid.toString(), c.carried.toString(), c.transferId],
  );
}

export interface ClaimRow {
  id: number;
  mode: 'manual' | 'auto';
  accrued: bigint;
  paid: bigint;
  carried: bigint;
  transferId: number | null;
  createdAtMs: number;
}

export async function claimsPage(
  q: Queryable,
  merchant: string,
  memberId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: ClaimRow[]; total: number }> {
  const [count] = await queryRows<{ n: string }>(
    q,
    'SELECT count(*)::text AS n FROM loyalty_rebate_claims WHERE merchant_code = $1 AND member_id = $2',
    [merchant, memberId],
  );
  const rows = await queryRows<{
    id: string;
    mode: 'manual' | 'auto';
    accrued: string;
    paid: string;
    carried: string;
    transfer_id: string | null;
    at: string;
  }>(
    q,
    `SELECT id::text, mode, accrued::text, paid::text, carried::text, transfer_id::text,
            (extract(epoch FROM created_at) * 1000)::bigint::text AS at
       FROM loyalty_rebate_claims WHERE merchant_code = $1 AND member_id = $2
      ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [merchant, memberId, page.limit, page.offset],
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      id: id(r.id),
      mode: r.mode,
      accrued: big(r.accrued),
      paid: big(r.paid),
      carried: big(r.carried),
      transferId: r.transfer_id === null ? null : id(r.transfer_id),
      createdAtMs: Number(r.at),
    })),
  };
}

/** Takes a scheduled run's period; false when another process (or an earlier run) took it. */
export async function takeRun(
  q: Queryable,
  merchant: string,
  job: string,
  period: string,
  nowMs: number,
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `INSERT INTO loyalty_job_runs (merchant_code, job, period, ran_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [merchant, job, period, new Date(nowMs).toISOString()],
  );
  return rows.length > 0;
}

/** Members above VIP0 whose level last changed before `beforeMs` (the keep check's list). */
export async function membersToKeep(q: Queryable, merchant: string, beforeMs: number): Promise<number[]> {
  const rows = await queryRows<{ member_id: string }>(
    q,
    `SELECT m.member_id::text FROM loyalty_members m
      WHERE m.merchant_code = $1 AND m.vip_level > 0
        AND NOT EXISTS (SELECT 1 FROM loyalty_vip_changes c WHERE c.merchant_code = $1
                         AND c.member_id = m.member_id AND c.changed_at >= $2)`,
    [merchant, new Date(beforeMs).toISOString()],
  );
  return rows.map((r) => id(r.member_id));
}

/** Members who deposited since `sinceMs` (the upgrade check's list besides those who played). */
export async function depositorsSince(q: Queryable, merchant: string, sinceMs: number): Promise<number[]> {
  const rows = await queryRows<{ member_id: string }>(
    q,
    `SELECT DISTINCT a.member_id::text FROM ledger_transfers t
       JOIN ledger_accounts a ON a.id = t.to_account_id AND a.member_id IS NOT NULL
      WHERE t.merchant_code = $1 AND t.kind = ${TX_TYPE.deposit} AND t.created_at >= $2`,
    [merchant, new Date(sinceMs).toISOString()],
  );
  return rows.map((r) => id(r.member_id));
}

/** The merchants' codes (the jobs run for each). */
export async function merchantCodes(q: Queryable): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(q, 'SELECT code FROM merchants ORDER BY code', []);
  return rows.map((r) => r.code);
}
