import { randomUUID } from 'node:crypto';
import { TX_TYPE } from '@aurum/contract';
import { dealRound, playRound, settle } from '@aurum/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { queryRows } from '../../platform/sql.ts';
import { createTestApp, DEMO_MERCHANT, engines, opsCommand, type TestApp } from '../../testing/app.ts';
import { newPlayer, walletOf } from '../vendor/testing/helpers.ts';
import { checkLedger } from '../wallet/index.ts';
import { INHOUSE_HOUSEKEEPING_JOB } from './module.ts';
import {
  BACCARAT,
  DICE,
  launch,
  openSession,
  playCall,
  roundsOf,
  SLOT,
  SwitchableWords,
  seededWords,
} from './testing.ts';

const SPIN = '/play/api/slot/spin';
const DEAL = '/play/api/baccarat/deal';

/** A seed whose slot round at `stakeMinor` pays something (found by playing it with the maths). */
function winningSlotSeed(stakeMinor: bigint): number {
  for (let seed = 1; ; seed++) if (playRound(stakeMinor, seededWords(seed)).totalWinMinor > 0n) return seed;
}

/** A seed whose slot round pays nothing. */
function losingSlotSeed(stakeMinor: bigint): number {
  for (let seed = 1; ; seed++) if (playRound(stakeMinor, seededWords(seed)).totalWinMinor === 0n) return seed;
}

describe.each(engines)('in-house game server on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.now());
  const words = new SwitchableWords();

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock, gameWords: words.source });
  });
  afterAll(async () => t?.close());

  const spin = (sessionId: string | undefined, stake: string, requestId: string = randomUUID()) =>
    playCall(t, 'POST', SPIN, sessionId, { stake, requestId });

  describe('session', () => {
    it('opens a play session from the launch token: game, mode, balance, limits', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const session = await openSession(t, memberId, SLOT);
      expect(session).toMatchObject({
        game: { nodeId: 'AURX.dynasty', gameCode: 'dynasty', engine: 'slot', name: 'Golden Dynasty' },
        mode: 'real',
        language: 'EN',
        currency: 'USD',
        currencySymbol: '$',
        balance: '500.00',
        minStake: '0.20',
        maxStake: '100.00',
        fair: null,
      });
      expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const balance = await playCall(t, 'GET', '/play/api/balance', session.sessionId);
      expect(balance.json()).toEqual({ success: true, value: { balance: '500.00' } });
      expect(balance.headers['cache-control']).toBe('no-store');
    });

    it('finds the vendor of the token: a baccarat token (AURL) opens the baccarat table', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const session = await openSession(t, memberId, BACCARAT);
      expect(session).toMatchObject({
        game: { engine: 'baccarat', nodeId: 'AURL.baccarat' },
        minStake: '1.00',
      });
    });

    it('refuses a used, unknown or malformed launch token, and a call without the Merchant header', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const token = await launch(t, memberId, SLOT);
      expect((await playCall(t, 'POST', '/play/api/session', undefined, { token })).statusCode).toBe(200);
      const again = await playCall(t, 'POST', '/play/api/session', undefined, { token });
      expect(again.statusCode).toBe(401);
      expect(again.json().errorCode).toBe('play.launch.invalid');
      const unknown = await playCall(t, 'POST', '/play/api/session', undefined, { token: 'A'.repeat(43) });
      expect(unknown.json().errorCode).toBe('play.launch.invalid');
      const malformed = await playCall(t, 'POST', '/play/api/session', undefined, { token: 'short' });
      expect(malformed.json().errorCode).toBe('request.invalid');
      const noMerchant = await t.app.inject({ method: 'POST', url: '/play/api/session', payload: { token } });
      expect(noMerchant.json().errorCode).toBe('merchant.required');
    });

    it('refuses a missing, unknown, idle or ended session on every call', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      for (const id of [undefined, 'nope', 'B'.repeat(43)]) {
        const res = await playCall(t, 'GET', '/play/api/balance', id);
        expect(res.statusCode).toBe(401);
        expect(res.json().errorCode).toBe('play.session.invalid');
        expect((await spin(id, '1.00')).json().errorCode).toBe('play.session.invalid');
      }
      clock.advance(31 * MINUTE_MS);
      try {
        expect((await playCall(t, 'GET', '/play/api/balance', sessionId)).json().errorCode).toBe(
          'play.session.expired',
        );
        expect((await spin(sessionId, '1.00')).json().errorCode).toBe('play.session.expired');
        expect(await walletOf(t, memberId)).toBe(50_000n);
        expect(await roundsOf(t, memberId)).toEqual([]);
      } finally {
        clock.advance(-31 * MINUTE_MS);
      }
    });

    it('keeps a session alive while it is used, and ends it after 24 hours whatever happens', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const start = clock.now();
      try {
        let alive = 0;
        for (;;) {
          clock.advance(29 * MINUTE_MS);
          const res = await playCall(t, 'GET', '/play/api/balance', sessionId);
          if (res.statusCode !== 200) {
            expect(res.json().errorCode).toBe('play.session.expired');
            break;
          }
          alive++;
        }
        // 49 calls 29 minutes apart reach 23 h 41 min; the next one is past 24 hours.
        expect(alive).toBe(49);
      } finally {
        clock.set(start);
      }
    });
  });

  describe('slot', () => {
    it('spins with the injected source: the maths outcome, money moved once, the round recorded', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const seed = winningSlotSeed(200n);
      const expected = playRound(200n, seededWords(seed));
      words.use(seededWords(seed));
      const res = await spin(sessionId, '2.00');
      expect(res.statusCode).toBe(200);
      const round = res.json().value;
      const win = expected.totalWinMinor;
      expect(round.stake).toBe('2.00');
      expect(BigInt(round.totalWin.replace('.', ''))).toBe(win);
      expect(round.spins).toHaveLength(1 + expected.freeSpins.length);
      expect(round.spins[0]).toMatchObject({
        stops: expected.base.stops,
        window: expected.base.window,
        free: false,
      });
      const after = 50_000n - 200n + win;
      expect(BigInt(round.balance.replace('.', ''))).toBe(after);
      expect(await walletOf(t, memberId)).toBe(after);

      const [recorded] = await roundsOf(t, memberId);
      const { orderNo, balance, ...detail } = round;
      expect(recorded).toMatchObject({
        order_no: orderNo,
        game_code: 'dynasty',
        mode: 'real',
        status: 'settled',
        bet_minor: '200',
        win_minor: String(win),
        balance_before_minor: '50000',
        balance_after_minor: String(after),
      });
      expect(recorded?.detail).toEqual(detail);
      expect(recorded?.fair).toBeNull();
    });

    it('answers a retried request id with the first round and moves money once', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      words.use(seededWords(winningSlotSeed(100n)));
      const first = await spin(sessionId, '1.00', 'spin-retry-1');
      words.use(seededWords(losingSlotSeed(100n)));
      const retry = await spin(sessionId, '1.00', 'spin-retry-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.json().value).toEqual(first.json().value);
      expect(await roundsOf(t, memberId)).toHaveLength(1);
      expect(BigInt(first.json().value.balance.replace('.', ''))).toBe(await walletOf(t, memberId));

      const other = await spin(sessionId, '2.00', 'spin-retry-1');
      expect(other.statusCode).toBe(409);
      expect(other.json().errorCode).toBe('idempotency.conflict');
      expect(await roundsOf(t, memberId)).toHaveLength(1);
    });

    it('retried at once, twice in parallel, still plays one round', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const replies = await Promise.all(
        Array.from({ length: 4 }, () => spin(sessionId, '1.00', 'spin-par-1')),
      );
      const values = replies.map((r) => r.json().value);
      for (const v of values) expect(v).toEqual(values[0]);
      expect(await roundsOf(t, memberId)).toHaveLength(1);
    });

    it('refuses stakes off the limits or steps, and bad input, without moving anything', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      for (const stake of ['0.10', '0.30', '100.20', '0']) {
        const res = await spin(sessionId, stake);
        expect(res.statusCode, stake).toBe(400);
        expect(['play.stake.invalid', 'request.invalid']).toContain(res.json().errorCode);
      }
      const off = await spin(sessionId, '0.30');
      expect(off.json()).toMatchObject({
        errorCode: 'play.stake.invalid',
        details: { field: 'stake', min: '0.20', max: '100.00', step: '0.20' },
      });
      expect((await playCall(t, 'POST', SPIN, sessionId, { stake: '1.00' })).json().errorCode).toBe(
        'request.invalid',
      );
      expect(
        (await playCall(t, 'POST', SPIN, sessionId, { stake: '1.00', requestId: 'a b' })).json().errorCode,
      ).toBe('request.invalid');
      expect(await walletOf(t, memberId)).toBe(50_000n);
      expect(await roundsOf(t, memberId)).toEqual([]);
    });

    it('says the balance is not enough, with the balance, and records nothing', async () => {
      const memberId = await newPlayer(t, 'real', 150n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const res = await spin(sessionId, '2.00');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'play.balance.not.enough',
        details: { balance: '1.50' },
      });
      expect(await walletOf(t, memberId)).toBe(150n);
      expect(await roundsOf(t, memberId)).toEqual([]);
    });

    it('refuses another game’s calls on a slot session', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const dice = await playCall(t, 'POST', '/play/api/dice/roll', sessionId, {
        stake: '1.00',
        target: 5000,
        direction: 'under',
        requestId: randomUUID(),
      });
      expect(dice.json().errorCode).toBe('play.game.mismatch');
      expect((await playCall(t, 'GET', '/play/api/fair', sessionId)).json().errorCode).toBe(
        'play.game.mismatch',
      );
      expect(await walletOf(t, memberId)).toBe(50_000n);
    });

    it('plays no new round once the operator switches the game off, and again once it is back on', async () => {
      const memberId = await newPlayer(t, 'real', 50_000n);
      const { sessionId } = await openSession(t, memberId, SLOT);
      const set = (on: boolean) =>
        opsCommand(t.app, { command: 'game', action: 'set', nodeId: 'AURX.dynasty', on });
      await set(false);
      try {
        const refused = await spin(sessionId, '1.00');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errorCode).toBe('play.game.closed');
        expect(await walletOf(t, memberId)).toBe(50_000n);
        // The balance still answers.
        expect((await playCall(t, 'GET', '/play/api/balance', sessionId)).json().value).toEqual({
          balance: '500.00',
        });
      } finally {
        await set(true);
      }
      expect((await spin(sessionId, '1.00')).statusCode).toBe(200);
    });
  });

  describe('baccarat', () => {
    /** The demo runs Aurum Live (baccarat) in transfer mode: its games play from its game wallet. */
    const GAME_WALLET = 'VENDOR:AURL' as const;
    /** A member with `amountMinor` moved from main into the Aurum Live game wallet. */
    const tablePlayer = async (amountMinor: bigint) => {
      const memberId = await newPlayer(t, 'real', amountMinor);
      await t.app.ledger.move({
        merchant: DEMO_MERCHANT,
        from: { memberId, code: 'MAIN' },
        to: { memberId, code: GAME_WALLET },
        amountMinor,
        kind: TX_TYPE.transferToGame,
        idempotencyKey: `test-into-aurl-${memberId}`,
        actor: 'test',
      });
      return memberId;
    };

    it('deals from the injected source and pays every bet as the maths settles it', async () => {
      const memberId = await tablePlayer(500_000n);
      const { sessionId, balance } = await openSession(t, memberId, BACCARAT);
      expect(balance).toBe('5000.00');
      const stakes = { banker: 1_000n, tie: 200n, playerPair: 100n };
      words.use(seededWords(42));
      const expected = dealRound(seededWords(42));
      const payouts = settle(stakes, expected);
      const res = await playCall(t, 'POST', DEAL, sessionId, {
        bets: { banker: '10.00', tie: '2', playerPair: '1.00' },
        requestId: randomUUID(),
      });
      expect(res.statusCode).toBe(200);
      const round = res.json().value;
      const win = (payouts.banker ?? 0n) + (payouts.tie ?? 0n) + (payouts.playerPair ?? 0n);
      expect(round).toMatchObject({
        outcome: expected.outcome,
        playerTotal: expected.playerTotal,
        bankerTotal: expected.bankerTotal,
        stake: '13.00',
        bets: [
          { bet: 'banker', stake: '10.00' },
          { bet: 'tie', stake: '2.00' },
          { bet: 'playerPair', stake: '1.00' },
        ],
      });
      expect(round.player.map((c: { rank: number }) => c.rank)).toEqual(expected.player.map((c) => c.rank));
      expect(BigInt(round.totalWin.replace('.', ''))).toBe(win);
      // The stake left the game wallet and the win went back to it; main never moved.
      expect(await walletOf(t, memberId, GAME_WALLET)).toBe(500_000n - 1_300n + win);
      expect(round.balance).toBe((Number(500_000n - 1_300n + win) / 100).toFixed(2));
      expect(await walletOf(t, memberId)).toBe(0n);
      const [recorded] = await roundsOf(t, memberId);
      expect(recorded).toMatchObject({ game_code: 'baccarat', bet_minor: '1300', win_minor: String(win) });
      const { orderNo: _o, balance: _b, ...detail } = round;
      expect(recorded?.detail).toEqual(detail);
    });

    it('refuses a bet spot outside 1.00–1,000.00 and answers a retry with the first deal', async () => {
      const memberId = await tablePlayer(500_000n);
      const { sessionId } = await openSession(t, memberId, BACCARAT);
      const low = await playCall(t, 'POST', DEAL, sessionId, {
        bets: { player: '5.00', tie: '0.50' },
        requestId: randomUUID(),
      });
      expect(low.json()).toMatchObject({ errorCode: 'play.stake.invalid', details: { field: 'bets.tie' } });
      const none = await playCall(t, 'POST', DEAL, sessionId, { bets: {}, requestId: randomUUID() });
      expect(none.json().errorCode).toBe('request.invalid');
      const body = { bets: { player: '5.00' }, requestId: 'deal-1' };
      const first = await playCall(t, 'POST', DEAL, sessionId, body);
      const again = await playCall(t, 'POST', DEAL, sessionId, body);
      expect(again.json().value).toEqual(first.json().value);
      const changed = await playCall(t, 'POST', DEAL, sessionId, {
        bets: { banker: '5.00' },
        requestId: 'deal-1',
      });
      expect(changed.json().errorCode).toBe('idempotency.conflict');
      expect(await roundsOf(t, memberId)).toHaveLength(1);
    });

    it('with money only in main, the table has nothing to play with', async () => {
      const memberId = await newPlayer(t, 'real', 500_000n);
      const { sessionId, balance } = await openSession(t, memberId, BACCARAT);
      expect(balance).toBe('0.00');
      const res = await playCall(t, 'POST', DEAL, sessionId, {
        bets: { player: '5.00' },
        requestId: randomUUID(),
      });
      expect(res.statusCode).toBe(400);
      expect(await walletOf(t, memberId)).toBe(500_000n);
      expect(await roundsOf(t, memberId)).toHaveLength(0);
    });
  });

  describe('free play', () => {
    it('plays with play money only: PLAY and HOUSE:PLAY move, never a main wallet or the vendor house', async () => {
      const memberId = await newPlayer(t, 'play', 200_000n);
      const houseBefore = await t.app.ledger.systemBalance(t.db.database.db, DEMO_MERCHANT, 'HOUSE:AURX');
      const session = await openSession(t, memberId, SLOT, 'play');
      expect(session).toMatchObject({ mode: 'play', balance: '2000.00' });
      words.use(seededWords(losingSlotSeed(1_000n)));
      const res = await spin(session.sessionId, '10.00');
      expect(res.json().value.balance).toBe('1990.00');
      const accounts = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
      expect(accounts.map((a) => a.code)).toEqual(['PLAY']);
      expect(await walletOf(t, memberId, 'PLAY')).toBe(199_000n);
      expect(await t.app.ledger.systemBalance(t.db.database.db, DEMO_MERCHANT, 'HOUSE:AURX')).toBe(
        houseBefore,
      );
      const [recorded] = await roundsOf(t, memberId);
      expect(recorded).toMatchObject({ mode: 'play', bet_minor: '1000' });
    });

    it('a trial account cannot open a real-money session, nor a member a play one', async () => {
      const trial = await newPlayer(t, 'play', 10_000n);
      await expect(launch(t, trial, SLOT, 'real')).rejects.toThrow();
      const member = await newPlayer(t, 'real', 10_000n);
      await expect(launch(t, member, SLOT, 'play')).rejects.toThrow();
    });
  });

  it('purges play sessions a day after they ended', async () => {
    const memberId = await newPlayer(t, 'real', 10_000n);
    const { sessionId } = await openSession(t, memberId, DICE);
    const stored = async () =>
      (
        await queryRows(t.db.database.db, 'SELECT 1 FROM inhouse_sessions WHERE id_hash = $1', [
          sha256Hex(sessionId),
        ])
      ).length;
    const start = clock.now();
    try {
      clock.advance(24 * 60 * MINUTE_MS);
      await t.app.jobs.runNow(INHOUSE_HOUSEKEEPING_JOB);
      expect(await stored()).toBe(1);
      clock.advance(24 * 60 * MINUTE_MS + MINUTE_MS);
      expect(await t.app.jobs.runNow(INHOUSE_HOUSEKEEPING_JOB)).toBeGreaterThanOrEqual(1);
      expect(await stored()).toBe(0);
    } finally {
      clock.set(start);
    }
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedger(t.db.database, DEMO_MERCHANT);
    expect(report.problems).toEqual([]);
  });
});
