import { describe, expect, it } from 'vitest';
import {
  drawStops,
  evaluateWindow,
  lineWin,
  playRound,
  SLOT_FREE_SPINS_AWARD,
  SLOT_LINE_PAYS,
  SLOT_MAX_FREE_SPINS,
  SLOT_PAYLINES,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  type SlotSymbol,
  spin,
  windowAt,
} from './slot.ts';

/** Words equal to the wanted stop: uniformInt(length) returns word % length for small words. */
const scripted = (words: number[]) => () => {
  const w = words.shift();
  if (w === undefined) throw new Error('ran out of words');
  return w;
};

/** A window whose every cell is `fill`, with overrides at [reel, row]. */
const windowOf = (fill: SlotSymbol, cells: Array<[number, number, SlotSymbol]> = []) => {
  const w: SlotSymbol[][] = Array.from({ length: 5 }, () => [fill, fill, fill]);
  for (const [reel, row, s] of cells) w[reel]![row] = s;
  return w;
};

/** A window where no line pays: every reel shows a different low symbol. */
const quiet = () =>
  [
    ['A', 'K', 'Q'],
    ['J', 'TEN', 'KOI'],
    ['LANTERN', 'TIGER', 'PHOENIX'],
    ['A', 'K', 'Q'],
    ['J', 'TEN', 'KOI'],
  ] as SlotSymbol[][];

/** Stops (top-row index) at which each reel shows a SCATTER on its top row, and where none shows. */
const scatterStop = (reel: number) => SLOT_STRIPS[reel]!.indexOf('SCATTER');
const blankStop = (reel: number) => {
  const strip = SLOT_STRIPS[reel]!;
  const stop = strip.findIndex((_, i) =>
    [0, 1, 2].every((row) => strip[(i + row) % strip.length] !== 'SCATTER'),
  );
  return stop;
};
const triggering = () => [scatterStop(0), scatterStop(1), scatterStop(2), blankStop(3), blankStop(4)];
const nonTriggering = () => [blankStop(0), blankStop(1), blankStop(2), blankStop(3), blankStop(4)];

describe('slot layout', () => {
  it('has 20 distinct paylines reading one row per reel', () => {
    expect(SLOT_PAYLINES).toHaveLength(20);
    expect(new Set(SLOT_PAYLINES.map((l) => l.join(''))).size).toBe(20);
    for (const line of SLOT_PAYLINES) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
  });

  it('puts WILD on reels 2-4 only and every symbol on some reel, strips of at most 40', () => {
    SLOT_STRIPS.forEach((strip, reel) => {
      expect(strip.length).toBeLessThanOrEqual(40);
      expect(strip.includes('WILD')).toBe(reel >= 1 && reel <= 3);
    });
    for (const s of SLOT_SYMBOLS) expect(SLOT_STRIPS.some((strip) => strip.includes(s))).toBe(true);
  });

  it('never shows two SCATTERs on one reel', () => {
    for (const strip of SLOT_STRIPS) {
      strip.forEach((s, i) => {
        if (s !== 'SCATTER') return;
        expect(strip[(i + 1) % strip.length]).not.toBe('SCATTER');
        expect(strip[(i + 2) % strip.length]).not.toBe('SCATTER');
      });
    }
  });

  it('reads the window from the stop downwards, wrapping around the strip', () => {
    const last = SLOT_STRIPS.map((strip) => strip.length - 1);
    const window = windowAt(last);
    SLOT_STRIPS.forEach((strip, reel) => {
      expect(window[reel]).toEqual([strip[strip.length - 1], strip[0], strip[1]]);
    });
  });

  it('draws one uniform stop per reel, rejecting biased words', () => {
    const lengths = SLOT_STRIPS.map((s) => s.length);
    const stops = drawStops(scripted([2 ** 32 - 1, 5, lengths[1]! + 3, 0, 7, lengths[4]! - 1]));
    expect(stops).toEqual([5, 3, 0, 7, lengths[4]! - 1]);
  });
});

describe('line evaluation', () => {
  it('pays the leftmost run only', () => {
    expect(lineWin(['K', 'K', 'K', 'Q', 'K'])).toEqual({ symbol: 'K', count: 3, units: SLOT_LINE_PAYS.K[0] });
    expect(lineWin(['K', 'K', 'Q', 'K', 'K'])).toBeNull();
    expect(lineWin(['Q', 'K', 'K', 'K', 'K'])).toBeNull();
    expect(lineWin(['DRAGON', 'DRAGON', 'DRAGON', 'DRAGON', 'DRAGON'])).toEqual({
      symbol: 'DRAGON',
      count: 5,
      units: SLOT_LINE_PAYS.DRAGON[2],
    });
  });

  it('lets WILD stand in for the line symbol', () => {
    expect(lineWin(['TIGER', 'WILD', 'TIGER', 'WILD', 'Q'])).toEqual({
      symbol: 'TIGER',
      count: 4,
      units: 200,
    });
    expect(lineWin(['J', 'WILD', 'WILD', 'WILD', 'J'])).toEqual({ symbol: 'J', count: 5, units: 100 });
  });

  it('reads a leading WILD as the first symbol after it, and five WILDs as DRAGON', () => {
    expect(lineWin(['WILD', 'WILD', 'A', 'A', 'J'])).toEqual({ symbol: 'A', count: 4, units: 60 });
    expect(lineWin(['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({
      symbol: 'DRAGON',
      count: 5,
      units: 1500,
    });
  });

  it('never substitutes WILD for SCATTER, and SCATTER breaks a line', () => {
    expect(lineWin(['SCATTER', 'SCATTER', 'SCATTER', 'K', 'K'])).toBeNull();
    expect(lineWin(['WILD', 'WILD', 'SCATTER', 'K', 'K'])).toBeNull();
    expect(lineWin(['K', 'K', 'SCATTER', 'K', 'K'])).toBeNull();
  });
});

describe('window evaluation', () => {
  it('pays every line that runs, with its positions and stake × pay / 20', () => {
    // Middle row KOI KOI WILD KOI LANTERN; everything else differs per reel.
    const window = quiet();
    window[0]![1] = 'KOI';
    window[1]![1] = 'KOI';
    window[2]![1] = 'WILD';
    window[3]![1] = 'KOI';
    window[4]![1] = 'LANTERN';
    const result = evaluateWindow(window, 200n, 1);
    const middle = result.lineWins.find((w) => w.line === 1);
    expect(middle).toEqual({
      line: 1,
      symbol: 'KOI',
      count: 4,
      positions: [
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      payoutMinor: (200n * 125n) / 20n,
    });
    expect(result.scatter).toBeNull();
    expect(result.freeSpinsAwarded).toBe(0);
    expect(result.winMinor).toBe(result.lineWins.reduce((s, w) => s + w.payoutMinor, 0n));
  });

  it('pays all 20 lines on a full screen of one symbol', () => {
    const result = evaluateWindow(windowOf('A'), 20n, 1);
    expect(result.lineWins).toHaveLength(20);
    expect(result.winMinor).toBe(20n * 200n);
  });

  it('floors each payout when the stake is not a multiple of 20', () => {
    const window = quiet();
    for (let reel = 0; reel < 3; reel++) window[reel]![0] = 'J';
    const result = evaluateWindow(window, 7n, 1);
    const top = result.lineWins.find((w) => w.line === 2)!;
    expect(top.payoutMinor).toBe(4n); // 7 × 12 / 20 = 4.2
  });

  it('pays SCATTERs anywhere on the total bet and awards free spins for 3 or more', () => {
    const window = quiet();
    window[0]![2] = 'SCATTER';
    window[2]![0] = 'SCATTER';
    window[4]![1] = 'SCATTER';
    const result = evaluateWindow(window, 100n, 1);
    expect(result.scatter).toEqual({
      count: 3,
      positions: [
        [0, 2],
        [2, 0],
        [4, 1],
      ],
      payoutMinor: 500n,
    });
    expect(result.freeSpinsAwarded).toBe(SLOT_FREE_SPINS_AWARD);
    window[4]![1] = 'KOI';
    expect(evaluateWindow(window, 100n, 1)).toMatchObject({
      scatter: null,
      freeSpinsAwarded: 0,
      winMinor: 0n,
    });
  });

  it('doubles every win at the free-spin multiplier', () => {
    const window = windowOf('Q', [
      [0, 0, 'SCATTER'],
      [1, 0, 'SCATTER'],
      [2, 0, 'SCATTER'],
      [3, 0, 'SCATTER'],
    ]);
    const single = evaluateWindow(window, 40n, 1);
    const double = evaluateWindow(window, 40n, 2);
    expect(single.scatter?.payoutMinor).toBe(800n); // 4 SCATTERs pay 20 × 40
    expect(double.scatter?.payoutMinor).toBe(1600n);
    expect(double.winMinor).toBe(2n * single.winMinor);
  });
});

describe('spins and rounds', () => {
  it('spins the drawn stops', () => {
    const stops = nonTriggering();
    const result = spin(100n, scripted([...stops]));
    expect(result.stops).toEqual(stops);
    expect(result.window).toEqual(windowAt(stops));
    expect(result.multiplier).toBe(1);
    expect(spin(100n, scripted([...stops]), 'free').multiplier).toBe(2);
  });

  it('refuses a non-positive stake', () => {
    expect(() => spin(0n, scripted([]))).toThrow(RangeError);
  });

  it('plays the free spins a trigger awards, and a retrigger adds more', () => {
    const words = [...triggering(), ...triggering()];
    for (let i = 0; i < 19; i++) words.push(...nonTriggering());
    const round = playRound(100n, scripted(words));
    expect(round.base.freeSpinsAwarded).toBe(10);
    expect(round.freeSpins).toHaveLength(20);
    expect(round.freeSpins[0]!.freeSpinsAwarded).toBe(10);
    expect(round.freeSpins.every((s) => s.multiplier === 2)).toBe(true);
    expect(round.freeSpinsForfeited).toBe(0);
    expect(round.totalWinMinor).toBe(round.freeSpins.reduce((s, f) => s + f.winMinor, round.base.winMinor));
  });

  it('plays no free spins without a trigger', () => {
    const round = playRound(100n, scripted(nonTriggering()));
    expect(round.freeSpins).toEqual([]);
    expect(round.totalWinMinor).toBe(round.base.winMinor);
  });

  it('stops at the free-spin cap and records what it forfeits', () => {
    const stops = triggering();
    let i = 0;
    const round = playRound(20n, () => stops[i++ % 5]!);
    expect(round.freeSpins).toHaveLength(SLOT_MAX_FREE_SPINS);
    // 501 triggers award 5010 spins, 500 are played.
    expect(round.freeSpinsForfeited).toBe(5010 - SLOT_MAX_FREE_SPINS);
  });
});
