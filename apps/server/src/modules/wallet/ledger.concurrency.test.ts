/**
 * The ledger under concurrency on a real PostgreSQL (TEST_DATABASE_URL): many clients, each
 * request sometimes sent 2-30 times at once with the same key, in random interleavings; then two
 * app instances with their own pools on one database. After each run: one effect per key, no
 * member balance below zero, each merchant's entries sum to zero, each balance equals its entries.
 */
import { TX_TYPE } from '@aurum/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createTestApp,
  createTestDb,
  DEMO_MERCHANT,
  OPS_TOKEN,
  type TestApp,
  type TestDb,
  testConfig,
} from '../../testing/app.ts';
import { type AccountRef, formatRef, memberAccount, systemAccount } from './accounts.ts';
import { checkLedger } from './invariants.ts';
import { Ledger, type TransferResult } from './ledger.ts';
import { createFundedMembers } from './testing.ts';

const URL = process.env.TEST_DATABASE_URL;
const M = DEMO_MERCHANT;
const CLIENTS = 3;
const POOL_PER_CLIENT = 6;

/** Each of `copies` sends of one request, all at once; the outcomes in order. */
type Outcome = { ok: true; result: TransferResult } | { ok: false; code: string };

async function sendCopies(copies: number, send: (copy: number) => Promise<TransferResult>) {
  return Promise.all(
    Array.from({ length: copies }, (_, copy) =>
      send(copy).then(
        (result): Outcome => ({ ok: true, result }),
        (e): Outcome => {
          if (e instanceof AppError) return { ok: false, code: e.code };
          throw e;
        },
      ),
    ),
  );
}

/** The copies of one key: the ones that succeeded agree on one transfer, first sent exactly once. */
function expectOneEffect(outcomes: Outcome[]): number | null {
  const successes = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
  for (const o of outcomes) {
    if (!o.ok) expect(['wallet.insufficient.funds', 'wallet.transfer.reversed']).toContain(o.code);
  }
  if (!successes.length) return null;
  const ids = new Set(successes.map((s) => s.result.transferId));
  expect(ids.size).toBe(1);
  expect(successes.filter((s) => !s.result.replayed)).toHaveLength(1);
  return successes[0]!.result.transferId;
}

async function ledgerRows(database: Database, keys: string[]) {
  return database.rawTransaction((tx) =>
    tx.rows<{ id: number; idempotency_key: string; reverses_transfer_id: number | null; entries: number }>(
      `SELECT t.id::int AS id, t.idempotency_key, t.reverses_transfer_id::int AS reverses_transfer_id,
         (SELECT count(*)::int FROM ledger_entries e WHERE e.transfer_id = t.id) AS entries
       FROM ledger_transfers t WHERE t.merchant_code = $1 AND t.idempotency_key = ANY($2::text[])`,
      [M, keys],
    ),
  );
}

async function expectInvariants(database: Database) {
  const report = await checkLedger(database);
  expect(report.problems).toEqual([]);
  const negative = await database.rawTransaction((tx) =>
    tx.rows('SELECT id FROM ledger_accounts WHERE NOT may_go_negative AND balance < 0'),
  );
  expect(negative).toEqual([]);
}

describe.runIf(URL)('ledger concurrency on postgres', () => {
  let t: TestDb;
  const clients: { database: Database; ledger: Ledger }[] = [];
  let run = 0;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    for (let i = 0; i < CLIENTS; i++) {
      const database = await openDatabase({ url: URL, schema: t.schema, poolSize: POOL_PER_CLIENT });
      clients.push({ database, ledger: new Ledger({ database, shards: 4 }) });
    }
  });
  afterAll(async () => {
    for (const c of clients) await c.database.close();
    await t?.drop();
  });

  const transferOp = fc.record({
    type: fc.constant('transfer' as const),
    from: fc.nat(5),
    to: fc.nat(5),
    amount: fc.bigInt(1n, 4_000n),
    copies: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 2, max: 30 }) },
    ),
    wave: fc.nat(3),
  });
  const reverseOp = fc.record({
    type: fc.constant('reverse' as const),
    pick: fc.nat(),
    /** A second key racing to reverse the same transfer. */
    rival: fc.boolean(),
    copies: fc.integer({ min: 1, max: 30 }),
    wave: fc.integer({ min: 1, max: 4 }),
  });

  it('keeps one effect per key and every invariant under random concurrent interleavings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 3, arbitrary: transferOp }, { weight: 1, arbitrary: reverseOp }), {
          minLength: 5,
          maxLength: 30,
        }),
        fc.array(fc.bigInt(0n, 6_000n), { minLength: 4, maxLength: 4 }),
        async (ops, funds) => {
          run += 1;
          const ids: number[] = [];
          for (const fund of funds) {
            const [id] = await createFundedMembers(t.database, clients[0]!.ledger, {
              merchant: M,
              count: 1,
              fundMinor: fund || undefined,
            });
            ids.push(id!);
          }
          const refs: AccountRef[] = [
            ...ids.map((id) => memberAccount(id)),
            systemAccount('HOUSE:PROP'),
            memberAccount(ids[0]!, 'VENDOR:AUR'),
          ];
          const keys: string[] = [];
          const acknowledged = new Map<string, number>();
          const succeeded: number[] = [];
          for (let wave = 0; wave <= 4; wave++) {
            const sends: Promise<void>[] = [];
            ops.forEach((op, index) => {
              if (op.wave !== wave) return;
              if (op.type === 'transfer') {
                const from = refs[op.from]!;
                const to = refs[op.to === op.from ? (op.to + 1) % refs.length : op.to]!;
                const key = `p${run}-t${index}`;
                keys.push(key);
                sends.push(
                  sendCopies(op.copies, (copy) =>
                    clients[copy % CLIENTS]!.ledger.move({
                      merchant: M,
                      from,
                      to,
                      amountMinor: op.amount,
                      kind: TX_TYPE.bet,
                      idempotencyKey: key,
                      actor: `client-${copy % CLIENTS}`,
                    }),
                  ).then((outcomes) => {
                    const id = expectOneEffect(outcomes);
                    if (id !== null) {
                      acknowledged.set(key, id);
                      succeeded.push(id);
                    }
                  }),
                );
              } else if (succeeded.length) {
                const target = succeeded[op.pick % succeeded.length]!;
                const rivals = op.rival ? 2 : 1;
                for (let r = 0; r < rivals; r++) {
                  const key = `p${run}-r${index}-${r}`;
                  keys.push(key);
                  sends.push(
                    sendCopies(op.copies, (copy) => {
                      const { ledger } = clients[(copy + r) % CLIENTS]!;
                      return ledger.run((tx) =>
                        ledger.reverse(tx, {
                          merchant: M,
                          transferId: target,
                          idempotencyKey: key,
                          actor: 'rev',
                        }),
                      );
                    }).then((outcomes) => {
                      const id = expectOneEffect(outcomes);
                      if (id !== null) acknowledged.set(key, id);
                    }),
                  );
                }
              }
            });
            await Promise.all(sends);
          }
          // Exactly the acknowledged keys have a transfer, one each, with its two entries.
          const rows = await ledgerRows(t.database, keys);
          expect(new Map(rows.map((r) => [r.idempotency_key, r.id]))).toEqual(acknowledged);
          for (const r of rows) expect(r.entries).toBe(2);
          const reversedIds = rows.flatMap((r) =>
            r.reverses_transfer_id === null ? [] : [r.reverses_transfer_id],
          );
          expect(new Set(reversedIds).size).toBe(reversedIds.length);
          await expectInvariants(t.database);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('lets hot house traffic through its shards without losing a cent', async () => {
    const ids = await createFundedMembers(t.database, clients[0]!.ledger, {
      merchant: M,
      count: 20,
      fundMinor: 10_000n,
    });
    const house = systemAccount('HOUSE:HOT');
    const before = await clients[0]!.ledger.systemBalance(t.database.db, M, house.code);
    await Promise.all(
      ids.flatMap((id, i) =>
        Array.from({ length: 10 }, (_, n) =>
          clients[(i + n) % CLIENTS]!.ledger.move({
            merchant: M,
            from: n % 2 ? house : memberAccount(id),
            to: n % 2 ? memberAccount(id) : house,
            amountMinor: 100n + BigInt(n),
            kind: n % 2 ? TX_TYPE.win : TX_TYPE.bet,
            idempotencyKey: `hot-${id}-${n}`,
            actor: 'hot',
          }),
        ),
      ),
    );
    // Per member: five bets of 100, 102, ... and five wins of 101, 103, ...: +5 each.
    const after = await clients[1]!.ledger.systemBalance(t.database.db, M, house.code);
    expect(after - before).toBe(-5n * BigInt(ids.length));
    for (const id of ids) {
      const [main] = await clients[2]!.ledger.balances(t.database.db, M, id);
      expect(main?.balanceMinor).toBe(10_005n);
    }
    await expectInvariants(t.database);
  });

  it('never lends another transaction an account it has created but not committed', async () => {
    const { ledger } = clients[0]!;
    const [id] = await createFundedMembers(t.database, ledger, { merchant: M, count: 1, fundMinor: 10_000n });
    const main = memberAccount(id!);
    const game = memberAccount(id!, 'VENDOR:RACE');
    let created!: () => void;
    const accountMade = new Promise<void>((resolve) => {
      created = resolve;
    });
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => {
      commit = resolve;
    });
    // The first transaction creates the game wallet and holds its commit.
    const first = ledger.run(async (tx) => {
      const moved = await ledger.transfer(tx, {
        merchant: M,
        from: main,
        to: game,
        amountMinor: 100n,
        kind: TX_TYPE.transferToGame,
        idempotencyKey: `race-first-${id}`,
        actor: 'test',
      });
      created();
      await mayCommit;
      return moved;
    });
    await accountMade;
    // Meanwhile a second transfer to the same wallet, on the same ledger (the same id cache).
    const second = ledger.run((tx) =>
      ledger.transfer(tx, {
        merchant: M,
        from: main,
        to: game,
        amountMinor: 50n,
        kind: TX_TYPE.transferToGame,
        idempotencyKey: `race-second-${id}`,
        actor: 'test',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    const [a, b] = await Promise.all([first, second]);
    expect(a.to.accountId).toBe(b.to.accountId);
    const balances = await ledger.balances(t.database.db, M, id!);
    expect(balances.find((x) => x.code === 'VENDOR:RACE')?.balanceMinor).toBe(150n);
    await expectInvariants(t.database);
  });
});

describe.runIf(URL)('two app instances on one postgres', () => {
  let first: TestApp;
  let second: App;
  let secondDb: Database;

  beforeAll(async () => {
    first = await createTestApp('postgres');
    secondDb = await openDatabase({ url: URL, schema: first.db.schema, poolSize: 5 });
    second = await buildApp({
      config: testConfig(),
      database: secondDb,
      opsToken: OPS_TOKEN,
      serveWeb: false,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  const post = (app: App, url: string, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: M, actor: 'two-apps', ...payload },
      remoteAddress: '127.0.0.1',
    });

  it('keeps one effect per key and the invariants with transfers sent to both', async () => {
    const ids = await createFundedMembers(first.db.database, first.app.ledger, {
      merchant: M,
      count: 8,
      fundMinor: 2_000n,
    });
    const refs = [...ids.map((id) => formatRef(memberAccount(id))), 'HOUSE:TWO', 'BONUS'];
    const random = fc.sample(
      fc.record({
        from: fc.nat(refs.length - 1),
        to: fc.nat(refs.length - 1),
        amount: fc.integer({ min: 1, max: 900 }),
        copies: fc.integer({ min: 1, max: 12 }),
      }),
      { numRuns: 120, seed: 4242 },
    );
    const apps = [first.app, second];
    const acknowledged = new Map<string, number>();
    const keys: string[] = [];
    await Promise.all(
      random.map(async (op, i) => {
        const to = op.to === op.from ? (op.to + 1) % refs.length : op.to;
        const key = `two-${i}`;
        keys.push(key);
        const replies = await Promise.all(
          Array.from({ length: op.copies }, (_, copy) =>
            post(apps[(i + copy) % 2]!, '/ops/ledger/transfer', {
              from: refs[op.from],
              to: refs[to],
              amount: (op.amount / 100).toFixed(2),
              kind: TX_TYPE.agentTransfer,
              idempotencyKey: key,
            }),
          ),
        );
        const outcomes: Outcome[] = replies.map((res) => {
          const body = res.json();
          if (res.statusCode === 200) return { ok: true, result: { ...body.value } as TransferResult };
          expect(res.statusCode).toBe(400);
          return { ok: false, code: body.errorCode };
        });
        const id = expectOneEffect(outcomes);
        if (id !== null) acknowledged.set(key, id);
      }),
    );
    expect(acknowledged.size).toBeGreaterThan(0);
    // The operator route keeps its keys in the operator key space.
    const rows = await ledgerRows(
      first.db.database,
      keys.map((k) => `ops:${k}`),
    );
    expect(new Map(rows.map((r) => [r.idempotency_key.slice('ops:'.length), r.id]))).toEqual(acknowledged);
    await expectInvariants(first.db.database);
    await expectInvariants(secondDb);
  });
});
