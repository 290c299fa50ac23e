import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('notifications on PostgreSQL', () => {
  const schemas = [`t_${randomBytes(6).toString('hex')}`, `t_${randomBytes(6).toString('hex')}`];
  const opened: Database[] = [];
  const open = async (schema: string) => {
    const database = await openDatabase({ url, schema, poolSize: 2 });
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const d of opened) await d.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await c.end();
  });

  it('reach the processes of the same schema only', async () => {
    const [a1, a2, b] = [await open(schemas[0]!), await open(schemas[0]!), await open(schemas[1]!)];
    const heard: string[] = [];
    await a2.listen('test_channel', (p) => heard.push(`a:${p}`));
    await b.listen('test_channel', (p) => heard.push(`b:${p}`));
    await a1.notify('test_channel', 'one');
    await b.notify('test_channel', 'two');
    await expect.poll(() => [...heard].sort()).toEqual(['a:one', 'b:two']);
    // Nothing else arrives late.
    await new Promise((r) => setTimeout(r, 200));
    expect([...heard].sort()).toEqual(['a:one', 'b:two']);
  });
});
