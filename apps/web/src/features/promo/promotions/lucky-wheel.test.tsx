import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import PromotionsPage from '../promotions-page';
import { LuckyWheel, landingRotation, SPIN_MS, segmentUnderPointer } from './lucky-wheel';

const PRIZES = ['0.88', '1.88', '8.88', '88.00'];

/** prefers-reduced-motion answered as asked. */
function motion(reduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduced && query.includes('reduce'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const wheel = () => document.querySelector('[data-lucky-wheel] svg') as SVGElement;
const landedOn = () => segmentUnderPointer(Number(wheel().getAttribute('data-rotation')), PRIZES.length);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the lucky wheel', () => {
  it('stops with the middle of the drawn segment under the pointer, for every segment count', () => {
    for (let count = 2; count <= 12; count++) {
      for (let i = 0; i < count; i++) expect(segmentUnderPointer(landingRotation(i, count), count)).toBe(i);
    }
  });

  it('turns to the server’s prize and only then says it', async () => {
    motion(false);
    renderWithApp(<LuckyWheel prizes={PRIZES} result="8.88" />);
    await waitFor(() => expect(wheel()).toBeTruthy());
    expect(wheel().style.transition).toContain(`${SPIN_MS}ms`);
    await waitFor(() => expect(PRIZES[landedOn()]).toBe('8.88'));
    expect(document.querySelector('[data-wheel-result]')).toBeNull();
    fireEvent.transitionEnd(wheel());
    expect(document.querySelector('[data-wheel-result]')?.getAttribute('data-wheel-result')).toBe('8.88');
    expect(screen.getByText('$8.88 has been added to your main wallet.')).toBeTruthy();
  });

  it('with reduced motion stands on the result at once, without turning', async () => {
    motion(true);
    renderWithApp(<LuckyWheel prizes={PRIZES} result="88.00" />);
    await waitFor(() => expect(wheel()).toBeTruthy());
    expect(wheel().style.transition).toBe('none');
    expect(PRIZES[landedOn()]).toBe('88.00');
    expect(document.querySelector('[data-lucky-wheel]')?.getAttribute('data-landed')).toBe('true');
  });

  it('opens on the promotions page when the member spins, landing on the segment the server drew', async () => {
    motion(true);
    sessionStorage.setItem('token', 'tok');
    const raffle = {
      id: 'lucky-wheel',
      category: 'daily',
      kind: 'RAFFLE',
      title: 'Daily Lucky Wheel',
      summary: 'Spin once a day.',
      image: '/media/promotions/lucky-wheel.svg',
      start: 0,
      end: Date.UTC(2030, 0, 1),
      signUpStart: 0,
      signUpEnd: Date.UTC(2030, 0, 1),
      reward: '88.00',
      status: 'JOIN_NOW',
      action: 'DRAW',
    };
    const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init: RequestInit = {}) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/wps/promotion/list')
          return Promise.resolve(ok({ categories: [{ id: 'daily', name: 'Daily' }], promotions: [raffle] }));
        if (path === '/wps/promotion/detail')
          return Promise.resolve(
            ok({
              ...raffle,
              detailHtml: '',
              minDeposit: null,
              progress: null,
              prizes: PRIZES,
              rejectReason: null,
            }),
          );
        if (path === '/wps/promotion/raffle' && init.method === 'POST')
          return Promise.resolve(ok({ id: 'lucky-wheel', status: 'CLAIMED', amount: '1.88' }));
        return Promise.resolve(new Response('{}', { status: 404 }));
      }),
    );
    renderWithApp(<PromotionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Spin now' }));
    expect(await screen.findByRole('dialog', { name: 'Daily Lucky Wheel' })).toBeTruthy();
    await screen.findByText('$1.88 has been added to your main wallet.');
    expect(PRIZES[landedOn()]).toBe('1.88');
  });
});
