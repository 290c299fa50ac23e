import { randomInt } from 'node:crypto';
import { TX_TYPE } from '@aurum/contract';
import { big, type Queryable, queryRows } from '../../platform/sql.ts';

/**
 * Referral SQL (0050_referrals.sql, docs/loyalty.md "Referral"). An invitee's figures are read
 * from the ledger (deposits into its main wallet, never a reversed one) and the record of play
 * (settled real-money rounds); its link to the referrer from the sign-in history, the devices,
 * the registration address, the mobile number and the payee names.
 */

/** Letters and digits without the look-alikes (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** The member's referral code, made on the first call (a random one, another on a clash). */
export async function ensureReferralCode(q: Queryable, merchant: string, memberId: number, now: Date) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [found] = await queryRows<{ code: string }>(
      q,
      'SELECT code FROM referral_codes WHERE merchant_code = $1 AND member_id = $2',
      [merchant, memberId],
    );
    if (found) return found.code;
    const code = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    await queryRows(
      q,
      `INSERT INTO referral_codes (merchant_code, member_id, code, created_at)
       VALUES ($1, $2, $3, $4::timestamptz) ON CONFLICT DO NOTHING`,
      [merchant, memberId, code, now.toISOString()],
    );
  }
  throw new Error('no free referral code');
}

/** The member's referral code, or null when it has never looked at the page. */
export async function referralCodeOf(q: Queryable, merchant: string, memberId: number) {
  const [found] = await queryRows<{ code: string }>(
    q,
    'SELECT code FROM referral_codes WHERE merchant_code = $1 AND member_id = $2',
    [merchant, memberId],
  );
  return found?.code ?? null;
}

/** Holds the referrer's code row for the caller's transaction: its claims queue here. */
export async function lockReferrer(q: Queryable, merchant: string, memberId: number): Promise<boolean> {
  const rows = await queryRows(
    q,
    'SELECT 1 FROM referral_codes WHERE merchant_code = $1 AND member_id = $2 FOR UPDATE',
    [merchant, memberId],
  );
  return rows.length > 0;
}

export type ReferralLink = 'device' | 'network' | 'mobile' | 'payeeName';

export interface InviteeRow {
  inviteeId: number;
  account: string;
  registeredAtMs: number;
  deposited: boolean;
  played: boolean;
  /** The first deposit's amount (0 without one). */
  firstDepositMinor: bigint;
  depositsMinor: bigint;
  validBetMinor: bigint;
  /** What the invitee shares with the referrer (the first found), or null. */
  link: ReferralLink | null;
}

const DEPOSITS = `FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.to_account_id
   WHERE t.merchant_code = r.merchant_code AND t.kind = ${TX_TYPE.deposit}
     AND a.code = 'MAIN' AND a.member_id = r.invitee_id
     AND NOT EXISTS (SELECT 1 FROM ledger_transfers x WHERE x.reverses_transfer_id = t.id)`;

/** The referrer's invitees, newest first, with their figures and links. */
export async function inviteesOf(q: Queryable, merchant: string, referrerId: number): Promise<InviteeRow[]> {
  const rows = await queryRows<{
    invitee_id: string;
    account: string;
    created_at: Date | string;
    first_deposit: string | null;
    deposits: string;
    valid_bet: string;
    played: boolean;
    link: ReferralLink | null;
  }>(
    q,
    `SELECT r.invitee_id::text AS invitee_id, m.account, r.created_at,
            (SELECT t.amount::text ${DEPOSITS} ORDER BY t.created_at, t.id LIMIT 1) AS first_deposit,
            (SELECT coalesce(sum(t.amount), 0)::text ${DEPOSITS}) AS deposits,
            (SELECT coalesce(sum(g.bet_minor), 0)::text FROM game_rounds g
              WHERE g.merchant = r.merchant_code AND g.member_id = r.invitee_id
                AND g.mode = 'real' AND g.status = 'settled') AS valid_bet,
            EXISTS (SELECT 1 FROM game_rounds g WHERE g.merchant = r.merchant_code
                     AND g.member_id = r.invitee_id AND g.mode = 'real' AND g.status = 'settled') AS played,
            CASE
              WHEN EXISTS (SELECT 1 FROM member_sign_ins a JOIN member_sign_ins b ON b.device_hash = a.device_hash
                            WHERE a.member_id = m.id AND b.member_id = p.id AND a.device_hash IS NOT NULL)
                OR EXISTS (SELECT 1 FROM member_devices a JOIN member_devices b ON b.token_hash = a.token_hash
                            WHERE a.member_id = m.id AND b.member_id = p.id)
                THEN 'device'
              WHEN EXISTS (SELECT 1 FROM member_sign_ins a JOIN member_sign_ins b ON b.ip = a.ip
                            WHERE a.member_id = m.id AND b.member_id = p.id AND a.ip IS NOT NULL)
                OR (m.profile ->> 'registerIp') IS NOT NULL AND (
                     m.profile ->> 'registerIp' = p.profile ->> 'registerIp'
                  OR m.profile ->> 'registerIp' IN (SELECT ip FROM member_sign_ins WHERE member_id = p.id AND ip IS NOT NULL))
                OR (p.profile ->> 'registerIp') IS NOT NULL
                  AND p.profile ->> 'registerIp' IN (SELECT ip FROM member_sign_ins WHERE member_id = m.id AND ip IS NOT NULL)
                THEN 'network'
              WHEN m.mobile IS NOT NULL AND m.mobile = p.mobile THEN 'mobile'
              WHEN lower(trim(m.profile ->> 'payeeName')) = lower(trim(p.profile ->> 'payeeName'))
                OR EXISTS (SELECT 1 FROM withdraw_accounts a JOIN withdraw_accounts b
                             ON lower(trim(b.payee_name)) = lower(trim(a.payee_name))
                            WHERE a.member_id = m.id AND b.member_id = p.id)
                THEN 'payeeName'
            END AS link
       FROM referrals r
       JOIN members m ON m.id = r.invitee_id
       JOIN members p ON p.id = r.referrer_id
      WHERE r.merchant_code = $1 AND r.referrer_id = $2
      ORDER BY r.created_at DESC, r.invitee_id DESC`,
    [merchant, referrerId],
  );
  return rows.map((r) => ({
    inviteeId: Number(r.invitee_id),
    account: r.account,
    registeredAtMs: new Date(r.created_at).getTime(),
    deposited: r.first_deposit !== null,
    played: r.played === true || (r.played as unknown) === 't',
    firstDepositMinor: big(r.first_deposit ?? '0'),
    depositsMinor: big(r.deposits),
    validBetMinor: big(r.valid_bet),
    link: r.link ?? null,
  }));
}

export interface ClaimedTotals {
  invitation: bigint;
  achievement: bigint;
  depositRebate: bigint;
  betRebate: bigint;
  count: number;
}

/** What the referrer has claimed so far, per kind, and how many claims. */
export async function claimedOf(q: Queryable, merchant: string, referrerId: number): Promise<ClaimedTotals> {
  const [row] = await queryRows<{ i: string; a: string; d: string; b: string; n: string }>(
    q,
    `SELECT coalesce(sum(invitation), 0)::text AS i, coalesce(sum(achievement), 0)::text AS a,
            coalesce(sum(deposit_rebate), 0)::text AS d, coalesce(sum(bet_rebate), 0)::text AS b,
            count(*)::text AS n
       FROM referral_claims WHERE merchant_code = $1 AND referrer_id = $2`,
    [merchant, referrerId],
  );
  return {
    invitation: big(row?.i ?? '0'),
    achievement: big(row?.a ?? '0'),
    depositRebate: big(row?.d ?? '0'),
    betRebate: big(row?.b ?? '0'),
    count: Number(row?.n ?? 0),
  };
}

export async function insertReferralClaim(
  q: Queryable,
  c: {
    merchant: string;
    referrerId: number;
    seq: number;
    invitation: bigint;
    achievement: bigint;
    depositRebate: bigint;
    betRebate: bigint;
    amount: bigint;
    transferId: number;
    at: Date;
  },
) {
  await queryRows(
    q,
    `INSERT INTO referral_claims (merchant_code, referrer_id, seq, invitation, achievement, deposit_rebate,
        bet_rebate, amount, transfer_id, claimed_at)
     VALUES ($1, $2, $3, $4::bigint, $5::bigint, $6::bigint, $7::bigint, $8::bigint, $9, $10::timestamptz)`,
    [
      c.merchant,
      c.referrerId,
      c.seq,
      c.invitation.toString(),
      c.achievement.toString(),
      c.depositRebate.toString(),
      c.betRebate.toString(),
      c.amount.toString(),
      c.transferId,
      c.at.toISOString(),
    ],
  );
}
