import { describe, expect, it } from 'vitest';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceChance, diceMultiplier, diceRound, diceRtp } from './dice.ts';
import { ratio, sub } from './ratio.ts';

/** A source that yields the given words in order; words below 2^32 − 7296 map to word % 10 000. */
const scripted =
  (...words: number[]) =>
  () => {
    const w = words.shift();
    if (w === undefined) throw new Error('ran out of words');
    return w;
  };

describe('dice', () => {
  it('wins under when the roll is below the target, and only then', () => {
    const bet = { stakeMinor: 1000n, target: 5000, direction: 'under' as const };
    expect(diceRound(bet, scripted(4999))).toEqual({
      roll: 4999,
      win: true,
      chance: 5000,
      multiplier: 19800,
      payoutMinor: 1980n,
    });
    expect(diceRound(bet, scripted(5000)).win).toBe(false);
    expect(diceRound(bet, scripted(5000)).payoutMinor).toBe(0n);
  });

  it('wins over when the roll is above the target, and only then', () => {
    const bet = { stakeMinor: 100n, target: 9899, direction: 'over' as const };
    expect(diceChance(9899, 'over')).toBe(100);
    expect(diceRound(bet, scripted(9900))).toMatchObject({
      win: true,
      multiplier: 990000,
      payoutMinor: 9900n,
    });
    expect(diceRound(bet, scripted(9899)).win).toBe(false);
  });

  it('rolls through uniformInt, rejecting the biased top words', () => {
    const round = diceRound({ stakeMinor: 1n, target: 10, direction: 'under' }, scripted(2 ** 32 - 1, 3));
    expect(round.roll).toBe(3);
  });

  it('floors the multiplier and the payout', () => {
    expect(diceMultiplier(3)).toBe(Math.floor(99_000_000 / 3));
    expect(diceMultiplier(7)).toBe(14142857);
    // 99 / 0.07 % = 1414.285714…× → 1414.2857×; 333 × 1414.2857 = 470 957.138… → 470 957.
    expect(diceRound({ stakeMinor: 333n, target: 7, direction: 'under' }, scripted(0)).payoutMinor).toBe(
      470957n,
    );
  });

  it('refuses bets outside the chance limits before drawing', () => {
    const never = () => {
      throw new Error('drew a word');
    };
    expect(() => diceRound({ stakeMinor: 1n, target: 0, direction: 'under' }, never)).toThrow(RangeError);
    expect(() => diceRound({ stakeMinor: 1n, target: 9801, direction: 'under' }, never)).toThrow(RangeError);
    expect(() => diceRound({ stakeMinor: 1n, target: 198, direction: 'over' }, never)).toThrow(RangeError);
    expect(() => diceRound({ stakeMinor: 1n, target: 9999, direction: 'over' }, never)).toThrow(RangeError);
    expect(() => diceRound({ stakeMinor: 0n, target: 5000, direction: 'under' }, never)).toThrow(RangeError);
    expect(() => diceRound({ stakeMinor: 1n, target: 50.5, direction: 'under' }, never)).toThrow(RangeError);
    expect(diceRound({ stakeMinor: 1n, target: 9800, direction: 'under' }, scripted(1)).chance).toBe(9800);
    expect(diceRound({ stakeMinor: 1n, target: 199, direction: 'over' }, scripted(1)).chance).toBe(9800);
  });

  it('returns between 98.9 % and 99 % on every allowed bet', () => {
    // RTP = chance × multiplier / 10^8 exactly, so compare the integer numerators.
    let lowest = DICE_MIN_CHANCE;
    for (let chance = DICE_MIN_CHANCE; chance <= DICE_MAX_CHANCE; chance++) {
      const numerator = chance * diceMultiplier(chance);
      expect(numerator).toBeLessThanOrEqual(99_000_000);
      expect(numerator).toBeGreaterThanOrEqual(98_900_000);
      if (numerator < lowest * diceMultiplier(lowest)) lowest = chance;
    }
    // The flooring costs under chance / 10^8, so even the worst bet returns over 98.99 %.
    expect(sub(diceRtp(lowest), ratio(9899n, 10000n)).num > 0n).toBe(true);
    expect(diceRtp(5000)).toEqual(ratio(99n, 100n));
  });
});
