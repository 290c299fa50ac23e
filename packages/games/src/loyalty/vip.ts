/**
 * VIP ranks (issue 16): levels with upgrade conditions over the member's deposits and turnover,
 * met all together (AND) or any one (OR) as the merchant chooses; keep conditions checked each
 * month (one level down when not met); an upgrade bonus per level reached, each once, also for
 * the levels a member skips. Amounts are minor units; `depositCount` is a count.
 */
import { toMinor } from '../decimal.ts';
import { nonNegative, refuse } from './rules.ts';

export const VIP_CONDITIONS = [
  'totalDeposit',
  'monthlyDeposit',
  'depositCount',
  'totalBet',
  'monthlyBet',
] as const;
export type VipCondition = (typeof VIP_CONDITIONS)[number];
export type VipConditions = Readonly<Partial<Record<VipCondition, bigint>>>;
/** The member's figures the conditions read (this month's for the monthly ones). */
export type VipStats = Readonly<Record<VipCondition, bigint>>;

export type VipMode = 'AND' | 'OR';

export interface VipLevel {
  readonly level: number;
  readonly name: string;
  readonly upgrade: VipConditions;
  /** Checked on the month's figures at each month's end; none: the level is kept. */
  readonly keep: VipConditions;
  readonly upgradeBonusMinor: bigint;
}

export interface VipRules {
  readonly mode: VipMode;
  /** Level 1 upwards, in order; level 0 is every member's start and has no conditions. */
  readonly levels: readonly VipLevel[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseConditions(raw: unknown, where: string, decimals: number): VipConditions {
  if (raw === undefined) return {};
  if (!isObject(raw)) return refuse(`${where} must be an object`);
  const out: Partial<Record<VipCondition, bigint>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(VIP_CONDITIONS as readonly string[]).includes(key)) refuse(`${where}: unknown condition ${key}`);
    if (typeof value !== 'string') return refuse(`${where}.${key} must be a decimal string`);
    try {
      out[key as VipCondition] = key === 'depositCount' ? BigInt(value) : toMinor(value, decimals);
    } catch {
      refuse(`${where}.${key}: ${value} is not ${key === 'depositCount' ? 'a count' : 'an amount'}`);
    }
    nonNegative(out[key as VipCondition]!, `${where}.${key}`);
  }
  return out;
}

/** The merchant's VIP configuration (amounts as decimal strings) checked and read. */
export function parseVipRules(raw: unknown, currencyDecimals: number): VipRules {
  if (!isObject(raw)) return refuse('the VIP rules must be an object');
  const mode = raw.mode;
  if (mode !== 'AND' && mode !== 'OR') return refuse('the VIP mode is AND or OR');
  if (!Array.isArray(raw.levels) || raw.levels.length === 0) return refuse('the VIP rules need levels');
  const levels = raw.levels.map((l: unknown, i): VipLevel => {
    const where = `levels[${i}]`;
    if (!isObject(l)) return refuse(`${where} must be an object`);
    if (l.level !== i + 1) refuse(`${where}.level must be ${i + 1}: levels go up one at a time from 1`);
    if (typeof l.name !== 'string' || l.name === '') refuse(`${where}.name is required`);
    const upgrade = parseConditions(l.upgrade, `${where}.upgrade`, currencyDecimals);
    if (Object.keys(upgrade).length === 0) refuse(`${where}.upgrade needs at least one condition`);
    let bonus = 0n;
    if (l.upgradeBonus !== undefined) {
      try {
        bonus = toMinor(String(l.upgradeBonus), currencyDecimals);
      } catch {
        refuse(`${where}.upgradeBonus is not an amount`);
      }
    }
    return {
      level: i + 1,
      name: l.name as string,
      upgrade,
      keep: parseConditions(l.keep, `${where}.keep`, currencyDecimals),
      upgradeBonusMinor: bonus,
    };
  });
  return { mode, levels };
}

/** Whether `stats` meet `conditions` under the merchant's mode (no conditions: met). */
export function meetsConditions(conditions: VipConditions, stats: VipStats, mode: VipMode): boolean {
  const entries = Object.entries(conditions) as [VipCondition, bigint][];
  if (entries.length === 0) return true;
  const met = ([key, min]: [VipCondition, bigint]) => stats[key] >= min;
  return mode === 'AND' ? entries.every(met) : entries.some(met);
}

/** The highest level whose upgrade conditions the figures meet (0 when none). */
export function qualifyingLevel(rules: VipRules, stats: VipStats): number {
  let best = 0;
  for (const l of rules.levels) if (meetsConditions(l.upgrade, stats, rules.mode)) best = l.level;
  return best;
}

export interface VipUpgrade {
  readonly level: number;
  /** The upgrade bonuses now due: each level above the old one up to the new, not granted before. */
  readonly bonuses: readonly { readonly level: number; readonly amountMinor: bigint }[];
}

/**
 * The member's level after its figures changed: never lower than now (only the monthly keep check
 * lowers a level). `granted` lists the levels whose bonus was already paid, so a level reached
 * again after a drop pays nothing twice.
 */
export function upgradeVip(
  rules: VipRules,
  current: number,
  stats: VipStats,
  granted: readonly number[],
): VipUpgrade {
  const level = Math.max(current, qualifyingLevel(rules, stats));
  const bonuses = rules.levels
    .filter((l) => l.level > current && l.level <= level && !granted.includes(l.level))
    .filter((l) => l.upgradeBonusMinor > 0n)
    .map((l) => ({ level: l.level, amountMinor: l.upgradeBonusMinor }));
  return { level, bonuses };
}

/** The month-end check: one level down when the month's figures miss the level's keep conditions. */
export function keepVip(rules: VipRules, current: number, monthStats: VipStats): number {
  const level = rules.levels[current - 1];
  if (!level) return 0;
  return meetsConditions(level.keep, monthStats, rules.mode) ? current : current - 1;
}

export interface VipProgress {
  readonly next: VipLevel | null;
  readonly conditions: readonly {
    readonly condition: VipCondition;
    readonly actual: bigint;
    readonly expected: bigint;
    readonly met: boolean;
  }[];
}

/** The `playerRank` page's progress: each condition of the next level, actual against expected. */
export function vipProgress(rules: VipRules, current: number, stats: VipStats): VipProgress {
  const next = rules.levels[current] ?? null;
  if (!next) return { next: null, conditions: [] };
  const conditions = (Object.entries(next.upgrade) as [VipCondition, bigint][]).map(
    ([condition, expected]) => ({
      condition,
      actual: stats[condition],
      expected,
      met: stats[condition] >= expected,
    }),
  );
  return { next, conditions };
}
