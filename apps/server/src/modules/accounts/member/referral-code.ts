import type { MemberRow } from '../../../db/schema.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { type Queryable, queryRows } from '../../../platform/sql.ts';
import { findById, type Queryable as MemberQueryable } from './repository.ts';

/**
 * A member's referral code at registration (0050_referrals.sql, docs/loyalty.md "Referral"): the
 * code names a member (its referral_codes row), and registering with it records who invited
 * whom. It never names an upline: the invitee's place in the agent tree comes from an affiliate
 * code only.
 */

/** The active member whose referral code this is (codes compare case-insensitively); null when none. */
export async function findReferrer(
  db: Queryable & MemberQueryable,
  merchant: MerchantState,
  code: string,
): Promise<{ referrer: MemberRow; code: string } | null> {
  const [row] = await queryRows<{ member_id: string; code: string }>(
    db,
    'SELECT member_id::text, code FROM referral_codes WHERE merchant_code = $1 AND code = upper($2)',
    [merchant.code, code],
  );
  if (!row) return null;
  const referrer = await findById(db, merchant.code, Number(row.member_id));
  return referrer && referrer.status === 'active' ? { referrer, code: row.code } : null;
}

/** Records the invitation of a newly registered member. */
export async function recordReferral(
  db: Queryable,
  merchantCode: string,
  invitee: number,
  referrer: number,
  code: string,
  at: Date,
): Promise<void> {
  await queryRows(
    db,
    `INSERT INTO referrals (merchant_code, invitee_id, referrer_id, code, created_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz) ON CONFLICT DO NOTHING`,
    [merchantCode, invitee, referrer, code, at.toISOString()],
  );
}
