import { envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { createTestApp, engines, nextIp, siteHeaders, type TestApp } from '../../testing/app.ts';
import { addMember, insertRound } from './testing.ts';
import { maskAccount } from './winners.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const ago = (minutes: number) => T0 - minutes * MINUTE_MS;

describe('maskAccount', () => {
  it('keeps the first two and the last character', () => {
    expect(maskAccount('demo')).toBe('de***o');
    expect(maskAccount('winner01')).toBe('wi***1');
    expect(maskAccount('王小明明')).toBe('王小***明');
  });

  it('never shows the whole of a short account', () => {
    expect(maskAccount('abc')).toBe('a***');
    expect(maskAccount('ab')).toBe('a***');
    expect(maskAccount('a')).toBe('a***');
  });
});

describe.each(engines)('winners board on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;

  const winners = async (query = '', language = 'EN') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${routes.winners.path}${query}`,
      headers: siteHeaders({ language }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = envelopeSchema(routes.winners.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value.list.map((w) => w.vo);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    const db = t.db.database;
    const alice = await addMember(t.app, db, 'alicewins');
    const bob = await addMember(t.app, db, 'bobby7');
    // Wins newest first: baccarat 1 min ago, dynasty 10, dice 20, dynasty 6 days ago.
    await insertRound(db, {
      memberId: alice.id,
      vendor: 'AURL',
      gameCode: 'baccarat',
      betMinor: 1000n,
      winMinor: 1950n,
      openedAt: ago(2),
      settledAt: ago(1),
    });
    await insertRound(db, {
      memberId: bob.id,
      gameCode: 'dynasty',
      betMinor: 20n,
      winMinor: 12_345_60n,
      openedAt: ago(11),
      settledAt: ago(10),
    });
    await insertRound(db, {
      memberId: alice.id,
      gameCode: 'dice',
      betMinor: 100n,
      winMinor: 198n,
      openedAt: ago(21),
      settledAt: ago(20),
    });
    await insertRound(db, {
      memberId: bob.id,
      gameCode: 'dynasty',
      betMinor: 100n,
      winMinor: 150n,
      openedAt: ago(6 * 24 * 60 + 1),
      settledAt: ago(6 * 24 * 60),
    });
    // Never on the board: a loss, a payout below the stake, a push, an open round, a cancelled
    // one, play money, older than a week.
    await insertRound(db, {
      memberId: bob.id,
      gameCode: 'dynasty',
      betMinor: 100n,
      winMinor: 50n,
      openedAt: ago(7),
      settledAt: ago(6),
    });
    await insertRound(db, {
      memberId: alice.id,
      vendor: 'AURL',
      gameCode: 'baccarat',
      betMinor: 1000n,
      winMinor: 1000n,
      openedAt: ago(8),
      settledAt: ago(7),
    });
    await insertRound(db, {
      memberId: alice.id,
      gameCode: 'dice',
      betMinor: 100n,
      winMinor: 0n,
      openedAt: ago(3),
      settledAt: ago(2),
    });
    await insertRound(db, {
      memberId: alice.id,
      gameCode: 'plinko',
      status: 'open',
      winMinor: 500n,
      openedAt: ago(3),
    });
    await insertRound(db, {
      memberId: alice.id,
      gameCode: 'plinko',
      status: 'cancelled',
      winMinor: 500n,
      openedAt: ago(4),
      settledAt: ago(3),
    });
    await insertRound(db, {
      memberId: bob.id,
      gameCode: 'plinko',
      mode: 'play',
      winMinor: 99_999n,
      openedAt: ago(5),
      settledAt: ago(4),
    });
    await insertRound(db, {
      memberId: bob.id,
      gameCode: 'plinko',
      winMinor: 99_999n,
      openedAt: ago(8 * 24 * 60),
      settledAt: T0 - 7 * DAY_MS - 1,
    });
  });
  afterAll(async () => t.close());

  it('shows the latest real-money wins of the week, newest first, accounts masked, each with its net win', async () => {
    expect(await winners('?gameCategory=ALL&limitNum=20')).toEqual([
      {
        account: 'al***s',
        nodeId: 'AURL.baccarat',
        gameName: 'Imperial Baccarat',
        gameType: 'LIVE',
        winAmount: '9.50',
        winTime: ago(1),
      },
      {
        account: 'bo***7',
        nodeId: 'AURX.dynasty',
        gameName: 'Golden Dynasty',
        gameType: 'INHOUSE',
        winAmount: '12345.40',
        winTime: ago(10),
      },
      {
        account: 'al***s',
        nodeId: 'AURX.dice',
        gameName: 'Aurum Dice',
        gameType: 'INHOUSE',
        winAmount: '0.98',
        winTime: ago(20),
      },
      {
        account: 'bo***7',
        nodeId: 'AURX.dynasty',
        gameName: 'Golden Dynasty',
        gameType: 'INHOUSE',
        winAmount: '0.50',
        winTime: ago(6 * 24 * 60),
      },
    ]);
    // The defaults are gameCategory ALL and 20.
    expect(await winners()).toHaveLength(4);
  });

  it('keeps to a category (RNG takes in INHOUSE), the limit and the language', async () => {
    expect((await winners('?gameCategory=LIVE')).map((w) => w.nodeId)).toEqual(['AURL.baccarat']);
    expect((await winners('?gameCategory=RNG')).map((w) => w.nodeId)).toEqual([
      'AURX.dynasty',
      'AURX.dice',
      'AURX.dynasty',
    ]);
    expect(await winners('?gameCategory=SPORTS')).toEqual([]);
    expect((await winners('?limitNum=2')).map((w) => w.winTime)).toEqual([ago(1), ago(10)]);
    expect((await winners('?limitNum=1', 'CN'))[0]!.gameName).toBe('皇家百家乐');
  });

  it('moves with the clock: a win leaves the board a week after it', async () => {
    clock.set(ago(6 * 24 * 60) + 7 * DAY_MS + 1);
    expect(await winners()).toHaveLength(3);
    clock.set(T0);
  });

  it('refuses bad queries', async () => {
    for (const query of [
      '?gameCategory=SLOTS',
      '?limitNum=0',
      '?limitNum=51',
      '?limitNum=x',
      '?account=bobby7',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${routes.winners.path}${query}`,
        headers: siteHeaders(),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, query).toBe(400);
      expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe('request.invalid');
    }
  });

  it('reads the one record of play, lottery included: a winning ticket shows under LOTT and ALL, masked', async () => {
    const carol = await addMember(t.app, t.db.database, 'carolotto');
    await insertRound(t.db.database, {
      memberId: carol.id,
      vendor: 'AURLT',
      gameCode: 'cqssc',
      betMinor: 200n,
      winMinor: 19_600n,
      openedAt: ago(1),
      settledAt: T0 - 1_000,
    });
    const lott = await winners('?gameCategory=LOTT');
    expect(lott).toMatchObject([
      { account: 'ca***o', winAmount: '194.00', gameType: 'LOTT', winTime: T0 - 1_000 },
    ]);
    expect((await winners())[0]).toEqual(lott[0]);
  });
});
