import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPlaySessionId } from '../../api/play-api';
import { type Call, reduceMotion, renderPlay, scriptApi } from '../../testing';
import DicePage from './dice-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function rollAnswer(call: Call, roll: number, balance: string, nonce: number) {
  const body = call.body as { target: number; direction: string; stake: string };
  return {
    orderNo: `D${nonce}`,
    roll,
    target: body.target,
    direction: body.direction,
    multiplier: 19_800,
    win: roll < body.target,
    stake: body.stake,
    totalWin: roll < body.target ? '1.98' : '0.00',
    balance,
    serverSeedHash: 'f'.repeat(64),
    clientSeed: 'seed',
    nonce,
    fair: { serverSeedHash: 'f'.repeat(64), clientSeed: 'seed', nonce: nonce + 1 },
  };
}

describe('dice page', () => {
  beforeEach(() => {
    reduceMotion();
    setPlaySessionId('session-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends each bet with a fresh request id, holds the button until the reply, then shows the result', async () => {
    let release: (() => void) | null = null;
    let nonce = 0;
    const calls = scriptApi(
      (call) =>
        new Promise((resolve) => {
          const n = nonce++;
          release = () => resolve(rollAnswer(call, n === 0 ? 1234 : 8000, n === 0 ? '1000.98' : '999.98', n));
        }),
    );
    renderPlay(<DicePage />);
    const roll = screen.getByRole('button', { name: 'Roll' });
    expect(screen.getByText('1.98×')).toBeTruthy();
    fireEvent.click(roll);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Rolling…' })).toHaveProperty('disabled', true);
    expect(calls[0]).toMatchObject({
      path: '/play/api/dice/roll',
      method: 'POST',
      body: { stake: '1.00', target: 5000, direction: 'under' },
    });
    expect(calls[0]?.headers.get('x-play-session')).toBe('session-1');
    const first = (calls[0]?.body as { requestId?: string } | undefined)?.requestId;
    expect(first).toMatch(UUID);
    await act(async () => release?.());
    await waitFor(() => expect(document.querySelector('[data-dice="roll"]')?.textContent).toBe('12.34'));
    await waitFor(() =>
      expect(document.querySelector('[data-balance]')?.getAttribute('data-balance')).toBe('$1,000.98'),
    );
    const history = screen.getByRole('region', { name: 'Last rounds' });
    expect(within(history).getByText('12.34')).toBeTruthy();
    expect(within(history).getByText('+$0.98')).toBeTruthy();
    expect(document.querySelector('[data-fair="nonce"]')?.textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Roll' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    const second = (calls[1]?.body as { requestId?: string } | undefined)?.requestId;
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    await act(async () => release?.());
    await waitFor(() => expect(within(history).getByText('-$1.00')).toBeTruthy());
  });

  it('flips the direction keeping the odds, and says when the balance is short', async () => {
    scriptApi(() => {
      throw new Error('play.balance.not.enough');
    });
    renderPlay(<DicePage />);
    fireEvent.change(screen.getByRole('slider', { name: 'Target' }), { target: { value: '2500' } });
    expect(document.querySelector('[data-dice="chance"]')?.textContent).toBe('25.00 %');
    fireEvent.click(screen.getByRole('radio', { name: 'Roll over' }));
    expect(document.querySelector('[data-dice="chance"]')?.textContent).toBe('25.00 %');
    expect((screen.getByRole('slider', { name: 'Target' }) as HTMLInputElement).value).toBe('7499');
    fireEvent.click(screen.getByRole('button', { name: 'Roll' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Deposit on the site');
    expect(within(alert).getByRole('link', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roll' })).toHaveProperty('disabled', false);
  });
});
