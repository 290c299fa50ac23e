import { routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import {
  bind,
  expectFailure,
  fund,
  givePin,
  makeMember,
  okValue,
  PIN,
  relogin,
  type TestMember,
} from '../cashier/withdraw-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';
import { WAGERING_EXPIRY_JOB } from './index.ts';

// 2026-11-10 12:00 GMT+8: mid-month in the merchant's business zone.
const NOW = Date.parse('2026-11-10T04:00:00Z');
const MINUTE_MS = 60_000;
const TRIAL_TYPE = 4;

describe.each(engines)('loyalty: wagering, bonus details and personal profit (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    // The vector: a bonus of 100 at 10x, slots (RNG) 100 %, live 10 %, lottery 0 %.
    await setMerchantConfig(t.app, (c) => {
      const gift = c.promotions.promotions.find((p) => p.id === 'app-gift');
      if (gift) gift.reward = '100.00';
      c.loyalty.wagering.promotions['app-gift'] = {
        multiple: '10',
        base: 'bonus',
        expiryDays: 7,
        contributions: { RNG: '100', LIVE: '10', LOTT: '0' },
      };
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: nextIp(),
    });
  /** A round of the record of play, settled now (after the clock moves on). */
  const play = async (
    memberId: number,
    vendor: string,
    bet: number,
    kind: { win?: number; mode?: 'real' | 'play'; status?: 'settled' | 'cancelled' | 'open' } = {},
  ) => {
    clock.advance(MINUTE_MS);
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, $2, $3, $3, $4, 'g', $7, $8, $5::bigint, $9::bigint, $6::timestamptz,
               CASE WHEN $8 = 'open' THEN NULL ELSE $6::timestamptz END)`,
      [
        DEMO_MERCHANT,
        vendor,
        `wg-${engine}-${++seq}`,
        memberId,
        String(Math.round(bet * 100)),
        new Date(clock.now()).toISOString(),
        kind.mode ?? 'real',
        kind.status ?? 'settled',
        String(Math.round((kind.win ?? 0) * 100)),
      ],
    );
  };
  const claimGift = async (m: { token: string }) => {
    clock.advance(MINUTE_MS);
    okValue(await call('POST', routes.promotionClaim.path, m.token, { id: 'app-gift' }));
  };
  const details = async (m: { token: string }) =>
    okValue<{
      remaining: string;
      open: number;
      list: {
        id: number;
        status: string;
        required: string;
        done: string;
        remaining: string;
        removed: string | null;
      }[];
    }>(await call('GET', routes.bonusDetails.path, m.token));
  const main = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };
  /** A member who can withdraw: payment password, a bound account, 500.00 of their own. */
  const withdrawer = async (): Promise<TestMember & { accountId: number }> => {
    const m = await makeMember(t, clock, 'wg');
    await givePin(t, m);
    const account = okValue<{ id: number }>(await bind(t, m, {}));
    await fund(t, m, '500.00');
    return { ...m, accountId: account.id };
  };
  const withdraw = (m: TestMember & { accountId: number }, amount: string) =>
    callEncrypted(
      t.app,
      'POST',
      routes.withdraw.path,
      { paymentPassword: PIN, accountId: m.accountId, amount, idempotencyKey: `wg-wd-${engine}-${++seq}` },
      { token: m.token },
    );
  const ledgerClean = async () => expect((await checkLedger(t.db.database)).problems).toEqual([]);

  it('counts the issue vector through the routes: after 600 of slots and 2,000 of live, 800 of 1,000 is done', async () => {
    const m = await withdrawer();
    await play(m.id, 'AUR', 5_000); // before the grant: counts nothing
    await claimGift(m);
    await play(m.id, 'AUR', 600);
    await play(m.id, 'AURL', 2_000);
    // Abuse: a cancelled bet, an open one, play money and lottery count nothing.
    await play(m.id, 'AUR', 1_000, { status: 'cancelled' });
    await play(m.id, 'AUR', 1_000, { status: 'open' });
    await play(m.id, 'AUR', 1_000, { mode: 'play' });
    const d = await details(m);
    expect(d).toMatchObject({ remaining: '200.00', open: 1 });
    expect(d.list[0]).toMatchObject({
      status: 'open',
      required: '1000.00',
      done: '800.00',
      remaining: '200.00',
      removed: null,
    });
    expect(d.list[0]).toMatchObject({ bonus: '100.00', multiple: '10', base: 'bonus', name: 'app-gift' });

    // Withdrawing around the open requirement is refused, the remaining turnover in the details.
    const refused = expectFailure(await withdraw(m, '50.00'), 409, 'loyalty.wagering.open');
    expect(refused.details).toMatchObject({ remainingTurnover: '200.00', openBonuses: '1' });
    expect(await main(m.id)).toBe(60_000n);

    await play(m.id, 'AUR', 150);
    expect((await details(m)).list[0]).toMatchObject({ status: 'open', done: '950.00' });
    await play(m.id, 'AUR', 50);
    expect((await details(m)).list[0]).toMatchObject({
      status: 'completed',
      done: '1000.00',
      remaining: '0.00',
    });
    okValue(await withdraw(m, '50.00'));
    await ledgerClean();
  });

  it('forfeits: the bonus leaves the balance, the deposit stays, the withdrawal works; at once it pays once', async () => {
    const m = await withdrawer();
    await claimGift(m);
    const [req] = (await details(m)).list;
    expectFailure(await withdraw(m, '20.00'), 409, 'loyalty.wagering.open');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', routes.bonusForfeit.path, m.token, { id: req!.id })),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expectFailure(r, 409, 'loyalty.bonus.closed');
    expect((ok[0]!.json() as { value: object }).value).toMatchObject({
      status: 'forfeited',
      removed: '100.00',
    });
    const moves = await raw<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key = $2`,
      [DEMO_MERCHANT, `wagering:forfeit:${req!.id}`],
    );
    expect(moves[0]?.n).toBe('1');
    expect(await main(m.id)).toBe(50_000n);
    expect(await details(m)).toMatchObject({ remaining: '0.00', open: 0 });
    okValue(await withdraw(m, '20.00'));
    await ledgerClean();
  });

  it('forfeits only what is left of a bonus partly lost, and never money parked in a game wallet', async () => {
    const m = await withdrawer();
    await claimGift(m);
    const [req] = (await details(m)).list;
    // Lost 560 of 600: 40 is left, all of it goes back.
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: memberAccount(m.id, 'MAIN'),
      to: systemAccount('HOUSE:AUR'),
      amountMinor: 56_000n,
      kind: TX_TYPE.bet,
      idempotencyKey: `wg-loss-${engine}-${++seq}`,
      actor: 'test',
    });
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: memberAccount(m.id, 'MAIN'),
      to: memberAccount(m.id, 'VENDOR:AURL'),
      amountMinor: 1_000n,
      kind: TX_TYPE.transferToGame,
      idempotencyKey: `wg-park-${engine}-${++seq}`,
      actor: 'test',
    });
    expectFailure(
      await call('POST', routes.bonusForfeit.path, m.token, { id: req!.id }),
      409,
      'loyalty.bonus.game.wallets',
    );
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: memberAccount(m.id, 'VENDOR:AURL'),
      to: memberAccount(m.id, 'MAIN'),
      amountMinor: 1_000n,
      kind: TX_TYPE.transferFromGame,
      idempotencyKey: `wg-back-${engine}-${++seq}`,
      actor: 'test',
    });
    const done = okValue(await call('POST', routes.bonusForfeit.path, m.token, { id: req!.id }));
    expect(done).toMatchObject({ status: 'forfeited', removed: '40.00' });
    expect(await main(m.id)).toBe(0n);
    await ledgerClean();
  });

  it('an expired requirement stops blocking and takes back what is left of the bonus', async () => {
    const m = await withdrawer();
    await claimGift(m);
    await play(m.id, 'AUR', 300);
    clock.advance(7 * DAY_MS);
    await play(m.id, 'AUR', 5_000); // after the expiry: counts nothing
    await relogin(t, m);
    const [req] = (await details(m)).list;
    expect(req).toMatchObject({ status: 'expired', done: '300.00', removed: '100.00' });
    expect(await main(m.id)).toBe(50_000n);
    okValue(await withdraw(m, '20.00'));
    await ledgerClean();
  });

  it('the expiry job takes back what is left of an expired bonus while the member is away, once', async () => {
    const m = await withdrawer();
    await claimGift(m);
    const [req] = (await details(m)).list;
    clock.advance(7 * DAY_MS + MINUTE_MS);
    await t.app.jobs.runNow(WAGERING_EXPIRY_JOB);
    await t.app.jobs.runNow(WAGERING_EXPIRY_JOB);
    expect(await main(m.id)).toBe(50_000n);
    const moves = await raw<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key = $2`,
      [DEMO_MERCHANT, `wagering:expire:${req!.id}`],
    );
    expect(moves[0]?.n).toBe('1');
    await relogin(t, m);
    expect((await details(m)).list[0]).toMatchObject({ status: 'expired', removed: '100.00' });
    await ledgerClean();
  });

  it("lets an operator see a member's bonuses and forfeit one for the member, audited", async () => {
    const m = await withdrawer();
    await claimGift(m);
    const shown = (await opsCommand(t.app, { command: 'bonus', action: 'show', account: m.account })) as {
      bonuses: { id: number; status: string; remaining: string }[];
    };
    expect(shown.bonuses[0]).toMatchObject({ status: 'open', remaining: '1000.00' });
    const id = shown.bonuses[0]!.id;
    const done = await opsCommand(t.app, {
      command: 'bonus',
      action: 'forfeit',
      account: m.account,
      id,
      reason: 'asked by phone',
    });
    expect(done).toMatchObject({ bonus: { status: 'forfeited', removed: '100.00' } });
    await expect(
      opsCommand(t.app, { command: 'bonus', action: 'forfeit', account: m.account, id, reason: 'again' }),
    ).rejects.toThrow();
    const audit = await raw<{ action: string; detail: unknown }>(
      `SELECT action, detail FROM ops_audit WHERE merchant_code = $1 AND action = 'bonus-forfeit' ORDER BY id DESC LIMIT 1`,
      [DEMO_MERCHANT],
    );
    expect(audit[0]?.detail).toMatchObject({
      account: m.account,
      requirementId: id,
      removed: '100.00',
      reason: 'asked by phone',
    });
    okValue(await withdraw(m, '20.00'));
    await ledgerClean();
  });

  it('refuses bad input with an envelope, moving nothing', async () => {
    const m = await withdrawer();
    await claimGift(m);
    const before = await main(m.id);
    const [req] = (await details(m)).list;
    expectFailure(await call('POST', routes.bonusForfeit.path, m.token, { id: 'x' }), 400, 'request.invalid');
    expectFailure(await call('POST', routes.bonusForfeit.path, m.token, {}), 400, 'request.invalid');
    expectFailure(
      await call('POST', routes.bonusForfeit.path, m.token, { id: req!.id, extra: 1 }),
      400,
      'request.invalid',
    );
    expectFailure(
      await call('POST', routes.bonusForfeit.path, m.token, { id: 999_999_999 }),
      404,
      'loyalty.bonus.unknown',
    );
    // Another member's bonus is unknown to this one.
    const other = await withdrawer();
    expectFailure(
      await call('POST', routes.bonusForfeit.path, other.token, { id: req!.id }),
      404,
      'loyalty.bonus.unknown',
    );
    expect((await call('POST', routes.bonusForfeit.path, undefined, { id: req!.id })).statusCode).toBe(401);
    expect((await call('GET', routes.bonusDetails.path, undefined)).statusCode).toBe(401);
    expectFailure(
      await call('GET', `${routes.personalProfit.path}?preset=custom`, m.token),
      400,
      'request.invalid',
    );
    expectFailure(
      await call('GET', `${routes.personalProfit.path}?preset=forever`, m.token),
      400,
      'request.invalid',
    );
    const trial = await newMemberSession(t, { type: TRIAL_TYPE });
    expectFailure(await call('GET', routes.bonusDetails.path, trial.token), 403, 'trial.forbidden');
    expectFailure(await call('GET', routes.personalProfit.path, trial.token), 403, 'trial.forbidden');
    expect(await main(m.id)).toBe(before);
    expect((await details(m)).list[0]).toMatchObject({ status: 'open' });
    await ledgerClean();
  });

  it('gives a VIP upgrade bonus its requirement, and a rebate none by default', async () => {
    const m = await withdrawer();
    // VIP1 needs total deposit 1,000 or total bet 10,000 (config/loyalty.json): bet it.
    await play(m.id, 'AUR', 10_000);
    okValue(await call('GET', routes.vipInfo.path, m.token));
    const [vip] = (await details(m)).list;
    expect(vip).toMatchObject({ source: 'vipUpgrade', name: 'VIP1', multiple: '1', status: 'open' });
    okValue(await call('POST', routes.rebateClaim.path, m.token, {}));
    expect((await details(m)).list).toHaveLength(1);
  });

  it('shows the personal profit by category and period, with bonuses net of forfeits and rebates', async () => {
    const m = await withdrawer();
    await play(m.id, 'AUR', 100, { win: 250 });
    await play(m.id, 'AURL', 40, { win: 0 });
    await play(m.id, 'AURL', 10, { win: 19.5 });
    await play(m.id, 'AUR', 999, { status: 'cancelled' });
    await claimGift(m);
    const [req] = (await details(m)).list;
    okValue(await call('POST', routes.bonusForfeit.path, m.token, { id: req!.id }));
    const p = okValue<Record<string, unknown>>(
      await call('GET', `${routes.personalProfit.path}?preset=today`, m.token),
    );
    expect(p).toMatchObject({
      categories: [
        { category: 'RNG', validBet: '100.00', payout: '250.00', profit: '150.00', rounds: 1 },
        { category: 'LIVE', validBet: '50.00', payout: '19.50', profit: '-30.50', rounds: 2 },
      ],
      validBet: '150.00',
      payout: '269.50',
      gameProfit: '119.50',
      bonuses: '0.00',
      rebates: '0.00',
      total: '119.50',
    });
    const yesterday = okValue<Record<string, unknown>>(
      await call('GET', `${routes.personalProfit.path}?preset=yesterday`, m.token),
    );
    expect(yesterday).toMatchObject({ categories: [], total: '0.00' });
  });
});
