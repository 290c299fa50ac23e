import { big, id, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * The reward centre's SQL (0047_reward_center.sql): the rewards paid (one row per member and
 * reward key) and the promo codes with their uses.
 */

export type RewardClaimKind = 'signIn' | 'signInWeek' | 'signInMonth' | 'rescue' | 'promo';

export interface RewardClaimRow {
  id: number;
  kind: RewardClaimKind;
  rewardKey: string;
  detail: string;
  signDay: string | null;
  runDay: number | null;
  amountMinor: bigint;
  transferId: number;
  claimedAtMs: number;
}

const claimColumns = `id::text, kind, reward_key, detail, sign_day, run_day, amount::text, transfer_id::text,
  (extract(epoch FROM claimed_at) * 1000)::bigint::text AS at`;

const toClaim = (r: Record<string, string | number | null>): RewardClaimRow => ({
  id: id(r.id),
  kind: r.kind as RewardClaimKind,
  rewardKey: String(r.reward_key),
  detail: String(r.detail),
  signDay: r.sign_day === null ? null : String(r.sign_day),
  runDay: r.run_day === null ? null : Number(r.run_day),
  amountMinor: big(r.amount),
  transferId: id(r.transfer_id),
  claimedAtMs: Number(r.at),
});

/** The member's claims since `sinceMs`, newest first. */
export async function claimsSince(
  q: Queryable,
  merchant: string,
  memberId: number,
  sinceMs: number,
): Promise<RewardClaimRow[]> {
  const rows = await queryRows<Record<string, string | number | null>>(
    q,
    `SELECT ${claimColumns} FROM loyalty_reward_claims
      WHERE merchant_code = $1 AND member_id = $2 AND claimed_at >= $3
      ORDER BY claimed_at DESC, id DESC`,
    [merchant, memberId, new Date(sinceMs).toISOString()],
  );
  return rows.map(toClaim);
}

/** Which of `keys` the member was paid. */
export async function claimedKeys(
  q: Queryable,
  merchant: string,
  memberId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await queryRows<{ reward_key: string }>(
    q,
    `SELECT reward_key FROM loyalty_reward_claims
      WHERE merchant_code = $1 AND member_id = $2 AND reward_key = ANY($3::text[])`,
    [merchant, memberId, keys],
  );
  return new Set(rows.map((r) => r.reward_key));
}

/** The member's latest sign-in before `beforeDay` (a business day key), if any. */
export async function lastSignInBefore(
  q: Queryable,
  merchant: string,
  memberId: number,
  beforeDay: string,
): Promise<{ day: string; runDay: number } | null> {
  const [row] = await queryRows<{ sign_day: string; run_day: number }>(
    q,
    `SELECT sign_day, run_day FROM loyalty_reward_claims
      WHERE merchant_code = $1 AND member_id = $2 AND kind = 'signIn' AND sign_day < $3
      ORDER BY sign_day DESC LIMIT 1`,
    [merchant, memberId, beforeDay],
  );
  return row ? { day: row.sign_day, runDay: Number(row.run_day) } : null;
}

/** The business days the member signed in from `fromDay` to `toDay` (keys, inclusive). */
export async function signInDays(
  q: Queryable,
  merchant: string,
  memberId: number,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; runDay: number }[]> {
  const rows = await queryRows<{ sign_day: string; run_day: number }>(
    q,
    `SELECT sign_day, run_day FROM loyalty_reward_claims
      WHERE merchant_code = $1 AND member_id = $2 AND kind = 'signIn' AND sign_day >= $3 AND sign_day <= $4
      ORDER BY sign_day`,
    [merchant, memberId, fromDay, toDay],
  );
  return rows.map((r) => ({ day: r.sign_day, runDay: Number(r.run_day) }));
}

export async function insertRewardClaim(
  q: Queryable,
  row: {
    merchant: string;
    memberId: number;
    kind: RewardClaimKind;
    rewardKey: string;
    detail: string;
    signDay?: string;
    runDay?: number;
    amountMinor: bigint;
    transferId: number;
    nowMs: number;
  },
): Promise<void> {
  await queryRows(
    q,
    `INSERT INTO loyalty_reward_claims (merchant_code, member_id, kind, reward_key, detail, sign_day, run_day,
       amount, transfer_id, claimed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.merchant,
      row.memberId,
      row.kind,
      row.rewardKey,
      row.detail,
      row.signDay ?? null,
      row.runDay ?? null,
      row.amountMinor.toString(),
      row.transferId,
      new Date(row.nowMs).toISOString(),
    ],
  );
}

export interface PromoCodeRow {
  code: string;
  amountMinor: bigint;
  cap: number;
  used: number;
  expiresAtMs: number;
  enabled: boolean;
  createdBy: string;
}

const promoColumns = `code, amount::text, cap, used, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires,
  enabled, created_by`;
const toPromo = (r: Record<string, unknown>): PromoCodeRow => ({
  code: String(r.code),
  amountMinor: big(r.amount),
  cap: Number(r.cap),
  used: Number(r.used),
  expiresAtMs: Number(r.expires),
  enabled: r.enabled === true || r.enabled === 't',
  createdBy: String(r.created_by),
});

/** Adds a promo code; false when the merchant has one of that name already. */
export async function insertPromoCode(
  q: Queryable,
  merchant: string,
  row: Omit<PromoCodeRow, 'used'>,
  nowMs: number,
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `INSERT INTO loyalty_promo_codes (merchant_code, code, amount, cap, expires_at, enabled, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_code, code) DO NOTHING RETURNING code`,
    [
      merchant,
      row.code,
      row.amountMinor.toString(),
      row.cap,
      new Date(row.expiresAtMs).toISOString(),
      row.enabled,
      row.createdBy,
      new Date(nowMs).toISOString(),
    ],
  );
  return rows.length === 1;
}

export async function promoCode(q: Queryable, merchant: string, code: string): Promise<PromoCodeRow | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    q,
    `SELECT ${promoColumns} FROM loyalty_promo_codes WHERE merchant_code = $1 AND code = $2`,
    [merchant, code],
  );
  return row ? toPromo(row) : null;
}

export async function promoCodes(q: Queryable, merchant: string): Promise<PromoCodeRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    q,
    `SELECT ${promoColumns} FROM loyalty_promo_codes WHERE merchant_code = $1 ORDER BY created_at DESC, code`,
    [merchant],
  );
  return rows.map(toPromo);
}

/** Takes one use of an enabled, unexpired code below its cap; false when none is left. */
export async function takePromoUse(
  q: Queryable,
  merchant: string,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `UPDATE loyalty_promo_codes SET used = used + 1
      WHERE merchant_code = $1 AND code = $2 AND enabled AND expires_at > $3 AND used < cap
      RETURNING code`,
    [merchant, code, new Date(nowMs).toISOString()],
  );
  return rows.length === 1;
}

export async function setPromoEnabled(
  q: Queryable,
  merchant: string,
  code: string,
  enabled: boolean,
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `UPDATE loyalty_promo_codes SET enabled = $3 WHERE merchant_code = $1 AND code = $2 RETURNING code`,
    [merchant, code, enabled],
  );
  return rows.length === 1;
}

/** Records a message about a reward; false when it was sent before. */
export async function markNotice(
  q: Queryable,
  merchant: string,
  memberId: number,
  key: string,
  nowMs: number,
): Promise<boolean> {
  const rows = await queryRows(
    q,
    `INSERT INTO loyalty_reward_notices (merchant_code, member_id, notice_key, sent_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING notice_key`,
    [merchant, memberId, key, new Date(nowMs).toISOString()],
  );
  return rows.length === 1;
}

/** Members with settled real-money play in [from, to) (the rescue job's candidates). */
export async function membersWithPlay(
  q: Queryable,
  merchant: string,
  fromMs: number,
  toMs: number,
): Promise<number[]> {
  const rows = await queryRows<{ member_id: string }>(
    q,
    `SELECT DISTINCT member_id::text FROM game_rounds
      WHERE merchant = $1 AND mode = 'real' AND status = 'settled' AND settled_at >= $2 AND settled_at < $3`,
    [merchant, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return rows.map((r) => id(r.member_id));
}
