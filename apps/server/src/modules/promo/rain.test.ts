import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, promoParticipations } from '../../db/schema.ts';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
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
import { rainWindows, windowTotals } from './rain.ts';

// 2026-11-22 04:00Z is 12:00 at +08:00: between the 10:00 and 13:00 rains of config/promotions.json.
const BETWEEN = Date.parse('2026-11-22T04:00:00Z');
const THIRTEEN = Date.parse('2026-11-22T05:00:00Z');
const RAIN = 'red-envelope-rain';

describe('rain windows', () => {
  const rain = {
    windows: [
      { start: '10:00', minutes: 30 },
      { start: '23:50', minutes: 20 },
    ],
    utcOffset: '+08:00',
    budget: '100.00',
    min: '1.00',
    max: '5.00',
  };
  it('finds the open window and the next one, across midnight of the configured clock', () => {
    expect(rainWindows(rain, BETWEEN).open).toBeNull();
    expect(new Date(rainWindows(rain, BETWEEN).next.start).toISOString()).toBe('2026-11-22T15:50:00.000Z');
    const late = Date.parse('2026-11-22T16:05:00Z'); // 00:05 the next day at +08:00
    const { open, next } = rainWindows(rain, late);
    expect(open).toMatchObject({
      start: Date.parse('2026-11-22T15:50:00Z'),
      end: Date.parse('2026-11-22T16:10:00Z'),
    });
    expect(new Date(next.start).toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(rainWindows(rain, Date.parse('2026-11-22T02:29:59Z')).open?.key).toBe(
      'rain:2026-11-22T02:00:00.000Z',
    );
    expect(rainWindows(rain, Date.parse('2026-11-22T02:30:00Z')).open).toBeNull();
  });
});

describe.each(engines)('red-envelope rain (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(BETWEEN);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: unknown } = {}) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(opts.token ? { authorization: opts.token } : {}),
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
      remoteAddress: nextIp(),
    });
  const claim = (token: string) => call('POST', '/wps/promotion/raffle', { token, payload: { id: RAIN } });
  const card = async (token?: string) => {
    const res = await call('GET', '/wps/promotion/list', token ? { token } : {});
    return res.json().value.promotions.find((p: { id: string }) => p.id === RAIN);
  };
  const rainTransfers = (memberId: number) =>
    t.db.database.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.merchantCode, DEMO_MERCHANT),
          like(ledgerTransfers.idempotencyKey, `promo:rain:${RAIN}:${memberId}:%`),
        ),
      );
  const sessionOf = async (memberId: number) => {
    const merchant = (await t.app.merchants.get(DEMO_MERCHANT))!;
    const member = (await findById(t.db.database.db, DEMO_MERCHANT, memberId))!;
    return t.app.accounts.sessions.start(merchant, member, { ip: '10.255.255.1' });
  };
  const mainBalance = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };

  it('refuses a claim between windows, telling the next start; the card counts down to it', async () => {
    clock.set(BETWEEN);
    const m = await newMemberSession(t);
    const res = await claim(m.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 'promo.rain.closed',
      details: { nextStart: String(THIRTEEN) },
    });
    expect(await rainTransfers(m.id)).toHaveLength(0);
    expect(
      await t.db.database.db.select().from(promoParticipations).where(eq(promoParticipations.memberId, m.id)),
    ).toHaveLength(0);
    expect(await card(m.token)).toMatchObject({
      status: 'COMING_SOON',
      action: null,
      reward: '18.88',
      rain: { open: false, windowStart: THIRTEEN, windowEnd: THIRTEEN + 30 * MINUTE_MS, won: null },
    });
  });

  it('pays one envelope per member and window, with a wagering requirement, and again in the next window', async () => {
    clock.set(THIRTEEN + 5 * MINUTE_MS);
    const m = await newMemberSession(t);
    expect(await card(m.token)).toMatchObject({
      status: 'CLAIM_REWARD',
      action: 'DRAW',
      rain: { open: true },
    });
    const res = await claim(m.token);
    expect(res.statusCode).toBe(200);
    const { amount } = res.json().value;
    const won = BigInt(Math.round(Number(amount) * 100));
    expect(won).toBeGreaterThanOrEqual(88n);
    expect(won).toBeLessThanOrEqual(1888n);
    expect(await mainBalance(m.id)).toBe(won);
    expect(await card(m.token)).toMatchObject({ status: 'CLAIMED', rain: { open: true, won: amount } });
    const again = await claim(m.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'promo.already.claimed' });
    expect(await rainTransfers(m.id)).toHaveLength(1);
    expect(await mainBalance(m.id)).toBe(won);

    const bonuses = await call('GET', '/wps/bonus/details', { token: m.token });
    const requirement = bonuses.json().value.list.find((r: { name: string }) => r.name === RAIN);
    expect(requirement).toMatchObject({ source: 'promotion', multiple: '3', status: 'open' });

    // The 17:00 rain (09:00Z) is another window (a new session: the first one has gone idle).
    clock.set(Date.parse('2026-11-22T09:10:00Z'));
    expect((await claim(await sessionOf(m.id))).statusCode).toBe(200);
    expect(await rainTransfers(m.id)).toHaveLength(2);
  });

  it('never pays past the budget under many concurrent claims, one envelope per member', async () => {
    await setMerchantConfig(t.app, (c) => {
      const p = c.promotions.promotions.find((x) => x.id === RAIN)!;
      p.rain = { ...p.rain!, budget: '40.00', min: '2.00', max: '5.00' };
    });
    const windowStart = Date.parse('2026-11-22T13:00:00Z'); // the 21:00 rain
    clock.set(windowStart + MINUTE_MS);
    const members = await Promise.all(Array.from({ length: 24 }, () => newMemberSession(t)));
    // Every member sends three claims at once: 72 claims on one window.
    const results = await Promise.all(
      members.flatMap((m) => [claim(m.token), claim(m.token), claim(m.token)]),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'paid' : r.json().errorCode));
    for (const code of codes) expect(['paid', 'promo.already.claimed', 'promo.rain.empty']).toContain(code);
    const paid = results
      .filter((r) => r.statusCode === 200)
      .map((r) => BigInt(Math.round(Number(r.json().value.amount) * 100)));
    const totals = await windowTotals(t.db.database.db, DEMO_MERCHANT, RAIN, windowStart);
    expect(totals!.budget).toBe(4000n);
    expect(totals!.paid).toBe(paid.reduce((a, b) => a + b, 0n));
    expect(totals!.paid).toBeLessThanOrEqual(4000n);
    expect(totals!.claims).toBe(paid.length);
    // 24 members at 2.00 to 5.00 each: 40.00 runs out for some of them.
    expect(codes).toContain('promo.rain.empty');
    for (const m of members) {
      const transfers = await rainTransfers(m.id);
      expect(transfers.length).toBeLessThanOrEqual(1);
      expect(await mainBalance(m.id)).toBe(transfers[0]?.amount ?? 0n);
    }
    // Once empty the window refuses everyone who has not claimed, and stores nothing for them.
    const late = await newMemberSession(t);
    const left = 4000n - totals!.paid;
    const res = await claim(late.token);
    expect(left).toBeLessThan(200n);
    expect(res.json()).toMatchObject({ errorCode: 'promo.rain.empty' });
    expect(await rainTransfers(late.id)).toHaveLength(0);
  });

  it('refuses a trial account, an unknown id and bad input, and moves nothing', async () => {
    clock.set(THIRTEEN + MINUTE_MS);
    const trial = await newMemberSession(t, { type: 4 });
    expect((await claim(trial.token)).json()).toMatchObject({ errorCode: 'trial.forbidden' });
    expect(await rainTransfers(trial.id)).toHaveLength(0);
    const m = await newMemberSession(t);
    const bad = await call('POST', '/wps/promotion/raffle', { token: m.token, payload: { id: 'NOT VALID' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await call('POST', '/wps/promotion/raffle', {
      token: m.token,
      payload: { id: 'no-such-rain' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await rainTransfers(m.id)).toHaveLength(0);
  });
});
