import { type GameType, MONEY_SCALE, type VipLevelConfig } from '@aurum/contract';
import { parseVipRules, type VipRules } from '@aurum/games';
import type { MerchantState } from '../../platform/merchants.ts';
import { categoryOf } from '../games/index.ts';

/**
 * The merchant's loyalty rules as the module uses them, read once per configuration (a
 * MerchantState is replaced when the configuration changes): the engine's VIP rules (levels 1
 * up; null when the merchant has no level above VIP0), every level's terms and rebate rates.
 */
export interface LoyaltyRules {
  vip: VipRules | null;
  mode: 'AND' | 'OR';
  /** Level 0 upwards. */
  levels: readonly VipLevelConfig[];
  autoPay: boolean;
}

const cache = new WeakMap<MerchantState, LoyaltyRules>();

export function loyaltyRulesOf(merchant: MerchantState): LoyaltyRules {
  let rules = cache.get(merchant);
  if (!rules) {
    // A merchant stored before loyalty existed reads the schema's defaults (VIP0 only): the
    // merchant store parses every stored configuration with the current schema.
    const { vip, rebate } = merchant.config.loyalty;
    rules = {
      mode: vip.mode,
      vip:
        vip.levels.length > 1
          ? parseVipRules({ mode: vip.mode, levels: vip.levels.slice(1) }, MONEY_SCALE)
          : null,
      levels: vip.levels,
      autoPay: rebate.autoPay,
    };
    cache.set(merchant, rules);
  }
  return rules;
}

/** A level's name ("VIP3"); a level no longer configured keeps a plain name. */
export const levelName = (rules: LoyaltyRules, level: number): string =>
  rules.levels[level]?.name ?? `VIP${level}`;

/** The rebate rate of a category at a level, or null (no rebate). */
export const rebateRate = (rules: LoyaltyRules, level: number, category: GameType | null): string | null => {
  if (category === null) return null;
  const levels = rules.levels;
  const terms = levels[Math.min(level, levels.length - 1)];
  return terms?.rebateRates[category] ?? null;
};

/**
 * The category a round's vendor counts under for rebates: the vendor's own game type, with
 * esports and cockfight split out as the site lists them (in-house games keep their own type:
 * the in-house live tables are LIVE). null when the merchant no longer lists the vendor.
 */
export function rebateCategory(merchant: MerchantState, vendor: string): GameType | null {
  const v = merchant.config.vendors.find((x) => x.vassalage === vendor);
  if (!v) return null;
  const c = categoryOf(merchant.config, v.vassalage, v.gameType);
  return c === 'INHOUSE' ? v.gameType : c;
}
