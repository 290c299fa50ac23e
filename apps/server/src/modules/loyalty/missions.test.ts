import { type MissionConfig, type MissionSummary, missionSummarySchema, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findById } from '../accounts/index.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';
import { businessDay, maskName } from './missions-service.ts';

// 2026-11-10 12:00 GMT+8: mid-season, mid-day in the merchant's business zone.
const NOW = Date.parse('2026-11-10T04:00:00Z');
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const TRIAL_TYPE = 4;

const MISSIONS: MissionConfig[] = [
  {
    id: 'daily-bet',
    kind: 'daily',
    metric: 'validBet',
    title: { EN: 'Daily turnover', CN: '每日流水' },
    milestones: [
      { target: '500', reward: '2' },
      { target: '2000', reward: '8' },
      { target: '10000', reward: '38' },
    ],
    leaderboard: true,
    enabled: true,
  },
  {
    id: 'season-deposit',
    kind: 'mission',
    metric: 'deposit',
    title: { EN: 'Season deposits' },
    startsAt: '2026-11-01T00:00:00+08:00',
    endsAt: '2026-12-01T00:00:00+08:00',
    milestones: [
      { target: '1000', reward: '18' },
      { target: '5000', reward: '88' },
    ],
    leaderboard: true,
    enabled: true,
  },
  {
    id: 'big-win',
    kind: 'mission',
    metric: 'profitMultiple',
    title: { EN: 'Big win' },
    startsAt: '2026-11-01T00:00:00+08:00',
    endsAt: '2026-12-01T00:00:00+08:00',
    milestones: [{ target: '10', reward: '8' }],
    leaderboard: false,
    enabled: true,
  },
  {
    id: 'rounds',
    kind: 'mission',
    metric: 'betCount',
    title: { EN: 'Rounds' },
    startsAt: '2026-11-01T00:00:00+08:00',
    endsAt: '2026-12-01T00:00:00+08:00',
    milestones: [{ target: '3', reward: '1' }],
    leaderboard: true,
    enabled: true,
  },
  {
    id: 'later',
    kind: 'mission',
    metric: 'betCount',
    title: { EN: 'Not yet' },
    startsAt: '2027-01-01T00:00:00+08:00',
    endsAt: '2027-02-01T00:00:00+08:00',
    milestones: [{ target: '1', reward: '1' }],
    leaderboard: true,
    enabled: true,
  },
];

describe('businessDay and maskName', () => {
  it('cuts the business day at the merchant offset', () => {
    // 2026-11-10 23:30 GMT+8 is still the 10th; 00:30 on the 11th is the next day.
    expect(businessDay(Date.parse('2026-11-10T15:30:00Z'), '+08:00').key).toBe('2026-11-10');
    expect(businessDay(Date.parse('2026-11-10T16:30:00Z'), '+08:00')).toEqual({
      fromMs: Date.parse('2026-11-10T16:00:00Z'),
      toMs: Date.parse('2026-11-11T16:00:00Z'),
      key: '2026-11-11',
    });
  });
  it('masks all but the first two characters', () => {
    expect(maskName('abcdef')).toBe('ab***');
    expect(maskName('王小明明')).toBe('王小***');
    expect(maskName('abc')).toBe('a***');
  });
});

describe.each(engines)('loyalty: missions and daily tasks (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.missions = MISSIONS;
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
  const summary = async (token: string): Promise<MissionSummary> =>
    missionSummarySchema.parse(await ok('GET', '/wps/mission/summary', token));
  const missionOf = async (token: string, id: string) =>
    (await summary(token)).missions.find((m) => m.id === id)!;
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
  };
  const play = async (memberId: number, betMajor: number, winMajor = 0, mode: 'real' | 'play' = 'real') => {
    clock.advance(MINUTE_MS);
    const round = `ms-${engine}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AUR', $2, $2, $3, 'g', $6, 'settled', $4::bigint, $5::bigint, $7::timestamptz, $7::timestamptz)`,
      [
        DEMO_MERCHANT,
        round,
        memberId,
        String(Math.round(betMajor * 100)),
        String(Math.round(winMajor * 100)),
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
      idempotencyKey: `ms-deposit-${engine}-${++seq}`,
      actor: 'test',
    });
  };
  const mainBalance = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };
  const missionTransfers = (memberId: number) =>
    raw<{ idempotency_key: string; amount: string }>(
      `SELECT idempotency_key, amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2
        ORDER BY idempotency_key`,
      [DEMO_MERCHANT, `mission:${memberId}:%`],
    );
  /** A new session (moving the clock a day on ends the old ones). */
  const signIn = async (memberId: number) => {
    const merchant = await t.app.merchants.get(DEMO_MERCHANT);
    const member = await findById(t.db.database.db, DEMO_MERCHANT, memberId);
    return t.app.accounts.sessions.start(merchant!, member!, { ip: '10.255.255.2' });
  };
  const ledgerClean = async () => expect((await checkLedger(t.db.database)).problems).toEqual([]);

  it('counts the day, claims one milestone and then all, each once, and resets the next business day', async () => {
    const m = await newMemberSession(t);
    const day = businessDay(clock.now(), '+08:00');
    let daily = await missionOf(m.token, 'daily-bet');
    expect(daily).toMatchObject({
      kind: 'daily',
      status: 'incomplete',
      value: '0.00',
      startsAt: day.fromMs,
      endsAt: day.toMs,
      claimable: '0.00',
    });
    expect(daily.milestones.map((x) => x.status)).toEqual(['incomplete', 'incomplete', 'incomplete']);
    expect((await summary(m.token)).missions.map((x) => x.id)).toEqual([
      'daily-bet',
      'season-deposit',
      'big-win',
      'rounds',
    ]); // `later` has not started

    await play(m.id, 300);
    await play(m.id, 1_900, 1_000);
    daily = await missionOf(m.token, 'daily-bet');
    expect(daily).toMatchObject({ status: 'claimable', value: '2200.00', claimable: '10.00' });
    expect(daily.milestones).toEqual([
      { index: 0, target: '500.00', reward: '2.00', progress: '500.00', status: 'claimable' },
      { index: 1, target: '2000.00', reward: '8.00', progress: '2000.00', status: 'claimable' },
      { index: 2, target: '10000.00', reward: '38.00', progress: '2200.00', status: 'incomplete' },
    ]);
    // The unread counter: daily-bet's two milestones (rounds needs 3 rounds).
    expect(await ok('GET', '/wps/mission/summary', m.token)).toMatchObject({ unread: 2, claimable: '10.00' });

    const before = await mainBalance(m.id);
    const one = await ok('POST', '/wps/mission/claim', m.token, { missionId: 'daily-bet', milestone: 1 });
    expect(one).toMatchObject({
      total: '8.00',
      paid: [{ missionId: 'daily-bet', milestone: 1, amount: '8.00' }],
    });
    expectError(
      await call('POST', '/wps/mission/claim', {
        token: m.token,
        payload: { missionId: 'daily-bet', milestone: 1 },
      }),
      409,
      'loyalty.mission.notClaimable',
    );
    expectError(
      await call('POST', '/wps/mission/claim', {
        token: m.token,
        payload: { missionId: 'daily-bet', milestone: 2 },
      }),
      409,
      'loyalty.mission.notClaimable',
    );
    await play(m.id, 1);
    const all = await ok('POST', '/wps/mission/claim-all', m.token, {});
    expect(
      all.paid.map((p: { missionId: string; milestone: number }) => `${p.missionId}:${p.milestone}`),
    ).toEqual(['daily-bet:0', 'rounds:0']);
    expect(all.total).toBe('3.00');
    expectError(
      await call('POST', '/wps/mission/claim-all', { token: m.token, payload: {} }),
      409,
      'loyalty.mission.nothing',
    );
    expect(await mainBalance(m.id)).toBe(before + 1_100n);
    expect(await missionTransfers(m.id)).toEqual([
      { idempotency_key: `mission:${m.id}:daily-bet:${day.key}:0`, amount: '200' },
      { idempotency_key: `mission:${m.id}:daily-bet:${day.key}:1`, amount: '800' },
      { idempotency_key: `mission:${m.id}:rounds:mission:0`, amount: '100' },
    ]);
    daily = await missionOf(m.token, 'daily-bet');
    expect(daily.milestones.map((x) => x.status)).toEqual(['received', 'received', 'incomplete']);
    expect(await ok('GET', '/wps/mission/summary', m.token)).toMatchObject({ unread: 0, claimable: '0.00' });

    // The next business day: the daily task starts again from zero and pays again.
    clock.set(day.toMs + 5 * MINUTE_MS);
    m.token = await signIn(m.id);
    daily = await missionOf(m.token, 'daily-bet');
    expect(daily).toMatchObject({ status: 'incomplete', value: '0.00', startsAt: day.toMs });
    await play(m.id, 600);
    await ok('POST', '/wps/mission/claim', m.token, { missionId: 'daily-bet', milestone: 0 });
    const next = businessDay(clock.now(), '+08:00').key;
    expect((await missionTransfers(m.id)).map((r) => r.idempotency_key)).toContain(
      `mission:${m.id}:daily-bet:${next}:0`,
    );
    await ledgerClean();
    clock.set(NOW);
  });

  it('pays deposits and profit multiples, and expires what was not claimed when the mission ends', async () => {
    const m = await newMemberSession(t);
    await deposit(m.id, 600);
    await deposit(m.id, 500);
    await play(m.id, 10, 115); // 10.50x
    expect(await missionOf(m.token, 'season-deposit')).toMatchObject({
      value: '1100.00',
      status: 'claimable',
    });
    expect(await missionOf(m.token, 'big-win')).toMatchObject({ value: '10.50', status: 'claimable' });
    await ok('POST', '/wps/mission/claim', m.token, { missionId: 'big-win', milestone: 0 });
    expect(await missionOf(m.token, 'big-win')).toMatchObject({ status: 'finished' });

    clock.set(Date.parse('2026-12-01T00:00:00+08:00'));
    m.token = await signIn(m.id);
    const season = await missionOf(m.token, 'season-deposit');
    expect(season).toMatchObject({ status: 'expired', claimable: '0.00' });
    expect(season.milestones.map((x) => x.status)).toEqual(['expired', 'expired']);
    expectError(
      await call('POST', '/wps/mission/claim', {
        token: m.token,
        payload: { missionId: 'season-deposit', milestone: 0 },
      }),
      409,
      'loyalty.mission.notClaimable',
    );
    clock.set(NOW);
    await ledgerClean();
  });

  it('pays once when 2 to 30 claims of the same milestone, or claim all, arrive at once', async () => {
    for (const n of [2, 30]) {
      const m = await newMemberSession(t);
      await play(m.id, 2_500);
      const before = await mainBalance(m.id);
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          i % 2
            ? call('POST', '/wps/mission/claim-all', { token: m.token, payload: {} })
            : call('POST', '/wps/mission/claim', {
                token: m.token,
                payload: { missionId: 'daily-bet', milestone: 0 },
              }),
        ),
      );
      expect(
        results.every((r) => [200, 409].includes(r.statusCode)),
        results.map((r) => r.body).join(),
      ).toBe(true);
      expect(await mainBalance(m.id)).toBe(before + 1_000n);
      expect((await missionTransfers(m.id)).map((r) => r.amount).sort()).toEqual(['200', '800']);
    }
    await ledgerClean();
  });

  it('ranks the leaderboard on the mission metric and period, masks the others, shows the own rank', async () => {
    const a = await newMemberSession(t);
    const b = await newMemberSession(t);
    const c = await newMemberSession(t);
    // A fresh day so the first test's members do not count.
    clock.set(NOW + 3 * DAY_MS);
    for (const x of [a, b, c]) x.token = await signIn(x.id);
    await play(a.id, 900);
    await play(b.id, 4_000);
    await play(c.id, 900);
    await play(c.id, 50_000, 0, 'play'); // play money counts nothing
    const board = await ok('GET', '/wps/mission/leaderboard?missionId=daily-bet', c.token);
    expect(board).toMatchObject({
      missionId: 'daily-bet',
      metric: 'validBet',
      own: { rank: 2, value: '900.00' },
    });
    expect(board.list).toEqual([
      { rank: 1, account: maskName(b.account), value: '4000.00', self: false },
      { rank: 2, account: maskName(a.account), value: '900.00', self: false },
      { rank: 2, account: c.account, value: '900.00', self: true },
    ]);
    expect(board.endsAt - board.serverTime).toBeGreaterThan(0);
    const none = await newMemberSession(t);
    none.token = await signIn(none.id);
    expect(
      await ok('GET', '/wps/mission/leaderboard?missionId=daily-bet&limitNum=1', none.token),
    ).toMatchObject({
      list: [{ rank: 1, value: '4000.00' }],
      own: { rank: null, value: '0.00' },
    });
    clock.set(NOW);
  });

  it('refuses visitors, trial accounts and bad input, and moves nothing', async () => {
    const m = await newMemberSession(t);
    await play(m.id, 600);
    const trial = await newMemberSession(t, { type: TRIAL_TYPE });
    for (const url of ['/wps/mission/summary', '/wps/mission/leaderboard?missionId=daily-bet']) {
      expectError(await call('GET', url), 401, 'user.or.token.invalid');
      expectError(await call('GET', url, { token: trial.token }), 403, 'trial.forbidden');
    }
    expectError(
      await call('POST', '/wps/mission/claim-all', { token: trial.token, payload: {} }),
      403,
      'trial.forbidden',
    );
    const before = await mainBalance(m.id);
    const bad: [unknown, number, string][] = [
      [{ missionId: 'nope', milestone: 0 }, 404, 'loyalty.mission.unknown'],
      [{ missionId: 'later', milestone: 0 }, 404, 'loyalty.mission.unknown'],
      [{ missionId: 'daily-bet', milestone: 7 }, 409, 'loyalty.mission.notClaimable'],
      [{ missionId: 'daily-bet', milestone: -1 }, 400, 'request.invalid'],
      [{ missionId: 'daily-bet', milestone: 1.5 }, 400, 'request.invalid'],
      [{ missionId: 'Daily Bet!', milestone: 0 }, 400, 'request.invalid'],
      [{ missionId: 'daily-bet' }, 400, 'request.invalid'],
      [{ missionId: 'daily-bet', milestone: 0, extra: 1 }, 400, 'request.invalid'],
    ];
    for (const [payload, status, code] of bad)
      expectError(await call('POST', '/wps/mission/claim', { token: m.token, payload }), status, code);
    expectError(
      await call('POST', '/wps/mission/claim-all', { token: m.token, payload: { all: true } }),
      400,
      'request.invalid',
    );
    for (const q of [
      '',
      '?missionId=nope',
      '?missionId=big-win',
      '?missionId=daily-bet&limitNum=0',
      '?missionId=daily-bet&x=1',
    ])
      expect(
        (await call('GET', `/wps/mission/leaderboard${q}`, { token: m.token })).statusCode,
      ).toBeGreaterThanOrEqual(400);
    expect(await mainBalance(m.id)).toBe(before);
    expect(await missionTransfers(m.id)).toEqual([]);
    expect(await missionTransfers(trial.id)).toEqual([]);
  });

  it('refuses a configuration whose missions the engine cannot apply', async () => {
    const bad = (change: (m: MissionConfig) => void) =>
      setMerchantConfig(t.app, (c) => {
        const m = structuredClone(MISSIONS[0]!);
        change(m);
        c.loyalty.missions = [m];
      });
    await expect(
      bad(
        (m) =>
          (m.milestones = [
            { target: '5', reward: '1' },
            { target: '4', reward: '1' },
          ]),
      ),
    ).rejects.toThrow(/must rise/);
    await expect(bad((m) => (m.metric = 'betCount'))).resolves.toBeUndefined(); // 500, 2000, 10000 rounds
    await expect(
      bad((m) => {
        m.metric = 'betCount';
        m.milestones = [{ target: '1.5', reward: '1' }];
      }),
    ).rejects.toThrow(/target/);
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.missions = MISSIONS;
    });
  });
});
