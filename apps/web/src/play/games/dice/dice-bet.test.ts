import { DICE_MAX_CHANCE, diceRound } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import { clampTarget, diceFigures, mirrorTarget, SLIDER_MAX, SLIDER_MIN, targetRange } from './dice-bet';

describe('dice bet figures', () => {
  it('keeps the slider within 1.00–98.99 and the package’s chance limits', () => {
    expect(targetRange('under')).toEqual({ min: SLIDER_MIN, max: DICE_MAX_CHANCE });
    expect(targetRange('over')).toEqual({ min: 9999 - DICE_MAX_CHANCE, max: SLIDER_MAX });
    expect(clampTarget(50, 'under')).toBe(SLIDER_MIN);
    expect(clampTarget(99_999, 'over')).toBe(SLIDER_MAX);
  });

  it('keeps the odds when the direction flips', () => {
    const under = 2500;
    const over = mirrorTarget(under, 'under');
    expect(diceFigures(over, 'over', 100n).chance).toBe(diceFigures(under, 'under', 100n).chance);
  });

  it('shows the multiplier and payout the maths package pays', () => {
    for (const [target, direction] of [
      [5000, 'under'],
      [100, 'under'],
      [9899, 'over'],
      [3333, 'over'],
    ] as const) {
      const shown = diceFigures(target, direction, 1234n);
      // A source whose roll wins the bet (0 for under, 9999 for over): the package's full payout.
      const winning = direction === 'under' ? 0 : 9999;
      const paid = diceRound({ stakeMinor: 1234n, target, direction }, () => winning);
      expect(paid.win).toBe(true);
      expect(shown).toEqual({
        chance: paid.chance,
        multiplier: paid.multiplier,
        payoutMinor: paid.payoutMinor,
      });
    }
    expect(diceFigures(5000, 'under', 100n)).toEqual({ chance: 5000, multiplier: 19_800, payoutMinor: 198n });
  });
});
