import { TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findById } from '../accounts/index.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';
import { LOYALTY_ACCRUE_JOB, LOYALTY_KEEP_JOB, LOYALTY_REBATE_PAYOUT_JOB } from './index.ts';

// 2026-11-10 12:00 GMT+8: mid-month in the merchant's business zone.
const NOW = Date.parse('2026-11-10T04:00:00Z');
const MINUTE_MS = 60_000;
const TRIAL_TYPE = 4;

describe.each(engines)('loyalty: VIP ranks and rebates (%s)', (engine) => {
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
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
  };
  /** A round of the record of play (settled, real money unless told), settled now (after the clock moves on). */
  const play = async (
    memberId: number,
    vendor: string,
    betMajor: number,
    kind: { mode?: 'real' | 'play'; status?: 'settled' | 'cancelled' | 'open' } = {},
  ) => {
    clock.advance(MINUTE_MS);
    const round = `ly-${engine}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, $2, $3, $3, $4, 'g', $7, $8, $5::bigint, 0, $6::timestamptz, $6::timestamptz)`,
      [
        DEMO_MERCHANT,
        vendor,
        round,
        memberId,
        String(Math.round(betMajor * 100)),
        new Date(clock.now()).toISOString(),
        kind.mode ?? 'real',
        kind.status ?? 'settled',
      ],
    );
  };
  /** A deposit credited as the cashier credits one: payment clearing to the main wallet. */
  const deposit = async (memberId: number, major: number) => {
    clock.advance(MINUTE_MS);
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount('CLEARING'),
      to: memberAccount(memberId, 'MAIN'),
      amountMinor: BigInt(major * 100),
      kind: TX_TYPE.deposit,
      idempotencyKey: `ly-deposit-${engine}-${++seq}`,
      actor: 'test',
    });
  };
  const mainBalance = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };
  const transfersLike = (pattern: string) =>
    raw<{ idempotency_key: string; amount: string }>(
      `SELECT idempotency_key, amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2
        ORDER BY idempotency_key`,
      [DEMO_MERCHANT, pattern],
    );
  /** A new session for a member (moving the clock a month on ends the old ones). */
  const signIn = async (memberId: number) => {
    const merchant = await t.app.merchants.get(DEMO_MERCHANT);
    const member = await findById(t.db.database.db, DEMO_MERCHANT, memberId);
    return t.app.accounts.sessions.start(merchant!, member!, { ip: '10.255.255.2' });
  };
  const ledgerClean = async () => expect((await checkLedger(t.db.database)).problems).toEqual([]);

  it('accrues the issue vector at VIP3, pays 2 decimals once and carries nothing lost', async () => {
    const m = await newMemberSession(t);
    await opsCommand(t.app, {
      command: 'vip',
      action: 'set',
      account: m.account,
      level: 3,
      reason: 'vector',
    });
    await play(m.id, 'AURL', 20_000); // live 0.8 %
    await play(m.id, 'AUR', 5_000); // RNG 1.0 %
    const info = await ok('GET', '/wps/rebate/info', m.token);
    expect(info).toMatchObject({ level: 3, levelName: 'VIP3', total: '210.0000', claimable: '210.00' });
    expect(info.categories).toEqual([
      { category: 'LIVE', validBet: '20000.00', rate: '0.8', amount: '160.0000' },
      { category: 'RNG', validBet: '5000.00', rate: '1.0', amount: '50.0000' },
    ]);

    const before = await mainBalance(m.id);
    const claim = await ok('POST', '/wps/rebate/claim', m.token, {});
    expect(claim).toMatchObject({ mode: 'manual', accrued: '210.0000', paid: '210.00', carried: '0.0000' });
    expect(await mainBalance(m.id)).toBe(before + 21_000n);
    expect(await transfersLike(`rebate:claim:${m.id}:%`)).toEqual([
      { idempotency_key: `rebate:claim:${m.id}:1`, amount: '21000' },
    ]);
    expect(await ok('GET', '/wps/rebate/info', m.token)).toMatchObject({ categories: [], total: '0.0000' });

    await play(m.id, 'AUR', 1_000);
    expect(await ok('GET', '/wps/rebate/info', m.token)).toMatchObject({
      categories: [{ category: 'RNG', amount: '10.0000' }],
      total: '10.0000',
    });
    // A second claim with nothing accrued is refused and moves nothing.
    await ok('POST', '/wps/rebate/claim', m.token);
    expectError(await call('POST', '/wps/rebate/claim', { token: m.token }), 409, 'loyalty.rebate.nothing');
    const history = await ok('GET', '/wps/rebate/claims?page=1&size=10', m.token);
    expect(history).toMatchObject({ total: 2, pageNum: 1, totalPages: 1 });
    expect(history.content.map((c: { paid: string }) => c.paid)).toEqual(['10.00', '210.00']);
    await ledgerClean();
  });

  it('carries the sub-cent rest to the next claim and accrues at the level a bet settled at', async () => {
    const m = await newMemberSession(t);
    await play(m.id, 'AUR', 12.34); // VIP0 RNG 0.4 %: 0.04936
    clock.advance(MINUTE_MS);
    await opsCommand(t.app, { command: 'vip', action: 'set', account: m.account, level: 3, reason: 'later' });
    await play(m.id, 'AUR', 0.05); // VIP3 RNG 1.0 %: 0.0005
    const info = await ok('GET', '/wps/rebate/info', m.token);
    expect(info).toMatchObject({ total: '0.0498', claimable: '0.04' });
    const claim = await ok('POST', '/wps/rebate/claim', m.token);
    expect(claim).toMatchObject({ paid: '0.04', carried: '0.0098' });
    await play(m.id, 'AUR', 0.02); // 0.0002 more: 0.0100 in all
    expect(await ok('GET', '/wps/rebate/info', m.token)).toMatchObject({
      carried: '0.0098',
      total: '0.0100',
    });
    expect(await ok('POST', '/wps/rebate/claim', m.token)).toMatchObject({ paid: '0.01', carried: '0.0000' });
  });

  it('counts only settled real-money rounds: cancelled, open and play-money rounds accrue nothing', async () => {
    const m = await newMemberSession(t);
    await play(m.id, 'AUR', 1_000, { status: 'cancelled' });
    await play(m.id, 'AUR', 1_000, { status: 'open' });
    await play(m.id, 'AUR', 1_000, { mode: 'play' });
    expect(await ok('GET', '/wps/rebate/info', m.token)).toMatchObject({ categories: [], total: '0.0000' });
    expect((await ok('GET', '/wps/vip/info', m.token)).progress).toContainEqual({
      condition: 'totalBet',
      actual: '0.00',
      expected: '10000.00',
      met: false,
    });
    await play(m.id, 'AUR', 1_000);
    expect(await ok('GET', '/wps/rebate/info', m.token)).toMatchObject({ total: '4.0000' });
  });

  it('pays one claim when 2 to 30 arrive at once', async () => {
    for (const n of [2, 30]) {
      const m = await newMemberSession(t);
      await play(m.id, 'AUR', 1_000);
      const results = await Promise.all(
        Array.from({ length: n }, () => call('POST', '/wps/rebate/claim', { token: m.token })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(n - 1);
      expect(await transfersLike(`rebate:claim:${m.id}:%`)).toEqual([
        { idempotency_key: `rebate:claim:${m.id}:1`, amount: '400' },
      ]);
    }
    await ledgerClean();
  });

  it('upgrades under OR from VIP0 to VIP2 paying the VIP1 and VIP2 bonuses once each', async () => {
    const m = await newMemberSession(t);
    await deposit(m.id, 6_000);
    await play(m.id, 'AUR', 30_000);
    const info = await ok('GET', '/wps/vip/info', m.token);
    expect(info).toMatchObject({ level: 2, name: 'VIP2', hasVip: true, mode: 'OR', next: { level: 3 } });
    expect(info.progress).toEqual([
      { condition: 'totalDeposit', actual: '6000.00', expected: '20000.00', met: false },
      { condition: 'totalBet', actual: '30000.00', expected: '200000.00', met: false },
    ]);
    expect(info.levels).toHaveLength(6);
    expect(info.levels[3]).toMatchObject({
      name: 'VIP3',
      upgradeBonus: '188.00',
      upgrade: [
        { condition: 'totalDeposit', expected: '20000.00' },
        { condition: 'totalBet', expected: '200000.00' },
      ],
      keep: [{ condition: 'monthlyBet', expected: '40000.00' }],
    });
    expect(info.levels[3].rebateRates).toContainEqual({ category: 'LIVE', rate: '0.8' });
    expect(info.levels[3].benefits).toMatch(/188\.00/);
    await ok('GET', '/wps/vip/info', m.token);
    await t.app.jobs.runNow(LOYALTY_ACCRUE_JOB);
    expect(await transfersLike(`vip:upgrade:${m.id}:%`)).toEqual([
      { idempotency_key: `vip:upgrade:${m.id}:1`, amount: '1800' },
      { idempotency_key: `vip:upgrade:${m.id}:2`, amount: '5800' },
    ]);
    expect(await ok('GET', '/wps/member/info', m.token)).toMatchObject({
      hasVip: true,
      vipLabelName: 'VIP2',
      vipRankLevel: 2,
      clubLabel: { labelName: 'VIP2' },
    });
    await ledgerClean();
  });

  it('upgrades from the job when a deposit is credited, without the member looking', async () => {
    const m = await newMemberSession(t);
    expect(await ok('GET', '/wps/member/info', m.token)).toMatchObject({ hasVip: false, vipRankLevel: 0 });
    await deposit(m.id, 1_000);
    await t.app.jobs.runNow(LOYALTY_ACCRUE_JOB);
    expect(await ok('GET', '/wps/member/info', m.token)).toMatchObject({
      hasVip: true,
      vipLabelName: 'VIP1',
    });
  });

  it('drops one level at the month end when the keep conditions are missed, and never pays a bonus twice', async () => {
    const kept = await newMemberSession(t);
    await deposit(kept.id, 6_000);
    await play(kept.id, 'AUR', 30_000); // monthly bet 30,000 ≥ VIP2 keep 10,000
    const dropped = await newMemberSession(t);
    await deposit(dropped.id, 6_000); // VIP2 on deposits alone, no bets this month
    for (const m of [kept, dropped]) expect((await ok('GET', '/wps/vip/info', m.token)).level).toBe(2);

    clock.set(Date.parse('2026-12-01T01:00:00Z')); // 09:00 on 1 December, GMT+8
    await t.app.jobs.runNow(LOYALTY_KEEP_JOB);
    await t.app.jobs.runNow(LOYALTY_KEEP_JOB); // once per month, however often it runs
    const levels = await raw<{ member_id: string; vip_level: number }>(
      'SELECT member_id::text, vip_level FROM loyalty_members WHERE merchant_code = $1 AND member_id = ANY($2::bigint[])',
      [DEMO_MERCHANT, [kept.id, dropped.id]],
    );
    const byId = Object.fromEntries(levels.map((r) => [Number(r.member_id), Number(r.vip_level)]));
    expect(byId).toEqual({ [kept.id]: 2, [dropped.id]: 1 });
    const shown = await opsCommand(t.app, { command: 'vip', action: 'show', account: dropped.account });
    expect(shown.changes.map((c: { reason: string; to: number }) => [c.reason, c.to])).toEqual([
      ['upgrade', 2],
      ['keep', 1],
    ]);

    // Its total deposit still reaches VIP2: it climbs back, and VIP2's bonus is not paid again.
    expect((await ok('GET', '/wps/vip/info', await signIn(dropped.id))).level).toBe(2);
    expect(await transfersLike(`vip:upgrade:${dropped.id}:%`)).toHaveLength(2);
    await ledgerClean();
  });

  it('upgrades under AND only when every condition is met', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.vip.mode = 'AND';
    });
    try {
      const m = await newMemberSession(t);
      await deposit(m.id, 6_000);
      await play(m.id, 'AUR', 30_000);
      expect(await ok('GET', '/wps/vip/info', m.token)).toMatchObject({ level: 1, mode: 'AND' });
      expect(await transfersLike(`vip:upgrade:${m.id}:%`)).toEqual([
        { idempotency_key: `vip:upgrade:${m.id}:1`, amount: '1800' },
      ]);
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.loyalty.vip.mode = 'OR';
      });
    }
  });

  it('pays unclaimed rebates once a day in auto mode', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.rebate.autoPay = true;
    });
    try {
      const m = await newMemberSession(t);
      await play(m.id, 'AUR', 2_000); // VIP0 RNG 0.4 %: 8.0000
      clock.advance(24 * 60 * MINUTE_MS);
      await t.app.jobs.runNow(LOYALTY_REBATE_PAYOUT_JOB);
      await t.app.jobs.runNow(LOYALTY_REBATE_PAYOUT_JOB);
      expect(await transfersLike(`rebate:claim:${m.id}:%`)).toEqual([
        { idempotency_key: `rebate:claim:${m.id}:1`, amount: '800' },
      ]);
      const history = await ok('GET', '/wps/rebate/claims', await signIn(m.id));
      expect(history.content).toMatchObject([{ mode: 'auto', paid: '8.00' }]);
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.loyalty.rebate.autoPay = false;
      });
    }
    await ledgerClean();
  });

  it('refuses visitors, trial accounts and bad input, and moves nothing', async () => {
    for (const url of ['/wps/vip/info', '/wps/rebate/info', '/wps/rebate/claims']) {
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect((await call('POST', '/wps/rebate/claim')).statusCode).toBe(401);
    const trial = await newMemberSession(t, { type: TRIAL_TYPE });
    for (const url of ['/wps/vip/info', '/wps/rebate/info', '/wps/rebate/claims']) {
      expectError(await call('GET', url, { token: trial.token }), 403, 'trial.forbidden');
    }
    expectError(await call('POST', '/wps/rebate/claim', { token: trial.token }), 403, 'trial.forbidden');
    expect(await ok('GET', '/wps/member/info', trial.token)).toMatchObject({
      hasVip: false,
      vipRankLevel: 0,
    });

    const m = await newMemberSession(t);
    await play(m.id, 'AUR', 1_000);
    const before = await mainBalance(m.id);
    for (const payload of [{ amount: '100' }, { all: true }]) {
      expect((await call('POST', '/wps/rebate/claim', { token: m.token, payload })).statusCode).toBe(400);
    }
    for (const query of ['size=0', 'size=101', 'page=0', 'page=x', 'sort=id']) {
      expect((await call('GET', `/wps/rebate/claims?${query}`, { token: m.token })).statusCode).toBe(400);
    }
    expect((await call('GET', '/wps/vip/info?level=3', { token: m.token })).statusCode).toBe(400);
    expect(await mainBalance(m.id)).toBe(before);
    expect(await transfersLike(`rebate:claim:${m.id}:%`)).toEqual([]);
  });

  it('lets an operator show and set a level, audited, refusing what does not exist', async () => {
    const m = await newMemberSession(t);
    const ops = (args: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': OPS_TOKEN },
        payload: { merchant: DEMO_MERCHANT, actor: 'test', args: { command: 'vip', ...args } },
        remoteAddress: '127.0.0.1',
      });
    expect((await ops({ action: 'set', account: m.account, level: 9, reason: 'x' })).statusCode).toBe(400);
    expect((await ops({ action: 'set', account: m.account, level: 2 })).statusCode).toBe(400);
    expect((await ops({ action: 'set', account: 'nobody-here', level: 2, reason: 'x' })).statusCode).toBe(
      400,
    );
    expect(await opsCommand(t.app, { command: 'vip', action: 'show', account: m.account })).toMatchObject({
      level: 0,
      changes: [],
    });
    const set = await opsCommand(t.app, {
      command: 'vip',
      action: 'set',
      account: m.account,
      level: 4,
      reason: 'high roller',
    });
    expect(set).toMatchObject({ from: 0, to: 4, name: 'VIP4' });
    const audit = await raw<{ actor: string; action: string }>(
      "SELECT actor, action FROM ops_audit WHERE merchant_code = $1 AND action = 'vip-set' ORDER BY id DESC LIMIT 1",
      [DEMO_MERCHANT],
    );
    expect(audit).toEqual([{ actor: 'break-glass:test', action: 'vip-set' }]);
    // An operator's setting pays no upgrade bonus.
    expect(await transfersLike(`vip:upgrade:${m.id}:%`)).toEqual([]);
  });

  it('refuses a configuration whose levels the engine cannot apply', async () => {
    await expect(
      setMerchantConfig(t.app, (c) => {
        const level = c.loyalty.vip.levels[2]!;
        level.upgrade = {};
      }),
    ).rejects.toThrow(/at least one condition/);
  });
});
