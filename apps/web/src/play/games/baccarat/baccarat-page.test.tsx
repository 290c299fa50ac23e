import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPlaySessionId } from '../../api/play-api';
import { type Call, reduceMotion, renderPlay, scriptApi } from '../../testing';
import BaccaratPage from './baccarat-page';

function dealAnswer(call: Call, n: number) {
  const bets = (call.body as { bets: Record<string, string> }).bets;
  const stake = Object.values(bets)
    .reduce((s, v) => s + Number(v), 0)
    .toFixed(2);
  return {
    orderNo: `B${n}`,
    player: [
      { rank: 9, suit: 'S' },
      { rank: 10, suit: 'H' },
    ],
    banker: [
      { rank: 2, suit: 'D' },
      { rank: 3, suit: 'C' },
    ],
    playerTotal: 9,
    bankerTotal: 5,
    outcome: 'player',
    playerPair: false,
    bankerPair: false,
    bets: Object.entries(bets).map(([bet, s]) => ({
      bet,
      stake: s,
      payout: bet === 'player' ? (Number(s) * 2).toFixed(2) : '0.00',
    })),
    stake,
    totalWin: bets.player ? (Number(bets.player) * 2).toFixed(2) : '0.00',
    balance: '1000.00',
  };
}

const spot = (bet: string) => document.querySelector(`[data-bet="${bet}"]`) as HTMLButtonElement;
const placedBets = (calls: Call[]) => calls.map((c) => (c.body as { bets: unknown }).bets);

describe('baccarat page', () => {
  beforeEach(() => {
    reduceMotion();
    setPlaySessionId('session-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function playHand(calls: Call[], n: number) {
    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    await waitFor(() => expect(calls).toHaveLength(n));
    await waitFor(() => expect(screen.getByText('Player wins')).toBeTruthy());
  }

  it('starts every hand from an empty table: one chip a hand stakes one chip each hand', async () => {
    let n = 0;
    const calls = scriptApi((call) => dealAnswer(call, n++));
    renderPlay(<BaccaratPage />);
    for (let hand = 1; hand <= 4; hand++) {
      fireEvent.click(spot('player'));
      await playHand(calls, hand);
    }
    expect(placedBets(calls)).toEqual([
      { player: '0.10' },
      { player: '0.10' },
      { player: '0.10' },
      { player: '0.10' },
    ]);
    // The settled hand stays on the felt with its stake until the next chip clears it.
    expect(document.querySelector('[data-baccarat="stake-player"]')?.textContent).toBe('$0.10');
    expect(screen.getByRole('button', { name: 'Deal' })).toHaveProperty('disabled', true);
    fireEvent.click(spot('banker'));
    expect(document.querySelector('[data-baccarat="stake-player"]')).toBeNull();
    expect(document.querySelector('[data-baccarat="stake-banker"]')?.textContent).toBe('$0.10');
  });

  it('rebet repeats the last hand’s bets once, on purpose', async () => {
    let n = 0;
    const calls = scriptApi((call) => dealAnswer(call, n++));
    renderPlay(<BaccaratPage />);
    const rebet = screen.getByRole('button', { name: 'Rebet' });
    expect(rebet).toHaveProperty('disabled', true);
    fireEvent.click(spot('player'));
    fireEvent.click(spot('tie'));
    await playHand(calls, 1);
    expect(rebet).toHaveProperty('disabled', false);
    fireEvent.click(rebet);
    expect(rebet).toHaveProperty('disabled', true);
    fireEvent.click(rebet);
    await playHand(calls, 2);
    expect(placedBets(calls)).toEqual([
      { player: '0.10', tie: '0.10' },
      { player: '0.10', tie: '0.10' },
    ]);
  });
});
