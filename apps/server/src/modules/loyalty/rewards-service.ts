import {
  type ClaimableReward,
  type GameType,
  MONEY_SCALE,
  minorToDecimal,
  parseMoney,
  type RewardClaimResult,
  type RewardHistory,
  type RewardSummary,
  TX_TYPE,
  type WageringRuleConfig,
} from '@aurum/contract';
import { parseRescueTiers, rescueFund } from '@aurum/games';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { businessOffset, offsetMs } from '../agents/index.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import { memberFigure, type Period } from './missions-repository.ts';
import { businessDay } from './missions-service.ts';
import { businessMonth, previousBusinessDay } from './periods.ts';
import { loyaltyMember } from './repository.ts';
import {
  claimedKeys,
  claimsSince,
  insertPromoCode,
  insertRewardClaim,
  lastSignInBefore,
  type PromoCodeRow,
  promoCode,
  promoCodes,
  type RewardClaimKind,
  setPromoEnabled,
  signInDays,
  takePromoUse,
} from './rewards-repository.ts';
import { rebateCategory } from './rules.ts';
import type { LoyaltyDeps } from './service.ts';
import { playByVendor, rewardsBetween } from './wagering-repository.ts';

/** The house account reward-centre payouts come from. */
export const HOUSE_REWARD = 'HOUSE:REWARD' as const;
/** The ledger key of a reward: once per member and reward key. */
export const rewardTransferKey = (memberId: number, rewardKey: string) => `reward:${memberId}:${rewardKey}`;
/** How far back the claim history reaches. */
export const HISTORY_DAYS = 90;

/** A configured amount (checked to 2 decimals when the configuration loaded) in minor units. */
const toMinor = (text: string): bigint => parseMoney(text) ?? 0n;

/** The business week (Monday first, merchant's zone) holding `nowMs`, keyed by its Monday. */
export function businessWeek(nowMs: number, utcOffset: string): Period & { key: string } {
  const day = businessDay(nowMs, utcOffset);
  const off = offsetMs(utcOffset);
  const weekday = (new Date(day.fromMs + off).getUTCDay() + 6) % 7;
  const fromMs = day.fromMs - weekday * DAY_MS;
  return { fromMs, toMs: fromMs + 7 * DAY_MS, key: new Date(fromMs + off).toISOString().slice(0, 10) };
}

/** The day key before `day` ("2026-11-10" → "2026-11-09"). */
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The turnover terms a reward-centre payout carries (what the wagering service reads from its
 * transfer key): the kind's own rule, or the merchant's promotionDefault when the kind has none.
 */
export function rewardWageringRule(merchant: MerchantState, kind: string): WageringRuleConfig | null {
  const { rewardCenter, wagering } = merchant.config.loyalty;
  const own =
    kind === 'rescue'
      ? rewardCenter.rescue.wagering
      : kind === 'promo'
        ? rewardCenter.promoCodes.wagering
        : rewardCenter.signIn.wagering;
  return own === undefined ? wagering.promotionDefault : own;
}

const termsView = (rule: WageringRuleConfig | null) =>
  rule ? { multiple: rule.multiple, base: rule.base, expiryDays: rule.expiryDays } : null;

/** A member's net loss per category over a period, net of the bonuses and rebates paid in it (largest loss first). */
export async function rescueLosses(
  q: Queryable,
  merchant: MerchantState,
  memberId: number,
  period: Period,
): Promise<Map<GameType, bigint>> {
  const byCategory = new Map<GameType, bigint>();
  for (const row of await playByVendor(q, merchant.code, memberId, period.fromMs, period.toMs)) {
    const category = rebateCategory(merchant, row.vendor);
    if (category === null) continue;
    byCategory.set(category, (byCategory.get(category) ?? 0n) + row.bet - row.win);
  }
  const rewards = await rewardsBetween(q, merchant.code, memberId, period.fromMs, period.toMs);
  let bonuses = rewards.bonuses + rewards.rebates;
  const losses = [...byCategory.entries()]
    .filter(([, v]) => v > 0n)
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0));
  const out = new Map<GameType, bigint>();
  for (const [category, loss] of losses) {
    const taken = bonuses > 0n ? (bonuses < loss ? bonuses : loss) : 0n;
    bonuses -= taken;
    out.set(category, loss - taken);
  }
  return out;
}

interface Due extends ClaimableReward {
  amountMinor: bigint;
}

/**
 * The reward centre (docs/loyalty.md "Reward centre"): the sign-in calendar, the rescue fund and
 * promo codes. What is claimable is computed from the record of play, the ledger and the claims
 * each time; each payout is one ledger transfer from HOUSE:REWARD with the key
 * reward:<member>:<reward key> and a row of loyalty_reward_claims (unique per member and key).
 * Claims take the member's loyalty row lock first, so claims sent at once queue and pay once; a
 * promo code's uses are taken by one conditional update, so its cap holds under any concurrency.
 * Each payout is a bonus: the wagering service gives it its turnover requirement.
 */
export class RewardsService {
  constructor(private readonly deps: LoyaltyDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The calendar and the claimable rewards as of `nowMs`. */
  private async state(q: Queryable, merchant: MerchantState, memberId: number, nowMs: number) {
    const config = merchant.config.loyalty.rewardCenter;
    const offset = businessOffset(merchant);
    const today = businessDay(nowMs, offset);
    const month = businessMonth(nowMs, offset);
    const week = businessWeek(nowMs, offset);
    const signIn = config.signIn;
    const monthStart = `${month.key}-01`;
    const fromDay = week.key < monthStart ? week.key : monthStart;
    const signed = await signInDays(q, merchant.code, memberId, fromDay, today.key);
    const todayRow = signed.find((s) => s.day === today.key);
    const last = todayRow ? null : await lastSignInBefore(q, merchant.code, memberId, today.key);
    const runDay = todayRow
      ? todayRow.runDay
      : last && last.day === dayBefore(today.key)
        ? last.runDay + 1
        : 1;
    const weekCount = signed.filter((s) => s.day >= week.key).length;
    const monthDays = signed.filter((s) => s.day >= monthStart).map((s) => s.day);
    const periodKeys = [`signInWeek:${week.key}`, `signInMonth:${month.key}`];
    const items: Due[] = [];
    const signTerms = termsView(rewardWageringRule(merchant, 'signIn'));
    if (signIn.enabled && !todayRow) {
      const amount = signIn.daily[(runDay - 1) % signIn.daily.length]!;
      let requirement: ClaimableReward['requirement'] = null;
      if (signIn.requirement) {
        const value = await memberFigure(q, merchant.code, memberId, signIn.requirement.kind, today);
        const minMinor = toMinor(signIn.requirement.min);
        requirement = {
          kind: signIn.requirement.kind,
          min: minorToDecimal(minMinor),
          value: minorToDecimal(value),
          met: value >= minMinor,
        };
      }
      items.push({
        id: `signIn:${today.key}`,
        kind: 'signIn',
        day: today.key,
        category: null,
        amount: minorToDecimal(toMinor(amount)),
        amountMinor: toMinor(amount),
        runDay,
        netLoss: null,
        expiresAt: today.toMs,
        terms: signTerms,
        requirement,
        claimable: requirement?.met ?? true,
      });
    }
    const rescueTiers = Object.entries(config.rescue.categories);
    if (config.rescue.enabled && rescueTiers.length) {
      const yesterday = previousBusinessDay(nowMs, offset);
      const losses = await rescueLosses(q, merchant, memberId, yesterday);
      const keys = rescueTiers.map(([category]) => `rescue:${yesterday.key}:${category}`);
      const paid = await claimedKeys(q, merchant.code, memberId, keys);
      const terms = termsView(rewardWageringRule(merchant, 'rescue'));
      for (const [category, tiers] of rescueTiers) {
        const loss = losses.get(category as GameType) ?? 0n;
        const key = `rescue:${yesterday.key}:${category}`;
        if (loss <= 0n || paid.has(key) || !tiers) continue;
        const pays = rescueFund(parseRescueTiers(tiers, MONEY_SCALE), loss);
        if (pays <= 0n) continue;
        items.push({
          id: key,
          kind: 'rescue',
          day: yesterday.key,
          category: category as GameType,
          amount: minorToDecimal(pays),
          amountMinor: pays,
          runDay: null,
          netLoss: minorToDecimal(loss),
          expiresAt: today.toMs,
          terms,
          requirement: null,
          claimable: true,
        });
      }
    }
    const periodPaid = await claimedKeys(q, merchant.code, memberId, periodKeys);
    return {
      config,
      today,
      week,
      month,
      runDay,
      signedToday: !!todayRow,
      weekCount,
      monthDays,
      periodPaid,
      items,
      signTerms,
    };
  }

  /** The calendar, the claimable rewards with their expiry and terms, and the unread counter. */
  async summary(merchant: MerchantState, memberId: number): Promise<RewardSummary> {
    const nowMs = this.deps.clock.now();
    const s = await this.state(this.db, merchant, memberId, nowMs);
    const { signIn } = s.config;
    return {
      calendar: {
        enabled: signIn.enabled,
        today: s.today.key,
        signedToday: s.signedToday,
        runDay: s.runDay,
        days: signIn.daily.map((d) => minorToDecimal(toMinor(d))),
        monthDays: s.monthDays,
        weekly: signIn.weekly && {
          days: signIn.weekly.days,
          reward: minorToDecimal(toMinor(signIn.weekly.reward)),
          count: s.weekCount,
          paid: s.periodPaid.has(`signInWeek:${s.week.key}`),
        },
        monthly: signIn.monthly && {
          days: signIn.monthly.days,
          reward: minorToDecimal(toMinor(signIn.monthly.reward)),
          count: s.monthDays.length,
          paid: s.periodPaid.has(`signInMonth:${s.month.key}`),
        },
        terms: s.signTerms,
      },
      rescueEnabled: s.config.rescue.enabled && Object.keys(s.config.rescue.categories).length > 0,
      promoTerms: termsView(rewardWageringRule(merchant, 'promo')),
      claimable: s.items.map(({ amountMinor: _, ...item }) => item),
      unread: s.items.filter((i) => i.claimable).length,
      serverTime: nowMs,
    };
  }

  /** The number of rewards claimable now (the member centre's counter; the message job). */
  async claimable(merchant: MerchantState, memberId: number, nowMs: number) {
    return (await this.state(this.db, merchant, memberId, nowMs)).items;
  }

  private async pay(
    tx: Queryable,
    merchant: MerchantState,
    memberId: number,
    nowMs: number,
    r: {
      kind: RewardClaimKind;
      rewardKey: string;
      detail: string;
      amountMinor: bigint;
      signDay?: string;
      runDay?: number;
      memo: string;
    },
  ) {
    const transfer = await this.deps.ledger.transfer(tx, {
      merchant: merchant.code,
      from: systemAccount(HOUSE_REWARD),
      to: memberAccount(memberId, 'MAIN'),
      amountMinor: r.amountMinor,
      kind: TX_TYPE.bonus,
      idempotencyKey: rewardTransferKey(memberId, r.rewardKey),
      memo: r.memo,
      actor: `member:${memberId}`,
    });
    await insertRewardClaim(tx, {
      merchant: merchant.code,
      memberId,
      ...r,
      transferId: transfer.transferId,
      nowMs,
    });
    return {
      kind: r.kind,
      detail: r.detail,
      amount: minorToDecimal(r.amountMinor),
      transferId: transfer.transferId,
    };
  }

  /**
   * Claims one reward by its id: today's sign-in (with the week's and the month's sign-in rewards
   * it reaches) or a rescue fund of yesterday. Refuses anything else, a reward already paid, and a
   * sign-in whose requirement is not met.
   */
  async claim(merchant: MerchantState, memberId: number, rewardId: string): Promise<RewardClaimResult> {
    const { ledger, clock } = this.deps;
    const paid = await ledger.run(async (tx) => {
      const nowMs = clock.now();
      await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      const s = await this.state(tx, merchant, memberId, nowMs);
      const item = s.items.find((i) => i.id === rewardId);
      if (!item) throw new AppError('loyalty.reward.notClaimable');
      if (!item.claimable)
        throw new AppError(
          'loyalty.reward.requirement',
          undefined,
          item.requirement
            ? { kind: item.requirement.kind, min: item.requirement.min, value: item.requirement.value }
            : undefined,
        );
      const out = [];
      if (item.kind === 'rescue') {
        out.push(
          await this.pay(tx, merchant, memberId, nowMs, {
            kind: 'rescue',
            rewardKey: item.id,
            detail: `${item.day} ${item.category}`,
            amountMinor: item.amountMinor,
            memo: `rescue fund ${item.category} (${item.day})`,
          }),
        );
        return out;
      }
      out.push(
        await this.pay(tx, merchant, memberId, nowMs, {
          kind: 'signIn',
          rewardKey: item.id,
          detail: item.day,
          signDay: item.day,
          runDay: item.runDay!,
          amountMinor: item.amountMinor,
          memo: `sign-in day ${item.runDay} (${item.day})`,
        }),
      );
      const { weekly, monthly } = s.config.signIn;
      const weekKey = `signInWeek:${s.week.key}`;
      if (weekly && s.weekCount + 1 >= weekly.days && !s.periodPaid.has(weekKey))
        out.push(
          await this.pay(tx, merchant, memberId, nowMs, {
            kind: 'signInWeek',
            rewardKey: weekKey,
            detail: s.week.key,
            amountMinor: toMinor(weekly.reward),
            memo: `sign-in week of ${s.week.key}`,
          }),
        );
      const monthKey = `signInMonth:${s.month.key}`;
      if (monthly && s.monthDays.length + 1 >= monthly.days && !s.periodPaid.has(monthKey))
        out.push(
          await this.pay(tx, merchant, memberId, nowMs, {
            kind: 'signInMonth',
            rewardKey: monthKey,
            detail: s.month.key,
            amountMinor: toMinor(monthly.reward),
            memo: `sign-in month ${s.month.key}`,
          }),
        );
      return out;
    });
    return { paid, total: minorToDecimal(paid.reduce((sum, p) => sum + toMinor(p.amount), 0n)) };
  }

  /** Writes the configuration's promo codes the database does not hold yet (the operator's changes stay). */
  private async seedCodes(q: Queryable, merchant: MerchantState, nowMs: number) {
    for (const c of merchant.config.loyalty.rewardCenter.promoCodes.codes)
      await insertPromoCode(
        q,
        merchant.code,
        {
          code: c.code,
          amountMinor: toMinor(c.amount),
          cap: c.cap,
          expiresAtMs: Date.parse(c.expiresAt),
          enabled: c.enabled,
          createdBy: 'config',
        },
        nowMs,
      );
  }

  /** Redeems a promo code: once per member, never beyond its cap, never after its expiry. */
  async redeem(merchant: MerchantState, memberId: number, code: string): Promise<RewardClaimResult> {
    const { ledger, clock } = this.deps;
    const paid = await ledger.run(async (tx) => {
      const nowMs = clock.now();
      await this.seedCodes(tx, merchant, nowMs);
      await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      const row = await promoCode(tx, merchant.code, code);
      if (!row?.enabled) throw new AppError('loyalty.promo.unknown');
      if (nowMs >= row.expiresAtMs) throw new AppError('loyalty.promo.expired');
      const key = `promo:${code}`;
      if ((await claimedKeys(tx, merchant.code, memberId, [key])).size)
        throw new AppError('loyalty.promo.used');
      if (!(await takePromoUse(tx, merchant.code, code, nowMs)))
        throw new AppError('loyalty.promo.exhausted');
      return this.pay(tx, merchant, memberId, nowMs, {
        kind: 'promo',
        rewardKey: key,
        detail: code,
        amountMinor: row.amountMinor,
        memo: `promo code ${code}`,
      });
    });
    return { paid: [paid], total: paid.amount };
  }

  /** The member's claims of the last 90 days, newest first. */
  async history(merchant: MerchantState, memberId: number): Promise<RewardHistory> {
    const nowMs = this.deps.clock.now();
    const rows = await claimsSince(this.db, merchant.code, memberId, nowMs - HISTORY_DAYS * DAY_MS);
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        detail: r.detail,
        amount: minorToDecimal(r.amountMinor),
        transferId: r.transferId,
        claimedAt: r.claimedAtMs,
      })),
    };
  }

  /** The operator's view: the merchant's promo codes (config seeds written first). */
  async listCodes(merchant: MerchantState): Promise<PromoCodeRow[]> {
    await this.seedCodes(this.db, merchant, this.deps.clock.now());
    return promoCodes(this.db, merchant.code);
  }

  /** The operator makes a promo code; `audit` is written in the same transaction. */
  async createCode(
    merchant: MerchantState,
    input: { code: string; amountMinor: bigint; cap: number; expiresAtMs: number },
    actor: string,
    audit: (tx: Queryable, after: PromoCodeRow) => Promise<void>,
  ): Promise<PromoCodeRow> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const nowMs = clock.now();
      if (input.expiresAtMs <= nowMs)
        throw new AppError('request.invalid', 'The expiry must be in the future.');
      await this.seedCodes(tx, merchant, nowMs);
      const made = await insertPromoCode(
        tx,
        merchant.code,
        { ...input, enabled: true, createdBy: actor },
        nowMs,
      );
      if (!made) throw new AppError('loyalty.promo.exists');
      const after = (await promoCode(tx, merchant.code, input.code))!;
      await audit(tx, after);
      return after;
    });
  }

  /** The operator turns a promo code off (or on again); `audit` is written in the same transaction. */
  async setCodeEnabled(
    merchant: MerchantState,
    code: string,
    enabled: boolean,
    audit: (tx: Queryable, before: PromoCodeRow, after: PromoCodeRow) => Promise<void>,
  ): Promise<PromoCodeRow> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      await this.seedCodes(tx, merchant, clock.now());
      const before = await promoCode(tx, merchant.code, code);
      if (!before) throw new AppError('loyalty.promo.unknown');
      await setPromoEnabled(tx, merchant.code, code, enabled);
      const after = (await promoCode(tx, merchant.code, code))!;
      await audit(tx, before, after);
      return after;
    });
  }
}
