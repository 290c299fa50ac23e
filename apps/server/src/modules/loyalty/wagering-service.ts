import {
  type BonusDetails,
  type BonusRequirement,
  GAME_TYPES,
  type GameType,
  minorToDecimal,
  type PersonalProfit,
  TX_TYPE,
  type WageringRuleConfig,
} from '@aurum/contract';
import { requiredTurnover } from '@aurum/games';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { businessOffset, reportPeriod } from '../agents/index.ts';
import { memberAccount, systemAccount } from '../wallet/index.ts';
import { loyaltyMember } from './repository.ts';
import { rewardWageringRule } from './rewards-service.ts';
import { levelName, loyaltyRulesOf, rebateCategory } from './rules.ts';
import type { LoyaltyDeps } from './service.ts';
import {
  closeRequirement,
  countedTurnover,
  gameWalletsBalance,
  insertRequirement,
  mainBalance,
  playByVendor,
  type RequirementRow,
  requirementById,
  requirementsOf,
  rewardsBetween,
  type UngrantedBonus,
  ungrantedBonuses,
  type WageringSource,
} from './wagering-repository.ts';

/** The ledger keys of what leaves a balance: once per requirement, whichever path removes it. */
export const wageringKeys = {
  forfeit: (requirementId: number) => `wagering:forfeit:${requirementId}`,
  expire: (requirementId: number) => `wagering:expire:${requirementId}`,
};

/** Which terms a bonus transfer carries, read from its key (the payer's idempotency key). */
function termsOf(
  merchant: MerchantState,
  bonus: UngrantedBonus,
): { source: WageringSource; name: string; rule: WageringRuleConfig | null } {
  const config = merchant.config.loyalty.wagering;
  const promotionRule = (promotionId: string) =>
    promotionId in config.promotions ? (config.promotions[promotionId] ?? null) : config.promotionDefault;
  const parts = bonus.key.split(':');
  if (parts[0] === 'promo' && parts[1] === 'application' && bonus.applicationPromotion) {
    return {
      source: 'promotion',
      name: bonus.applicationPromotion,
      rule: promotionRule(bonus.applicationPromotion),
    };
  }
  if (parts[0] === 'promo' && parts[2]) {
    return { source: 'promotion', name: parts[2], rule: promotionRule(parts[2]) };
  }
  if (parts[0] === 'vip' && parts[1] === 'upgrade') {
    return {
      source: 'vipUpgrade',
      name: levelName(loyaltyRulesOf(merchant), Number(parts[3])),
      rule: config.vipUpgrade,
    };
  }
  if (parts[0] === 'reward' && parts[2]) {
    // The reward centre: reward:<member>:<kind>:… (rewards-service.ts).
    return { source: 'bonus', name: bonus.memo ?? bonus.key, rule: rewardWageringRule(merchant, parts[2]) };
  }
  if (bonus.kind === TX_TYPE.rebate) return { source: 'rebate', name: 'rebate', rule: config.rebate };
  return { source: 'bonus', name: bonus.memo ?? bonus.key, rule: config.promotionDefault };
}

/** The contributions of a requirement per vendor the merchant lists (what the SQL counts by). */
function percentByVendor(merchant: MerchantState, contributions: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const v of merchant.config.vendors) {
    const category = rebateCategory(merchant, v.vassalage);
    const percent = category === null ? undefined : contributions[category];
    if (percent !== undefined && Number(percent) > 0) out[v.vassalage] = percent;
  }
  return out;
}

const view = (r: RequirementRow, doneMinor: bigint): BonusRequirement => ({
  id: r.id,
  source: r.source,
  name: r.name,
  bonus: minorToDecimal(r.bonusMinor),
  deposit: minorToDecimal(r.depositMinor),
  multiple: r.multiple,
  base: r.base,
  contributions: GAME_TYPES.flatMap((category) => {
    const percent = r.contributions[category];
    return percent === undefined ? [] : [{ category, percent }];
  }),
  required: minorToDecimal(r.requiredMinor),
  done: minorToDecimal(doneMinor),
  remaining: minorToDecimal(r.requiredMinor - doneMinor),
  status: r.status,
  grantedAt: r.grantedAtMs,
  expiresAt: r.expiresAtMs,
  closedAt: r.closedAtMs,
  removed: r.removedMinor === null ? null : minorToDecimal(r.removedMinor),
  transferId: r.transferId,
});

/**
 * Wagering (docs/loyalty.md "Wagering"). A requirement is made for each bonus transfer into a
 * member's main wallet (whoever paid it: promotions, VIP upgrades, rebates where the merchant
 * says so, any later reward) the first time the member's bonuses are looked at after it: every
 * read, forfeit and withdrawal check catches up first, so a bonus is never free of its
 * requirement when it matters. Its progress is read from the record of play each time; a
 * requirement closes as completed, forfeited or expired, and a forfeit or the expiry sends the
 * bonus (or what is left of it) back to the account that paid it in one keyed transfer.
 */
export class WageringService {
  constructor(private readonly deps: LoyaltyDeps) {}

  /** Makes the missing requirements and closes what completed or expired, under the member's lock. */
  private async settle(tx: Queryable, merchant: MerchantState, memberId: number, nowMs: number) {
    await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
    const config = merchant.config.loyalty.wagering;
    for (const bonus of await ungrantedBonuses(tx, merchant.code, memberId, config.rebate !== null)) {
      const { source, name, rule } = termsOf(merchant, bonus);
      if (!rule) continue;
      const contributions = { ...(rule.contributions ?? config.contributions) } as Record<string, string>;
      const required = requiredTurnover(
        { multiple: rule.multiple, base: rule.base, contributions },
        bonus.amountMinor,
        bonus.depositMinor,
      );
      await insertRequirement(tx, {
        merchant: merchant.code,
        memberId,
        transferId: bonus.transferId,
        source,
        name,
        houseAccount: bonus.houseAccount,
        bonusMinor: bonus.amountMinor,
        depositMinor: rule.base === 'bonusAndDeposit' ? bonus.depositMinor : 0n,
        multiple: rule.multiple,
        base: rule.base,
        contributions,
        requiredMinor: required,
        grantedAtMs: bonus.grantedAtMs,
        expiresAtMs: bonus.grantedAtMs + rule.expiryDays * DAY_MS,
        status: required === 0n ? 'completed' : 'open',
      });
    }
    const open = await requirementsOf(tx, merchant.code, memberId, { openOnly: true, lock: true });
    const still: { row: RequirementRow; doneMinor: bigint }[] = [];
    for (const row of open) {
      const doneMinor = await this.done(tx, merchant, row, nowMs);
      if (doneMinor >= row.requiredMinor) {
        await closeRequirement(tx, row.id, { status: 'completed', doneMinor, closedAtMs: nowMs });
      } else if (nowMs >= row.expiresAtMs) {
        await this.remove(tx, merchant, row, 'expired', doneMinor, nowMs);
      } else {
        still.push({ row, doneMinor });
      }
    }
    return still;
  }

  /** The turnover counted so far (at most the requirement): rounds settled after the grant, up to the expiry. */
  private async done(tx: Queryable, merchant: MerchantState, row: RequirementRow, nowMs: number) {
    const counted = await countedTurnover(
      tx,
      merchant.code,
      row.memberId,
      row.grantedAtMs,
      Math.min(nowMs, row.expiresAtMs),
      percentByVendor(merchant, row.contributions),
    );
    return counted < row.requiredMinor ? counted : row.requiredMinor;
  }

  /** Forfeit or expiry: the bonus, or what is left of it in the main wallet, goes back; the requirement closes. */
  private async remove(
    tx: Queryable,
    merchant: MerchantState,
    row: RequirementRow,
    status: 'forfeited' | 'expired',
    doneMinor: bigint,
    nowMs: number,
    actor?: string,
  ): Promise<bigint> {
    const balance = await mainBalance(tx, merchant.code, row.memberId);
    const amount = balance < row.bonusMinor ? balance : row.bonusMinor;
    let transferId: number | undefined;
    if (amount > 0n) {
      const transfer = await this.deps.ledger.transfer(tx, {
        merchant: merchant.code,
        from: memberAccount(row.memberId, 'MAIN'),
        to: systemAccount(row.houseAccount as Parameters<typeof systemAccount>[0]),
        amountMinor: amount,
        kind: TX_TYPE.bonus,
        idempotencyKey: status === 'forfeited' ? wageringKeys.forfeit(row.id) : wageringKeys.expire(row.id),
        memo: `bonus ${status === 'forfeited' ? 'forfeited' : 'expired'} (${row.name})`,
        actor: actor ?? (status === 'forfeited' ? `member:${row.memberId}` : 'loyalty'),
      });
      transferId = transfer.transferId;
    }
    await closeRequirement(tx, row.id, {
      status,
      doneMinor,
      closedAtMs: nowMs,
      removedMinor: amount,
      ...(transferId === undefined ? {} : { removalTransferId: transferId }),
    });
    return amount;
  }

  /** Every requirement of the member, caught up first (the operator's `bonus show`). */
  async list(merchant: MerchantState, memberId: number): Promise<BonusRequirement[]> {
    return (await this.details(merchant, memberId)).list;
  }

  /** Catches the member's requirements up (made, completed, expired) with nothing else: the expiry job. */
  async settleMember(merchant: MerchantState, memberId: number): Promise<void> {
    const { ledger, clock } = this.deps;
    await ledger.run((tx) => this.settle(tx, merchant, memberId, clock.now()));
  }

  /** The `bonusDetails` page: every bonus with its requirement, progress, expiry and status. */
  async details(merchant: MerchantState, memberId: number): Promise<BonusDetails> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const nowMs = clock.now();
      const still = await this.settle(tx, merchant, memberId, nowMs);
      const progress = new Map(still.map((s) => [s.row.id, s.doneMinor]));
      const rows = await requirementsOf(tx, merchant.code, memberId);
      const remaining = still.reduce((sum, s) => sum + s.row.requiredMinor - s.doneMinor, 0n);
      return {
        remaining: minorToDecimal(remaining),
        open: still.length,
        list: rows.map((r) => view(r, progress.get(r.id) ?? r.doneMinor)),
      };
    });
  }

  /**
   * The cashier's question before a withdrawal: refused (loyalty.wagering.open, the remaining
   * turnover in the details) while a requirement is open.
   */
  async requireNoOpenRequirement(merchant: MerchantState, memberId: number): Promise<void> {
    const { ledger, clock } = this.deps;
    const still = await ledger.run((tx) => this.settle(tx, merchant, memberId, clock.now()));
    if (still.length === 0) return;
    const remaining = still.reduce((sum, s) => sum + s.row.requiredMinor - s.doneMinor, 0n);
    throw new AppError('loyalty.wagering.open', undefined, {
      remainingTurnover: minorToDecimal(remaining),
      openBonuses: String(still.length),
    });
  }

  /**
   * The member gives up an open bonus: the bonus (or what is left of it in the main wallet)
   * goes back to the account that paid it, in one keyed transfer; the deposit stays. Forfeits
   * sent at once queue on the member's lock: the first removes, the others find it closed.
   */
  async forfeit(
    merchant: MerchantState,
    memberId: number,
    requirementId: number,
    operator?: { actor: string; audit: (tx: Queryable, removed: bigint) => Promise<void> },
  ): Promise<BonusRequirement> {
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const nowMs = clock.now();
      const still = await this.settle(tx, merchant, memberId, nowMs);
      const target = still.find((s) => s.row.id === requirementId);
      if (!target) {
        const row = await requirementById(tx, merchant.code, memberId, requirementId, false);
        throw new AppError(row ? 'loyalty.bonus.closed' : 'loyalty.bonus.unknown');
      }
      // Money parked in a game wallet would escape the forfeit: it comes back first.
      if ((await gameWalletsBalance(tx, merchant.code, memberId)) > 0n) {
        throw new AppError('loyalty.bonus.game.wallets');
      }
      const removed = await this.remove(
        tx,
        merchant,
        target.row,
        'forfeited',
        target.doneMinor,
        nowMs,
        operator?.actor,
      );
      await operator?.audit(tx, removed);
      const row = await requirementById(tx, merchant.code, memberId, requirementId, false);
      return view(row!, row!.doneMinor);
    });
  }

  /** The `personalProfit` page: the member's play by category, bonuses and rebates over a period. */
  async personalProfit(
    merchant: MerchantState,
    memberId: number,
    q: { preset: PersonalProfitPreset; startDate?: number | undefined; endDate?: number | undefined },
  ): Promise<PersonalProfit> {
    const utcOffset = businessOffset(merchant);
    const period = reportPeriod(q, this.deps.clock.now(), utcOffset, PROFIT_MAX_DAYS);
    const db = this.deps.database.db;
    const [play, rewards] = await Promise.all([
      playByVendor(db, merchant.code, memberId, period.fromMs, period.toMs),
      rewardsBetween(db, merchant.code, memberId, period.fromMs, period.toMs),
    ]);
    const byCategory = new Map<GameType, { bet: bigint; win: bigint; rounds: number }>();
    for (const p of play) {
      const category = rebateCategory(merchant, p.vendor);
      if (category === null) continue;
      const c = byCategory.get(category) ?? { bet: 0n, win: 0n, rounds: 0 };
      byCategory.set(category, { bet: c.bet + p.bet, win: c.win + p.win, rounds: c.rounds + p.rounds });
    }
    let bet = 0n;
    let win = 0n;
    const categories = GAME_TYPES.flatMap((category) => {
      const c = byCategory.get(category);
      if (!c) return [];
      bet += c.bet;
      win += c.win;
      return [
        {
          category,
          validBet: minorToDecimal(c.bet),
          payout: minorToDecimal(c.win),
          profit: minorToDecimal(c.win - c.bet),
          rounds: c.rounds,
        },
      ];
    });
    return {
      period: { from: period.fromMs, to: period.toMs, utcOffset },
      categories,
      validBet: minorToDecimal(bet),
      payout: minorToDecimal(win),
      gameProfit: minorToDecimal(win - bet),
      bonuses: minorToDecimal(rewards.bonuses),
      rebates: minorToDecimal(rewards.rebates),
      total: minorToDecimal(win - bet + rewards.bonuses + rewards.rebates),
    };
  }
}

type PersonalProfitPreset = Parameters<typeof reportPeriod>[0]['preset'];
/** Longest custom period of the profit page, in days (as the statement). */
const PROFIT_MAX_DAYS = 366;
