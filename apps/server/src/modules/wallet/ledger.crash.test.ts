/**
 * A server killed with SIGKILL in the middle of a load of transfers, then started again on the
 * same PostgreSQL (TEST_DATABASE_URL): every transfer it acknowledged is there, none is half
 * done, a retry of every unanswered request moves money at most once, the invariants hold.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TX_TYPE } from '@aurum/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import { type Database, migrate, openDatabase } from '../../platform/db.ts';
import { readMerchantConfig } from '../../platform/merchant-config.ts';
import { ensureMerchant } from '../../platform/merchants.ts';
import { DEMO_MERCHANT, OPS_TOKEN } from '../../testing/app.ts';
import { exited, type ServerProcess, schemaUrl, startServer } from '../../testing/server-process.ts';
import { formatRef, memberAccount } from './accounts.ts';
import { checkLedger } from './invariants.ts';
import { Ledger } from './ledger.ts';
import { createFundedMembers } from './testing.ts';

const URL = process.env.TEST_DATABASE_URL;
const M = DEMO_MERCHANT;
const WORKERS = 12;
const KILL_AFTER_ACKNOWLEDGED = 250;

interface Sent {
  key: string;
  body: Record<string, unknown>;
}

async function send(url: string, body: Record<string, unknown>) {
  const res = await fetch(`${url}/ops/ledger/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { value?: { transferId: number }; errorCode?: string },
  };
}

describe.runIf(URL)('a server killed mid-load on postgres', () => {
  const schema = `t_crash_${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aurum-crash-'));
  const databaseUrl = schemaUrl(URL ?? '', schema);
  let database: Database;
  let server: ServerProcess | null = null;
  let memberIds: number[] = [];

  beforeAll(async () => {
    database = await openDatabase({ url: URL, schema, poolSize: 3 });
    await migrate(database);
    await ensureMerchant(database, await readMerchantConfig(path.join(REPO_ROOT, 'config')));
    const ledger = new Ledger({ database });
    memberIds = await createFundedMembers(database, ledger, {
      merchant: M,
      count: WORKERS,
      fundMinor: 50_000n,
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (server) await exited(server.child);
    await database?.close();
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged transfer whole and moves nothing twice', { timeout: 60_000 }, async () => {
    server = await startServer(databaseUrl, dataDir);
    const acknowledged = new Map<string, number>();
    const inDoubt: Sent[] = [];
    let killed = false;
    let seq = 0;
    const houses = ['HOUSE:CRASH', 'BONUS'];
    const worker = async (w: number) => {
      const own = formatRef(memberAccount(memberIds[w]!));
      while (!killed) {
        const n = seq++;
        const other =
          n % 3 === 0 ? formatRef(memberAccount(memberIds[(w + 1) % WORKERS]!)) : houses[n % houses.length]!;
        const out = n % 2 === 0;
        const body = {
          merchant: M,
          actor: `worker-${w}`,
          from: out ? own : other,
          to: out ? other : own,
          amount: `${1 + (n % 7)}.${String(n % 100).padStart(2, '0')}`,
          kind: TX_TYPE.bet,
          idempotencyKey: `crash-${n}`,
        };
        try {
          const res = await send(server!.url, body);
          if (res.status === 200) acknowledged.set(body.idempotencyKey, res.body.value!.transferId);
          else if (res.status >= 500) inDoubt.push({ key: body.idempotencyKey, body });
          else expect(res.body.errorCode).toBe('wallet.insufficient.funds');
        } catch {
          inDoubt.push({ key: body.idempotencyKey, body });
        }
        if (!killed && acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) {
          killed = true;
          server!.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await exited(server.child);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

    // Nothing half done, nothing acknowledged lost: the ledger as the crash left it.
    expect((await checkLedger(database)).problems).toEqual([]);
    const stored = await database.rawTransaction((tx) =>
      tx.rows<{ key: string; id: number; entries: number }>(
        `SELECT idempotency_key AS key, id::int AS id,
           (SELECT count(*)::int FROM ledger_entries e WHERE e.transfer_id = t.id) AS entries
         FROM ledger_transfers t WHERE merchant_code = $1 AND idempotency_key LIKE 'crash-%'`,
        [M],
      ),
    );
    const storedByKey = new Map(stored.map((r) => [r.key, r]));
    for (const [key, id] of acknowledged) expect(storedByKey.get(key)?.id).toBe(id);
    for (const r of stored) expect(r.entries).toBe(2);

    // The restarted server answers every unanswered request once: applied now, or the first result.
    server = await startServer(databaseUrl, dataDir);
    for (const sent of inDoubt) {
      const first = await send(server.url, sent.body);
      const again = await send(server.url, sent.body);
      expect([200, 400]).toContain(first.status);
      expect(again.status).toBe(first.status);
      if (first.status === 200) {
        expect(again.body.value?.transferId).toBe(first.body.value?.transferId);
        const before = storedByKey.get(sent.key);
        if (before) expect(first.body.value?.transferId).toBe(before.id);
      }
    }
    const counts = await database.rawTransaction((tx) =>
      tx.rows<{ key: string; n: number }>(
        `SELECT idempotency_key AS key, count(*)::int AS n FROM ledger_transfers
         WHERE merchant_code = $1 AND idempotency_key LIKE 'crash-%' GROUP BY idempotency_key HAVING count(*) > 1`,
        [M],
      ),
    );
    expect(counts).toEqual([]);
    expect((await checkLedger(database)).problems).toEqual([]);
    server.child.kill('SIGTERM');
    await exited(server.child);
    server = null;
  });
});
