import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { seedDemoAccounts } from './modules/accounts/index.ts';
import { auditKeyOf, signCarriedHeads } from './platform/audit.ts';
import type { AppConfig } from './platform/config.ts';
import { type Database, migrate, openDatabase } from './platform/db.ts';
import { readMerchantConfig } from './platform/merchant-config.ts';
import { ensureMerchant } from './platform/merchants.ts';
import { ensureSecretsKey } from './platform/secret-file.ts';

/** Opens the configured database, migrates it and loads the demo merchant on first start. */
export async function openAppDatabase(
  config: AppConfig,
  log: (msg: string) => void = () => undefined,
): Promise<Database> {
  await mkdir(config.DATA_DIR, { recursive: true });
  const secretsKey = await ensureSecretsKey(config.DATA_DIR, config.SECRETS_KEY);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    auditKey: auditKeyOf(secretsKey),
  });
  const applied = await migrate(database);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  if (await signCarriedHeads(database)) log('signed the audit chain carried over from before it was chained');
  const merchantConfig = await readMerchantConfig(config.CONFIG_DIR);
  if (await ensureMerchant(database, merchantConfig)) {
    log(`loaded merchant ${merchantConfig.brand.merchant} from ${config.CONFIG_DIR}`);
  }
  const seeded = await seedDemoAccounts(database, config.CONFIG_DIR, merchantConfig);
  if (seeded.length) log(`created demo accounts: ${seeded.join(', ')}`);
  return database;
}
