/**
 * The cashier under concurrency on a real PostgreSQL (TEST_DATABASE_URL): members deposit,
 * withdraw and move money to a game wallet while operators approve and reject, in random
 * interleavings, each request sometimes sent 2–30 times at once with the same key. Afterwards:
 * one order per key, every ledger invariant, each member's hold equal to its pending
 * withdrawals, and each member's money exactly what it was given plus the deposits paid minus
 * the withdrawals paid out.
 */
import { failureEnvelopeSchema, routes } from '@aurum/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import { callEncrypted, createTestApp, nextIp, siteHeaders, type TestApp } from '../../testing/app.ts';
import {
  balances,
  bind,
  expectInvariants,
  fund,
  givePin,
  makeMember,
  okValue,
  ops,
  PIN,
  type TestMember,
} from './withdraw-testing.ts';

const URL = process.env.TEST_DATABASE_URL;
const START = 1000_00n;

/** Business refusals a racing request may meet; anything else (a 5xx above all) fails the test. */
const ALLOWED = new Set([
  'wallet.insufficient.funds',
  'cashier.deposit.too.many.pending',
  'cashier.order.state',
  'TOO_MANY_REQUESTS',
]);

type Reply = { statusCode: number; json(): unknown };

function outcome(res: Reply): { ok: true; value: Record<string, unknown> } | { ok: false; code: string } {
  const body = res.json() as { success: boolean; value?: Record<string, unknown> };
  if (res.statusCode === 200 && body.success) return { ok: true, value: body.value ?? {} };
  const failure = failureEnvelopeSchema.parse(body);
  expect(res.statusCode, `${failure.errorCode}: ${failure.message}`).toBeLessThan(500);
  expect(ALLOWED, `${failure.errorCode}: ${failure.message}`).toContain(failure.errorCode);
  return { ok: false, code: failure.errorCode };
}

const copiesOf = fc.oneof(
  { weight: 2, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 30 }) },
);
const memberIndex = fc.integer({ min: 0, max: 2 });

const depositOp = fc.record({
  type: fc.constant('deposit' as const),
  member: memberIndex,
  amount: fc.integer({ min: 50, max: 400 }),
  copies: copiesOf,
});
const withdrawOp = fc.record({
  type: fc.constant('withdraw' as const),
  member: memberIndex,
  amount: fc.integer({ min: 20, max: 700 }),
  copies: copiesOf,
});
const gameOp = fc.record({
  type: fc.constant('game' as const),
  member: memberIndex,
  amount: fc.integer({ min: 1, max: 300 }),
  toGame: fc.boolean(),
  copies: copiesOf,
});
const reviewOp = fc.record({
  type: fc.constant('review' as const),
  /** Which of the orders placed so far (modulo their number). */
  pick: fc.nat(),
  kind: fc.constantFrom('deposit' as const, 'withdraw' as const),
  approve: fc.boolean(),
  copies: fc.integer({ min: 1, max: 5 }),
});
const opArb = fc.oneof(depositOp, withdrawOp, gameOp, reviewOp);
type Op = typeof opArb extends fc.Arbitrary<infer O> ? O : never;

describe.skipIf(!URL)('cashier under concurrency (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => t.close());

  it('one effect per key, every invariant, and not a cent made or lost', { timeout: 240_000 }, async () => {
    let run = 0;
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 3, maxLength: 6 }),
        async (batches) => {
          run += 1;
          const members: (TestMember & { accountId: number })[] = [];
          for (let i = 0; i < 3; i++) {
            const m = await makeMember(t, systemClock, `cc${run}x`);
            await fund(t, m, '1000.00');
            await givePin(t, m);
            const bound = okValue<{ id: number }>(
              await bind(t, m, { accountNumber: `9000 ${run}${i} 1234` }),
            );
            members.push({ ...m, accountId: bound.id });
          }
          const orders = { deposit: [] as string[], withdraw: [] as string[] };
          const keys = new Map<string, { kind: 'deposit' | 'withdraw' | 'game'; member: number }>();
          let keySeq = 0;

          const send = async (op: Op) => {
            if (op.type === 'review') {
              const list = orders[op.kind];
              if (!list.length) return;
              const orderNo = list[op.pick % list.length]!;
              const action = op.approve ? 'approve' : 'reject';
              const args = {
                command: op.kind,
                action,
                orderNo,
                ...(op.approve ? {} : { reason: 'random review' }),
              };
              const replies = await Promise.all(Array.from({ length: op.copies }, () => ops(t, args)));
              for (const r of replies) outcome(r);
              return;
            }
            const m = members[op.member]!;
            const key = `cc-${run}-${++keySeq}`;
            keys.set(key, { kind: op.type, member: op.member });
            const once = () => {
              if (op.type === 'deposit') {
                return t.app.inject({
                  method: 'POST',
                  url: routes.deposit.path,
                  headers: siteHeaders({ authorization: m.token }),
                  payload: {
                    channelId: 'BANK_TRANSFER',
                    amount: `${op.amount}.00`,
                    idempotencyKey: key,
                    reference: `REF${keySeq}`,
                  },
                  remoteAddress: nextIp(),
                });
              }
              if (op.type === 'withdraw') {
                return callEncrypted(
                  t.app,
                  'POST',
                  routes.withdraw.path,
                  {
                    accountId: m.accountId,
                    amount: `${op.amount}.00`,
                    paymentPassword: PIN,
                    idempotencyKey: key,
                  },
                  { token: m.token },
                );
              }
              return t.app.inject({
                method: 'POST',
                url: routes.walletTransfer.path,
                headers: siteHeaders({ authorization: m.token }),
                payload: op.toGame
                  ? { from: 'MAIN', to: 'AURL', amount: `${op.amount}.00`, idempotencyKey: key }
                  : { from: 'AURL', to: 'MAIN', amount: `${op.amount}.00`, idempotencyKey: key },
                remoteAddress: nextIp(),
              });
            };
            const replies = (await Promise.all(Array.from({ length: op.copies }, once))).map(outcome);
            const succeeded = replies.filter((r) => r.ok);
            // Every copy that got through got the same answer: the first request's.
            const answers = new Set(
              succeeded.map((r) => JSON.stringify(r.ok ? (r.value.orderNo ?? r.value.transferId) : null)),
            );
            expect(answers.size).toBeLessThanOrEqual(1);
            const first = succeeded[0];
            if (first?.ok && (op.type === 'deposit' || op.type === 'withdraw'))
              orders[op.type].push(String(first.value.orderNo));
          };

          for (const batch of batches) await Promise.all(batch.map(send));
          placed += orders.deposit.length + orders.withdraw.length;

          // One order per key, one game transfer per key.
          const ids = members.map((m) => m.id);
          const perKey = await queryRows<{ key: string; n: unknown }>(
            t.db.database.db,
            `SELECT idempotency_key AS key, count(*) AS n FROM deposit_orders WHERE member_id = ANY($1) GROUP BY 1
           UNION ALL
           SELECT idempotency_key, count(*) FROM withdraw_orders WHERE member_id = ANY($1) GROUP BY 1`,
            [ids],
          );
          for (const row of perKey) expect(Number(row.n), row.key).toBe(1);

          await expectInvariants(t);
          for (const m of members) {
            const [sums] = await queryRows<{ deposited: unknown; paid_out: unknown }>(
              t.db.database.db,
              `SELECT
               (SELECT coalesce(sum(amount), 0) FROM deposit_orders WHERE member_id = $1 AND status = 'PAID') AS deposited,
               (SELECT coalesce(sum(amount), 0) FROM withdraw_orders
                 WHERE member_id = $1 AND status NOT IN ('PENDING', 'REJECTED')) AS paid_out`,
              [m.id],
            );
            const b = await balances(t, m.id);
            const held = Object.values(b).reduce((a, v) => a + v, 0n);
            for (const v of Object.values(b)) expect(v >= 0n).toBe(true);
            expect(held, m.account).toBe(
              START + BigInt(String(sums!.deposited)) - BigInt(String(sums!.paid_out)),
            );
          }
        },
      ),
      { numRuns: 4 },
    );
    // The runs did place orders (the property is not vacuous).
    expect(placed).toBeGreaterThan(0);
  });
});
