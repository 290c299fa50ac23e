import { SLOT_STRIPS, windowAt } from '@aurum/games';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPlaySessionId } from '../../api/play-api';
import { playSession, reduceMotion, renderPlay, scriptApi } from '../../testing';
import SlotPage from './slot-page';

const stops = SLOT_STRIPS.map(() => 3);
const spin = (free: boolean, win: string, awarded = 0) => ({
  stops,
  window: windowAt(stops),
  lineWins: [],
  scatterWin: '0.00',
  freeSpinsAwarded: awarded,
  multiplier: free ? 2 : 1,
  win,
  free,
});

describe('slot page', () => {
  beforeEach(() => {
    reduceMotion();
    setPlaySessionId('session-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('spins on Space, plays out the free spins (skippable) and then settles the whole round', async () => {
    let release: (() => void) | null = null;
    const calls = scriptApi(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              orderNo: 'S1',
              stake: '1.00',
              spins: [spin(false, '2.00', 10), spin(true, '0.00'), spin(true, '3.00')],
              totalWin: '5.00',
              balance: '104.00',
            });
        }),
    );
    renderPlay(
      <SlotPage />,
      playSession({
        balance: '100.00',
        minStake: '0.20',
        maxStake: '100.00',
        fair: null,
        game: { nodeId: 'AURX.dynasty', gameCode: 'dynasty', engine: 'slot', name: 'Golden Dynasty' },
      }),
    );
    fireEvent.keyDown(document.body, { code: 'Space' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ stake: '1.00' });
    expect(screen.getByRole('button', { name: 'Spinning…' })).toHaveProperty('disabled', true);
    await act(async () => release?.());
    const skip = await screen.findByRole('button', { name: 'Skip' });
    fireEvent.click(skip);
    await waitFor(() =>
      expect(document.querySelector('[data-balance]')?.getAttribute('data-balance')).toBe('$104.00'),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-slot="win-amount"]')?.textContent).toBe('$5.00'),
    );
    const history = screen.getByRole('region', { name: 'Last rounds' });
    expect(within(history).getByText('5.00×')).toBeTruthy();
    expect(within(history).getByText('+$4.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spin' })).toHaveProperty('disabled', false);
  });

  it('steps the stake within the session limits', () => {
    scriptApi(() => ({}));
    renderPlay(<SlotPage />, playSession({ minStake: '0.20', maxStake: '1.00', fair: null }));
    const group = screen.getByRole('group', { name: 'Stake' });
    fireEvent.click(within(group).getByRole('button', { name: 'Raise the stake' }));
    expect(group.querySelector('output')?.textContent).toBe('$1.00');
    expect(within(group).getByRole('button', { name: 'Raise the stake' })).toHaveProperty('disabled', true);
    fireEvent.click(within(group).getByRole('button', { name: 'Lower the stake' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Lower the stake' }));
    expect(group.querySelector('output')?.textContent).toBe('$0.20');
  });
});
