import { type PGlite, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, Db } from './db.ts';

/** The database or one of its transactions (drizzle): where the caller wants the SQL to run. */
export type Queryable = Pick<Db, '_'>;

/** Runs statements on one Queryable. `name` makes a statement prepared (one name, one text). */
export interface Sql {
  rows<T>(text: string, params: unknown[], name?: string): Promise<T[]>;
}

/**
 * The ledger's hand-written SQL runs as named prepared statements: the plan of a statement is
 * made once per connection instead of on every call, which is most of the cost of a transfer.
 * On PostgreSQL that is node-postgres's named statements (through drizzle's session); on PGlite,
 * whose query() parses, describes, binds and executes in separate calls into WebAssembly, it is
 * one bind-describe-execute-sync message to a statement parsed once.
 */
export class SqlRunner {
  private readonly pglite: PGlite | null;

  constructor(private readonly database: Database) {
    this.pglite =
      database.kind === 'pglite' ? ((database.db as unknown as { $client: PGlite }).$client ?? null) : null;
  }

  on(q: Queryable): Sql {
    return {
      rows: <T>(text: string, params: unknown[], name?: string) =>
        name && this.pglite
          ? this.pgliteRows<T>(this.pglite, q, text, params, name)
          : queryRows<T>(q, text, params, name),
    };
  }

  private async pgliteRows<T>(pg: PGlite, q: Queryable, text: string, params: unknown[], name: string) {
    const atRoot = q === (this.database.db as Queryable);
    const run = () =>
      pg._runExclusiveQuery(async () => {
        await parseOnce(pg, name, text);
        const { messages } = await pg.execProtocol(
          concat([
            serialize.bind({ statement: name, values: params.map(toText) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return rowsOf<T>(messages);
      });
    if (!atRoot) return run();
    // Outside a transaction the statement commits on its own: wait for any open transaction,
    // and make the commit durable as PGlite's own query() does.
    return pg._runExclusiveTransaction(async () => {
      const rows = await run();
      await pg.syncToFs();
      return rows;
    });
  }
}

const { serialize } = protocol;

/** Statement names parsed in each PGlite session (prepared statements outlive transactions). */
const parsedStatements = new WeakMap<PGlite, Set<string>>();

async function parseOnce(pg: PGlite, name: string, text: string) {
  let parsed = parsedStatements.get(pg);
  if (!parsed) {
    parsed = new Set();
    parsedStatements.set(pg, parsed);
  }
  if (parsed.has(name)) return;
  try {
    await pg.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]), { syncToFs: false });
  } catch (e) {
    if (sqlState(e) !== '42P05') throw e; // already prepared in this session
  }
  parsed.add(name);
}

/** Dates, timestamps and intervals stay PostgreSQL's text, as drizzle's sessions read them. */
const TEXT_TYPES = new Set([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format),
} as pg.CustomTypesConfig;

/**
 * Runs one statement: on PostgreSQL straight on the session's node-postgres pool or client (a
 * prepared-query object and its tracing per call cost more than the hot statements' own work),
 * on PGlite through drizzle's session.
 */
export async function queryRows<T>(
  q: Queryable,
  text: string,
  params: unknown[],
  name?: string,
): Promise<T[]> {
  const client = (q._.session as { client?: unknown }).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params, types: pgTypes });
    return result.rows;
  }
  const prepared = q._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

interface ProtocolMessage {
  name: string;
  fields?: ({ name: string } | string | null)[];
}

/** Rows of a bind-describe-execute reply, every value as PostgreSQL's text (or null). */
function rowsOf<T>(messages: ProtocolMessage[]): T[] {
  let names: string[] = [];
  const rows: T[] = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') names = (m.fields as { name: string }[]).map((f) => f.name);
    else if (m.name === 'dataRow') {
      const values = m.fields as (string | null)[];
      rows.push(Object.fromEntries(names.map((n, i) => [n, values[i] ?? null])) as T);
    }
  }
  return rows;
}

/** int8 arrives as a string (node-postgres, PGlite prepared) or a number or bigint (PGlite query). */
export function big(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  throw new Error(`not an integer: ${String(value)}`);
}

/** An id column (bigserial) as a number: ids stay far below 2^53. */
export const id = (value: unknown): number => Number(value);

/** Booleans arrive as true/false or, from a PGlite prepared statement, as 't'/'f'. */
export const bool = (value: unknown): boolean => value === true || value === 't';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error under drizzle's wrapper(s), if any. */
function pgError(e: unknown): PgErrorFields | null {
  let current: unknown = e;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

/** The SQLSTATE of a database error (e.g. 23505), or null for anything else. */
export function sqlState(e: unknown): string | null {
  return (pgError(e)?.code as string | undefined) ?? null;
}

/** The constraint a database error names, if any. */
export function constraintOf(e: unknown): string | null {
  const c = pgError(e)?.constraint;
  return typeof c === 'string' ? c : null;
}

/** The table a database error names, if any. */
export function tableOf(e: unknown): string | null {
  const t = pgError(e)?.table;
  return typeof t === 'string' ? t : null;
}

/** Serialization failures and deadlocks: the transaction did nothing and may simply run again. */
export const isTransient = (e: unknown) => {
  const state = sqlState(e);
  return state === '40001' || state === '40P01';
};
