import { randomUUID } from 'node:crypto';
import { diceRound, fairWords, plinkoRound, serverSeedHash } from '@aurum/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { createTestApp, engines, type TestApp } from '../../testing/app.ts';
import { newPlayer, walletOf } from '../vendor/testing/helpers.ts';
import { checkLedger } from '../wallet/index.ts';
import { DICE, openSession, PLINKO, playCall, roundsOf } from './testing.ts';

const ROLL = '/play/api/dice/roll';
const DROP = '/play/api/plinko/drop';
const minor = (money: string) => BigInt(money.replace('.', ''));

describe.each(engines)('provably fair dice and plinko on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t?.close());

  const roll = (sessionId: string, body: Record<string, unknown> = {}) =>
    playCall(t, 'POST', ROLL, sessionId, {
      stake: '1.00',
      target: 5000,
      direction: 'under',
      requestId: randomUUID(),
      ...body,
    });
  const rotate = (sessionId: string) => playCall(t, 'POST', '/play/api/fair/rotate', sessionId);

  it('commits to the server seed before play, and every roll matches the seed revealed by rotating', async () => {
    const memberId = await newPlayer(t, 'real', 100_000n);
    const session = await openSession(t, memberId, DICE);
    expect(session.fair).toMatchObject({ nonce: 0 });
    const committed = session.fair!;
    expect((await playCall(t, 'GET', '/play/api/fair', session.sessionId)).json().value).toEqual(committed);

    const rolls = [];
    for (const [target, direction] of [
      [5000, 'under'],
      [200, 'over'],
      [9800, 'under'],
    ] as const) {
      const res = await roll(session.sessionId, { target, direction, stake: '2.50' });
      expect(res.statusCode).toBe(200);
      rolls.push(res.json().value);
    }
    expect(rolls.map((r) => r.nonce)).toEqual([0, 1, 2]);
    expect(rolls[2].fair).toEqual({ ...committed, nonce: 3 });
    for (const r of rolls) {
      expect(r).toMatchObject({ serverSeedHash: committed.serverSeedHash, clientSeed: committed.clientSeed });
    }

    const rotated = await rotate(session.sessionId);
    expect(rotated.statusCode).toBe(200);
    const { previous, current } = rotated.json().value;
    expect(previous).toMatchObject({
      serverSeedHash: committed.serverSeedHash,
      clientSeed: committed.clientSeed,
      nonces: 3,
    });
    expect(serverSeedHash(previous.serverSeed)).toBe(committed.serverSeedHash);
    expect(current).toMatchObject({ clientSeed: committed.clientSeed, nonce: 0 });
    expect(current.serverSeedHash).not.toBe(committed.serverSeedHash);

    let balance = 100_000n;
    for (const r of rolls) {
      const again = diceRound(
        { stakeMinor: 250n, target: r.target, direction: r.direction },
        fairWords(previous.serverSeed, r.clientSeed, r.nonce),
      );
      expect({ roll: r.roll, win: r.win, multiplier: r.multiplier, totalWin: minor(r.totalWin) }).toEqual({
        roll: again.roll,
        win: again.win,
        multiplier: again.multiplier,
        totalWin: again.payoutMinor,
      });
      balance += again.payoutMinor - 250n;
    }
    expect(await walletOf(t, memberId)).toBe(balance);

    const recorded = await roundsOf(t, memberId);
    expect(recorded.map((r) => r.fair)).toEqual(
      rolls.map((r) => ({
        serverSeedHash: committed.serverSeedHash,
        clientSeed: committed.clientSeed,
        nonce: r.nonce,
        serverSeed: previous.serverSeed,
      })),
    );
    const { orderNo: _o, balance: _b, fair: _f, ...detail } = rolls[0];
    expect(recorded[0]?.detail).toEqual(detail);
  });

  it('uses a new client seed from the next bet on, and keeps it across a rotation', async () => {
    const memberId = await newPlayer(t, 'real', 100_000n);
    const { sessionId } = await openSession(t, memberId, DICE);
    await roll(sessionId);
    const set = await playCall(t, 'POST', '/play/api/fair/client-seed', sessionId, {
      clientSeed: 'my-lucky-seed',
    });
    expect(set.json().value).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 1 });
    const next = (await roll(sessionId)).json().value;
    expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 1 });
    const { previous, current } = (await rotate(sessionId)).json().value;
    expect(current.clientSeed).toBe('my-lucky-seed');
    const again = diceRound(
      { stakeMinor: 100n, target: 5000, direction: 'under' },
      fairWords(previous.serverSeed, 'my-lucky-seed', 1),
    );
    expect(next.roll).toBe(again.roll);

    for (const clientSeed of ['', 'has space', 'x'.repeat(65), 'tab\tseed']) {
      const bad = await playCall(t, 'POST', '/play/api/fair/client-seed', sessionId, { clientSeed });
      expect(bad.json().errorCode).toBe('request.invalid');
    }
    expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).json().value.clientSeed).toBe(
      'my-lucky-seed',
    );
  });

  it('gives concurrent bets of one session distinct, gapless nonces', async () => {
    const memberId = await newPlayer(t, 'real', 100_000n);
    const { sessionId } = await openSession(t, memberId, DICE);
    const replies = await Promise.all(Array.from({ length: 12 }, () => roll(sessionId)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const nonces = replies.map((r) => r.json().value.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).json().value.nonce).toBe(12);
  });

  it('spends no nonce on a refused bet or on a retry', async () => {
    const memberId = await newPlayer(t, 'real', 500n);
    const { sessionId } = await openSession(t, memberId, DICE);
    expect((await roll(sessionId, { target: 9900 })).json().errorCode).toBe('request.invalid');
    expect((await roll(sessionId, { target: 100, direction: 'over', stake: '0.05' })).json().errorCode).toBe(
      'play.stake.invalid',
    );
    const first = await roll(sessionId, { requestId: 'roll-1' });
    const retry = await roll(sessionId, { requestId: 'roll-1' });
    expect(retry.json().value).toEqual(first.json().value);
    expect((await roll(sessionId, { requestId: 'roll-1', target: 4000 })).json().errorCode).toBe(
      'idempotency.conflict',
    );
    expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).json().value.nonce).toBe(1);
    expect(await roundsOf(t, memberId)).toHaveLength(1);
  });

  it('refuses a bet above the balance and records nothing', async () => {
    const memberId = await newPlayer(t, 'real', 50n);
    const { sessionId } = await openSession(t, memberId, DICE);
    const res = await roll(sessionId);
    expect(res.json()).toMatchObject({ errorCode: 'play.balance.not.enough', details: { balance: '0.50' } });
    expect(await roundsOf(t, memberId)).toEqual([]);
    expect(await walletOf(t, memberId)).toBe(50n);
  });

  it('drops plinko balls that the revealed seed reproduces, in play money for a trial account', async () => {
    const memberId = await newPlayer(t, 'play', 200_000n);
    const session = await openSession(t, memberId, PLINKO, 'play');
    expect(session.mode).toBe('play');
    const drops = [];
    for (const [rows, risk] of [
      [8, 'low'],
      [12, 'medium'],
      [16, 'high'],
    ] as const) {
      const res = await playCall(t, 'POST', DROP, session.sessionId, {
        stake: '3.00',
        rows,
        risk,
        requestId: randomUUID(),
      });
      expect(res.statusCode).toBe(200);
      drops.push(res.json().value);
    }
    const { previous } = (await rotate(session.sessionId)).json().value;
    let balance = 200_000n;
    for (const d of drops) {
      const again = plinkoRound(
        { stakeMinor: 300n, rows: d.rows, risk: d.risk },
        fairWords(previous.serverSeed, d.clientSeed, d.nonce),
      );
      expect(d.path).toEqual(again.path.map((s) => (s === 'R' ? 1 : 0)));
      expect({ bucket: d.bucket, multiplier: d.multiplier, win: minor(d.totalWin) }).toEqual({
        bucket: again.bucket,
        multiplier: again.multiplier,
        win: again.payoutMinor,
      });
      balance += again.payoutMinor - 300n;
    }
    expect(await walletOf(t, memberId, 'PLAY')).toBe(balance);
    expect(await walletOf(t, memberId, 'MAIN')).toBe(0n);
    const bad = await playCall(t, 'POST', DROP, session.sessionId, {
      stake: '3.00',
      rows: 10,
      risk: 'low',
      requestId: randomUUID(),
    });
    expect(bad.json().errorCode).toBe('request.invalid');
  });

  it('shares one seed pair between a player’s dice and plinko sessions', async () => {
    const memberId = await newPlayer(t, 'real', 100_000n);
    const dice = await openSession(t, memberId, DICE);
    const plinko = await openSession(t, memberId, PLINKO);
    expect(plinko.fair).toEqual(dice.fair);
    await roll(dice.sessionId);
    const drop = await playCall(t, 'POST', DROP, plinko.sessionId, {
      stake: '1.00',
      rows: 8,
      risk: 'low',
      requestId: randomUUID(),
    });
    expect(drop.json().value.nonce).toBe(1);
  });

  it('reveals the seed of a round that was in flight while the pair rotated', async () => {
    const memberId = await newPlayer(t, 'real', 100_000n);
    const { sessionId } = await openSession(t, memberId, DICE);
    const [rolled, rotated] = await Promise.all([roll(sessionId), rotate(sessionId)]);
    const r = rolled.json().value;
    const { previous, current } = rotated.json().value;
    const [recorded] = await roundsOf(t, memberId);
    const usedOld = r.serverSeedHash === previous.serverSeedHash;
    expect(usedOld || r.serverSeedHash === current.serverSeedHash).toBe(true);
    expect(recorded?.fair?.serverSeed).toBe(usedOld ? previous.serverSeed : undefined);
  });

  it('ends the play session when the wallet says its session has ended', async () => {
    const memberId = await newPlayer(t, 'real', 10_000n);
    const { sessionId } = await openSession(t, memberId, DICE);
    const start = clock.now();
    try {
      // Seed calls keep the play session alive but never reach the wallet, whose session idles out.
      clock.advance(20 * MINUTE_MS);
      expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).statusCode).toBe(200);
      clock.advance(15 * MINUTE_MS);
      const res = await roll(sessionId);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('play.session.expired');
      expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).json().errorCode).toBe(
        'play.session.expired',
      );
      expect(await roundsOf(t, memberId)).toEqual([]);
    } finally {
      clock.set(start);
    }
  });

  it('leaves the ledger consistent', async () => {
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });
});
