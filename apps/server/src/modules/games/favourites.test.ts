import { type ErrorCode, envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, SECOND_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
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
import { FAVOURITES_CAP, RECENT_LIMIT } from './favourites.ts';
import { touchRecent } from './member-games-repository.ts';
import { addMember, addTrial, extraGames } from './testing.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

type Res = { statusCode: number; json(): unknown; body: string };

describe.each(engines)('favourite and recent games on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let member: { id: number; token: string };

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { value: unknown }).value;
  };
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const add = (token: string, nodeId: string) => send('POST', routes.favouriteAdd.path, token, { nodeId });
  const remove = (token: string, nodeId: string) =>
    send('DELETE', `${routes.favouriteRemove.path}?nodeId=${encodeURIComponent(nodeId)}`, token);
  const ids = async (token: string) =>
    (ok(await send('GET', routes.favouriteIds.path, token)) as { nodeIds: string[] }).nodeIds;
  const page = async (token: string, query = '', language = 'EN') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${routes.favourites.path}${query}`,
      headers: siteHeaders({ authorization: token, language }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = envelopeSchema(routes.favourites.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const recent = async (token: string) => {
    const res = await send('GET', routes.recentGames.path, token);
    const body = envelopeSchema(routes.recentGames.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value.list.map((g) => g.nodeId);
  };
  /** Adds at the clock's time, one second apart, so "newest first" is well defined. */
  const addAt = async (token: string, nodeId: string) => {
    clock.advance(SECOND_MS);
    return ok(await add(token, nodeId));
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    member = await addMember(t.app, t.db.database);
  });
  afterAll(async () => t.close());

  it('adds, lists newest first and removes favourites', async () => {
    expect(await ids(member.token)).toEqual([]);
    expect(await addAt(member.token, 'AURX.dice')).toEqual({ nodeIds: ['AURX.dice'] });
    expect(await addAt(member.token, 'AURL.baccarat')).toEqual({ nodeIds: ['AURL.baccarat', 'AURX.dice'] });
    const list = await page(member.token, '', 'CN');
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1, total: 2 });
    expect(list.content.map((g) => [g.nodeId, g.name, g.gameType])).toEqual([
      ['AURL.baccarat', '皇家百家乐', 'LIVE'],
      ['AURX.dice', '金骰子', 'INHOUSE'],
    ]);
    expect(ok(await remove(member.token, 'AURX.dice'))).toEqual({ nodeIds: ['AURL.baccarat'] });
    expect(await ids(member.token)).toEqual(['AURL.baccarat']);
    // Removing what is not there changes nothing.
    expect(ok(await remove(member.token, 'AURX.dice'))).toEqual({ nodeIds: ['AURL.baccarat'] });
    expect(ok(await remove(member.token, 'AURL.baccarat'))).toEqual({ nodeIds: [] });
  });

  it('adds idempotently: adding one already there changes nothing, not even its place', async () => {
    await addAt(member.token, 'AURX.dynasty');
    await addAt(member.token, 'AURX.plinko');
    expect(await addAt(member.token, 'AURX.dynasty')).toEqual({ nodeIds: ['AURX.plinko', 'AURX.dynasty'] });
    const rows = await queryRows<{ n: string }>(
      t.db.database.db,
      'SELECT count(*)::text AS n FROM game_favourites WHERE merchant = $1 AND member_id = $2',
      [DEMO_MERCHANT, member.id],
    );
    expect(rows[0]!.n).toBe('2');
    for (const id of ['AURX.dynasty', 'AURX.plinko']) ok(await remove(member.token, id));
  });

  it('keeps each member’s favourites to itself', async () => {
    const other = await addMember(t.app, t.db.database);
    await addAt(other.token, 'AURX.dice');
    expect(await ids(member.token)).toEqual([]);
    expect(await ids(other.token)).toEqual(['AURX.dice']);
    ok(await remove(member.token, 'AURX.dice'));
    expect(await ids(other.token)).toEqual(['AURX.dice']);
  });

  it('refuses games the catalogue does not have and malformed ids, changing nothing', async () => {
    await addAt(member.token, 'AURX.dice');
    failure(await add(member.token, 'AURX.nosuchgame'), 404, 'game.unknown');
    failure(await add(member.token, 'NOPE.dice'), 404, 'game.unknown');
    failure(await remove(member.token, 'AURX.nosuchgame'), 404, 'game.unknown');
    for (const nodeId of ['', 'AURX', 'aurx.dice', 'AURX.di ce', 'AURX.dice.x']) {
      failure(await add(member.token, nodeId), 400, 'request.invalid');
    }
    failure(
      await send('POST', routes.favouriteAdd.path, member.token, { nodeId: 'AURX.dice', x: 1 }),
      400,
      'request.invalid',
    );
    failure(await send('DELETE', routes.favouriteRemove.path, member.token), 400, 'request.invalid');
    expect(await ids(member.token)).toEqual(['AURX.dice']);
    ok(await remove(member.token, 'AURX.dice'));
  });

  it('pages the favourites', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', 12));
    });
    for (let i = 1; i <= 12; i++) await addAt(member.token, `AURX.extra${String(i).padStart(3, '0')}`);
    const all = (await page(member.token, '?size=100')).content;
    expect(all.map((g) => g.nodeId).slice(0, 2)).toEqual(['AURX.extra012', 'AURX.extra011']);
    const pages = await Promise.all([1, 2, 3].map((p) => page(member.token, `?page=${p}&size=5`)));
    expect(pages.map((p) => [p.pageNum, p.totalPages, p.total, p.content.length])).toEqual([
      [1, 3, 12, 5],
      [2, 3, 12, 5],
      [3, 3, 12, 2],
    ]);
    expect(pages.flatMap((p) => p.content)).toEqual(all);
    // A game the catalogue drops leaves the list (its row stays, harmless).
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => g.gameCode !== 'extra012');
    });
    expect((await page(member.token)).total).toBe(11);
    expect(await ids(member.token)).not.toContain('AURX.extra012');
    for (let i = 1; i <= 11; i++) ok(await remove(member.token, `AURX.extra${String(i).padStart(3, '0')}`));
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => !g.gameCode.startsWith('extra'));
    });
  });

  it(`caps a member at ${FAVOURITES_CAP} favourites, even when adds race`, async () => {
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', FAVOURITES_CAP + 5, 'Cap'));
    });
    const capper = await addMember(t.app, t.db.database);
    // All but two straight into the table, then five adds at once: two get in.
    await queryRows(
      t.db.database.db,
      `INSERT INTO game_favourites (merchant, member_id, node_id, created_at)
       SELECT $1, $2, 'AURX.cap' || lpad(g::text, 3, '0'), $3::timestamptz FROM generate_series(1, $4::int) g`,
      [DEMO_MERCHANT, capper.id, new Date(T0).toISOString(), FAVOURITES_CAP - 2],
    );
    const racing = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        add(capper.token, `AURX.cap${String(FAVOURITES_CAP - 2 + i).padStart(3, '0')}`),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = racing.find((r) => r.statusCode === 409)!;
    expect(failureEnvelopeSchema.parse(refused.json())).toMatchObject({
      errorCode: 'game.favourites.full',
      details: { max: String(FAVOURITES_CAP) },
    });
    expect(await ids(capper.token)).toHaveLength(FAVOURITES_CAP);
    // At the cap, adding one already there is still fine; after a removal there is room again.
    ok(await add(capper.token, 'AURX.cap001'));
    failure(await add(capper.token, 'AURX.dice'), 409, 'game.favourites.full');
    ok(await remove(capper.token, 'AURX.cap001'));
    expect((await addAt(capper.token, 'AURX.dice')) as { nodeIds: string[] }).toMatchObject({
      nodeIds: expect.arrayContaining(['AURX.dice']),
    });
    expect(await ids(capper.token)).toHaveLength(FAVOURITES_CAP);
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => !g.gameCode.startsWith('cap'));
    });
  });

  it(`lists the last ${RECENT_LIMIT} games launched, newest first`, async () => {
    const player = await addMember(t.app, t.db.database);
    expect(await recent(player.token)).toEqual([]);
    await setMerchantConfig(t.app, (c) => {
      c.games.push(...extraGames('AURX', RECENT_LIMIT + 2, 'Rec'));
    });
    const launched = (nodeId: string) => {
      clock.advance(SECOND_MS);
      return touchRecent(t.db.database.db, {
        merchant: DEMO_MERCHANT,
        memberId: player.id,
        nodeId,
        at: new Date(clock.now()),
      });
    };
    for (let i = 1; i <= RECENT_LIMIT + 2; i++) await launched(`AURX.rec${String(i).padStart(3, '0')}`);
    await launched('AURX.rec002');
    const list = await recent(player.token);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list.slice(0, 3)).toEqual([
      'AURX.rec002',
      `AURX.rec0${RECENT_LIMIT + 2}`,
      `AURX.rec0${RECENT_LIMIT + 1}`,
    ]);
    expect(list).not.toContain('AURX.rec001');
    expect(await recent(member.token)).toEqual([]);
    await setMerchantConfig(t.app, (c) => {
      c.games = c.games.filter((g) => !g.gameCode.startsWith('rec'));
    });
  });

  it('lets trial accounts keep favourites too', async () => {
    const trial = await addTrial(t.app);
    expect(await addAt(trial.token, 'AURX.plinko')).toEqual({ nodeIds: ['AURX.plinko'] });
  });

  it('needs a session', async () => {
    failure(await send('GET', routes.favourites.path, null), 401, 'user.or.token.invalid');
    failure(await send('GET', routes.favouriteIds.path, null), 401, 'user.or.token.invalid');
    failure(
      await send('POST', routes.favouriteAdd.path, null, { nodeId: 'AURX.dice' }),
      401,
      'user.or.token.invalid',
    );
    failure(await remove('not-a-token', 'AURX.dice'), 401, 'user.or.token.invalid');
    failure(await send('GET', routes.recentGames.path, null), 401, 'user.or.token.invalid');
  });

  it('refuses favourites and recent games when their feature is off', async () => {
    await setFeature(t.app, 'GAMELOFAV3', false);
    failure(await send('GET', routes.favourites.path, member.token), 403, 'feature.disabled');
    failure(await send('GET', routes.favouriteIds.path, member.token), 403, 'feature.disabled');
    failure(await add(member.token, 'AURX.dice'), 403, 'feature.disabled');
    failure(await remove(member.token, 'AURX.dice'), 403, 'feature.disabled');
    expect(await recent(member.token)).toEqual([]);
    await setFeature(t.app, 'GAMELOFAV3', true);
    expect(await ids(member.token)).toEqual([]);
    await setFeature(t.app, 'GAMELOREC3', false);
    failure(await send('GET', routes.recentGames.path, member.token), 403, 'feature.disabled');
    await setFeature(t.app, 'GAMELOREC3', true);
  });
});
