import { describe, expect, it } from 'vitest';
import { layBeads } from './bead-road';
import { chipFace } from './chip-rack';
import { dealOrder, totalOf, type WireCard } from './deal';
import { payText } from './pays';

const c = (rank: number, suit: WireCard['suit'] = 'S'): WireCard => ({ rank, suit });

describe('baccarat table', () => {
  it('deals player, banker, player, banker, then the third cards', () => {
    expect(dealOrder([c(1), c(2)], [c(3), c(4)])).toEqual([
      { side: 'player', index: 0 },
      { side: 'banker', index: 0 },
      { side: 'player', index: 1 },
      { side: 'banker', index: 1 },
    ]);
    expect(dealOrder([c(1), c(2), c(5)], [c(3), c(4), c(6)]).slice(4)).toEqual([
      { side: 'player', index: 2 },
      { side: 'banker', index: 2 },
    ]);
    expect(dealOrder([c(1), c(2)], [c(3), c(4), c(6)]).at(-1)).toEqual({ side: 'banker', index: 2 });
  });

  it('totals hands as baccarat counts them', () => {
    expect(totalOf([c(13), c(9)])).toBe(9);
    expect(totalOf([c(7), c(8)])).toBe(5);
    expect(totalOf([c(1), c(10), c(11)])).toBe(1);
    expect(totalOf([])).toBe(0);
  });

  it('writes the pays from the maths package', () => {
    expect(payText('player')).toBe('1 : 1');
    expect(payText('banker')).toBe('0.95 : 1');
    expect(payText('tie')).toBe('8 : 1');
    expect(payText('playerPair')).toBe('11 : 1');
  });

  it('fills the bead road down columns of six', () => {
    const beads = Array.from({ length: 8 }, (_, i) => ({
      outcome: i % 2 ? ('banker' as const) : ('player' as const),
      playerPair: false,
      bankerPair: i === 7,
    }));
    const { placed, columns } = layBeads(beads, 12);
    expect(columns).toBe(12);
    expect(placed[5]).toMatchObject({ column: 0, row: 5 });
    expect(placed[6]).toMatchObject({ column: 1, row: 0 });
    expect(placed[7]).toMatchObject({ column: 1, row: 1, bankerPair: true });
    expect(
      layBeads(
        Array.from({ length: 80 }, () => beads[0]!),
        12,
      ).columns,
    ).toBe(14);
  });

  it('labels chips in whole currency units', () => {
    expect(chipFace(100n)).toBe('1');
    expect(chipFace(2500n)).toBe('25');
    expect(chipFace(100_000n)).toBe('1K');
    expect(chipFace(50n)).toBe('0.50');
  });
});
