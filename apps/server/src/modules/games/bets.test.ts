import { type BetRow, type ErrorCode, envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import {
  createTestApp,
  engines,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { BET_RANGE_MAX_MS } from './bets.ts';
import { addMember, addTrial, insertRound } from './testing.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const at = (minutes: number) => T0 + minutes * MINUTE_MS;

type Res = { statusCode: number; json(): unknown; body: string };

describe.each(engines)('betting record and recall on %s', (engine) => {
  const clock = new ManualClock(at(120));
  let t: TestApp;
  let member: { id: number; token: string };
  let other: { id: number; token: string };
  let trial: { id: number; token: string };
  const orders: Record<string, string> = {};

  const get = (
    path: string,
    token: string | null,
    query: Record<string, string | number> = {},
    language = 'EN',
  ) =>
    t.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: siteHeaders({ language, ...(token ? { authorization: token } : {}) }),
      remoteAddress: nextIp(),
    });
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const records = async (token: string, query: Record<string, string | number>, language = 'EN') => {
    const res = await get(routes.betRecords.path, token, query, language);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = envelopeSchema(routes.betRecords.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const recall = async (token: string, orderNo: string, language = 'EN') => {
    const res = await get(routes.betRecall.path, token, { orderNo }, language);
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeSchema(routes.betRecall.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const shape = (rows: BetRow[]) =>
    rows.map((r) => [
      (r.betTimeInTimestamp - T0) / MINUTE_MS,
      r.nodeId,
      r.status,
      r.betAmount,
      r.validBetAmount,
      r.winAmount,
      r.profitAndLoss,
    ]);
  const everything = { startDate: T0, endDate: at(100) };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const db = t.db.database;
    member = await addMember(t.app, db);
    other = await addMember(t.app, db);
    trial = await addTrial(t.app);
    const round = (name: string, r: Parameters<typeof insertRound>[1]) =>
      insertRound(db, r).then((orderNo) => {
        orders[name] = orderNo;
      });
    // The member's rounds, ten minutes apart.
    await round('win', {
      memberId: member.id,
      gameCode: 'dice',
      betMinor: 1000n,
      winMinor: 1980n,
      openedAt: at(10),
      balanceBeforeMinor: 10_000n,
      balanceAfterMinor: 10_980n,
      detail: { roll: 7321, target: 5000, direction: 'over' },
      fair: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky', nonce: 3 },
    });
    await round('loss', {
      memberId: member.id,
      gameCode: 'dynasty',
      betMinor: 200n,
      winMinor: 0n,
      openedAt: at(20),
    });
    await round('live', {
      memberId: member.id,
      vendor: 'AURL',
      gameCode: 'baccarat',
      betMinor: 5000n,
      winMinor: 9750n,
      openedAt: at(30),
      fair: { serverSeedHash: 'cd'.repeat(32), serverSeed: 'ef'.repeat(32), clientSeed: 'c', nonce: 0 },
    });
    await round('open', {
      memberId: member.id,
      gameCode: 'plinko',
      status: 'open',
      betMinor: 300n,
      openedAt: at(40),
    });
    await round('cancelled', {
      memberId: member.id,
      gameCode: 'plinko',
      status: 'cancelled',
      betMinor: 400n,
      openedAt: at(50),
    });
    await round('gone', {
      memberId: member.id,
      vendor: 'GONE',
      gameCode: 'old',
      betMinor: 100n,
      winMinor: 50n,
      openedAt: at(60),
    });
    // Not the member's, or not real money, or outside the range.
    await round('others', { memberId: other.id, gameCode: 'dice', betMinor: 100n, openedAt: at(15) });
    await round('trial', {
      memberId: trial.id,
      gameCode: 'dice',
      mode: 'play',
      betMinor: 700n,
      winMinor: 1400n,
      openedAt: at(25),
    });
    await round('before', { memberId: member.id, gameCode: 'dice', betMinor: 100n, openedAt: T0 - 1 });
    await round('after', { memberId: member.id, gameCode: 'dice', betMinor: 100n, openedAt: at(100) + 1 });
  });
  afterAll(async () => t.close());

  it('lists the member’s rounds newest first with totals of the whole range', async () => {
    const page = await records(member.token, everything);
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1, total: 6 });
    expect(shape(page.content)).toEqual([
      [60, 'GONE.old', 'settled', '1.00', '1.00', '0.50', '-0.50'],
      [50, 'AURX.plinko', 'cancelled', '4.00', '0.00', '0.00', '0.00'],
      [40, 'AURX.plinko', 'open', '3.00', '0.00', '0.00', '0.00'],
      [30, 'AURL.baccarat', 'settled', '50.00', '50.00', '97.50', '47.50'],
      [20, 'AURX.dynasty', 'settled', '2.00', '2.00', '0.00', '-2.00'],
      [10, 'AURX.dice', 'settled', '10.00', '10.00', '19.80', '9.80'],
    ]);
    expect(page.content.map((r) => [r.gameName, r.gameType, r.mode])).toEqual([
      ['old', 'RNG', 'real'],
      ['Gold Drop Plinko', 'INHOUSE', 'real'],
      ['Gold Drop Plinko', 'INHOUSE', 'real'],
      ['Imperial Baccarat', 'LIVE', 'real'],
      ['Golden Dynasty', 'INHOUSE', 'real'],
      ['Aurum Dice', 'INHOUSE', 'real'],
    ]);
    // Bets of every round not cancelled; valid bets, wins and P/L of settled rounds.
    expect(page.totals).toEqual({
      betAmount: '66.00',
      validBetAmount: '63.00',
      winAmount: '117.80',
      profitAndLoss: '54.80',
    });
    expect(page.content[0]!.orderNo).toBe(orders.gone);
  });

  it('pages, with the totals still of the whole range', async () => {
    const all = (await records(member.token, { ...everything, size: 100 })).content;
    const pages = await Promise.all(
      [1, 2, 3, 4].map((p) => records(member.token, { ...everything, page: p, size: 2 })),
    );
    expect(pages.map((p) => [p.pageNum, p.totalPages, p.total, p.content.length])).toEqual([
      [1, 3, 6, 2],
      [2, 3, 6, 2],
      [3, 3, 6, 2],
      [4, 3, 6, 0],
    ]);
    expect(pages.flatMap((p) => p.content)).toEqual(all);
    for (const p of pages) expect(p.totals.profitAndLoss).toBe('54.80');
  });

  it('keeps to the range, both ends included', async () => {
    const page = await records(member.token, { startDate: at(20), endDate: at(30) });
    expect(page.content.map((r) => r.nodeId)).toEqual(['AURL.baccarat', 'AURX.dynasty']);
    expect(page.totals).toEqual({
      betAmount: '52.00',
      validBetAmount: '52.00',
      winAmount: '97.50',
      profitAndLoss: '45.50',
    });
    const empty = await records(member.token, { startDate: at(61), endDate: at(100) });
    expect(empty).toMatchObject({ content: [], total: 0, totalPages: 0 });
    expect(empty.totals).toEqual({
      betAmount: '0.00',
      validBetAmount: '0.00',
      winAmount: '0.00',
      profitAndLoss: '0.00',
    });
  });

  it('filters by category: derived categories apply and RNG takes in INHOUSE', async () => {
    const of = async (accountType: string) =>
      (await records(member.token, { ...everything, accountType })).content.map((r) => r.nodeId);
    expect(await of('LIVE')).toEqual(['AURL.baccarat']);
    expect(await of('INHOUSE')).toEqual(['AURX.plinko', 'AURX.plinko', 'AURX.dynasty', 'AURX.dice']);
    expect(await of('RNG')).toEqual(['AURX.plinko', 'AURX.plinko', 'AURX.dynasty', 'AURX.dice']);
    expect(await of('SPORTS')).toEqual([]);
    expect(await of('ALL')).toHaveLength(6);
    const live = await records(member.token, { ...everything, accountType: 'LIVE' });
    expect(live.totals.betAmount).toBe('50.00');
    // A vendor moved into the esports list counts as ESPORTS from then on.
    await setMerchantConfig(t.app, (c) => {
      c.brand.esportGames.push('AURL');
    });
    expect(await of('ESPORTS')).toEqual(['AURL.baccarat']);
    expect(await of('LIVE')).toEqual([]);
    await setMerchantConfig(t.app, (c) => {
      c.brand.esportGames = c.brand.esportGames.filter((v) => v !== 'AURL');
    });
  });

  it('names games in the request language, or the language asked for', async () => {
    const cn = await records(member.token, { ...everything, accountType: 'LIVE' }, 'CN');
    expect(cn.content[0]!.gameName).toBe('皇家百家乐');
    const asked = await records(member.token, { ...everything, accountType: 'LIVE', language: 'EN' }, 'CN');
    expect(asked.content[0]!.gameName).toBe('Imperial Baccarat');
  });

  it('shows a trial account its play-money rounds only', async () => {
    const page = await records(trial.token, everything);
    expect(shape(page.content)).toEqual([[25, 'AURX.dice', 'settled', '7.00', '7.00', '14.00', '7.00']]);
    expect(page.content[0]!.mode).toBe('play');
    expect((await records(other.token, everything)).content.map((r) => r.orderNo)).toEqual([orders.others]);
  });

  it('refuses bad ranges and queries, and calls without a session', async () => {
    const bad = async (query: Record<string, string | number>) =>
      failure(await get(routes.betRecords.path, member.token, query), 400, 'request.invalid');
    await bad({});
    await bad({ startDate: T0 });
    await bad({ startDate: at(10), endDate: T0 });
    await bad({ startDate: T0, endDate: T0 + BET_RANGE_MAX_MS + 1 });
    await bad({ startDate: -1, endDate: T0 });
    await bad({ startDate: T0, endDate: '100000000000000000000' });
    await bad({ ...everything, accountType: 'SLOTS' });
    await bad({ ...everything, size: 101 });
    await bad({ ...everything, page: 0 });
    await bad({ ...everything, memberId: other.id });
    await bad({ ...everything, language: 'XX' });
    // Exactly 90 days is allowed.
    const longest = await records(member.token, { startDate: at(100) - BET_RANGE_MAX_MS, endDate: at(100) });
    expect(longest.total).toBe(7);
    failure(await get(routes.betRecords.path, null, everything), 401, 'user.or.token.invalid');
  });

  it('recalls one of the member’s rounds with what was played and its proof', async () => {
    const dice = await recall(member.token, orders.win!);
    expect(dice).toEqual({
      round: expect.objectContaining({
        orderNo: orders.win,
        nodeId: 'AURX.dice',
        status: 'settled',
        winAmount: '19.80',
      }),
      engine: 'dice',
      balanceBefore: '100.00',
      balanceAfter: '109.80',
      detail: { roll: 7321, target: 5000, direction: 'over' },
      fair: { serverSeedHash: 'ab'.repeat(32), serverSeed: null, clientSeed: 'lucky', nonce: 3 },
    });
    // A revealed server seed is shown.
    const live = await recall(member.token, orders.live!, 'CN');
    expect(live.fair).toEqual({
      serverSeedHash: 'cd'.repeat(32),
      serverSeed: 'ef'.repeat(32),
      clientSeed: 'c',
      nonce: 0,
    });
    expect(live.round.gameName).toBe('皇家百家乐');
    expect(live.engine).toBe('baccarat');
    const open = await recall(member.token, orders.open!);
    expect(open).toMatchObject({ balanceBefore: null, balanceAfter: null, detail: null, fair: null });
    expect((await recall(member.token, orders.gone!)).engine).toBeNull();
    expect((await recall(trial.token, orders.trial!)).round.mode).toBe('play');
  });

  it('recalls only the member’s own rounds', async () => {
    failure(
      await get(routes.betRecall.path, member.token, { orderNo: orders.others! }),
      404,
      'bet.not.found',
    );
    failure(await get(routes.betRecall.path, other.token, { orderNo: orders.win! }), 404, 'bet.not.found');
    failure(
      await get(routes.betRecall.path, member.token, { orderNo: 'T-nosuchround' }),
      404,
      'bet.not.found',
    );
    failure(await get(routes.betRecall.path, member.token, { orderNo: 'a b' }), 400, 'request.invalid');
    failure(await get(routes.betRecall.path, member.token, {}), 400, 'request.invalid');
    failure(await get(routes.betRecall.path, null, { orderNo: orders.win! }), 401, 'user.or.token.invalid');
  });
});
