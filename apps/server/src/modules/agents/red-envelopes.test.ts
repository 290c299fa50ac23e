import { envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { equalSplit } from '@aurum/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  nextIp,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { walletOf } from '../vendor/testing/helpers.ts';
import { checkLedger } from '../wallet/index.ts';
import { TEAM_PASSWORD, teamMemberMaker } from './testing.ts';

const _PASSWORD = TEAM_PASSWORD;
const PAY = '246810';
const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/**
 * Red envelopes (AGENTRANSMULTDOWN3): an equal or random split of a total among the agent's own
 * direct downlines, each part one ledger transfer, all or nothing, with the payment password.
 */
describe.each(engines)('red envelopes on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-10T04:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const _db = () => t.db.database.db;
  const add = teamMemberMaker(() => t, clock, `e${engine.slice(0, 2)}`, PAY);
  let keySeq = 0;
  const send = (who: Who, body: Record<string, unknown>) =>
    callEncrypted(
      t.app,
      'POST',
      routes.sendRedEnvelope.path,
      {
        paymentPassword: PAY,
        idempotencyKey: `env-${engine}-${++keySeq}`,
        ...body,
      },
      { token: who.token },
    );
  const value = <T>(res: Res, schema: { parse(v: unknown): T }): T => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const parsed = envelopeSchema(schema as never).parse(res.json()) as { success: true; value: unknown };
    return schema.parse(parsed.value);
  };
  const fails = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const count = async () =>
    Number(
      (
        await t.db.database.rawTransaction((tx) =>
          tx.rows<{ n: string }>('SELECT count(*)::text AS n FROM agent_red_envelopes'),
        )
      )[0]!.n,
    );

  // A → d1..d4 (players), A → A1 (agent) → A1p; B → Bp.
  let A: Who;
  let d: Who[];
  let A1: Who;
  let A1p: Who;
  let Bp: Who;
  beforeAll(async () => {
    A = await add('ag', AGENT, null);
    d = [];
    for (let i = 0; i < 4; i++) d.push(await add('dl', 0, A.account));
    A1 = await add('sub', AGENT, A.account);
    A1p = await add('pl', 0, A1.account);
    const B = await add('ag', AGENT, null);
    Bp = await add('pl', 0, B.account);
    await opsCommand(t.app, { command: 'adjust', account: A.account, amount: '1000.00', reason: 'test' });
  });

  it('splits 100.00 equally among 4 as 25.00 each, one transfer each, and lists it', async () => {
    const before = await Promise.all(d.map((m) => walletOf(t, m.id)));
    const env = value(
      await send(A, { recipients: d.map((m) => m.account), total: '100.00', split: 'equal' }),
      routes.sendRedEnvelope.response,
    );
    expect(env.parts).toEqual(d.map((m) => ({ account: m.account, amount: '25.00' })));
    const after = await Promise.all(d.map((m) => walletOf(t, m.id)));
    expect(after.map((a, i) => a - before[i]!)).toEqual([2500n, 2500n, 2500n, 2500n]);
    expect(await walletOf(t, A.id)).toBe(90_000n);
    const list = value(
      await t.app.inject({
        method: 'GET',
        url: routes.redEnvelopes.path,
        headers: siteHeaders({ authorization: A.token }),
        remoteAddress: nextIp(),
      }),
      routes.redEnvelopes.response,
    );
    expect(list.content[0]).toMatchObject({ id: env.id, split: 'equal', total: '100.00' });
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });

  it('gives the remainder cents to the first recipients in the order given', async () => {
    expect(equalSplit(10n, 3)).toEqual([4n, 3n, 3n]);
    const env = value(
      await send(A, {
        recipients: [d[2]!.account, d[0]!.account, d[1]!.account],
        total: '0.10',
        split: 'equal',
      }),
      routes.sendRedEnvelope.response,
    );
    expect(env.parts.map((p) => [p.account, p.amount])).toEqual([
      [d[2]!.account, '0.04'],
      [d[0]!.account, '0.03'],
      [d[1]!.account, '0.03'],
    ]);
  });

  it('splits at random into parts of at least 0.01 that sum to exactly the total', async () => {
    for (const total of ['0.04', '7.77', '50.00']) {
      const env = value(
        await send(A, { recipients: d.map((m) => m.account), total, split: 'random' }),
        routes.sendRedEnvelope.response,
      );
      const parts = env.parts.map((p) => Math.round(Number(p.amount) * 100));
      expect(parts.every((p) => p >= 1)).toBe(true);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.round(Number(total) * 100));
    }
  });

  it('answers a retry with the same key with the first envelope, paying once', async () => {
    const body = {
      recipients: [d[0]!.account, d[1]!.account],
      total: '3.33',
      split: 'random',
      idempotencyKey: `retry-${engine}`,
    };
    const first = value(await send(A, body), routes.sendRedEnvelope.response);
    const balance = await walletOf(t, A.id);
    const again = value(await send(A, body), routes.sendRedEnvelope.response);
    expect(again).toEqual(first);
    expect(await walletOf(t, A.id)).toBe(balance);
    // The same key with another request is refused, moving nothing.
    const res = await send(A, { ...body, total: '4.44' });
    expect(res.statusCode, res.body).toBe(409);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe('idempotency.conflict');
    expect(await walletOf(t, A.id)).toBe(balance);
  });

  it('pays once when the same envelope is sent twice at once', async () => {
    const body = {
      recipients: [d[2]!.account, d[3]!.account],
      total: '9.99',
      split: 'random',
      idempotencyKey: `race-${engine}`,
    };
    const balance = await walletOf(t, A.id);
    const [a, b] = await Promise.all([send(A, body), send(A, body)]);
    const first = value(a, routes.sendRedEnvelope.response);
    expect(value(b, routes.sendRedEnvelope.response)).toEqual(first);
    expect(await walletOf(t, A.id)).toBe(balance - 999n);
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });

  it('moves nothing when the balance is short', async () => {
    const before = [
      await walletOf(t, A.id),
      ...(await Promise.all(d.map((m) => walletOf(t, m.id)))),
      await count(),
    ];
    fails(
      await send(A, { recipients: d.map((m) => m.account), total: '100000.00', split: 'equal' }),
      400,
      'wallet.insufficient.funds',
    );
    expect([
      await walletOf(t, A.id),
      ...(await Promise.all(d.map((m) => walletOf(t, m.id)))),
      await count(),
    ]).toEqual(before);
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });

  it('refuses anyone who is not a direct downline (a deeper one, another team’s, itself), moving nothing', async () => {
    const before = [await walletOf(t, A.id), await count()];
    for (const other of [A1p, Bp, A]) {
      fails(
        await send(A, { recipients: [d[0]!.account, other.account], total: '2.00', split: 'equal' }),
        403,
        'transfer.not.downline',
      );
    }
    expect([await walletOf(t, A.id), await count()]).toEqual(before);
    // A1 may send to its own direct downline, and sees only its own envelopes.
    await opsCommand(t.app, { command: 'adjust', account: A1.account, amount: '5.00', reason: 'test' });
    value(
      await send(A1, { recipients: [A1p.account], total: '1.00', split: 'equal' }),
      routes.sendRedEnvelope.response,
    );
    const list = value(
      await t.app.inject({
        method: 'GET',
        url: routes.redEnvelopes.path,
        headers: siteHeaders({ authorization: A1.token }),
        remoteAddress: nextIp(),
      }),
      routes.redEnvelopes.response,
    );
    expect(list.total).toBe(1);
  });

  it('refuses a wrong payment password, a member, and a switched-off key, moving nothing', async () => {
    const before = [await walletOf(t, A.id), await count()];
    const body = { recipients: [d[0]!.account], total: '1.00', split: 'equal' };
    fails(await send(A, { ...body, paymentPassword: '999999' }), 400, 'payment.password.invalid');
    fails(await send(d[0]!, { ...body, recipients: [d[1]!.account] }), 403, 'agent.only');
    await setFeature(t.app, 'AGENTRANSMULTDOWN3', false);
    try {
      fails(await send(A, body), 403, 'feature.disabled');
    } finally {
      await setFeature(t.app, 'AGENTRANSMULTDOWN3', true);
    }
    expect([await walletOf(t, A.id), await count()]).toEqual(before);
  });

  it.each([
    [{ recipients: [], total: '1.00', split: 'equal' }],
    [{ recipients: ['x'], total: '0', split: 'equal' }],
    [{ recipients: ['x'], total: '-1', split: 'equal' }],
    [{ recipients: ['x'], total: '1.001', split: 'equal' }],
    [{ recipients: ['x'], total: '1.00', split: 'lucky' }],
    [{ recipients: ['x'], total: '1.00', split: 'equal', extra: 1 }],
  ])('refuses bad input %j with a 4xx envelope, moving nothing', async (body) => {
    const before = [await walletOf(t, A.id), await count()];
    const res = await send(A, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect([await walletOf(t, A.id), await count()]).toEqual(before);
  });

  it('refuses a name given twice and a total below 0.01 each', async () => {
    fails(
      await send(A, {
        recipients: [d[0]!.account, d[0]!.account.toUpperCase()],
        total: '1.00',
        split: 'equal',
      }),
      400,
      'validation.failed',
    );
    fails(
      await send(A, { recipients: d.map((m) => m.account), total: '0.03', split: 'random' }),
      400,
      'validation.failed',
    );
  });
});
