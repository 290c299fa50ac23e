import {
  GAME_TYPES,
  type Language,
  MONEY_SCALE,
  minorToDecimal,
  pickLanguage,
  type RebateClaim,
  type RebateInfo,
  TX_TYPE,
  VIP_CONDITION_KEYS,
  type VipConditionKey,
  type VipInfo,
} from '@aurum/contract';
import {
  accrueRebate,
  addRebate,
  claimRebate,
  keepVip,
  NO_REBATE,
  REBATE_DECIMALS,
  type RebateBalance,
  rebateTotal,
  upgradeVip,
  type VipStats,
  vipProgress,
} from '@aurum/games';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import type { Queryable } from '../../platform/sql.ts';
import { findById, isTrialType } from '../accounts/index.ts';
import { businessOffset } from '../agents/index.ts';
import { type Ledger, memberAccount, systemAccount } from '../wallet/index.ts';
import { businessMonth } from './periods.ts';
import {
  type Accrual,
  type ClaimRow,
  claimsPage,
  completeClaim,
  grantedLevels,
  insertAccruals,
  insertBonus,
  insertChange,
  insertClaim,
  type LevelChange,
  levelChanges,
  loyaltyMember,
  openAccruals,
  takeAccruals,
  unaccruedRounds,
  updateLoyaltyMember,
  vipStats,
} from './repository.ts';
import { levelName, loyaltyRulesOf, rebateCategory, rebateRate } from './rules.ts';

/** The house accounts loyalty pays from: upgrade bonuses and rebates. */
export const HOUSE_VIP = 'HOUSE:VIP' as const;
export const HOUSE_REBATE = 'HOUSE:REBATE' as const;
/** The ledger key of a level's upgrade bonus: once per member and level, whatever path pays it. */
export const vipBonusKey = (memberId: number, level: number) => `vip:upgrade:${memberId}:${level}`;
export const rebateClaimKey = (memberId: number, seq: number) => `rebate:claim:${memberId}:${seq}`;

/** How many unaccrued rounds one pass reads. */
const ACCRUAL_BATCH = 1_000;

const ACCRUAL_SCALE = 10n ** BigInt(REBATE_DECIMALS);
/** Accrual units (10^-4) as "160.0000". */
export const rebateText = (units: bigint): string =>
  `${units / ACCRUAL_SCALE}.${(units % ACCRUAL_SCALE).toString().padStart(REBATE_DECIMALS, '0')}`;

/** Conditions and rates in one fixed order (the stored configuration does not keep key order). */
const byCondition = <T extends { condition: VipConditionKey }>(rows: T[]) =>
  rows.sort((a, b) => VIP_CONDITION_KEYS.indexOf(a.condition) - VIP_CONDITION_KEYS.indexOf(b.condition));

const conditionText = (condition: VipConditionKey, value: bigint) =>
  condition === 'depositCount' ? value.toString() : minorToDecimal(value);

/** The level a member held at `atMs`, from its changes (oldest first): the last one before, else 0. */
export function levelAt(changes: readonly LevelChange[], atMs: number): number {
  let level = 0;
  for (const c of changes) {
    if (c.changedAtMs > atMs) break;
    level = c.to;
  }
  return level;
}

export interface LoyaltyDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
}

/**
 * VIP ranks and rebates (docs/loyalty.md). The engine (`@aurum/games` loyalty) computes; this
 * stores and pays. A member's standing catches up with the record of play and the ledger when it
 * is read or claimed, and every minute by the accrual job (jobs.ts), so an upgrade or an accrual
 * never waits for the member to look.
 */
export class LoyaltyService {
  constructor(private readonly deps: LoyaltyDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** Accrues the member's settled rounds, then re-evaluates its level. */
  async catchUp(merchant: MerchantState, memberId: number): Promise<void> {
    await this.accrue(merchant, { memberId });
    await this.evaluate(merchant, memberId);
  }

  /**
   * Records what each settled round not yet seen accrues, at the member's level when it settled.
   * Returns the members whose rounds were read.
   */
  async accrue(
    merchant: MerchantState,
    scope: { memberId: number } | { sinceMs: number },
  ): Promise<Set<number>> {
    const rules = loyaltyRulesOf(merchant);
    const members = new Set<number>();
    for (;;) {
      const rounds = await unaccruedRounds(this.db, merchant.code, scope, ACCRUAL_BATCH);
      if (rounds.length === 0) break;
      const history = new Map<number, LevelChange[]>();
      const accruals: Accrual[] = [];
      for (const r of rounds) {
        members.add(r.memberId);
        let changes = history.get(r.memberId);
        if (!changes) {
          changes = await levelChanges(this.db, merchant.code, r.memberId);
          history.set(r.memberId, changes);
        }
        const level = levelAt(changes, r.settledAtMs);
        const category = rebateCategory(merchant, r.vendor);
        const rate = rebateRate(rules, level, category);
        accruals.push({
          merchant: merchant.code,
          memberId: r.memberId,
          roundPk: r.pk,
          category,
          vipLevel: level,
          validBetMinor: r.betMinor,
          rate,
          accrued: rate === null ? 0n : accrueRebate(r.betMinor, rate, MONEY_SCALE),
          settledAtMs: r.settledAtMs,
        });
      }
      await this.db.transaction((tx) => insertAccruals(tx, accruals));
      if (rounds.length < ACCRUAL_BATCH) break;
    }
    return members;
  }

  private async isTrial(merchant: MerchantState, memberId: number): Promise<boolean> {
    const member = await findById(this.db, merchant.code, memberId);
    return !member || isTrialType(merchant, member.type);
  }

  private stats(tx: Queryable, merchant: MerchantState, memberId: number, nowMs: number): Promise<VipStats> {
    const month = businessMonth(nowMs, businessOffset(merchant));
    return vipStats(tx, merchant.code, memberId, new Date(month.fromMs), new Date(month.toMs));
  }

  /**
   * Raises the member's level to the highest its figures reach and pays each newly reached
   * level's upgrade bonus once (also for skipped levels). Trial accounts earn nothing.
   * Returns the level.
   */
  async evaluate(merchant: MerchantState, memberId: number): Promise<number> {
    const rules = loyaltyRulesOf(merchant);
    if (!rules.vip || (await this.isTrial(merchant, memberId))) {
      return (await loyaltyMember(this.db, merchant.code, memberId, 0, false)).vipLevel;
    }
    const vip = rules.vip;
    const { ledger, clock } = this.deps;
    return ledger.run(async (tx) => {
      const nowMs = clock.now();
      const current = await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      const stats = await this.stats(tx, merchant, memberId, nowMs);
      const up = upgradeVip(vip, current.vipLevel, stats, await grantedLevels(tx, merchant.code, memberId));
      if (up.level > current.vipLevel) {
        await insertChange(tx, {
          merchant: merchant.code,
          memberId,
          from: current.vipLevel,
          to: up.level,
          reason: 'upgrade',
          actor: 'loyalty',
          nowMs,
        });
        await updateLoyaltyMember(tx, merchant.code, memberId, { vipLevel: up.level }, nowMs);
      }
      for (const bonus of up.bonuses) {
        const transfer = await ledger.transfer(tx, {
          merchant: merchant.code,
          from: systemAccount(HOUSE_VIP),
          to: memberAccount(memberId, 'MAIN'),
          amountMinor: bonus.amountMinor,
          kind: TX_TYPE.bonus,
          idempotencyKey: vipBonusKey(memberId, bonus.level),
          memo: `VIP upgrade bonus ${levelName(rules, bonus.level)}`,
          actor: 'loyalty',
        });
        await insertBonus(tx, {
          merchant: merchant.code,
          memberId,
          level: bonus.level,
          amountMinor: bonus.amountMinor,
          transferId: transfer.transferId,
          nowMs,
        });
      }
      return up.level;
    });
  }

  /** The month-end check of one member: one level down when the month's figures miss the keep conditions. */
  async keep(
    merchant: MerchantState,
    memberId: number,
    month: { fromMs: number; toMs: number },
  ): Promise<boolean> {
    const vip = loyaltyRulesOf(merchant).vip;
    if (!vip) return false;
    const { clock } = this.deps;
    return this.db.transaction(async (tx) => {
      const nowMs = clock.now();
      const current = await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      if (current.vipLevel === 0) return false;
      const stats = await vipStats(tx, merchant.code, memberId, new Date(month.fromMs), new Date(month.toMs));
      const level = keepVip(vip, current.vipLevel, stats);
      if (level >= current.vipLevel) return false;
      await insertChange(tx, {
        merchant: merchant.code,
        memberId,
        from: current.vipLevel,
        to: level,
        reason: 'keep',
        actor: 'loyalty',
        note: `keep conditions of ${new Date(month.fromMs).toISOString().slice(0, 7)} not met`,
        nowMs,
      });
      await updateLoyaltyMember(tx, merchant.code, memberId, { vipLevel: level }, nowMs);
      return true;
    });
  }

  /** An operator sets a member's level (audited by the caller's transaction). No bonus is paid. */
  async setLevel(
    tx: Queryable,
    merchant: MerchantState,
    memberId: number,
    level: number,
    actor: string,
    reason: string,
  ): Promise<{ from: number; to: number }> {
    if (level >= loyaltyRulesOf(merchant).levels.length) throw new AppError('loyalty.level.unknown');
    const nowMs = this.deps.clock.now();
    const current = await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
    if (current.vipLevel !== level) {
      await insertChange(tx, {
        merchant: merchant.code,
        memberId,
        from: current.vipLevel,
        to: level,
        reason: 'operator',
        actor,
        note: reason,
        nowMs,
      });
      await updateLoyaltyMember(tx, merchant.code, memberId, { vipLevel: level }, nowMs);
    }
    return { from: current.vipLevel, to: level };
  }

  /** The public state's VIP fields: the stored level (VIP0 for a member without a row). */
  async standing(merchant: MerchantState, memberId: number) {
    const m = await loyaltyMember(this.db, merchant.code, memberId, 0, false);
    return { level: m.vipLevel, name: levelName(loyaltyRulesOf(merchant), m.vipLevel) };
  }

  /** The `playerRank` page: level, progress toward the next level and every level's terms. */
  async vipInfo(merchant: MerchantState, memberId: number, language: Language): Promise<VipInfo> {
    await this.catchUp(merchant, memberId);
    const rules = loyaltyRulesOf(merchant);
    const m = await loyaltyMember(this.db, merchant.code, memberId, 0, false);
    const stats = await this.stats(this.db, merchant, memberId, this.deps.clock.now());
    const progress = rules.vip ? vipProgress(rules.vip, m.vipLevel, stats) : { next: null, conditions: [] };
    const entries = (c: object | undefined) =>
      Object.entries(c ?? {}).map(([condition, value]) => ({
        condition: condition as VipConditionKey,
        expected: String(value),
      }));
    return {
      level: m.vipLevel,
      name: levelName(rules, m.vipLevel),
      hasVip: m.vipLevel > 0,
      mode: rules.mode,
      next: progress.next ? { level: progress.next.level, name: progress.next.name } : null,
      progress: byCondition(
        progress.conditions.map((c) => ({
          condition: c.condition,
          actual: conditionText(c.condition, c.actual),
          expected: conditionText(c.condition, c.expected),
          met: c.met,
        })),
      ),
      levels: rules.levels.map((l) => {
        const parsed = l.level > 0 ? rules.vip?.levels[l.level - 1] : undefined;
        const listed = (
          c: Readonly<Partial<Record<VipConditionKey, bigint>>> | undefined,
          raw: object | undefined,
        ) =>
          byCondition(
            c
              ? (Object.entries(c) as [VipConditionKey, bigint][]).map(([condition, v]) => ({
                  condition,
                  expected: conditionText(condition, v),
                }))
              : entries(raw),
          );
        return {
          level: l.level,
          name: l.name,
          upgradeBonus: minorToDecimal(parsed?.upgradeBonusMinor ?? 0n),
          upgrade: listed(parsed?.upgrade, l.upgrade),
          keep: listed(parsed?.keep, l.keep),
          rebateRates: GAME_TYPES.flatMap((category) => {
            const rate = l.rebateRates[category];
            return rate === undefined ? [] : [{ category, rate }];
          }),
          benefits: l.benefits ? pickLanguage(l.benefits, language) : '',
        };
      }),
    };
  }

  /** The rebate page: accrued since the last claim per category (4 decimals) and what a claim pays. */
  async rebateInfo(merchant: MerchantState, memberId: number): Promise<RebateInfo> {
    await this.catchUp(merchant, memberId);
    const rules = loyaltyRulesOf(merchant);
    const m = await loyaltyMember(this.db, merchant.code, memberId, 0, false);
    const open = await openAccruals(this.db, merchant.code, memberId);
    let balance: RebateBalance = { ...NO_REBATE, carried: m.carried };
    for (const c of open) balance = addRebate(balance, c.category, c.accrued);
    const total = rebateTotal(balance);
    return {
      level: m.vipLevel,
      levelName: levelName(rules, m.vipLevel),
      autoPay: rules.autoPay,
      categories: open.map((c) => ({
        category: c.category as RebateInfo['categories'][number]['category'],
        validBet: minorToDecimal(c.validBetMinor),
        rate:
          rebateRate(rules, m.vipLevel, c.category as RebateInfo['categories'][number]['category']) ?? '0',
        amount: rebateText(c.accrued),
      })),
      carried: rebateText(m.carried),
      total: rebateText(total),
      claimable: minorToDecimal(claimRebate(balance, MONEY_SCALE).paidMinor),
    };
  }

  /**
   * Pays everything accrued (rounded down to the minor unit, the rest carried) in one transfer.
   * The member's row is locked first, so claims at once pay once: the others find nothing.
   */
  async claim(merchant: MerchantState, memberId: number, mode: 'manual' | 'auto'): Promise<RebateClaim> {
    await this.accrue(merchant, { memberId });
    const { ledger, clock } = this.deps;
    const row = await ledger.run(async (tx) => {
      const nowMs = clock.now();
      const m = await loyaltyMember(tx, merchant.code, memberId, nowMs, true);
      const seq = m.claims + 1;
      const claimId = await insertClaim(tx, { merchant: merchant.code, memberId, seq, mode, nowMs });
      let balance: RebateBalance = { ...NO_REBATE, carried: m.carried };
      for (const a of await takeAccruals(tx, merchant.code, memberId, claimId))
        balance = addRebate(balance, a.category ?? '', a.accrued);
      const total = rebateTotal(balance);
      const paid = claimRebate(balance, MONEY_SCALE);
      // Nothing reaches a minor unit: the claim and its marks roll back, the accruals stay open.
      if (paid.paidMinor === 0n) throw new AppError('loyalty.rebate.nothing');
      const transfer = await ledger.transfer(tx, {
        merchant: merchant.code,
        from: systemAccount(HOUSE_REBATE),
        to: memberAccount(memberId, 'MAIN'),
        amountMinor: paid.paidMinor,
        kind: TX_TYPE.rebate,
        idempotencyKey: rebateClaimKey(memberId, seq),
        memo: `rebate claim ${seq}${mode === 'auto' ? ' (daily payout)' : ''}`,
        actor: mode === 'auto' ? 'loyalty' : `member:${memberId}`,
      });
      const done = { accrued: total, paid: paid.paidMinor, carried: paid.balance.carried };
      await completeClaim(tx, claimId, { ...done, transferId: transfer.transferId });
      await updateLoyaltyMember(tx, merchant.code, memberId, { carried: done.carried, claims: seq }, nowMs);
      return { id: claimId, mode, ...done, transferId: transfer.transferId, createdAtMs: nowMs };
    });
    return claimView(row);
  }

  async claims(merchant: MerchantState, memberId: number, page: number, size: number) {
    const { rows, total } = await claimsPage(this.db, merchant.code, memberId, {
      limit: size,
      offset: (page - 1) * size,
    });
    return {
      content: rows.map(claimView),
      pageNum: page,
      totalPages: Math.ceil(total / size),
      total,
    };
  }
}

export const claimView = (r: ClaimRow): RebateClaim => ({
  id: r.id,
  mode: r.mode,
  accrued: rebateText(r.accrued),
  paid: minorToDecimal(r.paid),
  carried: rebateText(r.carried),
  transferId: r.transferId,
  createdAt: r.createdAtMs,
});
