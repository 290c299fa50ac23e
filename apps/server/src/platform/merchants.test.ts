import { type MerchantConfig, merchantConfigSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { merchants } from '../db/schema.ts';
import {
  createTestApp,
  createTestDb,
  DEMO_MERCHANT,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
  type TestDb,
  testConfig,
} from '../testing/app.ts';
import { type Database, openDatabase } from './db.ts';
import { MerchantStore } from './merchants.ts';

// Two processes on one PostgreSQL: an operator change made through one reaches the other
// through LISTEN/NOTIFY, long before the cache's safety expiry.
describe.runIf(process.env.TEST_DATABASE_URL)('merchant changes across processes', () => {
  let a: TestApp;
  let b: App;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema: a.db.schema, poolSize: 3 });
    b = await buildApp({
      config: testConfig(),
      database: db,
      opsToken: OPS_TOKEN,
      serveWeb: false,
      logger: false,
    });
    closeB = async () => {
      await b.close();
      await db.close();
    };
  });
  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const statusOn = async (app: App) =>
    (await app.inject({ method: 'GET', url: routes.systemStatus.path, headers: siteHeaders() })).json().value
      .status;

  it('shows maintenance on the other process at once', async () => {
    expect(await statusOn(b)).toBe(0);
    await opsCommand(a.app, { command: 'maintenance', on: true });
    await expect.poll(() => statusOn(b), { timeout: 2_000, interval: 50 }).toBe(1);
    await opsCommand(a.app, { command: 'maintenance', on: false });
    await expect.poll(() => statusOn(b), { timeout: 2_000, interval: 50 }).toBe(0);
  });

  const whitelabelOn = async (app: App) =>
    (await app.inject({ method: 'GET', url: routes.whitelabel.path, headers: siteHeaders() })).json().value;

  it('sends the changed configuration in the pre-serialised whitelabel reply of the other process', async () => {
    const before = await whitelabelOn(b);
    expect(before.info.analyticsId).not.toBe('G-CHANGED1');
    // Served again from the other process's cache: the same reply.
    expect(await whitelabelOn(b)).toEqual(before);
    const config = structuredClone((await a.app.merchants.get('AURUM'))!.config);
    await a.app.ops.run('AURUM', { command: 'reload-config' }, 'test', {
      ...config,
      analyticsId: 'G-CHANGED1',
    });
    await expect
      .poll(async () => (await whitelabelOn(b)).info.analyticsId, { timeout: 2_000, interval: 50 })
      .toBe('G-CHANGED1');
    await a.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    await expect
      .poll(async () => (await whitelabelOn(b)).info.analyticsId, { timeout: 2_000, interval: 50 })
      .toBe(before.info.analyticsId);
  });
});

describe('merchant store', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db?.drop());

  /** The store over a database whose merchant reads are counted. */
  function countedStore(now: () => number) {
    let reads = 0;
    const counted: Database = {
      ...db.database,
      db: new Proxy(db.database.db, {
        get(target, key, receiver) {
          if (key === 'select') reads++;
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    return { store: new MerchantStore(counted, now), reads: () => reads };
  }

  it('serves the requests that find an entry expired together from one read and one state', async () => {
    let now = 0;
    const { store, reads } = countedStore(() => now);
    const first = await store.get(DEMO_MERCHANT);
    expect(reads()).toBe(1);
    now += 60_000;
    const states = await Promise.all(Array.from({ length: 20 }, () => store.get(DEMO_MERCHANT)));
    expect(reads()).toBe(2);
    expect(new Set(states).size).toBe(1);
    // The row's version has not changed: the state (and what was derived from it) is kept.
    expect(states[0]).toBe(first);
    expect(states[0]?.code).toBe(DEMO_MERCHANT);
  });

  it('does not keep an answer read before a change was told', async () => {
    const { store, reads } = countedStore(() => 0);
    const during = store.get(DEMO_MERCHANT);
    await store.changed(DEMO_MERCHANT);
    await during;
    await store.get(DEMO_MERCHANT);
    expect(reads()).toBe(2);
  });

  it('reads a merchant stored by an earlier version with the defaults of the sections added since', async () => {
    const { store } = countedStore(() => 0);
    const stored = (await store.get(DEMO_MERCHANT))!.config;
    const { loyalty: _, contracts: __, ...older } = stored;
    await db.database.db.insert(merchants).values({
      code: 'OLDER',
      config: { ...older, brand: { ...older.brand, merchant: 'OLDER' } } as MerchantConfig,
    });
    const read = (await store.get('OLDER'))!.config;
    expect(read.loyalty).toEqual(merchantConfigSchema.parse({ ...older }).loyalty);
    expect(read.loyalty?.vip.levels.length).toBeGreaterThan(0);
    expect(read.contracts).toBeDefined();
    expect(read.games).toEqual(stored.games);
  });
});
