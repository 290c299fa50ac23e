import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type AppConfig, loadConfig, REPO_ROOT } from '../platform/config.ts';
import { type Database, migrate, openDatabase } from '../platform/db.ts';
import { readMerchantConfig } from '../platform/merchant-config.ts';
import { ensureMerchant } from '../platform/merchants.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (it is in CI). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const DEMO_MERCHANT = 'AURUM';
export const OPS_TOKEN = 'test-ops-token-0123456789abcdef';

export interface TestDb {
  database: Database;
  /** The PostgreSQL schema, for a second process on the same data. */
  schema?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database with the demo merchant: in memory, or a schema of its own. */
export async function createTestDb(engine: Engine): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = engine === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ url: engine === 'postgres' ? url : undefined, schema, poolSize: 5 });
  await migrate(database);
  await ensureMerchant(database, await readMerchantConfig(path.join(REPO_ROOT, 'config')));
  return {
    database,
    schema,
    drop: async () => {
      await database.close();
      if (schema && url) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      }
    },
  };
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', OPS_TOKEN, ...overrides });
}

export interface TestApp {
  app: App;
  db: TestDb;
  close(): Promise<void>;
}

export async function createTestApp(engine: Engine, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const db = await createTestDb(engine);
  const app = await buildApp({
    config: testConfig(env),
    database: db.database,
    opsToken: OPS_TOKEN,
    serveWeb: false,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** The headers the web client sends. */
export const siteHeaders = (extra: Record<string, string> = {}) => ({
  merchant: DEMO_MERCHANT,
  language: 'EN',
  device: 'web',
  'x-gateway-version': '3',
  ...extra,
});

/** Runs an operator command through the operator endpoint, as the CLI does. */
export async function opsCommand(app: App, args: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/ops/command',
    headers: { 'x-ops-token': OPS_TOKEN },
    payload: { merchant: DEMO_MERCHANT, actor: 'test', args },
    remoteAddress: '127.0.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`ops failed: ${res.body}`);
  return res.json().value;
}
