import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { openDatabase } from '../../platform/db.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
  testConfig,
} from '../../testing/app.ts';
import { addMember } from './testing.ts';

const T0 = Date.UTC(2026, 5, 1, 2, 0, 0);

/** The operator endpoint's answer, refusals included (opsCommand throws on those). */
const runOps = (app: App, args: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/ops/command',
    headers: { 'x-ops-token': OPS_TOKEN },
    payload: { merchant: DEMO_MERCHANT, actor: 'ops:kim', args },
    remoteAddress: '127.0.0.1',
  });

/** A 0-balance member launching baccarat: the maintenance check comes before the balance one. */
const launchBaccarat = (app: App, token: string) =>
  app.inject({
    method: 'GET',
    url: `${routes.launchGame.path}?${new URLSearchParams({ vassalage: 'AURL', gameId: 'baccarat' })}`,
    headers: siteHeaders({ authorization: token }),
    remoteAddress: nextIp(),
  });

const liveLane = async (app: App) => {
  const res = await app.inject({
    method: 'GET',
    url: `${routes.gameLanes.path}?gameType=LIVE`,
    headers: siteHeaders(),
    remoteAddress: nextIp(),
  });
  const lanes = res.json().value.data.lanes as { vassalage: string; maintenance: unknown }[];
  return lanes.find((l) => l.vassalage === 'AURL');
};

describe.each(engines)('vendor-maintenance operator command on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let member: { token: string };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    member = await addMember(t.app, t.db.database);
  });
  afterAll(async () => t.close());

  const storedWindows = async () => {
    const [row] = await queryRows<{ config: { vendors: { vassalage: string; maintenance: unknown }[] } }>(
      t.db.database.db,
      'SELECT config FROM merchants WHERE code = $1',
      [DEMO_MERCHANT],
    );
    return Object.fromEntries(row!.config.vendors.map((v) => [v.vassalage, v.maintenance]));
  };

  it.each([
    [{ vendor: 'NOPE', start: '1', end: '2' }, 'does not list the vendor NOPE'],
    [{ vendor: 'aurl', start: '1', end: '2' }, 'upper-case letters'],
    [{ vendor: 'AURL', start: '2026-06-01T03:00:00Z', end: '2026-06-01T03:00:00Z' }, 'end after it starts'],
    [
      { vendor: 'AURL', start: '2026-06-01T04:00:00Z', end: '2026-06-01T03:00:00+00:00' },
      'end after it starts',
    ],
    [{ vendor: 'AURL', start: 'tomorrow', end: '2026-06-01T03:00:00Z' }, 'tomorrow is not a date'],
    [{ vendor: 'AURL', start: '2026-02-30T01:00:00Z', end: '2026-03-02T03:00:00Z' }, 'is not a date'],
    [{ vendor: 'AURL', start: '2026-06-01T01:00:00', end: '2026-06-01T03:00:00Z' }, 'with its offset'],
    [{ vendor: 'AURL', start: '-5', end: '10' }, 'is not a date'],
    [{ vendor: 'AURL', start: '1780279200000' }, 'needs --start and --end'],
    [{ vendor: 'AURL', clear: true, end: '1780279200000' }, '--clear takes no --start or --end'],
  ])('refuses %j and changes nothing', async (args, message) => {
    const before = await storedWindows();
    const res = await runOps(t.app, { command: 'vendor-maintenance', ...args });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'ops.invalid', message: expect.stringContaining(message) });
    expect(await storedWindows()).toEqual(before);
  });

  it('sets the window (ISO or epoch ms): launches inside it are refused with its times, in every list', async () => {
    const start = T0 - MINUTE_MS;
    // Minutes, not hours: the member's session must not go idle when the clock moves past the end.
    const end = T0 + 2 * MINUTE_MS;
    const res = await runOps(t.app, {
      command: 'vendor-maintenance',
      vendor: 'AURL',
      start: new Date(start).toISOString().replace('Z', '+00:00'),
      end: String(end),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().value;
    expect(answer).toEqual({
      vendor: 'AURL',
      maintenance: { start: '2026-06-01T01:59:00.000Z', end: '2026-06-01T02:02:00.000Z' },
    });
    expect(await storedWindows()).toMatchObject({ AURL: { start, end }, AURX: null });

    // The same process sees it at once (its cached merchant was dropped).
    const refused = await launchBaccarat(t.app, member.token);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({
      errorCode: 'vendor_under_maintenance',
      details: { start: String(start), end: String(end) },
    });
    expect((await liveLane(t.app))?.maintenance).toEqual({ start, end });

    const [audit] = await queryRows<{ actor: string; detail: unknown }>(
      t.db.database.db,
      "SELECT actor, detail FROM ops_audit WHERE action = 'vendor-maintenance' ORDER BY id DESC LIMIT 1",
      [],
    );
    expect(audit).toEqual({
      actor: 'break-glass:ops:kim',
      detail: { vendor: 'AURL', window: { start, end } },
    });

    // Past its end the vendor plays again without anyone clearing it.
    clock.set(end);
    expect((await launchBaccarat(t.app, member.token)).json().errorCode).toBe(
      'launch_game_balance_not_enough',
    );
  });

  it('--clear removes the window', async () => {
    await opsCommand(t.app, {
      command: 'vendor-maintenance',
      vendor: 'AURL',
      start: String(clock.now()),
      end: String(clock.now() + MINUTE_MS),
    });
    expect((await launchBaccarat(t.app, member.token)).json().errorCode).toBe('vendor_under_maintenance');

    expect(await opsCommand(t.app, { command: 'vendor-maintenance', vendor: 'AURL', clear: true })).toEqual({
      vendor: 'AURL',
      maintenance: null,
    });
    expect((await storedWindows()).AURL).toBeNull();
    expect((await launchBaccarat(t.app, member.token)).json().errorCode).toBe(
      'launch_game_balance_not_enough',
    );
    expect((await liveLane(t.app))?.maintenance).toBeNull();
  });
});

// Two processes on one PostgreSQL: the window set through one is seen by the other at once.
describe.runIf(process.env.TEST_DATABASE_URL)('vendor-maintenance across processes', () => {
  let a: TestApp;
  let b: App;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema: a.db.schema, poolSize: 3 });
    b = await buildApp({
      config: testConfig(),
      database: db,
      opsToken: OPS_TOKEN,
      serveWeb: false,
      logger: false,
    });
    closeB = async () => {
      await b.close();
      await db.close();
    };
  });
  afterAll(async () => {
    await closeB();
    await a.close();
  });

  it('reaches the other process long before the cache expires', async () => {
    expect((await liveLane(b))?.maintenance).toBeNull();
    const start = Date.now() - MINUTE_MS;
    const end = Date.now() + 10 * MINUTE_MS;
    await opsCommand(a.app, {
      command: 'vendor-maintenance',
      vendor: 'AURL',
      start: String(start),
      end: String(end),
    });
    await expect
      .poll(async () => (await liveLane(b))?.maintenance, { timeout: 2_000, interval: 50 })
      .toEqual({
        start,
        end,
      });
    await opsCommand(a.app, { command: 'vendor-maintenance', vendor: 'AURL', clear: true });
    await expect
      .poll(async () => (await liveLane(b))?.maintenance, { timeout: 2_000, interval: 50 })
      .toBeNull();
  });
});

describe.each(engines)('game operator command (the catalogue switches) on %s', (engine) => {
  let t: TestApp;
  let member: { token: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    member = await addMember(t.app, t.db.database);
  });
  afterAll(async () => t.close());

  const listed = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${routes.gameList.path}?vassalage=AURL&size=100`,
      headers: siteHeaders(),
      remoteAddress: nextIp(),
    });
    return (res.json().value.content as { nodeId: string }[]).map((g) => g.nodeId);
  };
  const favourite = (nodeId: string) =>
    t.app.inject({
      method: 'POST',
      url: routes.favouriteAdd.path,
      headers: siteHeaders({ authorization: member.token }),
      payload: { nodeId },
      remoteAddress: nextIp(),
    });
  const storedGames = async () => {
    const [row] = await queryRows<{ config: { games: { gameCode: string; disabled?: boolean }[] } }>(
      t.db.database.db,
      'SELECT config FROM merchants WHERE code = $1',
      [DEMO_MERCHANT],
    );
    return row!.config.games;
  };

  it('lists the catalogue with each switch on', async () => {
    const { games } = (await opsCommand(t.app, { command: 'game', action: 'list' })) as {
      games: { nodeId: string; on: boolean; name: string }[];
    };
    expect(games.find((g) => g.nodeId === 'AURL.baccarat')).toMatchObject({
      on: true,
      name: 'Imperial Baccarat',
    });
    expect(games.every((g) => g.on)).toBe(true);
  });

  it.each([
    [{ nodeId: 'AURL.nope', on: false }, 'has no game AURL.nope'],
    [{ nodeId: 'baccarat', on: false }, 'a game id like'],
    [{ nodeId: 'AURL.baccarat', on: 'no' }, 'expected boolean'],
    [{ nodeId: 'AURL.baccarat' }, 'expected boolean'],
  ])('refuses %j and changes nothing', async (args, message) => {
    const before = await storedGames();
    const res = await runOps(t.app, { command: 'game', action: 'set', ...args });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'ops.invalid', message: expect.stringContaining(message) });
    expect(await storedGames()).toEqual(before);
  });

  it('off: the game leaves every list and cannot be favourited or launched; on: it is back', async () => {
    expect(await listed()).toContain('AURL.baccarat');
    const off = await opsCommand(t.app, {
      command: 'game',
      action: 'set',
      nodeId: 'AURL.baccarat',
      on: false,
    });
    expect(off).toMatchObject({ nodeId: 'AURL.baccarat', on: false });
    expect((await storedGames()).find((g) => g.gameCode === 'baccarat')?.disabled).toBe(true);
    expect(await listed()).not.toContain('AURL.baccarat');
    expect((await favourite('AURL.baccarat')).json().errorCode).toBe('game.unknown');
    expect((await launchBaccarat(t.app, member.token)).json().errorCode).toBe('game.unknown');
    const [audit] = await queryRows<{ actor: string; detail: unknown }>(
      t.db.database.db,
      "SELECT actor, detail FROM ops_audit WHERE action = 'game-switch' ORDER BY id DESC LIMIT 1",
      [],
    );
    expect(audit).toEqual({
      actor: 'break-glass:test',
      detail: { nodeId: 'AURL.baccarat', before: { on: true }, after: { on: false } },
    });

    await opsCommand(t.app, { command: 'game', action: 'set', nodeId: 'AURL.baccarat', on: true });
    expect((await storedGames()).find((g) => g.gameCode === 'baccarat')).not.toHaveProperty('disabled');
    expect(await listed()).toContain('AURL.baccarat');
    expect((await favourite('AURL.baccarat')).statusCode).toBe(200);
    expect((await launchBaccarat(t.app, member.token)).json().errorCode).toBe(
      'launch_game_balance_not_enough',
    );
  });
});
