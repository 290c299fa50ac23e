import { type ErrorCode, envelopeSchema, failureEnvelopeSchema, routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  setFeature,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { STAKE_LIMITS } from '../inhouse/index.ts';
import { addMember, addTrial } from './testing.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

type Res = { statusCode: number; json(): unknown; body: string };

describe.each(engines)('game launch on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let member: { id: number; account: string; token: string };
  let trial: { id: number; token: string };

  const launchRes = (path: string, token: string | null, query: Record<string, string>, language = 'EN') =>
    t.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(query)}`,
      headers: siteHeaders({ language, ...(token ? { authorization: token } : {}) }),
      remoteAddress: nextIp(),
    });
  const launched = async (res: Res) => {
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeSchema(routes.launchGame.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    const url = new URL(body.value.content.game_url, 'http://site.invalid');
    return { ...body.value.content, url };
  };
  const launch = async (query: Record<string, string>, token = member.token, language = 'EN') =>
    launched(await launchRes(routes.launchGame.path, token, query, language));
  const freePlay = async (query: Record<string, string>, token = trial.token, language = 'EN') =>
    launched(await launchRes(routes.launchFreePlay.path, token, query, language));
  const failure = (res: Res, status: number, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const refused = async (
    query: Record<string, string>,
    status: number,
    code: ErrorCode,
    token = member.token,
  ) => failure(await launchRes(routes.launchGame.path, token, query), status, code);
  const refusedFree = async (
    query: Record<string, string>,
    status: number,
    code: ErrorCode,
    token = trial.token,
  ) => failure(await launchRes(routes.launchFreePlay.path, token, query), status, code);
  const recent = async (token: string) => {
    const res = await launchRes(routes.recentGames.path, token, {});
    const body = envelopeSchema(routes.recentGames.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value.list.map((g) => g.nodeId);
  };
  const tokenCount = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          t.db.database.db,
          'SELECT count(*)::text AS n FROM vendor_launch_tokens',
          [],
        )
      )[0]!.n,
    );
  const fund = (amount: string) =>
    opsCommand(t.app, { command: 'adjust', account: member.account, amount, reason: 'test' });

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    member = await addMember(t.app, t.db.database);
    trial = await addTrial(t.app);
  });
  afterAll(async () => t.close());

  it('offers a deposit instead while the main wallet cannot cover the game’s smallest stake', async () => {
    await refused({ vassalage: 'AURX', gameId: 'dynasty' }, 400, 'launch_game_balance_not_enough');
    await fund('0.19');
    await refused({ vassalage: 'AURX', gameId: 'dynasty' }, 400, 'launch_game_balance_not_enough');
    expect(await tokenCount()).toBe(0);
    expect(await recent(member.token)).toEqual([]);
    await fund('0.01');
    // 0.20 is the slot's smallest stake, not baccarat's (1.00).
    expect(STAKE_LIMITS.slot.minMinor).toBe(20n);
    expect((await launch({ vassalage: 'AURX', gameId: 'dynasty' })).mode).toBe('real');
    await refused({ vassalage: 'AURL', gameId: 'baccarat' }, 400, 'launch_game_balance_not_enough');
  });

  it('answers the game page with a single-use token the vendor accepts once', async () => {
    await fund('100');
    const game = await launch({ launchMode: 'GAME', vassalage: 'AURX', gameId: 'dice', language: 'CN' });
    expect(game.mode).toBe('real');
    expect(game.url.origin).toBe('http://site.invalid'); // relative: no launch CDN configured
    expect(game.url.pathname).toBe('/play/dice');
    expect(game.url.searchParams.get('lang')).toBe('cn');
    const token = game.url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const vendor = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURX');
    expect(await vendor.authenticate({ token })).toMatchObject({
      code: 'OK',
      playerId: String(member.id),
      mode: 'real',
      gameCode: 'dice',
      language: 'CN',
      balance: '100.20',
    });
    expect((await vendor.authenticate({ token })).code).toBe('INVALID_TOKEN');
  });

  it('launches a transfer-mode vendor’s game on its game wallet’s balance, which its game plays from', async () => {
    // Aurum Live runs in transfer mode on the demo: main's 100.20 does not count for it, and the
    // refusal names the game wallet to fill.
    const refusal = await refused(
      { vassalage: 'AURL', gameId: 'baccarat' },
      400,
      'launch_game_balance_not_enough',
    );
    expect(refusal.details).toEqual({ wallet: 'AURL' });
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: { memberId: member.id, code: 'MAIN' },
      to: { memberId: member.id, code: 'VENDOR:AURL' },
      amountMinor: 2_500n,
      kind: TX_TYPE.transferToGame,
      idempotencyKey: `test-into-aurl-${member.id}`,
      actor: 'test',
    });
    const game = await launch({ vassalage: 'AURL', gameId: 'baccarat' });
    const vendor = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURL');
    expect(await vendor.authenticate({ token: game.url.searchParams.get('token')! })).toMatchObject({
      code: 'OK',
      balance: '25.00',
    });
  });

  it('records each launch as the member’s most recent game', async () => {
    clock.advance(MINUTE_MS);
    await launch({ vassalage: 'AURL', gameId: 'baccarat' });
    clock.advance(MINUTE_MS);
    await launch({ vassalage: 'AURX', gameId: 'dynasty' });
    expect(await recent(member.token)).toEqual(['AURX.dynasty', 'AURL.baccarat', 'AURX.dice']);
  });

  it('launches the vendor’s first game for LOBBY without a game, in the request language', async () => {
    const lobby = await launch({ launchMode: 'LOBBY', vassalage: 'AURX' }, member.token, 'CN');
    expect(lobby.url.pathname).toBe('/play/slot');
    expect(lobby.url.searchParams.get('lang')).toBe('cn');
    expect((await launch({ launchMode: 'LOBBY', vassalage: 'AURL' })).url.pathname).toBe('/play/baccarat');
    expect((await launch({ launchMode: 'LOBBY', vassalage: 'AURX', gameId: 'plinko' })).url.pathname).toBe(
      '/play/plinko',
    );
  });

  it('starts games from a random launch CDN when the merchant has some', async () => {
    const cdns = ['https://play1.example.com/', 'https://play2.example.com'];
    await setMerchantConfig(t.app, (c) => {
      c.launchGameCDNs = cdns;
    });
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { url } = await launch({ vassalage: 'AURX', gameId: 'dynasty' });
      expect(url.pathname).toBe('/play/slot');
      seen.add(url.origin);
    }
    expect(
      [...seen].every((o) => o === 'https://play1.example.com' || o === 'https://play2.example.com'),
    ).toBe(true);
    await setMerchantConfig(t.app, (c) => {
      c.launchGameCDNs = [];
    });
  });

  it('refuses unknown vendors and games, and vendors not contracted here', async () => {
    const before = await tokenCount();
    await refused({ vassalage: 'NOPE', gameId: 'dynasty' }, 404, 'game.unknown');
    await refused({ vassalage: 'AURX', gameId: 'baccarat' }, 404, 'game.unknown');
    await refused({ vassalage: 'AURX', gameId: 'nosuchgame' }, 404, 'game.unknown');
    for (const vassalage of ['AV', 'IMES', 'DS88', 'DIG', 'AUR']) {
      await refused({ launchMode: 'LOBBY', vassalage }, 400, 'vendor.not.contracted');
    }
    await refused({ vassalage: 'AV', gameId: 'match' }, 400, 'vendor.not.contracted');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses malformed launches with a clear error', async () => {
    const before = await tokenCount();
    await refused({ vassalage: 'AURX' }, 400, 'request.invalid'); // GAME needs a game
    await refused({ launchMode: 'GAME', vassalage: 'AURX' }, 400, 'request.invalid');
    await refused({ launchMode: 'PLAY', vassalage: 'AURX', gameId: 'dice' }, 400, 'request.invalid');
    await refused({ gameId: 'dice' }, 400, 'request.invalid');
    await refused({ vassalage: 'aurx', gameId: 'dice' }, 400, 'request.invalid');
    await refused({ vassalage: 'AURX', gameId: 'di ce' }, 400, 'request.invalid');
    await refused({ vassalage: 'AURX', gameId: 'dice', language: 'XX' }, 400, 'request.invalid');
    await refused({ vassalage: 'AURX', gameId: 'dice', memberId: '1' }, 400, 'request.invalid');
    expect(await tokenCount()).toBe(before);
  });

  it('answers the maintenance window while the vendor is inside it', async () => {
    // Minutes, not hours, ahead: the test's sessions must not go idle meanwhile.
    const window = { start: clock.now() + MINUTE_MS, end: clock.now() + 2 * MINUTE_MS };
    await setMerchantConfig(t.app, (c) => {
      c.vendors.find((v) => v.vassalage === 'AURX')!.maintenance = window;
    });
    clock.set(window.start - 1);
    await launch({ vassalage: 'AURX', gameId: 'dice' });
    clock.set(window.start);
    const body = await refused({ vassalage: 'AURX', gameId: 'dice' }, 503, 'vendor_under_maintenance');
    expect(body.details).toEqual({ start: String(window.start), end: String(window.end) });
    await refusedFree({ vassalage: 'AURX', gameId: 'dice' }, 503, 'vendor_under_maintenance');
    // Other vendors play on.
    await launch({ vassalage: 'AURL', gameId: 'baccarat' });
    clock.set(window.end);
    await launch({ vassalage: 'AURX', gameId: 'dice' });
    await setMerchantConfig(t.app, (c) => {
      c.vendors.find((v) => v.vassalage === 'AURX')!.maintenance = null;
    });
  });

  it('tells trial accounts a real account is needed, and members that free play is for trials', async () => {
    await refused({ vassalage: 'AURX', gameId: 'dice' }, 403, 'trial.forbidden', trial.token);
    await refusedFree({ vassalage: 'AURX', gameId: 'dice' }, 403, 'game.free.play.trial.only', member.token);
  });

  it('lets a trial account play in-house games for free, with play money', async () => {
    const game = await freePlay({ vassalage: 'AURX', gameId: 'plinko' }, trial.token, 'CN');
    expect(game.mode).toBe('play');
    expect(game.url.pathname).toBe('/play/plinko');
    expect(game.url.searchParams.get('lang')).toBe('cn');
    const vendor = await t.app.vendors.clientFor(DEMO_MERCHANT, 'AURX');
    // Its play money was granted on the way (2,000.00), and the game session is play money.
    expect(await vendor.authenticate({ token: game.url.searchParams.get('token')! })).toMatchObject({
      code: 'OK',
      playerId: String(trial.id),
      mode: 'play',
      gameCode: 'plinko',
      balance: '2000.00',
    });
    expect((await freePlay({ launchMode: 'LOBBY', vassalage: 'AURL' })).url.pathname).toBe('/play/baccarat');
    expect(await recent(trial.token)).toEqual(['AURL.baccarat', 'AURX.plinko']);
  });

  it('refuses free play of games that are not in-house', async () => {
    await refusedFree({ vassalage: 'AV', launchMode: 'LOBBY' }, 400, 'game.free.play.unavailable');
    await refusedFree({ vassalage: 'AUR', launchMode: 'LOBBY' }, 400, 'game.free.play.unavailable');
    await refusedFree({ vassalage: 'NOPE', gameId: 'dice' }, 404, 'game.unknown');
    await refusedFree({ vassalage: 'AURX', gameId: 'nosuchgame' }, 404, 'game.unknown');
    await refusedFree({ vassalage: 'AURX' }, 400, 'request.invalid');
  });

  it('needs a session, and free play its feature', async () => {
    failure(
      await launchRes(routes.launchGame.path, null, { vassalage: 'AURX', gameId: 'dice' }),
      401,
      'user.or.token.invalid',
    );
    failure(
      await launchRes(routes.launchFreePlay.path, null, { vassalage: 'AURX', gameId: 'dice' }),
      401,
      'user.or.token.invalid',
    );
    await setFeature(t.app, 'FREEPLAY3', false);
    await refusedFree({ vassalage: 'AURX', gameId: 'dice' }, 403, 'feature.disabled');
    await setFeature(t.app, 'FREEPLAY3', true);
    await freePlay({ vassalage: 'AURX', gameId: 'dice' });
  });
});
