import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';
import { POINTS_EARN_JOB } from './index.ts';
import { pointsLedgerProblems, pointsTransfer } from './points-repository.ts';
import { wageredDeposits } from './points-service.ts';

const NOW = Date.parse('2026-11-10T04:00:00Z');
const MINUTE_MS = 60_000;
const PAY = '246810';
const TRIAL_TYPE = 4;
const VECTOR = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../vectors/loyalty/points.json'),
    'utf8',
  ),
) as {
  rate: string;
  balances: { points: string; money: string };
  items: Record<string, { points: string; money?: string; stock: number }>;
  vectors: {
    name: string;
    balances?: { points: string; money: string };
    steps: {
      exchange?: string;
      redeem?: { item: string; quantity: number };
      reject?: boolean;
      expect: { points?: string; money?: string; stock?: number; refused?: string };
    }[];
  }[];
};

const minor = (major: string) => BigInt(Math.round(Number(major) * 100));

describe('wageredDeposits', () => {
  it('gives each bet to the oldest open deposit and never to a later one', () => {
    expect(wageredDeposits([])).toEqual([]);
    // 100 then 100 with 150 of bets after the second: the first is done, the second has 50.
    expect(
      wageredDeposits([
        { amountMinor: 100n, betAfterMinor: 0n },
        { amountMinor: 100n, betAfterMinor: 150n },
      ]),
    ).toEqual([true, false]);
    // A surplus before a deposit does not count for it.
    expect(
      wageredDeposits([
        { amountMinor: 100n, betAfterMinor: 1000n },
        { amountMinor: 500n, betAfterMinor: 0n },
      ]),
    ).toEqual([true, false]);
    expect(wageredDeposits([{ amountMinor: 100n, betAfterMinor: 100n }])).toEqual([true]);
  });
});

describe.each(engines)('points mall (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const get = (url: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
  const ok = async (url: string, token: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    callEncrypted(
      t.app,
      'POST',
      url,
      { paymentPassword: PAY, idempotencyKey: `k-${engine}-${++seq}`, ...payload },
      { token },
    );
  const expectError = (
    res: { statusCode: number; json(): unknown; body: string },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
  };
  const member = async (opts: { money?: bigint; points?: bigint; type?: number } = {}) => {
    const m = await newMemberSession(t, opts.type === undefined ? {} : { type: opts.type });
    await raw('UPDATE members SET payment_password_hash = $1 WHERE id = $2', [await hashPassword(PAY), m.id]);
    if (opts.money) {
      await t.app.ledger.move({
        merchant: DEMO_MERCHANT,
        from: systemAccount('HOUSE:ADJUST'),
        to: memberAccount(m.id, 'MAIN'),
        amountMinor: opts.money,
        kind: TX_TYPE.adjustment,
        idempotencyKey: `pt-fund-${engine}-${++seq}`,
        actor: 'test',
      });
    }
    if (opts.points) {
      const points = opts.points;
      await t.db.database.db.transaction((tx) =>
        pointsTransfer(tx, {
          merchant: DEMO_MERCHANT,
          from: { system: 'ISSUE' },
          to: { memberId: m.id },
          amount: points,
          kind: 'adjust',
          idempotencyKey: `pt-grant-${engine}-${++seq}`,
          memo: 'test',
          actor: 'test',
          nowMs: clock.now(),
        }),
      );
    }
    return m;
  };
  const balances = async (m: { id: number; token: string }) => {
    const b = await ok('/wps/points/balance', m.token);
    return { points: BigInt(b.points), money: minor(b.mainBalance) };
  };
  const opsRaw = (args: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: DEMO_MERCHANT, actor: 'test', args },
      remoteAddress: '127.0.0.1',
    });
  const stockOf = async (itemId: number) =>
    Number(
      (await raw<{ stock: number }>('SELECT stock FROM points_items WHERE id = $1', [itemId]))[0]!.stock,
    );
  const ledgersClean = async () => {
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
    expect(await pointsLedgerProblems(t.db.database.db)).toEqual([]);
  };
  /** Mall items of this test (fresh codes: stored with the configured stock). */
  const useItems = async (items: Record<string, { points: string; money?: string; stock: number }>) => {
    const tag = `${engine.slice(0, 2)}${++seq}`;
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.points.items = Object.entries(items).map(([code, i]) => ({
        code: `${code}-${tag}`,
        name: { EN: code, CN: `${code} CN` },
        points: i.points,
        money: i.money ?? '0',
        stock: i.stock,
      }));
    });
    const m = await member();
    const listed = (await ok('/wps/points/rewards', m.token)).items as { id: number; code: string }[];
    return Object.fromEntries(
      Object.keys(items).map((k) => [k, listed.find((l) => l.code === `${k}-${tag}`)!.id]),
    );
  };
  const play = async (memberId: number, vendor: string, betMajor: number, mode: 'real' | 'play' = 'real') => {
    clock.advance(MINUTE_MS);
    const round = `pt-${engine}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, $2, $3, $3, $4, 'g', $6, 'settled', $5::bigint, 0, $7::timestamptz, $7::timestamptz)`,
      [
        DEMO_MERCHANT,
        vendor,
        round,
        memberId,
        String(Math.round(betMajor * 100)),
        mode,
        new Date(clock.now()).toISOString(),
      ],
    );
  };
  const deposit = async (memberId: number, major: number) => {
    clock.advance(MINUTE_MS);
    return t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount('CLEARING'),
      to: memberAccount(memberId, 'MAIN'),
      amountMinor: BigInt(major * 100),
      kind: TX_TYPE.deposit,
      idempotencyKey: `pt-dep-${engine}-${++seq}`,
      actor: 'test',
    });
  };

  it('runs the points vector through the calls', async () => {
    for (const v of VECTOR.vectors) {
      const ids = await useItems(VECTOR.items);
      const start = v.balances ?? VECTOR.balances;
      const m = await member({ money: minor(start.money), points: BigInt(start.points) });
      let last: { ref: string; item: string } | null = null;
      for (const step of v.steps) {
        const before = await balances(m);
        let stock: number | undefined;
        if (step.exchange !== undefined) {
          const res = await post('/wps/points/convert', m.token, { amount: step.exchange });
          if (step.expect.points === '0') {
            // A sum that buys no whole point is refused rather than taken for nothing (docs/loyalty.md).
            expectError(res, 400, 'points.convert.nothing');
          } else {
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().value).toMatchObject({
              amount: Number(step.exchange).toFixed(2),
              points: step.expect.points,
            });
            expect(minor(step.expect.money!)).toBe(-minor(step.exchange));
          }
        } else if (step.redeem) {
          const res = await post('/wps/points/redeem', m.token, {
            itemId: ids[step.redeem.item],
            quantity: step.redeem.quantity,
            name: 'Test Member',
            address: '1 Test Road, Test City',
            mobile: '+63 912 345 6789',
          });
          if (step.expect.refused) {
            expectError(
              res,
              409,
              step.expect.refused.includes('stock') ? 'points.stock' : 'points.insufficient',
            );
          } else {
            expect(res.statusCode, res.body).toBe(200);
            const r = res.json().value;
            expect(r).toMatchObject({ status: 'applying', quantity: step.redeem.quantity });
            last = { ref: r.ref, item: step.redeem.item };
          }
          stock = await stockOf(ids[step.redeem.item]!);
        } else if (step.reject) {
          const res = await opsRaw({
            command: 'points',
            action: 'reject',
            ref: last!.ref,
            reason: 'vector',
          });
          expect(res.statusCode, res.body).toBe(200);
          stock = await stockOf(ids[last!.item]!);
        }
        const after = await balances(m);
        if (step.expect.points !== undefined)
          expect(after.points - before.points).toBe(BigInt(step.expect.points));
        if (step.expect.money !== undefined && !(step.exchange !== undefined && step.expect.points === '0')) {
          expect(after.money - before.money).toBe(minor(step.expect.money));
        }
        if (step.exchange !== undefined && step.expect.points === '0') expect(after.money).toBe(before.money);
        if (step.expect.stock !== undefined) expect(stock).toBe(step.expect.stock);
      }
    }
    await ledgersClean();
  });

  it('a rejection refunds once; an approval moves nothing; both audited; decided twice is refused', async () => {
    const ids = await useItems({ phone: { points: '300', money: '20', stock: 5 } });
    const m = await member({ money: 10_000n, points: 1_000n });
    const r1 = (
      await post('/wps/points/redeem', m.token, {
        itemId: ids.phone,
        quantity: 1,
        name: 'A',
        address: '1 Test Road',
        mobile: '0912345678',
      })
    ).json().value;
    const r2 = (
      await post('/wps/points/redeem', m.token, {
        itemId: ids.phone,
        quantity: 1,
        name: 'A',
        address: '1 Test Road',
        mobile: '0912345678',
      })
    ).json().value;
    expect(await balances(m)).toEqual({ points: 400n, money: 6_000n });
    const rejects = await Promise.all(
      [1, 2, 3].map(() => opsRaw({ command: 'points', action: 'reject', ref: r1.ref, reason: 'no stock' })),
    );
    expect(rejects.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of rejects.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().errorCode).toBe('points.redemption.decided');
    }
    expect(await balances(m)).toEqual({ points: 700n, money: 8_000n });
    expect(
      (await opsRaw({ command: 'points', action: 'approve', ref: r2.ref, reason: 'sent' })).statusCode,
    ).toBe(200);
    expect(await balances(m)).toEqual({ points: 700n, money: 8_000n });
    const history = await ok('/wps/points/redemptions', m.token);
    expect(history.content.map((r: { status: string; remark: string }) => [r.status, r.remark])).toEqual([
      ['approved', 'sent'],
      ['rejected', 'no stock'],
    ]);
    const audit = await raw<{ action: string }>(
      `SELECT action FROM ops_audit WHERE merchant_code = $1 AND action LIKE 'points-%' AND detail->>'ref' IN ($2, $3) ORDER BY seq`,
      [DEMO_MERCHANT, r1.ref, r2.ref],
    );
    expect(audit.map((a) => a.action)).toEqual(['points-reject', 'points-approve']);
    const shown = await opsCommand(t.app, { command: 'points', action: 'show', account: m.account });
    expect(shown).toMatchObject({ points: '700' });
    await ledgersClean();
  });

  it.each([2, 30])('%i redemptions at once never take the stock below zero', async (n) => {
    const ids = await useItems({ cap: { points: '500', stock: 3 } });
    const members = [];
    for (let i = 0; i < n; i++) members.push(await member({ points: 500n }));
    const results = await Promise.all(
      members.map((m) =>
        post('/wps/points/redeem', m.token, {
          itemId: ids.cap,
          quantity: 1,
          name: 'N',
          address: '1 Test Road',
          mobile: '0912345678',
        }),
      ),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(Math.min(n, 3));
    for (const r of results.filter((x) => x.statusCode !== 200)) expectError(r, 409, 'points.stock');
    expect(await stockOf(ids.cap!)).toBe(3 - okCount);
    const spent = await raw<{ n: string }>(
      'SELECT count(*)::text AS n FROM points_redemptions WHERE item_id = $1',
      [ids.cap],
    );
    expect(Number(spent[0]!.n)).toBe(okCount);
    await ledgersClean();
  });

  it('the same key twice redeems once; convert moves money once', async () => {
    const ids = await useItems({ cap: { points: '500', stock: 3 } });
    const m = await member({ money: 100_000n, points: 1_000n });
    const body = {
      itemId: ids.cap,
      quantity: 1,
      name: 'N',
      address: '1 Test Road',
      mobile: '0912345678',
      idempotencyKey: `same-${engine}`,
    };
    const [a, b] = await Promise.all([
      post('/wps/points/redeem', m.token, body),
      post('/wps/points/redeem', m.token, body),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().value.ref).toBe(b.json().value.ref);
    expect((await balances(m)).points).toBe(500n);
    const conv = { amount: '12.34', idempotencyKey: `conv-${engine}` };
    const c1 = await post('/wps/points/convert', m.token, conv);
    const c2 = await post('/wps/points/convert', m.token, conv);
    expect(c1.json().value).toMatchObject({ amount: '12.34', points: '123' });
    expect(c2.json().value.transferId).toBe(c1.json().value.transferId);
    expect(await balances(m)).toEqual({ points: 623n, money: 100_000n - 1_234n });
    await ledgersClean();
  });

  it('ledger-check covers the points ledger: a points balance that differs from its entries is reported', async () => {
    const m = await member({ money: 0n, points: 700n });
    const clean = (await opsCommand(t.app, { command: 'ledger-check' })) as { ok: boolean };
    expect(clean.ok).toBe(true);
    await raw('UPDATE points_accounts SET balance = balance + 1 WHERE member_id = $1', [m.id]);
    try {
      const report = (await opsCommand(t.app, { command: 'ledger-check' })) as {
        ok: boolean;
        problems: { check: string; merchant: string; detail: string }[];
      };
      expect(report.ok).toBe(false);
      // The account differs from its entries, and the merchant's points no longer sum to zero.
      expect(report.problems.map((p) => [p.check, p.merchant])).toEqual([
        ['other-ledger', 'points'],
        ['other-ledger', 'points'],
      ]);
      expect(report.problems.map((p) => p.detail).join('\n')).toMatch(
        /^points account \d+: balance differs/m,
      );
    } finally {
      await raw('UPDATE points_accounts SET balance = balance - 1 WHERE member_id = $1', [m.id]);
    }
  });

  it('refuses bad input with a 4xx envelope and moves nothing', async () => {
    const ids = await useItems({ cap: { points: '500', stock: 3 } });
    const m = await member({ money: 1_000n, points: 100n });
    const base = { itemId: ids.cap, quantity: 1, name: 'N', address: '1 Test Road', mobile: '0912345678' };
    const cases: [Promise<{ statusCode: number; json(): unknown; body: string }>, number, string][] = [
      [post('/wps/points/redeem', m.token, { ...base, quantity: 0 }), 400, 'request.invalid'],
      [post('/wps/points/redeem', m.token, { ...base, quantity: 1.5 }), 400, 'request.invalid'],
      [post('/wps/points/redeem', m.token, { ...base, mobile: 'call me' }), 400, 'request.invalid'],
      [post('/wps/points/redeem', m.token, { ...base, address: '' }), 400, 'request.invalid'],
      [post('/wps/points/redeem', m.token, { ...base, extra: 1 }), 400, 'request.invalid'],
      [post('/wps/points/redeem', m.token, { ...base, itemId: 999_999 }), 404, 'points.item.unknown'],
      [post('/wps/points/redeem', m.token, base), 409, 'points.insufficient'],
      [
        post('/wps/points/redeem', m.token, { ...base, paymentPassword: '999999' }),
        400,
        'payment.password.invalid',
      ],
      [post('/wps/points/convert', m.token, { amount: '-5' }), 400, 'request.invalid'],
      [post('/wps/points/convert', m.token, { amount: '1.234' }), 400, 'request.invalid'],
      [post('/wps/points/convert', m.token, { amount: '0.05' }), 400, 'points.convert.nothing'],
      [post('/wps/points/convert', m.token, { amount: '11' }), 400, 'wallet.insufficient.funds'],
      [
        post('/wps/points/convert', m.token, { amount: '1', paymentPassword: '111111' }),
        400,
        'payment.password.invalid',
      ],
    ];
    for (const [res, status, code] of cases) expectError(await res, status, code);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/points/convert',
      headers: siteHeaders({ authorization: m.token }),
      payload: { amount: '1', paymentPassword: PAY, idempotencyKey: 'plain-1' },
      remoteAddress: nextIp(),
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
    expect(plain.statusCode).toBeLessThan(500);
    const q = await get('/wps/points/redemptions?status=lost', m.token);
    expectError(q, 400, 'request.invalid');
    expect(await balances(m)).toEqual({ points: 100n, money: 1_000n });
    expect(await stockOf(ids.cap!)).toBe(3);
    const stored = await raw<{ n: string }>(
      'SELECT count(*)::text AS n FROM points_redemptions WHERE member_id = $1',
      [m.id],
    );
    expect(stored[0]!.n).toBe('0');
    await ledgersClean();
  });

  it('earns on valid bets once per round, on deposits only once wagered, and trial accounts earn nothing', async () => {
    const m = await member();
    await play(m.id, 'AUR', 100); // RNG ratio 1: 100 points
    await play(m.id, 'AURL', 100); // LIVE ratio 0.5: 50 points
    await play(m.id, 'AUR', 100, 'play'); // play money earns nothing
    expect((await ok('/wps/points/balance', m.token)).points).toBe('150');
    expect((await ok('/wps/points/balance', m.token)).points).toBe('150');
    // Deposit 200 (ratio 1): pending until 200 of bets settle after it; deposit-and-withdraw earns nothing.
    await deposit(m.id, 200);
    expect(await ok('/wps/points/balance', m.token)).toMatchObject({ points: '150', pending: '200' });
    await play(m.id, 'AUR', 150);
    expect(await ok('/wps/points/balance', m.token)).toMatchObject({ points: '300', pending: '200' });
    await play(m.id, 'AUR', 50);
    expect(await ok('/wps/points/balance', m.token)).toMatchObject({ points: '550', pending: '0' });
    const details = await ok('/wps/points/details', m.token);
    expect(details.content.map((d: { kind: string; change: string }) => [d.kind, d.change])).toEqual([
      ['deposit', '200'],
      ['bet', '50'],
      ['bet', '150'],
      ['bet', '50'],
      ['bet', '100'],
    ]);
    const dw = await member();
    await deposit(dw.id, 500);
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: memberAccount(dw.id, 'MAIN'),
      to: systemAccount('CLEARING'),
      amountMinor: 50_000n,
      kind: TX_TYPE.withdrawal,
      idempotencyKey: `pt-wd-${engine}-${++seq}`,
      actor: 'test',
    });
    expect(await ok('/wps/points/balance', dw.token)).toMatchObject({ points: '0', pending: '500' });

    const trial = await member({ type: TRIAL_TYPE });
    await play(trial.id, 'AUR', 100);
    expectError(await get('/wps/points/balance', trial.token), 403, 'trial.forbidden');
    await t.app.jobs.runNow(POINTS_EARN_JOB);
    const earned = await raw<{ n: string }>(
      `SELECT coalesce(sum(points), 0)::text AS n FROM points_round_earnings WHERE member_id = $1`,
      [trial.id],
    );
    expect(earned[0]!.n).toBe('0');
    await ledgersClean();
  });

  it('shows the config and refuses every call when PTSYS3 is off', async () => {
    const m = await member();
    expect(await ok('/wps/points/config', m.token)).toMatchObject({
      rate: '10',
      earnDeposit: '1',
      expires: false,
    });
    await setFeature(t.app, 'PTSYS3', false);
    try {
      for (const url of [
        '/wps/points/balance',
        '/wps/points/config',
        '/wps/points/rewards',
        '/wps/points/redemptions',
        '/wps/points/details',
      ]) {
        expectError(await get(url, m.token), 403, 'feature.disabled');
      }
      expectError(await post('/wps/points/convert', m.token, { amount: '10' }), 403, 'feature.disabled');
    } finally {
      await setFeature(t.app, 'PTSYS3', true);
    }
  });
});
