import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type MerchantConfig, MONEY_SCALE, merchantConfigSchema } from '@aurum/contract';
import { LoyaltyRuleError, parseMissionRules, parseVipRules } from '@aurum/games';

const FILES = ['brand', 'features', 'resources', 'site', 'vendors'] as const;
const OPTIONAL_FILES = [
  'accounts',
  'cashier',
  'games',
  'content',
  'promotions',
  'support',
  'contracts',
  'lottery',
  'loyalty',
] as const;

/** Reads a merchant's configuration folder (config/ for the demo) and validates it whole. */
export async function readMerchantConfig(dir: string): Promise<MerchantConfig> {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of FILES) {
    const file = path.join(dir, `${name}.json`);
    try {
      raw[name] = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      problems.push(`${file}: ${(e as Error).message}`);
    }
  }
  // Optional files: a merchant without them gets the defaults of the schema.
  for (const name of OPTIONAL_FILES) {
    const file = path.join(dir, `${name}.json`);
    try {
      raw[name] = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`${file}: ${(e as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`Cannot read the merchant configuration:\n  ${problems.join('\n  ')}`);
  const site = (raw.site ?? {}) as Record<string, unknown>;
  const parsed = merchantConfigSchema.safeParse({
    brand: raw.brand,
    features: raw.features,
    resources: raw.resources,
    vendors: raw.vendors,
    accounts: raw.accounts,
    cashier: raw.cashier,
    games: raw.games,
    content: raw.content,
    promotions: raw.promotions,
    support: raw.support,
    contracts: raw.contracts,
    lottery: raw.lottery,
    loyalty: raw.loyalty,
    ...site,
  });
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`The merchant configuration in ${dir} is not valid:\n  ${list.join('\n  ')}`);
  }
  const loyalty = loyaltyProblem(parsed.data);
  if (loyalty)
    throw new Error(`The merchant configuration in ${dir} is not valid:\n  loyalty.vip: ${loyalty}`);
  const missions = missionsProblem(parsed.data);
  if (missions)
    throw new Error(`The merchant configuration in ${dir} is not valid:\n  loyalty.missions: ${missions}`);
  return parsed.data;
}

/**
 * What the VIP rules engine refuses in the merchant's levels (levels 1 up: level 0 is every
 * member's start and has no conditions), or null when they apply.
 */
export function loyaltyProblem(config: MerchantConfig): string | null {
  if (!config.loyalty) return null;
  const { mode, levels } = config.loyalty.vip;
  if (levels.length < 2) return null;
  if (levels[0]?.upgrade !== undefined) return 'level 0 has no upgrade conditions';
  try {
    parseVipRules({ mode, levels: levels.slice(1) }, MONEY_SCALE);
    return null;
  } catch (e) {
    if (e instanceof LoyaltyRuleError) return e.message;
    throw e;
  }
}

/** What the missions engine refuses in the merchant's missions, or null when they apply. */
export function missionsProblem(config: MerchantConfig): string | null {
  for (const m of config.loyalty?.missions ?? []) {
    try {
      parseMissionRules(m, MONEY_SCALE);
    } catch (e) {
      if (e instanceof LoyaltyRuleError) return `${m.id}: ${e.message}`;
      throw e;
    }
  }
  return null;
}
