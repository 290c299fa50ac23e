import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../testing/app.ts';
import { appendAudit, listAudit, recordAudit, signCarriedHeads, verifyAudit } from './audit.ts';
import { type Database, openDatabase } from './db.ts';
import { queryRows } from './sql.ts';

const run = (database: Database, text: string, params: unknown[] = []) =>
  queryRows(database.db, text, params);

/** Three rows for merchant `m`: one on its own, one in a transaction with other work, one more. */
async function threeRows(database: Database, m: string) {
  await recordAudit(database, {
    merchantCode: m,
    actor: 'alice',
    action: 'adjust',
    detail: { amount: '10.00' },
  });
  await database.db.transaction(async (tx) => {
    await appendAudit(database, tx, {
      merchantCode: m,
      actor: 'bob',
      action: 'maintenance',
      ip: '203.0.113.9',
      before: { on: false },
      after: { on: true },
    });
  });
  await recordAudit(database, { merchantCode: m, actor: 'alice', action: 'region', detail: { on: true } });
}

describe.each(engines)('the audit chain on %s', (engine) => {
  let t: TestDb;
  /** Each test starts the demo merchant's chain afresh. */
  const merchant = async () => {
    await run(t.database, "DELETE FROM ops_audit WHERE merchant_code = 'AURUM'");
    await run(t.database, "DELETE FROM audit_heads WHERE merchant_code = 'AURUM'");
    return 'AURUM';
  };
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => t.drop());

  it('chains every row and signs the head; the log reads back newest first', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    const report = await verifyAudit(t.database, m);
    expect(report).toMatchObject({ ok: true, rows: 3, head: { seq: 3 }, problems: [] });
    const rows = await listAudit(t.database, m, { limit: 10 });
    expect(rows.map((r) => [r.seq, r.actor, r.action])).toEqual([
      [3, 'alice', 'region'],
      [2, 'bob', 'maintenance'],
      [1, 'alice', 'adjust'],
    ]);
    expect(rows[1]).toMatchObject({ ip: '203.0.113.9', before: { on: false }, after: { on: true } });
    expect(await listAudit(t.database, m, { actor: 'alice', action: 'adjust', limit: 10 })).toHaveLength(1);
  });

  it('orders appends that race: one gap-free chain', async () => {
    const m = await merchant();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordAudit(t.database, { merchantCode: m, actor: `op${i}`, action: 'status' }),
      ),
    );
    expect(await verifyAudit(t.database, m)).toMatchObject({ ok: true, rows: 12, head: { seq: 12 } });
  });

  it('appends nothing when the transaction it belongs to fails', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await expect(
      t.database.db.transaction(async (tx) => {
        await appendAudit(t.database, tx, { merchantCode: m, actor: 'carol', action: 'adjust' });
        throw new Error('the adjustment failed');
      }),
    ).rejects.toThrow('the adjustment failed');
    expect(await verifyAudit(t.database, m)).toMatchObject({ ok: true, rows: 3, head: { seq: 3 } });
  });

  it('finds an edited row', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(
      t.database,
      `UPDATE ops_audit SET detail = '{"amount":"1000.00"}' WHERE merchant_code = $1 AND seq = 1`,
      [m],
    );
    const report = await verifyAudit(t.database, m);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([{ seq: 1, problem: expect.stringContaining('edited') }]);
  });

  it('finds a row whose actor or time was changed', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(t.database, `UPDATE ops_audit SET actor = 'mallory' WHERE merchant_code = $1 AND seq = 2`, [m]);
    await run(
      t.database,
      `UPDATE ops_audit SET created_at = created_at - interval '1 day' WHERE merchant_code = $1 AND seq = 3`,
      [m],
    );
    expect((await verifyAudit(t.database, m)).problems.map((p) => p.seq)).toEqual([2, 3]);
  });

  it('finds a deleted row', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(t.database, 'DELETE FROM ops_audit WHERE merchant_code = $1 AND seq = 2', [m]);
    const report = await verifyAudit(t.database, m);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.problem).join(' ')).toContain('missing');
  });

  it('finds the newest row cut off the end', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(t.database, 'DELETE FROM ops_audit WHERE merchant_code = $1 AND seq = 3', [m]);
    const report = await verifyAudit(t.database, m);
    expect(report.problems).toEqual([{ seq: 3, problem: expect.stringContaining('cut off') }]);
  });

  it('finds a chain recomputed after an edit: its head cannot be signed without the key', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    // Someone with the database, not the key: edits the last row, recomputes its hash the way
    // the server does and moves the head to it.
    await run(t.database, `UPDATE ops_audit SET action = 'status' WHERE merchant_code = $1 AND seq = 3`, [m]);
    await run(
      t.database,
      `UPDATE ops_audit a SET hash = encode(sha256(convert_to(a.prev_hash || jsonb_build_array(a.seq,
         a.merchant_code, a.actor, a.action, a.detail, a.before_state, a.after_state, a.ip,
         to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))::text, 'UTF8')), 'hex')
       WHERE merchant_code = $1 AND seq = 3`,
      [m],
    );
    await run(
      t.database,
      `UPDATE audit_heads SET hash = (SELECT hash FROM ops_audit WHERE merchant_code = $1 AND seq = 3)
       WHERE merchant_code = $1`,
      [m],
    );
    const report = await verifyAudit(t.database, m);
    expect(report.problems).toEqual([{ seq: 3, problem: expect.stringContaining('not signed') }]);
  });

  it('finds rows added behind the server', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(
      t.database,
      `INSERT INTO ops_audit (merchant_code, actor, action, seq, prev_hash, hash)
       SELECT $1, 'mallory', 'adjust', 4, hash, repeat('f', 64) FROM ops_audit WHERE merchant_code = $1 AND seq = 3`,
      [m],
    );
    const problems = (await verifyAudit(t.database, m)).problems.map((p) => p.problem).join(' ');
    expect(problems).toContain('edited');
    expect(problems).toContain('added after the head');
  });

  it('signs a head carried over from before the chain once, and only such a head', async () => {
    const m = await merchant();
    await threeRows(t.database, m);
    await run(t.database, 'UPDATE audit_heads SET signature = NULL WHERE merchant_code = $1', [m]);
    expect((await verifyAudit(t.database, m)).ok).toBe(false);
    expect(await signCarriedHeads(t.database)).toBeGreaterThanOrEqual(1);
    expect(await verifyAudit(t.database, m)).toMatchObject({ ok: true, rows: 3 });
    expect(await signCarriedHeads(t.database)).toBe(0);
  });
});

describe('the migration that chains the log', () => {
  it('chains the rows written before it, so that the server signs and verifies them', async () => {
    const dir = path.join(import.meta.dirname, '../db/migrations');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
    const chain = files.findIndex((f) => f.includes('audit_chain'));
    const database = await openDatabase({});
    const exec = (text: string) => database.rawTransaction((tx) => tx.exec(text));
    try {
      for (const f of files.slice(0, chain)) await exec(await readFile(path.join(dir, f), 'utf8'));
      await exec(`INSERT INTO merchants (code, config) SELECT 'AURUM', '{}'::jsonb WHERE NOT EXISTS
        (SELECT 1 FROM merchants WHERE code = 'AURUM')`);
      for (const action of ['maintenance', 'adjust', 'region'])
        await run(
          database,
          `INSERT INTO ops_audit (merchant_code, actor, action, detail) VALUES ('AURUM', 'cli:root', $1, '{"n":1}')`,
          [action],
        );
      await exec(await readFile(path.join(dir, files[chain]!), 'utf8'));
      expect((await verifyAudit(database, 'AURUM')).problems).toEqual([
        { seq: 3, problem: expect.stringContaining('not signed') },
      ]);
      expect(await signCarriedHeads(database)).toBe(1);
      expect(await verifyAudit(database, 'AURUM')).toMatchObject({ ok: true, rows: 3 });
      await recordAudit(database, { merchantCode: 'AURUM', actor: 'alice', action: 'status' });
      expect(await verifyAudit(database, 'AURUM')).toMatchObject({ ok: true, rows: 4 });
    } finally {
      await database.close();
    }
  });
});

describe('the audit key', () => {
  it('a server with another key does not accept the head', async () => {
    const t = await createTestDb('pglite');
    try {
      await threeRows(t.database, 'AURUM');
      expect((await verifyAudit(t.database, 'AURUM')).ok).toBe(true);
      const other: Database = { ...t.database, auditKey: Buffer.alloc(32, 7) };
      const report = await verifyAudit(other, 'AURUM');
      expect(report.problems).toEqual([{ seq: 3, problem: expect.stringContaining('not signed') }]);
    } finally {
      await t.drop();
    }
  });

  it('is the one given when the database is opened', async () => {
    const key = Buffer.alloc(32, 1);
    const database = await openDatabase({ auditKey: key });
    try {
      expect(database.auditKey.equals(key)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
