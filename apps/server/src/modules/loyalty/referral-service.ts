import {
  minorToDecimal,
  parseMoney,
  type ReferralConfig,
  type ReferralInvitee,
  type ReferralSummary,
  TX_TYPE,
} from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import { maskName } from './missions-service.ts';
import {
  type ClaimedTotals,
  claimedOf,
  ensureReferralCode,
  type InviteeRow,
  insertReferralClaim,
  inviteesOf,
  lockReferrer,
  referralCodeOf,
} from './referral-repository.ts';
import type { LoyaltyDeps } from './service.ts';

/** Who pays referral rewards: a house account of their own, so their cost reads apart. */
export const HOUSE_REFERRAL = 'HOUSE:REFERRAL' as const;
/** One key per claim of a referrer: `seq` numbers its claims. */
export const referralClaimKey = (referrerId: number, seq: number) => `referral:${referrerId}:${seq}`;

const money = (text: string) => parseMoney(Number(text).toFixed(2)) ?? 0n;

/** A percentage as parts per million of 100 % ("1.5" → 15,000). */
function perMillion(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
}
const percentOf = (amount: bigint, percent: string) => (amount * perMillion(percent)) / 1_000_000n;

export interface Earned {
  invitation: bigint;
  achievement: bigint;
  depositRebate: bigint;
  betRebate: bigint;
}

/** An invitee that counts: eligible, and its first deposit reached the qualifying amount. */
export function isQualified(rules: ReferralConfig, i: InviteeRow): boolean {
  return i.link === null && i.deposited && i.firstDepositMinor >= money(rules.qualifyingDeposit);
}

/** What the referrer has earned from its invitees by the rules (ineligible invitees earn nothing). */
export function earnedBy(rules: ReferralConfig, invitees: InviteeRow[]): Earned {
  const eligible = invitees.filter((i) => i.link === null);
  const qualified = invitees.filter((i) => isQualified(rules, i)).length;
  const deposits = eligible.reduce((s, i) => s + i.depositsMinor, 0n);
  const bets = eligible.reduce((s, i) => s + i.validBetMinor, 0n);
  return {
    invitation: BigInt(qualified) * money(rules.invitationReward),
    achievement: rules.achievements
      .filter((a) => qualified >= a.invitees)
      .reduce((s, a) => s + money(a.reward), 0n),
    depositRebate: percentOf(deposits, rules.depositRebatePercent),
    betRebate: percentOf(bets, rules.betRebatePercent),
  };
}

const KINDS = ['invitation', 'achievement', 'depositRebate', 'betRebate'] as const;

function claimableOf(earned: Earned, claimed: ClaimedTotals): Earned {
  const out = { ...earned };
  for (const k of KINDS) out[k] = earned[k] > claimed[k] ? earned[k] - claimed[k] : 0n;
  return out;
}

const view = (e: Earned) => ({
  invitation: minorToDecimal(e.invitation),
  achievement: minorToDecimal(e.achievement),
  depositRebate: minorToDecimal(e.depositRebate),
  betRebate: minorToDecimal(e.betRebate),
  total: minorToDecimal(e.invitation + e.achievement + e.depositRebate + e.betRebate),
});

/**
 * Referral (docs/loyalty.md "Referral"): the member's code and link domains, its invitees with
 * their status and eligibility, and the rewards of config/loyalty.json `referral`, worked out on
 * each read from the invitees' deposits and play. A claim takes the referrer's code row lock
 * (claims at once queue), pays what is claimable as one keyed transfer from HOUSE:REFERRAL and
 * books it per kind, so a later claim pays only what was earned since.
 */
export class ReferralService {
  constructor(private readonly deps: LoyaltyDeps) {}

  private rules(merchant: MerchantState): ReferralConfig {
    return merchant.config.loyalty.referral;
  }

  async summary(merchant: MerchantState, memberId: number): Promise<ReferralSummary> {
    const db = this.deps.database.db;
    const code = await ensureReferralCode(db, merchant.code, memberId, new Date(this.deps.clock.now()));
    const rules = this.rules(merchant);
    const [invitees, claimed] = await Promise.all([
      inviteesOf(db, merchant.code, memberId),
      claimedOf(db, merchant.code, memberId),
    ]);
    const earned = earnedBy(rules, invitees);
    const qualified = invitees.filter((i) => isQualified(rules, i)).length;
    const { mainDomain, domainRoutes } = merchant.config;
    return {
      referralCode: code,
      totalInvitations: invitees.length,
      promotionDomains: [...new Set([mainDomain, ...domainRoutes.map((d) => d.domain)].filter(Boolean))],
      qualifiedInvitations: qualified,
      earned: view(earned),
      claimed: minorToDecimal(KINDS.reduce((s, k) => s + claimed[k], 0n)),
      claimable: view(claimableOf(earned, claimed)),
      rules: {
        invitationReward: minorToDecimal(money(rules.invitationReward)),
        qualifyingDeposit: minorToDecimal(money(rules.qualifyingDeposit)),
        achievements: rules.achievements.map((a) => ({
          invitees: a.invitees,
          reward: minorToDecimal(money(a.reward)),
          reached: qualified >= a.invitees,
        })),
        depositRebatePercent: rules.depositRebatePercent,
        betRebatePercent: rules.betRebatePercent,
      },
    };
  }

  async invitees(merchant: MerchantState, memberId: number): Promise<{ list: ReferralInvitee[] }> {
    const rules = this.rules(merchant);
    const rows = await inviteesOf(this.deps.database.db, merchant.code, memberId);
    return {
      list: rows.map((i) => ({
        account: maskName(i.account),
        registeredAt: i.registeredAtMs,
        status: i.played ? 'active' : i.deposited ? 'deposited' : 'registered',
        eligible: i.link === null,
        notEligibleReason: i.link,
        qualified: isQualified(rules, i),
      })),
    };
  }

  /** The operator's view (`referral show`): the summary's figures and the invitees unmasked. */
  async operatorView(merchant: MerchantState, memberId: number) {
    const rules = this.rules(merchant);
    const db = this.deps.database.db;
    const [invitees, claimed, code] = await Promise.all([
      inviteesOf(db, merchant.code, memberId),
      claimedOf(db, merchant.code, memberId),
      referralCodeOf(db, merchant.code, memberId),
    ]);
    const earned = earnedBy(rules, invitees);
    return {
      code,
      earned: view(earned),
      claimed: minorToDecimal(KINDS.reduce((s, k) => s + claimed[k], 0n)),
      claimable: view(claimableOf(earned, claimed)),
      invitees: invitees.map((i) => ({
        account: i.account,
        registeredAt: i.registeredAtMs,
        status: i.played ? 'active' : i.deposited ? 'deposited' : 'registered',
        eligible: i.link === null,
        link: i.link,
        qualified: isQualified(rules, i),
        deposits: minorToDecimal(i.depositsMinor),
        validBet: minorToDecimal(i.validBetMinor),
      })),
    };
  }

  /** Claims everything claimable now: one transfer; nothing claimable is loyalty.referral.nothing. */
  async claim(merchant: MerchantState, memberId: number) {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const now = new Date(clock.now());
      if (!(await lockReferrer(tx as Queryable, merchant.code, memberId))) {
        throw new AppError('loyalty.referral.nothing');
      }
      const [invitees, claimed] = await Promise.all([
        inviteesOf(tx as Queryable, merchant.code, memberId),
        claimedOf(tx as Queryable, merchant.code, memberId),
      ]);
      const due = claimableOf(earnedBy(this.rules(merchant), invitees), claimed);
      const amount = KINDS.reduce((s, k) => s + due[k], 0n);
      if (amount <= 0n) throw new AppError('loyalty.referral.nothing');
      const seq = claimed.count + 1;
      const transfer = await ledger.transfer(tx, {
        merchant: merchant.code,
        from: systemAccount(HOUSE_REFERRAL),
        to: memberAccount(memberId, 'MAIN'),
        amountMinor: amount,
        kind: TX_TYPE.bonus,
        idempotencyKey: referralClaimKey(memberId, seq),
        memo: 'referral rewards',
        actor: `member:${memberId}`,
      });
      await insertReferralClaim(tx as Queryable, {
        merchant: merchant.code,
        referrerId: memberId,
        seq,
        ...due,
        amount,
        transferId: transfer.transferId,
        at: now,
      });
      return { amount: minorToDecimal(amount), transferId: transfer.transferId };
    });
  }
}
