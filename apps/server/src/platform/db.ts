import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from '../db/schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The minimum raw access migrations and listeners need, the same on both engines. */
interface RawTx {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn in one transaction on one connection with raw SQL (multi-statement allowed). */
  rawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Signs the head of the operator audit chain (platform/audit.ts). */
  auditKey: Buffer;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite's data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL only: a schema of its own (created when missing), as tests use. */
  schema?: string | undefined;
  poolSize?: number;
  /**
   * The key that signs the audit chain's head: the server derives it from its secrets key, so
   * it survives restarts and is the same in every process; without it, a random one (tests).
   */
  auditKey?: Buffer | undefined;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.url ? await openPostgres(opts.url, opts) : await openPglite(opts.dataDir);
  return { ...database, auditKey: opts.auditKey ?? randomBytes(32) };
}

async function openPglite(dataDir: string | undefined): Promise<Omit<Database, 'auditKey'>> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          rows: async <T>(sql: string, params?: unknown[]) =>
            (await tx.query<T>(sql, params as unknown[])).rows,
        }),
      ),
    listen: async (channel, handler) => {
      const unsub = await client.listen(channel, handler);
      return async () => unsub();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function openPostgres(url: string, opts: DatabaseOptions): Promise<Omit<Database, 'auditKey'>> {
  let options: string | undefined;
  if (opts.schema) {
    if (!SCHEMA_NAME.test(opts.schema)) throw new Error(`bad schema name ${opts.schema}`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    await admin.end();
    options = `-c search_path=${opts.schema}`;
  }
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 20, options });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Keyed by the channel's name on the server: a schema of its own (tests running side by side
  // on one database, or two deployments sharing one) has channels of its own too.
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const scope = opts.schema ? `_s${createHash('sha256').update(opts.schema).digest('hex').slice(0, 16)}` : '';
  const onServer = (channel: string) => `${channel}${scope}`;
  let listenClient: pg.Client | null = null;

  const connectListener = async (): Promise<pg.Client> => {
    if (listenClient) return listenClient;
    const c = new pg.Client({ connectionString: url, options });
    c.on('notification', (msg) => {
      for (const h of listeners.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    c.on('error', () => {
      // The connection broke: forget it and re-listen on every channel shortly.
      listenClient = null;
      setTimeout(() => {
        connectListener()
          .then(async (fresh) => {
            for (const ch of listeners.keys()) await fresh.query(`LISTEN "${ch}"`);
          })
          .catch(() => undefined);
      }, 1000).unref();
    });
    await c.connect();
    listenClient = c;
    return c;
  };

  return {
    kind: 'postgres',
    db,
    rawTransaction: async (fn) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const result = await fn({
          exec: async (sql) => {
            await c.query(sql);
          },
          rows: async <T>(sql: string, params?: unknown[]) =>
            (await c.query(sql, params as unknown[])).rows as T[],
        });
        await c.query('COMMIT');
        return result;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    listen: async (channel, handler) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
      const c = await connectListener();
      const name = onServer(channel);
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
        await c.query(`LISTEN "${name}"`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [onServer(channel), payload]);
    },
    close: async () => {
      await listenClient?.end().catch(() => undefined);
      listenClient = null;
      await pool.end();
    },
  };
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');
/** Any constant: serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 7_270_001;

/** Applies every migration not yet applied, in name order, under an advisory lock. */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return database.rawTransaction(async (tx) => {
    await tx.rows('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.rows<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.rows('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
