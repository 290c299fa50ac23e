import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MerchantConfig } from '@aurum/contract';
import { CompactEncrypt, type CompactJWEHeaderParameters, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { type App, type AppDeps, buildApp } from '../app.ts';
import { seedDemoAccounts } from '../modules/accounts/index.ts';
import type { Clock } from '../platform/clock.ts';
import { type AppConfig, loadConfig, REPO_ROOT } from '../platform/config.ts';
import { type Database, migrate, openDatabase } from '../platform/db.ts';
import { readMerchantConfig } from '../platform/merchant-config.ts';
import { ensureMerchant } from '../platform/merchants.ts';
import { listOutbox } from '../platform/outbox.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (it is in CI). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const DEMO_MERCHANT = 'AURUM';
export const OPS_TOKEN = 'test-ops-token-0123456789abcdef';
/** The tests' secrets key (never the data folder's): 32 bytes as base64url. */
export const SECRETS_KEY = 'dGVzdC1zZWNyZXRzLWtleS0wMTIzNDU2Nzg5YWJjZGU';

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
  const configDir = path.join(REPO_ROOT, 'config');
  const merchantConfig = await readMerchantConfig(configDir);
  await ensureMerchant(database, merchantConfig);
  await seedDemoAccounts(database, configDir, merchantConfig);
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

/** Uploads of every test app of this process: a fresh folder, never the repository's data/. */
const TEST_UPLOADS = path.join(
  tmpdir(),
  `aurum-test-uploads-${process.pid}-${randomBytes(4).toString('hex')}`,
);

export function testConfig(overrides: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', OPS_TOKEN, SECRETS_KEY, UPLOAD_DIR: TEST_UPLOADS, ...overrides });
}

export interface TestApp {
  app: App;
  db: TestDb;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  captchaText?: () => string;
  /** Where the sandbox payment gateway's webhooks go (e.g. into the app's inject). */
  webhookTransport?: AppDeps['webhookTransport'];
  /** Where in-house game outcomes come from (a fixed source, to know an outcome). */
  gameWords?: AppDeps['gameWords'];
}

export async function createTestApp(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const db = await createTestDb(engine);
  const app = await buildApp({
    config: testConfig(env),
    database: db.database,
    opsToken: OPS_TOKEN,
    serveWeb: false,
    logger: false,
    ...options,
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

let ipCounter = 0;
/** A client address no other test uses, so per-client limits of one test never hit another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The replay stamp of an E body: `ts` (server time, epoch ms) and a 128-bit random `jti`. */
export interface JweStamp {
  ts?: unknown;
  jti?: unknown;
}

/**
 * A compact JWE of `payload` for an E call, made with the key the server publishes and stamped
 * as the web client does: `ts` is the server time the key reply gives, `jti` fresh. `stamp`
 * overrides either (or drops it, with undefined), for the tests of the stamp checks.
 */
export async function encryptFor(app: App, payload: unknown, stamp: JweStamp = {}): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/wps/session/key',
    headers: siteHeaders(),
    remoteAddress: nextIp(),
  });
  const { kid, jwk, serverTime } = res.json().value;
  return sealFor({ kid, jwk }, payload, {
    ts: serverTime,
    jti: randomBytes(16).toString('base64url'),
    ...stamp,
  });
}

/** A compact JWE of `payload` made with a published key, with the given protected header fields. */
export async function sealFor(
  published: { kid: string; jwk: JWK },
  payload: unknown,
  stamp: JweStamp,
): Promise<string> {
  const key = await importJWK(published.jwk, 'RSA-OAEP-256');
  const header = { alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: published.kid, ...stamp };
  for (const k of Object.keys(header) as (keyof typeof header)[])
    if (header[k] === undefined) delete header[k];
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header as CompactJWEHeaderParameters)
    .encrypt(key);
}

export interface CallOptions {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls an E route with its body encrypted, as the web client does. */
export async function callEncrypted(
  app: App,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  opts: CallOptions = {},
) {
  const headers = siteHeaders({ ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers });
  return app.inject({
    method,
    url,
    headers,
    payload: { value: await encryptFor(app, payload) },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

/** Signs in by username and password; returns the login value (throws on failure). */
export async function loginAs(
  app: App,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
) {
  const res = await callEncrypted(app, 'POST', '/wps/session/login', {
    type: 'username',
    username,
    password,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().value as {
    token: string;
    id: number;
    forceChangePassword: boolean;
    [k: string]: unknown;
  };
}

/** The newest six-digit code the outbox holds for a number or address. */
export async function lastCodeSent(t: TestApp, to: string): Promise<string> {
  const [message] = await listOutbox(t.db.database, DEMO_MERCHANT, { to, limit: 1 });
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export const DEMO_MEMBER = { account: 'demo', password: 'Demo1234', mobile: '+639171234567' };
export const DEMO_AGENT = { account: 'agent01', password: 'Agent1234', affiliateCode: 'AGENT01' };

/** Changes the demo merchant's configuration the way `npm run ops -- reload-config` does. */
export async function setMerchantConfig(app: App, change: (c: MerchantConfig) => void): Promise<void> {
  const config: MerchantConfig = structuredClone((await app.merchants.get(DEMO_MERCHANT))!.config);
  change(config);
  await app.ops.run(DEMO_MERCHANT, { command: 'reload-config' }, 'test', config);
}

/** Switches a whitelabel flag of the demo merchant on or off. */
export function setFeature(app: App, modId: string, on: boolean): Promise<void> {
  return setMerchantConfig(app, (c) => {
    const walk = (nodes: MerchantConfig['features']) => {
      for (const n of nodes) {
        if (n.modId === modId) n.enabled = on ? '1' : '0';
        walk(n.childrenNodes);
      }
    };
    walk(c.features);
  });
}
