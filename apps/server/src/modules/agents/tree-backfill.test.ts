import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../platform/db.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/**
 * Migration 0022 on a database that already has members: each merchant gets a house node, top
 * members hang under it, every path is re-rooted at the house and every depth follows the path.
 */
describe('migration 0022 (the agent tree)', () => {
  it('backfills a house per merchant, the paths under it and the depths', async () => {
    const database = await openDatabase({});
    try {
      const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql') && f < '0022').sort();
      await database.rawTransaction(async (tx) => {
        await tx.exec(
          'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        for (const f of files) {
          await tx.exec(await readFile(path.join(MIGRATIONS, f), 'utf8'));
          await tx.rows('INSERT INTO schema_migrations (name) VALUES ($1)', [f]);
        }
        for (const m of ['M1', 'M2']) {
          await tx.rows(
            `INSERT INTO merchants (code, config) VALUES ($1, '{"brand":{"defaultLang":"CN"}}')`,
            [m],
          );
        }
        // The old shape: a top agent with path '/<id>/', its downline and a lone member.
        const add = async (
          merchant: string,
          account: string,
          upline: { id: number; path: string } | null,
        ) => {
          const [row] = await tx.rows<{ id: number; path: string }>(
            `INSERT INTO members (merchant_code, account, account_lower, user_name, type, upline_id, path, language)
             VALUES ($1, $2, $2, $2, 0, $3, '/', 'EN') RETURNING id`,
            [merchant, account, upline?.id ?? null],
          );
          const p = `${upline?.path ?? '/'}${row!.id}/`;
          await tx.rows('UPDATE members SET path = $1 WHERE id = $2', [p, row!.id]);
          return { id: Number(row!.id), path: p };
        };
        const top = await add('M1', 'top', null);
        const mid = await add('M1', 'mid', top);
        await add('M1', 'leaf', mid);
        await add('M1', 'lone', null);
        await add('M2', 'other', null);
      });
      expect(await migrate(database)).toContain('0022_agent_tree.sql');

      const rows = await database.rawTransaction((tx) =>
        tx.rows<{
          merchant_code: string;
          account: string;
          kind: string;
          path: string;
          depth: number;
          upline: string | null;
          status: string;
          language: string;
        }>(
          `SELECT m.merchant_code, m.account, m.kind, m.path, m.depth, u.account AS upline, m.status, m.language
             FROM members m LEFT JOIN members u ON u.id = m.upline_id ORDER BY m.merchant_code, m.path`,
        ),
      );
      const by = (merchant: string, account: string) =>
        rows.find((r) => r.merchant_code === merchant && r.account === account)!;
      for (const merchant of ['M1', 'M2']) {
        const house = by(merchant, '~house');
        expect(house).toMatchObject({
          kind: 'house',
          depth: 0,
          upline: null,
          status: 'disabled',
          language: 'CN',
        });
        expect(house.path).toMatch(/^\/\d+\/$/);
      }
      const house = by('M1', '~house');
      expect(by('M1', 'top')).toMatchObject({ upline: '~house', depth: 1 });
      expect(by('M1', 'lone')).toMatchObject({ upline: '~house', depth: 1 });
      expect(by('M1', 'mid')).toMatchObject({ upline: 'top', depth: 2 });
      expect(by('M1', 'leaf')).toMatchObject({ upline: 'mid', depth: 3 });
      expect(by('M2', 'other')).toMatchObject({ upline: '~house', depth: 1 });
      // Every member's path is its upline's path and its own id, from the house down.
      for (const r of rows.filter((x) => x.merchant_code === 'M1' && x.kind === 'member')) {
        expect(r.path.startsWith(house.path)).toBe(true);
        expect(r.path.split('/').length - 3).toBe(r.depth);
      }
      expect(by('M1', 'leaf').path.startsWith(by('M1', 'mid').path)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
