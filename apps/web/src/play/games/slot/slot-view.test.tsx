import { SLOT_PAYLINES } from '@aurum/games';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Reels } from './reels';
import { linePoints, roundProgress, type SlotSpinView, winTier, winView } from './slot-view';
import { WinLines } from './win-lines';

const SYMBOLS = ['A', 'K', 'Q', 'J', 'TEN'];
/** A window of filler with DRAGON on the middle row of reels 1-3 and a WILD on reel 4's middle. */
function window(): string[][] {
  return Array.from({ length: 5 }, (_, reel) =>
    Array.from({ length: 3 }, (_, row) =>
      row === 1 && reel < 3
        ? 'DRAGON'
        : row === 1 && reel === 3
          ? 'WILD'
          : (SYMBOLS[(reel + row) % 5] as string),
    ),
  );
}

const spin: SlotSpinView = {
  stops: [0, 0, 0, 0, 0],
  window: window(),
  lineWins: [
    {
      line: 1,
      symbol: 'DRAGON',
      count: 4,
      positions: [
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      win: '5.00',
    },
    {
      line: 4,
      symbol: 'K',
      count: 3,
      positions: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
      win: '0.25',
    },
  ],
  scatterWin: '0.00',
  freeSpinsAwarded: 0,
  multiplier: 1,
  win: '5.25',
  free: false,
};

describe('slot win lines', () => {
  it('draws a payline through the centre of its cell on every reel, edge to edge', () => {
    expect(SLOT_PAYLINES[3]).toEqual([0, 1, 2, 1, 0]);
    expect(linePoints(4)).toBe('0,50 50,50 150,150 250,250 350,150 450,50 500,50');
    expect(linePoints(1)).toBe('0,150 50,150 150,150 250,150 350,150 450,150 500,150');
    expect(linePoints(99)).toBe('');
  });

  it('renders every winning line of a round and lights only the cells that won', () => {
    const view = winView(spin);
    expect([...view.cells].sort()).toEqual(['0:0', '0:1', '1:1', '2:1', '2:2', '3:1']);
    const { container } = render(
      <Reels
        spin={{ id: 1, window: spin.window, stops: spin.stops, pace: 'instant' }}
        skip={false}
        win={view}
        focusLine={null}
        onStopped={() => {}}
      />,
    );
    const lines = container.querySelectorAll('[data-line]');
    expect([...lines].map((l) => l.getAttribute('data-line'))).toEqual(['1', '4']);
    expect(lines[1]?.querySelectorAll('polyline')[1]?.getAttribute('points')).toBe(linePoints(4));
    expect(container.querySelectorAll('[data-win]')).toHaveLength(6);
    expect(container.querySelectorAll('[data-dim]')).toHaveLength(9);
    // The symbols are named for assistive tech.
    expect(container.querySelectorAll('[role="img"][aria-label="Dragon"]')).toHaveLength(3);
  });

  it('fades all but the line on show when cycling', () => {
    const { container } = render(<WinLines lines={winView(spin).lines} focus={4} />);
    expect(container.querySelector('[data-line="1"]')?.getAttribute('opacity')).toBe('0.12');
    expect(container.querySelector('[data-line="4"]')?.getAttribute('opacity')).toBe('1');
  });

  it('lights paid scatters wherever they are', () => {
    const w = window();
    w[0]![0] = 'SCATTER';
    w[2]![2] = 'SCATTER';
    w[4]![0] = 'SCATTER';
    const view = winView({ ...spin, window: w, lineWins: [], scatterWin: '2.00', freeSpinsAwarded: 10 });
    expect([...view.cells].sort()).toEqual(['0:0', '2:2', '4:0']);
    expect(view.scatterPaid).toBe(true);
  });

  it('sizes the win moment by the stake', () => {
    expect(winTier(0n, 100n)).toBe('none');
    expect(winTier(500n, 100n)).toBe('win');
    expect(winTier(1000n, 100n)).toBe('big');
    expect(winTier(3000n, 100n)).toBe('mega');
  });

  it('counts free spins as retriggers raise the total', () => {
    const base = { ...spin, freeSpinsAwarded: 10, win: '1.00' };
    const free = (awarded: number) => ({ ...spin, free: true, freeSpinsAwarded: awarded, win: '0.50' });
    const spins = [base, free(0), free(10), ...Array.from({ length: 18 }, () => free(0))];
    const progress = roundProgress(spins);
    expect(progress[0]).toEqual({ free: 0, of: 10, totalMinor: 100n });
    expect(progress[1]).toEqual({ free: 1, of: 10, totalMinor: 150n });
    expect(progress[2]).toEqual({ free: 2, of: 20, totalMinor: 200n });
    expect(progress[20]).toEqual({ free: 20, of: 20, totalMinor: 1100n });
  });
});
