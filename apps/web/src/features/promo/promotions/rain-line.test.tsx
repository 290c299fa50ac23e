import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdownClock } from '../../../lib/format';
import { useNotices } from '../../../lib/notify/notify';

/** The toasts, as the app's viewport shows them. */
function Notices() {
  return (
    <ul>
      {useNotices().map((n) => (
        <li key={n.id}>{n.message}</li>
      ))}
    </ul>
  );
}
const page = () => (
  <>
    <PromotionsPage />
    <Notices />
  </>
);

import { renderWithApp } from '../../../testing/render';
import PromotionsPage from '../promotions-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const HOUR = 3_600_000;

function rainCard(open: boolean, won: string | null = null) {
  const now = Date.now();
  return {
    id: 'red-envelope-rain',
    category: 'daily',
    kind: 'RAFFLE',
    title: 'Red-Envelope Rain',
    summary: 'Four rains a day.',
    image: '/media/promotions/red-envelope-rain.svg',
    start: 0,
    end: Date.UTC(2030, 0, 1),
    signUpStart: 0,
    signUpEnd: Date.UTC(2030, 0, 1),
    reward: '18.88',
    status: open ? (won ? 'CLAIMED' : 'CLAIM_REWARD') : 'COMING_SOON',
    action: open && !won ? 'DRAW' : null,
    rain: open
      ? { open: true, windowStart: now - HOUR / 4, windowEnd: now + HOUR / 4, won }
      : { open: false, windowStart: now + 2 * HOUR, windowEnd: now + 2.5 * HOUR, won: null },
  };
}

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });

/** The promotions list with the given card; the raffle call answers `claim`. */
function serve(card: unknown, claim: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/wps/promotion/list')
        return Promise.resolve(ok({ categories: [{ id: 'daily', name: 'Daily' }], promotions: [card] }));
      if (path === '/wps/promotion/raffle' && init.method === 'POST') {
        calls.push(String(init.body));
        return Promise.resolve(claim());
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return calls;
}

describe('the red-envelope rain card', () => {
  it('counts down to the next rain and offers nothing to press between rains', async () => {
    serve(rainCard(false), () => ok({}));
    renderWithApp(page());
    const line = await screen.findByText(/^Next rain in \d\d:\d\d:\d\d$/);
    expect(line.textContent).toMatch(/Next rain in 0[12]:[0-5]\d:[0-5]\d/);
    expect(screen.queryByRole('button', { name: 'Catch an envelope' })).toBeNull();
    expect(document.querySelector('[data-status]')?.textContent).toBe('Coming soon');
  });

  it('catches an envelope in an open rain: the server’s amount is told, no wheel is turned', async () => {
    sessionStorage.setItem('token', 'tok');
    const calls = serve(rainCard(true), () =>
      ok({ id: 'red-envelope-rain', status: 'CLAIMED', amount: '3.21' }),
    );
    renderWithApp(page());
    expect(await screen.findByText(/^Envelopes falling now · \d\d:\d\d:\d\d left$/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Catch an envelope' }));
    await screen.findByText('$3.21 has been added to your main wallet.');
    expect(calls).toEqual([JSON.stringify({ id: 'red-envelope-rain' })]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the envelope caught in this rain, and the refusal when the rain is over', async () => {
    sessionStorage.setItem('token', 'tok');
    serve(rainCard(true, '7.77'), () => ok({}));
    renderWithApp(page());
    expect(await screen.findByText('You caught $7.77 in this rain')).toBeTruthy();
  });

  it('tells a refused catch in words', async () => {
    sessionStorage.setItem('token', 'tok');
    serve(
      rainCard(true),
      () =>
        new Response(JSON.stringify({ success: false, errorCode: 'promo.rain.empty', errorMessage: 'x' }), {
          status: 409,
        }),
    );
    renderWithApp(page());
    await userEvent.click(await screen.findByRole('button', { name: 'Catch an envelope' }));
    expect(await screen.findByText('Every envelope of this rain has been taken.')).toBeTruthy();
  });

  it('words a countdown as a clock, with days past a day', () => {
    expect(countdownClock(3_723_000)).toBe('01:02:03');
    expect(countdownClock(-5)).toBe('00:00:00');
    expect(countdownClock(90_061_000, (d, c) => `${d}d ${c}`)).toBe('1d 01:01:01');
  });
});
