import { dealRound, diceRound, fairWords, playRound, settle } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { MAX_DETAIL_BYTES } from '../vendor/index.ts';
import { checkStake, STAKE_LIMITS, stakeAllowed } from './limits.ts';
import {
  checkDiceBet,
  expandSlotDetail,
  playBaccarat,
  playDice,
  playSlot,
  type SlotDetail,
  slotRecord,
} from './rounds.ts';
import { seededWords } from './testing.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
};

describe('stake limits', () => {
  it('takes the slot in steps of 0.20 from 0.20 to 100.00, the others to the cent', () => {
    expect([20n, 40n, 10_000n].map((s) => stakeAllowed('slot', s))).toEqual([true, true, true]);
    expect([0n, 10n, 30n, 10_020n].map((s) => stakeAllowed('slot', s))).toEqual([false, false, false, false]);
    expect([100n, 101n, 100_000n].map((s) => stakeAllowed('baccarat', s))).toEqual([true, true, true]);
    expect([99n, 100_001n].map((s) => stakeAllowed('baccarat', s))).toEqual([false, false]);
    for (const engine of ['dice', 'plinko'] as const) {
      expect(STAKE_LIMITS[engine]).toEqual({ minMinor: 10n, maxMinor: 50_000n, stepMinor: 1n });
      expect([9n, 10n, 50_000n, 50_001n].map((s) => stakeAllowed(engine, s))).toEqual([
        false,
        true,
        true,
        false,
      ]);
    }
  });

  it('says which field is off and what is allowed', () => {
    try {
      checkStake('baccarat', 50n, 'bets.tie');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).details).toEqual({
        field: 'bets.tie',
        min: '1.00',
        max: '1000.00',
        step: '0.01',
      });
    }
  });
});

describe('engines', () => {
  it('plays the slot exactly as the maths does with the same words', () => {
    const expected = playRound(500n, seededWords(7));
    const played = playSlot(500n, seededWords(7));
    expect(played.betMinor).toBe(500n);
    expect(played.winMinor).toBe(expected.totalWinMinor);
    expect(played.detail.spins).toHaveLength(1 + expected.freeSpins.length);
    expect(played.detail.spins[0]).toMatchObject({
      stops: expected.base.stops,
      window: expected.base.window,
      multiplier: 1,
      free: false,
    });
  });

  it('records a slot round in full, or by its stops when in full it would pass the detail limit', () => {
    const small = playSlot(200n, seededWords(3)).detail;
    expect(slotRecord(small)).toBe(small);

    const spins: SlotDetail['spins'] = [];
    for (let seed = 1; spins.length < 150; seed++) {
      const spin = playSlot(200n, seededWords(seed)).detail.spins[0]!;
      if (spin.lineWins.length > 0) spins.push(spin);
    }
    const big: SlotDetail = { stake: '2.00', totalWin: '1.00', spins };
    const record = slotRecord(big);
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(MAX_DETAIL_BYTES);
    expect(record).toMatchObject({ compact: true, stake: '2.00', totalWin: '1.00' });
    expect(Buffer.byteLength(JSON.stringify(record))).toBeLessThan(MAX_DETAIL_BYTES);
    expect(expandSlotDetail(record, 200n)).toEqual(big);
    expect(expandSlotDetail(small, 200n)).toBe(small);
  });

  it('deals baccarat and pays each placed bet in bet order', () => {
    const stakes = { tie: 300n, player: 1_000n };
    const played = playBaccarat(stakes, seededWords(11));
    const round = dealRound(seededWords(11));
    const payouts = settle(stakes, round);
    expect(played.detail.bets.map((b) => b.bet)).toEqual(['player', 'tie']);
    expect(played.betMinor).toBe(1_300n);
    expect(played.winMinor).toBe((payouts.player ?? 0n) + (payouts.tie ?? 0n));
    expect(played.detail.player.every((c) => ['S', 'H', 'D', 'C'].includes(c.suit))).toBe(true);
    expect(played.detail.outcome).toBe(round.outcome);
  });

  it('rolls dice from the seed pair and nonce, and refuses chances outside 0.01 %–98 %', () => {
    const draw = { serverSeed: 'a'.repeat(64), serverSeedHash: 'h', clientSeed: 'c', nonce: 4 };
    const played = playDice({ stakeMinor: 100n, target: 5000, direction: 'over' }, draw);
    const expected = diceRound(
      { stakeMinor: 100n, target: 5000, direction: 'over' },
      fairWords('a'.repeat(64), 'c', 4),
    );
    expect(played.detail).toMatchObject({
      roll: expected.roll,
      nonce: 4,
      clientSeed: 'c',
      serverSeedHash: 'h',
    });
    expect(played.winMinor).toBe(expected.payoutMinor);
    expect(codeOf(() => checkDiceBet(9800, 'under'))).toBeNull();
    expect(codeOf(() => checkDiceBet(199, 'over'))).toBeNull();
    expect(codeOf(() => checkDiceBet(1, 'under'))).toBeNull();
    expect(codeOf(() => checkDiceBet(9801, 'under'))).toBe('request.invalid');
    expect(codeOf(() => checkDiceBet(198, 'over'))).toBe('request.invalid');
  });
});
