/**
 * The seamless wallet under concurrency on a real PostgreSQL (TEST_DATABASE_URL), with two app
 * instances (own pools, own in-memory caches) on one database: duplicated debits and settles sent
 * at once move money once, a rollback racing its debit leaves the wallet whole either way, and
 * many players settling together keep every ledger invariant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestApp, DEMO_MERCHANT, OPS_TOKEN, type TestApp, testConfig } from '../../testing/app.ts';
import { checkLedger } from '../wallet/index.ts';
import type { VendorClient } from './client.ts';
import type { Refusal, RoundReply } from './protocol.ts';
import { expectOk, INHOUSE_VENDOR, nextId, startSession, walletOf } from './testing/helpers.ts';

const URL = process.env.TEST_DATABASE_URL;
const COPIES = 20;

describe.runIf(URL)('seamless wallet concurrency on postgres', () => {
  let t: TestApp;
  let second: { app: App; database: Database };
  let clients: VendorClient[];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const database = await openDatabase({ url: URL, schema: t.db.schema, poolSize: 10 });
    const app = await buildApp({
      config: testConfig(),
      database,
      opsToken: OPS_TOKEN,
      serveWeb: false,
      logger: false,
    });
    await app.ready();
    second = { app, database };
    clients = [
      await t.app.vendors.clientFor(DEMO_MERCHANT, INHOUSE_VENDOR),
      await second.app.vendors.clientFor(DEMO_MERCHANT, INHOUSE_VENDOR),
    ];
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  const clientOf = (i: number) => clients[i % clients.length]!;

  /** The copies of one request: all OK, one first answer, the rest its replays. */
  function expectOneEffect(replies: (RoundReply | Refusal)[]) {
    const oks = replies.map((r) => expectOk(r));
    expect(oks.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(oks.map((r) => `${r.orderNo} ${r.balance}`)).size).toBe(1);
  }

  it('moves money once for a debit sent 20 times at once', async () => {
    const s = await startSession(t, clientOf(0), 'real', 10_000n);
    const req = { sessionToken: s.sessionToken, txId: nextId('d'), roundId: nextId('r'), amount: '7.00' };
    expectOneEffect(await Promise.all(Array.from({ length: COPIES }, (_, i) => clientOf(i).debit(req))));
    expect(await walletOf(t, s.memberId)).toBe(9_300n);
    const transfers = await queryRows<{ n: string }>(
      t.db.database.db,
      'SELECT count(*)::text AS n FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key = $2',
      [DEMO_MERCHANT, `vendor:${INHOUSE_VENDOR}:${req.txId}`],
    );
    expect(transfers[0]?.n).toBe('1');
  });

  it('moves money once for a settle sent 20 times at once', async () => {
    const s = await startSession(t, clientOf(1), 'real', 10_000n);
    const req = {
      sessionToken: s.sessionToken,
      txId: nextId('s'),
      roundId: nextId('r'),
      bet: '3',
      win: '8.50',
    };
    expectOneEffect(await Promise.all(Array.from({ length: COPIES }, (_, i) => clientOf(i).settle(req))));
    expect(await walletOf(t, s.memberId)).toBe(10_550n);
  });

  it('leaves the wallet whole when a rollback races its debit', async () => {
    const s = await startSession(t, clientOf(0), 'real', 100_000n);
    const races = Array.from({ length: 30 }, async (_, i) => {
      const txId = nextId('d');
      const roundId = nextId('r');
      const debit = clientOf(i).debit({ sessionToken: s.sessionToken, txId, roundId, amount: '1' });
      const rollback = clientOf(i + 1).rollback({
        txId: nextId('rb'),
        originalTxId: txId,
        playerId: s.playerId,
      });
      const [d, rb] = await Promise.all([debit, rollback]);
      expectOk(rb);
      // Either the debit came first and was undone, or the rollback came first and refused it.
      expect(['OK', 'TRANSACTION_ROLLED_BACK']).toContain(d.code);
      const again = await clientOf(i).debit({ sessionToken: s.sessionToken, txId, roundId, amount: '1' });
      expect(again.code).toBe('TRANSACTION_ROLLED_BACK');
    });
    await Promise.all(races);
    expect(await walletOf(t, s.memberId)).toBe(100_000n);
  });

  it('keeps every invariant with many players settling at once', async () => {
    const players = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        startSession(t, clientOf(i), i % 5 === 0 ? 'play' : 'real', 50_000n),
      ),
    );
    const houseBefore = await t.app.ledger.systemBalance(
      t.db.database.db,
      DEMO_MERCHANT,
      `HOUSE:${INHOUSE_VENDOR}`,
    );
    const netOf = new Map<number, bigint>();
    await Promise.all(
      players.map(async (p, i) => {
        for (let round = 0; round < 12; round++) {
          const bet = BigInt(100 + ((i * 7 + round * 13) % 400));
          const win = round % 3 === 0 ? bet * 2n : 0n;
          const reply = await clientOf(i + round).settle({
            sessionToken: p.sessionToken,
            txId: nextId('s'),
            roundId: nextId('r'),
            bet: (Number(bet) / 100).toFixed(2),
            win: (Number(win) / 100).toFixed(2),
          });
          expectOk(reply);
          if (p.mode === 'real') netOf.set(p.memberId, (netOf.get(p.memberId) ?? 0n) + win - bet);
        }
      }),
    );
    let net = 0n;
    for (const [memberId, delta] of netOf) {
      expect(await walletOf(t, memberId)).toBe(50_000n + delta);
      net += delta;
    }
    const houseAfter = await t.app.ledger.systemBalance(
      t.db.database.db,
      DEMO_MERCHANT,
      `HOUSE:${INHOUSE_VENDOR}`,
    );
    expect(houseAfter).toBe(houseBefore - net);
    const report = await checkLedger(t.db.database, DEMO_MERCHANT);
    expect(report.problems).toEqual([]);
  });
});
