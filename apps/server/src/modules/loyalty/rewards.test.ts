import { type RewardCenterConfig, rewardSummarySchema, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findById } from '../accounts/index.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';
import { REWARD_NOTICE_JOB } from './index.ts';
import { businessDay } from './missions-service.ts';
import { insertPromoCode, setPromoEnabled } from './rewards-repository.ts';
import { businessWeek } from './rewards-service.ts';

// Wednesday 2026-11-11 12:00 GMT+8 (the merchant's business zone).
const NOW = Date.parse('2026-11-11T04:00:00Z');
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const TRIAL_TYPE = 4;

const REWARDS = {
  signIn: {
    enabled: true,
    daily: ['1', '2', '3'],
    requirement: null,
    weekly: { days: 3, reward: '10' },
    monthly: { days: 4, reward: '20' },
    wagering: { multiple: '2', base: 'bonus', expiryDays: 7 },
  },
  rescue: {
    enabled: true,
    categories: {
      RNG: [
        { minLoss: '1000', percent: '5' },
        { minLoss: '5000', percent: '8' },
      ],
      LIVE: [{ minLoss: '1000', fixed: '50' }],
    },
    wagering: { multiple: '3', base: 'bonus', expiryDays: 7 },
  },
  promoCodes: {
    codes: [
      { code: 'WELCOME88', amount: '8.88', cap: 1000, expiresAt: '2030-01-01T00:00:00+08:00', enabled: true },
    ],
    wagering: null,
  },
} as RewardCenterConfig;

describe('businessWeek', () => {
  it('starts on the business Monday', () => {
    expect(businessWeek(NOW, '+08:00').key).toBe('2026-11-09');
    // Sunday 23:30 GMT+8 is still the week of the 9th; Monday 00:30 starts the next.
    expect(businessWeek(Date.parse('2026-11-15T15:30:00Z'), '+08:00').key).toBe('2026-11-09');
    expect(businessWeek(Date.parse('2026-11-15T16:30:00Z'), '+08:00').key).toBe('2026-11-16');
  });
});

describe.each(engines)('loyalty: the reward centre (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.rewardCenter = structuredClone(REWARDS);
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: unknown } = {}) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(opts.token ? { authorization: opts.token } : {}),
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
      remoteAddress: nextIp(),
    });
  const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await call(method, url, { token, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };
  const summary = async (token: string) =>
    rewardSummarySchema.parse(await ok('GET', '/wps/reward/summary', token));
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
  };
  const play = async (memberId: number, vendor: string, betMajor: number, winMajor = 0) => {
    clock.advance(MINUTE_MS);
    const round = `rw-${engine}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, $6, $2, $2, $3, 'g', 'real', 'settled', $4::bigint, $5::bigint, $7::timestamptz, $7::timestamptz)`,
      [
        DEMO_MERCHANT,
        round,
        memberId,
        String(Math.round(betMajor * 100)),
        String(Math.round(winMajor * 100)),
        vendor,
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
      idempotencyKey: `rw-deposit-${engine}-${++seq}`,
      actor: 'test',
    });
  };
  const mainBalance = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };
  const rewardTransfers = (memberId: number) =>
    raw<{ idempotency_key: string; amount: string }>(
      `SELECT idempotency_key, amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2
        ORDER BY id`,
      [DEMO_MERCHANT, `reward:${memberId}:%`],
    );
  /** A new session (moving the clock a day on ends the old ones). */
  const signIn = async (memberId: number) => {
    const merchant = await t.app.merchants.get(DEMO_MERCHANT);
    const member = await findById(t.db.database.db, DEMO_MERCHANT, memberId);
    return t.app.accounts.sessions.start(merchant!, member!, { ip: '10.255.255.3' });
  };
  const ledgerClean = async () => expect((await checkLedger(t.db.database)).problems).toEqual([]);
  const today = () => businessDay(clock.now(), '+08:00').key;

  it('signs in once a day, runs on consecutive days, restarts after a missed day, pays the week and the month', async () => {
    clock.set(NOW);
    const m = await newMemberSession(t);
    let s = await summary(m.token);
    expect(s.calendar).toMatchObject({
      today: '2026-11-11',
      signedToday: false,
      runDay: 1,
      days: ['1.00', '2.00', '3.00'],
    });
    expect(s.claimable).toEqual([
      expect.objectContaining({
        id: 'signIn:2026-11-11',
        kind: 'signIn',
        amount: '1.00',
        runDay: 1,
        claimable: true,
        expiresAt: businessDay(clock.now(), '+08:00').toMs,
        terms: { multiple: '2', base: 'bonus', expiryDays: 7 },
      }),
    ]);
    expect(s.unread).toBe(1);
    const before = await mainBalance(m.id);
    expect(await ok('POST', '/wps/reward/claim', m.token, { id: 'signIn:2026-11-11' })).toMatchObject({
      total: '1.00',
      paid: [{ kind: 'signIn', detail: '2026-11-11', amount: '1.00' }],
    });
    expectError(
      await call('POST', '/wps/reward/claim', { token: m.token, payload: { id: 'signIn:2026-11-11' } }),
      409,
      'loyalty.reward.notClaimable',
    );
    s = await summary(m.token);
    expect(s).toMatchObject({
      unread: 0,
      calendar: { signedToday: true, runDay: 1, monthDays: ['2026-11-11'] },
    });

    // Thursday: day 2 of the run; only today can be claimed (yesterday, tomorrow refused).
    clock.set(NOW + DAY_MS);
    m.token = await signIn(m.id);
    for (const id of ['signIn:2026-11-11', 'signIn:2026-11-13', 'signIn:2026-11-10'])
      expectError(
        await call('POST', '/wps/reward/claim', { token: m.token, payload: { id } }),
        409,
        'loyalty.reward.notClaimable',
      );
    expect((await summary(m.token)).claimable[0]).toMatchObject({ runDay: 2, amount: '2.00' });
    await ok('POST', '/wps/reward/claim', m.token, { id: `signIn:${today()}` });
    // Friday: day 3, the third sign-in of the week pays the weekly reward too.
    clock.set(NOW + 2 * DAY_MS);
    m.token = await signIn(m.id);
    expect(await ok('POST', '/wps/reward/claim', m.token, { id: `signIn:${today()}` })).toMatchObject({
      total: '13.00',
      paid: [
        { kind: 'signIn', amount: '3.00' },
        { kind: 'signInWeek', detail: '2026-11-09', amount: '10.00' },
      ],
    });
    // Saturday missed; Sunday restarts the run at day 1 and is the month's 4th sign-in.
    clock.set(NOW + 4 * DAY_MS);
    m.token = await signIn(m.id);
    s = await summary(m.token);
    expect(s.calendar).toMatchObject({
      runDay: 1,
      weekly: { count: 3, paid: true },
      monthly: { count: 3, paid: false },
    });
    expect(await ok('POST', '/wps/reward/claim', m.token, { id: `signIn:${today()}` })).toMatchObject({
      total: '21.00',
      paid: [
        { kind: 'signIn', amount: '1.00' },
        { kind: 'signInMonth', detail: '2026-11', amount: '20.00' },
      ],
    });
    expect(await mainBalance(m.id)).toBe(before + 3_700n);
    expect((await rewardTransfers(m.id)).map((r) => r.idempotency_key)).toEqual([
      `reward:${m.id}:signIn:2026-11-11`,
      `reward:${m.id}:signIn:2026-11-12`,
      `reward:${m.id}:signIn:2026-11-13`,
      `reward:${m.id}:signInWeek:2026-11-09`,
      `reward:${m.id}:signIn:2026-11-15`,
      `reward:${m.id}:signInMonth:2026-11`,
    ]);
    // Each payout carries the sign-in's turnover requirement (2x).
    const details = await ok('GET', '/wps/bonus/details', m.token);
    expect(details.list.map((r: { required: string }) => r.required).sort()).toEqual(
      ['2.00', '4.00', '6.00', '2.00', '20.00', '40.00'].sort(),
    );
    const history = await ok('GET', '/wps/reward/history', m.token);
    expect(history.list.map((h: { kind: string }) => h.kind)).toEqual([
      'signInMonth',
      'signIn',
      'signInWeek',
      'signIn',
      'signIn',
      'signIn',
    ]);
    // 90 days on, the history is empty.
    clock.set(NOW + 95 * DAY_MS);
    m.token = await signIn(m.id);
    expect((await ok('GET', '/wps/reward/history', m.token)).list).toEqual([]);
    clock.set(NOW);
    await ledgerClean();
  });

  it("asks for today's deposit when the calendar says so", async () => {
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.rewardCenter.signIn.requirement = { kind: 'deposit', min: '100' };
    });
    clock.set(NOW + 20 * DAY_MS);
    const m = await newMemberSession(t);
    const id = `signIn:${today()}`;
    expect((await summary(m.token)).claimable[0]).toMatchObject({
      claimable: false,
      requirement: { kind: 'deposit', min: '100.00', value: '0.00', met: false },
    });
    expect((await summary(m.token)).unread).toBe(0);
    const res = await call('POST', '/wps/reward/claim', { token: m.token, payload: { id } });
    expectError(res, 409, 'loyalty.reward.requirement');
    await deposit(m.id, 100);
    expect((await summary(m.token)).claimable[0]).toMatchObject({
      claimable: true,
      requirement: { value: '100.00', met: true },
    });
    await ok('POST', '/wps/reward/claim', m.token, { id });
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.rewardCenter.signIn.requirement = null;
    });
    clock.set(NOW);
  });

  it("pays the rescue fund on yesterday's net loss per category, net of bonuses, claimable today only", async () => {
    clock.set(NOW + 30 * DAY_MS);
    const m = await newMemberSession(t);
    const n = await newMemberSession(t);
    await play(m.id, 'AUR', 4_000, 800); // RNG loss 3,200
    await play(m.id, 'AURL', 2_000, 500); // LIVE loss 1,500
    await play(n.id, 'AUR', 4_000, 800); // RNG loss 3,200, but 300 of bonuses that day
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount('BONUS'),
      to: memberAccount(n.id, 'MAIN'),
      amountMinor: 30_000n,
      kind: TX_TYPE.bonus,
      idempotencyKey: `rw-bonus-${engine}-${++seq}`,
      actor: 'test',
    });
    expect((await summary(m.token)).claimable).toEqual([expect.objectContaining({ kind: 'signIn' })]);
    clock.set(businessDay(clock.now(), '+08:00').toMs + 60 * MINUTE_MS);
    m.token = await signIn(m.id);
    n.token = await signIn(n.id);
    const yesterday = businessDay(clock.now() - DAY_MS, '+08:00').key;
    const rescue = (await summary(m.token)).claimable.filter((c) => c.kind === 'rescue');
    expect(rescue).toEqual([
      expect.objectContaining({
        id: `rescue:${yesterday}:RNG`,
        category: 'RNG',
        netLoss: '3200.00',
        amount: '160.00',
      }),
      expect.objectContaining({
        id: `rescue:${yesterday}:LIVE`,
        category: 'LIVE',
        netLoss: '1500.00',
        amount: '50.00',
      }),
    ]);
    expect(rescue[0]!.terms).toEqual({ multiple: '3', base: 'bonus', expiryDays: 7 });
    expect((await summary(n.token)).claimable.filter((c) => c.kind === 'rescue')).toEqual([
      expect.objectContaining({ netLoss: '2900.00', amount: '145.00' }),
    ]);
    const before = await mainBalance(m.id);
    await ok('POST', '/wps/reward/claim', m.token, { id: `rescue:${yesterday}:RNG` });
    expectError(
      await call('POST', '/wps/reward/claim', { token: m.token, payload: { id: `rescue:${yesterday}:RNG` } }),
      409,
      'loyalty.reward.notClaimable',
    );
    expect(await mainBalance(m.id)).toBe(before + 16_000n);
    // The next day the LIVE fund not claimed is gone.
    clock.advance(DAY_MS);
    m.token = await signIn(m.id);
    expect((await summary(m.token)).claimable.filter((c) => c.kind === 'rescue')).toEqual([]);
    expectError(
      await call('POST', '/wps/reward/claim', {
        token: m.token,
        payload: { id: `rescue:${yesterday}:LIVE` },
      }),
      409,
      'loyalty.reward.notClaimable',
    );
    clock.set(NOW);
    await ledgerClean();
  });

  it('messages a member once when a rescue fund is ready (it expires within 24 hours)', async () => {
    clock.set(NOW + 60 * DAY_MS);
    const m = await newMemberSession(t);
    await play(m.id, 'AUR', 4_000, 800);
    clock.set(businessDay(clock.now(), '+08:00').toMs + 30 * MINUTE_MS);
    const messages = () =>
      raw<{ title: string; body: string }>(
        'SELECT title, body FROM support_messages WHERE member_id = $1 ORDER BY id',
        [m.id],
      );
    await t.app.jobs.runNow(REWARD_NOTICE_JOB);
    await t.app.jobs.runNow(REWARD_NOTICE_JOB);
    const sent = await messages();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toBe('A reward expires soon');
    expect(sent[0]!.body).toContain('RNG rescue fund of 160.00');
    clock.set(NOW);
  });

  it('pays once when 2 to 30 claims of the same reward arrive at once, and once across two sessions', async () => {
    clock.set(NOW + 40 * DAY_MS);
    for (const n of [2, 30]) {
      const m = await newMemberSession(t);
      const second = await signIn(m.id);
      const before = await mainBalance(m.id);
      const id = `signIn:${today()}`;
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          call('POST', '/wps/reward/claim', { token: i % 2 ? second : m.token, payload: { id } }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(n - 1).fill(409)]);
      expect(await mainBalance(m.id)).toBe(before + 100n);
      expect(await rewardTransfers(m.id)).toHaveLength(1);
    }
    clock.set(NOW);
    await ledgerClean();
  });

  it('redeems a promo code once per member, never beyond its cap under concurrency, never after its expiry', async () => {
    clock.set(NOW);
    const m = await newMemberSession(t);
    const other = await signIn(m.id);
    const before = await mainBalance(m.id);
    expect(await ok('POST', '/wps/reward/promo', m.token, { code: 'welcome88' })).toMatchObject({
      total: '8.88',
      paid: [{ kind: 'promo', detail: 'WELCOME88', amount: '8.88' }],
    });
    expectError(
      await call('POST', '/wps/reward/promo', { token: other, payload: { code: 'WELCOME88' } }),
      409,
      'loyalty.promo.used',
    );
    expect(await mainBalance(m.id)).toBe(before + 888n);
    // wagering null: the promo bonus is the member's at once.
    expect((await ok('GET', '/wps/bonus/details', m.token)).list).toEqual([]);

    // A code with a cap of 3, 12 members at once (and each twice): 3 paid, the cap never passed.
    await insertPromoCode(
      t.db.database.db,
      DEMO_MERCHANT,
      {
        code: 'CAP3',
        amountMinor: 500n,
        cap: 3,
        expiresAtMs: NOW + DAY_MS,
        enabled: true,
        createdBy: 'test',
      },
      clock.now(),
    );
    const members = await Promise.all(Array.from({ length: 12 }, () => newMemberSession(t)));
    const results = await Promise.all(
      [...members, ...members].map((x) =>
        call('POST', '/wps/reward/promo', { token: x.token, payload: { code: 'CAP3' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    const [row] = await raw<{ used: number }>(
      `SELECT used FROM loyalty_promo_codes WHERE merchant_code = $1 AND code = 'CAP3'`,
      [DEMO_MERCHANT],
    );
    expect(Number(row!.used)).toBe(3);
    const [paid] = await raw<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE 'reward:%:promo:CAP3'`,
      [DEMO_MERCHANT],
    );
    expect(paid!.n).toBe('3');
    const late = await newMemberSession(t);
    expectError(
      await call('POST', '/wps/reward/promo', { token: late.token, payload: { code: 'CAP3' } }),
      409,
      'loyalty.promo.exhausted',
    );

    await insertPromoCode(
      t.db.database.db,
      DEMO_MERCHANT,
      {
        code: 'SOON',
        amountMinor: 500n,
        cap: 10,
        expiresAtMs: NOW + DAY_MS,
        enabled: true,
        createdBy: 'test',
      },
      clock.now(),
    );
    clock.set(NOW + DAY_MS);
    late.token = await signIn(late.id);
    expectError(
      await call('POST', '/wps/reward/promo', { token: late.token, payload: { code: 'SOON' } }),
      409,
      'loyalty.promo.expired',
    );
    await setPromoEnabled(t.db.database.db, DEMO_MERCHANT, 'WELCOME88', false);
    expectError(
      await call('POST', '/wps/reward/promo', { token: late.token, payload: { code: 'WELCOME88' } }),
      404,
      'loyalty.promo.unknown',
    );
    await setPromoEnabled(t.db.database.db, DEMO_MERCHANT, 'WELCOME88', true);
    clock.set(NOW);
    await ledgerClean();
  });

  it('refuses visitors, trial accounts, bad input and calls with REWCEN3 off, and moves nothing', async () => {
    clock.set(NOW + 50 * DAY_MS);
    const m = await newMemberSession(t);
    const trial = await newMemberSession(t, { type: TRIAL_TYPE });
    for (const url of ['/wps/reward/summary', '/wps/reward/history']) {
      expectError(await call('GET', url), 401, 'user.or.token.invalid');
      expectError(await call('GET', url, { token: trial.token }), 403, 'trial.forbidden');
    }
    expectError(
      await call('POST', '/wps/reward/claim', { token: trial.token, payload: { id: `signIn:${today()}` } }),
      403,
      'trial.forbidden',
    );
    expectError(
      await call('POST', '/wps/reward/promo', { token: trial.token, payload: { code: 'WELCOME88' } }),
      403,
      'trial.forbidden',
    );
    const before = await mainBalance(m.id);
    const badClaims: [unknown, number, string][] = [
      [{}, 400, 'request.invalid'],
      [{ id: 'signIn:tomorrow' }, 400, 'request.invalid'],
      [{ id: 'promo:WELCOME88' }, 400, 'request.invalid'],
      [{ id: `signIn:${today()}`, extra: 1 }, 400, 'request.invalid'],
      [{ id: 42 }, 400, 'request.invalid'],
      [{ id: 'rescue:2026-01-01:RNG' }, 409, 'loyalty.reward.notClaimable'],
    ];
    for (const [payload, status, code] of badClaims)
      expectError(await call('POST', '/wps/reward/claim', { token: m.token, payload }), status, code);
    const badCodes: [unknown, number, string][] = [
      [{}, 400, 'request.invalid'],
      [{ code: 'ab' }, 400, 'request.invalid'],
      [{ code: 'WELCOME 88' }, 400, 'request.invalid'],
      [{ code: 'x'.repeat(25) }, 400, 'request.invalid'],
      [{ code: 'NOSUCHCODE' }, 404, 'loyalty.promo.unknown'],
    ];
    for (const [payload, status, code] of badCodes)
      expectError(await call('POST', '/wps/reward/promo', { token: m.token, payload }), status, code);
    expectError(await call('GET', '/wps/reward/summary?x=1', { token: m.token }), 400, 'request.invalid');

    await setFeature(t.app, 'REWCEN3', false);
    try {
      for (const [method, url, payload] of [
        ['GET', '/wps/reward/summary', undefined],
        ['GET', '/wps/reward/history', undefined],
        ['POST', '/wps/reward/claim', { id: `signIn:${today()}` }],
        ['POST', '/wps/reward/promo', { code: 'WELCOME88' }],
      ] as const) {
        const res = await call(method, url, { token: m.token, payload });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'feature.disabled' });
      }
    } finally {
      await setFeature(t.app, 'REWCEN3', true);
    }
    expect(await mainBalance(m.id)).toBe(before);
    expect(await rewardTransfers(m.id)).toEqual([]);
    expect(await rewardTransfers(trial.id)).toEqual([]);
    clock.set(NOW);
    await ledgerClean();
  });
});
