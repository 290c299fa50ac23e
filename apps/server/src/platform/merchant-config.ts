import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type MerchantConfig, merchantConfigSchema } from '@aurum/contract';

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
    ...site,
  });
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`The merchant configuration in ${dir} is not valid:\n  ${list.join('\n  ')}`);
  }
  return parsed.data;
}
