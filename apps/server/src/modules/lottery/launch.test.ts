import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, SECOND_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestApp, DEMO_MERCHANT, engines, siteHeaders, type TestApp } from '../../testing/app.ts';
import { walletOf } from '../vendor/testing/helpers.ts';
import { LOTTERY_JOB } from './index.ts';

/** 5 s into a minute: the one-minute games' current issues are drawn at :00. */
const T0 = Date.UTC(2026, 10, 26, 2, 0, 5);

const launch = {
  lottoArea: 'VN',
  launchMode: 'LOTT',
  lottoPrizeMode: 'LOTT',
  lottoView: 'betting',
  device: 'WEB',
  backUrl: 'https://aurum.example/',
  language: 'EN',
};

describe.each(engines)('lottery launch and opened numeros on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const issueCount = async () =>
    Number(
      (
        await queryRows<{ n: string }>(t.db.database.db, 'SELECT count(*)::text AS n FROM lottery_issues', [])
      )[0]!.n,
    );

  it('answers the page that opens a launch, for the game named or the mode’s first', async () => {
    const game = await call('POST', '/lgw/lottery/launch', { ...launch, lottoGameCode: 'ssc1m' });
    expect(game.statusCode).toBe(200);
    const url = new URL(game.json().value.url, 'https://aurum.example');
    expect(url.pathname).toBe('/lottery');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prizeMode: 'LOTT',
      gameCode: 'ssc1m',
      backUrl: 'https://aurum.example/',
    });
    // ELOTT is the VN e-lottery: its first game, on /vnLottery; a site path may be the way back.
    const vn = (
      await call('POST', '/lgw/lottery/launch', { ...launch, lottoPrizeMode: 'ELOTT', backUrl: '/elott' })
    ).json().value;
    expect(vn.url.startsWith('/vnLottery?prizeMode=ELOTT&gameCode=vn')).toBe(true);
    expect(vn.url.endsWith('&backUrl=%2Felott')).toBe(true);
    const sea = (
      await call('POST', '/lgw/lottery/launch', { ...launch, lottoPrizeMode: 'SEA', lottoView: 'lobby' })
    ).json().value;
    expect(sea).toEqual({
      url: '/seaLottery?prizeMode=SEA&backUrl=https%3A%2F%2Faurum.example%2F',
      gameCode: null,
    });
  });

  it('refuses a backUrl off the site, and every other bad payload, with a 4xx envelope', async () => {
    const before = await issueCount();
    for (const backUrl of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://user:pw@aurum.example/',
      'https://aurum.example.evil.example/',
    ]) {
      const res = await call('POST', '/lgw/lottery/launch', { ...launch, backUrl });
      expect(res.statusCode, backUrl).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'lottery.back.url.invalid' });
    }
    const bad: [Record<string, unknown>, number, string][] = [
      [{ lottoArea: 'TH' }, 400, 'request.invalid'],
      [{ launchMode: 'GAME' }, 400, 'request.invalid'],
      [{ lottoPrizeMode: 'XX' }, 400, 'request.invalid'],
      [{ lottoView: 'popup' }, 400, 'request.invalid'],
      [{ backUrl: '' }, 400, 'request.invalid'],
      [{ extra: 1 }, 400, 'request.invalid'],
      // A game that exists but is not one of the mode's (ELOTT is VN only), or none at all.
      [{ lottoPrizeMode: 'ELOTT', lottoGameCode: 'ssc1m' }, 404, 'lottery.game.unknown'],
      [{ lottoGameCode: 'nope' }, 404, 'lottery.game.unknown'],
    ];
    for (const [change, status, code] of bad) {
      const res = await call('POST', '/lgw/lottery/launch', { ...launch, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
    }
    expect(await issueCount()).toBe(before);
  });

  it('lists the newest drawn issue of every game of a mode, with its revealed seed', async () => {
    const opened = async (query = '') => (await call('GET', `/lgw/vn/numeros/opened${query}`)).json().value;
    expect(await opened()).toEqual({ prizeMode: null, results: [] });
    await t.app.jobs.runNow(LOTTERY_JOB);
    clock.set(T0 + 60 * SECOND_MS);
    await t.app.jobs.runNow(LOTTERY_JOB);
    clock.set(T0 + 120 * SECOND_MS);
    await t.app.jobs.runNow(LOTTERY_JOB);
    const all = await opened();
    const ssc = all.results.find((r: { gameCode: string }) => r.gameCode === 'ssc1m');
    expect(ssc).toMatchObject({ status: expect.stringMatching(/^(drawn|settled)$/) });
    expect(ssc.seed).toMatch(/^[0-9a-f]+$/);
    // The newest of the game's drawn issues, and each game once.
    const [newest] = await queryRows<{ issue_no: string }>(
      t.db.database.db,
      `SELECT issue_no FROM lottery_issues WHERE merchant = $1 AND game_code = 'ssc1m'
       AND status IN ('drawn', 'settled') ORDER BY draw_at DESC LIMIT 1`,
      [DEMO_MERCHANT],
    );
    expect(ssc.issueNo).toBe(newest!.issue_no);
    const codes = all.results.map((r: { gameCode: string }) => r.gameCode);
    expect(new Set(codes).size).toBe(codes.length);
    // ELOTT offers the VN games only.
    const vn = await opened('?prizeMode=ELOTT');
    expect(vn.prizeMode).toBe('ELOTT');
    expect(vn.results.length).toBeGreaterThan(0);
    expect(vn.results.every((r: { gameCode: string }) => r.gameCode.startsWith('vn'))).toBe(true);
    const bad = await call('GET', '/lgw/vn/numeros/opened?prizeMode=XX');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
  });

  it('lets a trial account play with the play money its first balance look grants, never real money', async () => {
    await t.app.jobs.runNow(LOTTERY_JOB);
    const free = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: siteHeaders(),
      payload: { os: 'Linux', platform: 'W', gatewayVersion: '3' },
      remoteAddress: '10.9.8.6',
    });
    const trial = { id: Number(free.json().value.id), token: String(free.json().value.token) };
    const headers = siteHeaders({ authorization: trial.token });
    // The page's balance look, as after any sign-in.
    const balance = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers });
    expect(balance.json().value.playMoney).toBe(true);
    const granted = await walletOf(t, trial.id, 'PLAY');
    expect(granted).toBeGreaterThan(0n);
    const menu = (await call('GET', '/lgw/vn/games/game_menu')).json().value;
    const issue = menu.games.find((g: { gameCode: string }) => g.gameCode === 'ssc1m').current;
    const bet = await t.app.inject({
      method: 'POST',
      url: '/lgw/lottery/bets',
      headers,
      payload: {
        gameCode: 'ssc1m',
        issueNo: issue.issueNo,
        tickets: [{ betType: 'ssc.position', selection: { at: 0, numbers: [5] }, unit: '1' }],
      },
    });
    expect(bet.json()).toMatchObject({ success: true });
    expect(await walletOf(t, trial.id, 'PLAY')).toBe(granted - 200n);
    expect(await walletOf(t, trial.id)).toBe(0n);
  });
});
