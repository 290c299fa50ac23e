import { describe, expect, it } from 'vitest';
import { diceText, multiplierText, rankText, readRoundDetail, verifierUrl } from './round-detail';

const spin = {
  stops: [1, 2, 3, 4, 5],
  window: [
    ['A', 'K', 'Q'],
    ['A', 'J', 'TEN'],
    ['A', 'WILD', 'KOI'],
    ['K', 'Q', 'J'],
    ['TEN', 'SCATTER', 'A'],
  ],
  lineWins: [
    {
      line: 1,
      symbol: 'A',
      count: 3,
      positions: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      win: '2.00',
    },
  ],
  scatterWin: '0.00',
  freeSpinsAwarded: 0,
  multiplier: 1,
  win: '2.00',
  free: false,
};

describe('reading a round detail', () => {
  it('reads each engine by its own shape', () => {
    expect(readRoundDetail('slot', { spins: [spin] })).toEqual({ engine: 'slot', spins: [spin] });
    expect(
      readRoundDetail('dice', { roll: 5731, target: 5000, direction: 'over', multiplier: 19800, win: true }),
    ).toMatchObject({ engine: 'dice', round: { roll: 5731 } });
    expect(
      readRoundDetail('plinko', { rows: 8, risk: 'low', path: [0, 1, 1], bucket: 2, multiplier: 11000 }),
    ).toMatchObject({ engine: 'plinko' });
  });

  it('reads a compact slot round as its count of free spins and total win', () => {
    const compact = {
      compact: true,
      stake: '2.00',
      totalWin: '812.40',
      spins: [
        { stops: [1, 2, 3, 4, 5], free: false },
        ...Array.from({ length: 3 }, () => ({ stops: [0, 0, 0, 0, 0], free: true })),
      ],
    };
    expect(readRoundDetail('slot', compact)).toEqual({
      engine: 'slot',
      compact: { freeSpins: 3, totalWin: '812.40' },
    });
  });

  it('shows nothing rather than something wrong', () => {
    expect(readRoundDetail(null, { spins: [spin] })).toBeNull();
    expect(readRoundDetail('slot', { spins: [] })).toBeNull();
    expect(readRoundDetail('slot', { spins: [{ ...spin, window: 'AAA' }] })).toBeNull();
    expect(
      readRoundDetail('dice', { roll: '57', target: 5000, direction: 'over', multiplier: 1, win: true }),
    ).toBeNull();
    expect(readRoundDetail('baccarat', { player: [{ rank: 14, suit: 'S' }] })).toBeNull();
    expect(readRoundDetail('plinko', null)).toBeNull();
  });

  it('formats multipliers, dice values and card ranks as players read them', () => {
    expect(multiplierText(19800)).toBe('1.98×');
    expect(multiplierText(2000)).toBe('0.2×');
    expect(multiplierText(1_000_000)).toBe('100×');
    expect(diceText(5731)).toBe('57.31');
    expect(diceText(5)).toBe('0.05');
    expect([1, 7, 10, 11, 12, 13].map(rankText)).toEqual(['A', '7', '10', 'J', 'Q', 'K']);
  });

  it('links a revealed round to the verifier page with the bet it was played with', () => {
    const fair = { serverSeed: 'a b', clientSeed: 'c&d', nonce: 4 };
    const dice = readRoundDetail('dice', {
      roll: 7012,
      target: 6500,
      direction: 'over',
      multiplier: 28285,
      win: true,
    });
    expect(verifierUrl('dice', fair, dice)).toBe(
      '/play/verify?game=dice&serverSeed=a+b&clientSeed=c%26d&nonce=4&target=6500&direction=over',
    );
    const plinko = readRoundDetail('plinko', {
      rows: 12,
      risk: 'high',
      path: [0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0],
      bucket: 6,
      multiplier: 2000,
    });
    expect(verifierUrl('plinko', fair, plinko)).toBe(
      '/play/verify?game=plinko&serverSeed=a+b&clientSeed=c%26d&nonce=4&rows=12&risk=high',
    );
    // A detail that cannot be read still links the seeds; the page then asks for the bet.
    expect(verifierUrl('dice', fair, null)).toBe(
      '/play/verify?game=dice&serverSeed=a+b&clientSeed=c%26d&nonce=4',
    );
  });
});
