import {
  type ErrorCode,
  envelopeSchema,
  failureEnvelopeSchema,
  type GameItem,
  type RouteDef,
  routes,
} from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DAY_MS, HOUR_MS, ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import {
  createTestApp,
  engines,
  nextIp,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { HOT_COUNT_TTL_MS } from './lobby.ts';
import { addMember, extraGames, insertRound } from './testing.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

type Res = { statusCode: number; json(): unknown; body: string };

describe.each(engines)('game lobby on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;

  const get = (route: RouteDef, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `${route.path}${query}`,
      headers: siteHeaders(headers),
      remoteAddress: nextIp(),
    });
  const value = <R extends z.ZodType>(route: RouteDef<z.ZodType, z.ZodType, R>, res: Res): z.output<R> => {
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeSchema(route.response).parse(res.json()) as { success: boolean; value?: unknown };
    if (!body.success) throw new Error(res.body);
    return body.value as z.output<R>;
  };
  const call = async <R extends z.ZodType>(
    route: RouteDef<z.ZodType, z.ZodType, R>,
    query = '',
    headers: Record<string, string> = {},
  ) => value(route, await get(route, query, headers));
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const codes = (items: GameItem[]) => items.map((g) => g.nodeId);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    // Plays of the last week for the hot list: plinko most, then a game of a vendor the
    // catalogue does not list; play money, cancelled rounds and older rounds do not count.
    const { id } = await addMember(t.app, t.db.database);
    const db = t.db.database;
    const hoursAgo = (h: number) => T0 - h * HOUR_MS;
    for (let i = 0; i < 3; i++)
      await insertRound(db, { memberId: id, gameCode: 'plinko', openedAt: hoursAgo(i + 1) });
    for (let i = 0; i < 6; i++) {
      await insertRound(db, { memberId: id, vendor: 'GONE', gameCode: 'ghost', openedAt: hoursAgo(2) });
      await insertRound(db, { memberId: id, gameCode: 'dynasty', mode: 'play', openedAt: hoursAgo(1) });
      await insertRound(db, { memberId: id, gameCode: 'plinko', openedAt: hoursAgo(8 * 24) });
    }
  });
  afterAll(async () => t.close());

  it('lists every vendor as a lane, or those of one category with RNG taking in INHOUSE', async () => {
    const all = (await call(routes.gameLanes)).data.lanes;
    expect(all.map((l) => l.vassalage)).toEqual([
      'AUR',
      'AURX',
      'TIDE',
      'KNG',
      'AURL',
      'AURLT',
      'TCG_LOTTO_VN',
      'TCG',
      'ARENA',
      'AV',
      'IMES',
      'IA',
      'AI',
      'TF',
      'DS88',
      'DIG',
    ]);
    const rng = (await call(routes.gameLanes, '?gameType=RNG')).data.lanes;
    expect(rng).toEqual([
      {
        vassalage: 'AUR',
        vendorName: 'Aurum Slots',
        icon: '/media/vendors/aur.svg',
        gameType: 'RNG',
        isGame: 'GAME',
        types: [],
        total: 0,
        maintenance: null,
      },
      {
        vassalage: 'AURX',
        vendorName: 'Aurum Originals',
        icon: '/media/vendors/aurx.svg',
        gameType: 'INHOUSE',
        isGame: 'GAME',
        types: [
          { classify: 'SLOT', count: 1 },
          { classify: 'AC', count: 2 },
        ],
        total: 3,
        maintenance: null,
      },
    ]);
    expect((await call(routes.gameLanes, '?gameType=INHOUSE')).data.lanes.map((l) => l.vassalage)).toEqual([
      'AURX',
    ]);
    expect((await call(routes.gameLanes, '?gameType=ESPORTS')).data.lanes.map((l) => l.vassalage)).toEqual([
      'AV',
      'IMES',
      'IA',
      'AI',
      'TF',
    ]);
    const cockfight = (await call(routes.gameLanes, '?gameType=COCKFIGHT')).data.lanes;
    expect(cockfight.map((l) => [l.vassalage, l.gameType, l.total])).toEqual([
      ['DS88', 'COCKFIGHT', 0],
      ['DIG', 'COCKFIGHT', 0],
    ]);
    expect((await call(routes.gameLanes, '?gameType=PVP')).data.lanes[0]).toMatchObject({
      vassalage: 'KNG',
      isGame: 'VASSALAGE',
    });
    // The in-house lottery's VN card (§4 prize mode ELOTT): it plays on /vnLottery, not in a lane.
    const elott = (await call(routes.gameLanes, '?gameType=ELOTT')).data.lanes;
    expect(elott.map((l) => [l.vassalage, l.gameType, l.total])).toEqual([['TCG_LOTTO_VN', 'ELOTT', 0]]);
  });

  it('lists games by category, vendor, classify type and tag in lobby order', async () => {
    const rng = await call(routes.gameList, '?gameType=RNG');
    expect(codes(rng.content)).toEqual(['AURX.dynasty', 'AURX.dice', 'AURX.plinko']);
    expect(rng).toMatchObject({ pageNum: 1, totalPages: 1, total: 3 });
    expect(rng.content[0]).toEqual({
      nodeId: 'AURX.dynasty',
      vassalage: 'AURX',
      vendorName: 'Aurum Originals',
      gameCode: 'dynasty',
      gameType: 'INHOUSE',
      isGame: 'GAME',
      name: 'Golden Dynasty',
      icon: '/media/games/dynasty.svg',
      classify: ['SLOT'],
      tags: ['hot', 'new'],
      freePlay: true,
      maintenance: null,
    });
    expect(codes((await call(routes.gameList, '?gameType=LIVE')).content)).toEqual(['AURL.baccarat']);
    expect(codes((await call(routes.gameList, '?vassalage=AURL')).content)).toEqual(['AURL.baccarat']);
    expect(codes((await call(routes.gameList, '?classify=AC')).content)).toEqual([
      'AURX.dice',
      'AURX.plinko',
    ]);
    // Sort 1 of both vendors first (in vendor order), then sort 2.
    expect(codes((await call(routes.gameList, '?tag=hot')).content)).toEqual([
      'AURX.dynasty',
      'AURL.baccarat',
      'AURX.dice',
    ]);
    expect(codes((await call(routes.gameList, '?gameType=RNG&tag=new&classify=AC')).content)).toEqual([
      'AURX.plinko',
    ]);
    expect((await call(routes.gameList, '?gameType=SPORTS')).total).toBe(0);
    expect((await call(routes.gameList, '?vassalage=NOPE')).content).toEqual([]);
  });

  it('searches names in any language, whatever the case', async () => {
    const search = async (name: string) =>
      codes((await call(routes.gameList, `?name=${encodeURIComponent(name)}`)).content);
    expect(await search('GOLD')).toEqual(['AURX.dynasty', 'AURX.plinko']);
    expect(await search('  dice ')).toEqual(['AURX.dice']);
    expect(await search('百家')).toEqual(['AURL.baccarat']);
    expect(await search('金')).toEqual(['AURX.dynasty', 'AURX.dice', 'AURX.plinko']);
    expect(await search('nothing like it')).toEqual([]);
  });

  it('names games in the request language, in EN where a game has no name in it', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', 1, 'Only'));
    });
    const cn = (await call(routes.gameList, '?vassalage=AURX', { language: 'CN' })).content;
    expect(cn.map((g) => g.name)).toEqual(['金色王朝', '金骰子', '金球弹珠', 'Only 001']);
    const en = (await call(routes.gameList, '?vassalage=AURX', { language: 'EN' })).content;
    expect(en.map((g) => g.name)).toEqual(['Golden Dynasty', 'Aurum Dice', 'Gold Drop Plinko', 'Only 001']);
    // A language the merchant does not support falls back to its default (EN).
    const ja = (await call(routes.gameList, '?vassalage=AURX', { language: 'JA' })).content;
    expect(ja[0]!.name).toBe('Golden Dynasty');
    const hot = (await call(routes.hotGames, '', { language: 'CN' })).list;
    expect(hot[0]!.name).toBe('金色王朝');
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => g.gameCode !== 'only001');
    });
  });

  it('pages the game list', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', 21));
    });
    const all = (await call(routes.gameList, '?vassalage=AURX&size=100')).content;
    expect(all).toHaveLength(24);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((p) => call(routes.gameList, `?vassalage=AURX&page=${p}&size=10`)),
    );
    expect(pages.map((p) => [p.pageNum, p.totalPages, p.total, p.content.length])).toEqual([
      [1, 3, 24, 10],
      [2, 3, 24, 10],
      [3, 3, 24, 4],
      [4, 3, 24, 0],
    ]);
    expect(pages.flatMap((p) => p.content)).toEqual(all);
    expect((await call(routes.gameList, '?vassalage=AURX')).content).toHaveLength(24);
    expect((await call(routes.gameLanes, '?gameType=INHOUSE')).data.lanes[0]!.total).toBe(24);
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => !g.gameCode.startsWith('extra'));
    });
  });

  it('lists hot-tagged games first, then the most played of the last week, by category and limit', async () => {
    const hot = await call(routes.hotGames, '?isPlatform=2&platforms=flash,html5-desktop');
    // plinko is played most; play money, rounds older than 7 days and unknown games do not count.
    expect(codes(hot.list)).toEqual(['AURX.dynasty', 'AURL.baccarat', 'AURX.dice', 'AURX.plinko']);
    expect(codes((await call(routes.hotGames, '?gameType=LIVE')).list)).toEqual(['AURL.baccarat']);
    expect(codes((await call(routes.hotGames, '?gameType=RNG')).list)).toEqual([
      'AURX.dynasty',
      'AURX.dice',
      'AURX.plinko',
    ]);
    expect(codes((await call(routes.hotGames, '?limit=2')).list)).toEqual(['AURX.dynasty', 'AURL.baccarat']);
    expect((await call(routes.hotGames, '?gameType=FISH')).list).toEqual([]);
  });

  it('counts plays again once the count has aged, and only within the week', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', 2, 'Fresh'));
    });
    const { id } = await addMember(t.app, t.db.database);
    for (let i = 0; i < 4; i++) {
      await insertRound(t.db.database, {
        memberId: id,
        gameCode: 'fresh002',
        openedAt: clock.now() - MINUTE_MS,
      });
    }
    await insertRound(t.db.database, {
      memberId: id,
      gameCode: 'fresh001',
      openedAt: clock.now() - MINUTE_MS,
    });
    // Cancelled rounds were never played: five of them do not lift fresh001 over fresh002.
    for (let i = 0; i < 5; i++) {
      await insertRound(t.db.database, {
        memberId: id,
        gameCode: 'fresh001',
        status: 'cancelled',
        openedAt: clock.now() - MINUTE_MS,
      });
    }
    // The count of a moment ago still serves.
    expect(codes((await call(routes.hotGames, '?gameType=INHOUSE')).list)).toEqual([
      'AURX.dynasty',
      'AURX.dice',
      'AURX.plinko',
    ]);
    clock.advance(HOT_COUNT_TTL_MS);
    expect(codes((await call(routes.hotGames, '?gameType=INHOUSE')).list)).toEqual([
      'AURX.dynasty',
      'AURX.dice',
      'AURX.fresh002',
      'AURX.plinko',
      'AURX.fresh001',
    ]);
    // A week on, those plays have left the window.
    clock.set(T0 + 8 * DAY_MS);
    expect(codes((await call(routes.hotGames, '?gameType=INHOUSE')).list)).toEqual([
      'AURX.dynasty',
      'AURX.dice',
    ]);
    clock.set(T0);
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => !g.gameCode.startsWith('fresh'));
    });
  });

  it('marks a vendor’s games and lane while its maintenance window is open', async () => {
    const window = { start: T0 - MINUTE_MS, end: T0 + HOUR_MS };
    await setMerchantConfig(t.app, (c) => {
      c.vendors.find((v) => v.vassalage === 'AURL')!.maintenance = window;
    });
    const before = (await call(routes.gameList, '?tag=hot')).content;
    expect(before.map((g) => [g.nodeId, g.maintenance])).toEqual([
      ['AURX.dynasty', null],
      ['AURL.baccarat', window],
      ['AURX.dice', null],
    ]);
    expect((await call(routes.gameLanes, '?gameType=LIVE')).data.lanes[0]!.maintenance).toEqual(window);
    expect((await call(routes.hotGames, '?gameType=LIVE')).list[0]!.maintenance).toEqual(window);
    clock.set(window.end);
    expect((await call(routes.gameList, '?vassalage=AURL')).content[0]!.maintenance).toBeNull();
    expect((await call(routes.gameLanes, '?gameType=LIVE')).data.lanes[0]!.maintenance).toBeNull();
    clock.set(window.start - 1);
    expect((await call(routes.gameList, '?vassalage=AURL')).content[0]!.maintenance).toBeNull();
    clock.set(T0);
    await setMerchantConfig(t.app, (c) => {
      c.vendors.find((v) => v.vassalage === 'AURL')!.maintenance = null;
    });
  });

  it('answers PVP rooms honestly empty, and still checks the query', async () => {
    expect(await call(routes.gameRooms)).toEqual({ list: [] });
    expect(await call(routes.gameRooms, '?vassalage=KNG')).toEqual({ list: [] });
    failure(await get(routes.gameRooms, '?vassalage=NOPE'), 404, 'game.unknown');
    failure(await get(routes.gameRooms, '?vassalage=kng'), 400, 'request.invalid');
    failure(await get(routes.gameRooms, '?room=1'), 400, 'request.invalid');
  });

  it('refuses bad queries with a clear error', async () => {
    const bad = async (route: RouteDef, query: string) =>
      failure(await get(route, query), 400, 'request.invalid');
    await bad(routes.gameLanes, '?gameType=SLOTS');
    await bad(routes.gameLanes, '?vassalage=AURX');
    await bad(routes.gameList, '?classify=XX');
    await bad(routes.gameList, '?tag=cold');
    await bad(routes.gameList, '?size=101');
    await bad(routes.gameList, '?page=0');
    await bad(routes.gameList, `?name=${'a'.repeat(41)}`);
    await bad(routes.gameList, '?vassalage=aurx');
    await bad(routes.hotGames, '?limit=51');
    await bad(routes.hotGames, '?isPlatform=1');
    await bad(routes.hotGames, '?platforms=Flash!');
    failure(
      await t.app.inject({ method: 'GET', url: routes.gameList.path, remoteAddress: nextIp() }),
      400,
      'merchant.required',
    );
  });

  it('refuses the lobby when its feature is off', async () => {
    await setFeature(t.app, 'GAMELOHOT3', false);
    failure(await get(routes.hotGames), 403, 'feature.disabled');
    expect((await call(routes.gameList)).total).toBe(4);
    await setFeature(t.app, 'GAMELOHOT3', true);
    await setFeature(t.app, 'GAMELO3', false);
    for (const route of [
      routes.gameLanes,
      routes.gameList,
      routes.gameRooms,
      routes.winners,
      routes.hotGames,
    ]) {
      failure(await get(route), 403, 'feature.disabled');
    }
    await setFeature(t.app, 'GAMELO3', true);
    expect((await call(routes.hotGames)).list.length).toBeGreaterThan(0);
  });
});
