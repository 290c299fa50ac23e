import type { Winner } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import WinnersBoard from './winners-board';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const winner = (account: string, gameName: string, winAmount: string, winTime = 1): Winner => ({
  vo: { account, nodeId: 'AURX.dynasty', gameName, gameType: 'INHOUSE', winAmount, winTime },
});
const cache = (list: Winner[], language = 'en') =>
  sessionStorage.setItem('winners', JSON.stringify({ language, savedAt: Date.now(), value: { list } }));
const stored = () =>
  JSON.parse(sessionStorage.getItem('winners') ?? 'null')?.value?.list as Winner[] | undefined;
const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => [...li.children].map((c) => c.textContent));

describe('the winners board', () => {
  it('shows the session copy without a call: masked account, game, amount with separators, 0 by default', async () => {
    cache([winner('de***o', 'Golden Dynasty', '1234567.80'), winner('ab***z', 'Aurum Dice', 'n/a', 2)]);
    const server = fakeServer({});
    renderWithApp(<WinnersBoard />);
    const list = await screen.findByRole('list', { name: 'The latest 2 wins' });
    expect(rowsOf(list)).toEqual([
      ['de***o', 'Golden Dynasty', '$1,234,567.80'],
      ['ab***z', 'Aurum Dice', '$0.00'],
    ]);
    expect(server.calls).toHaveLength(0);
  });

  it('asks for every category and 20 entries once, keeps the copy, and refreshes on request', async () => {
    let answer = [winner('de***o', 'Golden Dynasty', '50.00')];
    const server = fakeServer({ 'GET /lgw/games/winners': () => ok({ list: answer }) });
    const user = userEvent.setup();
    const first = renderWithApp(<WinnersBoard />);
    expect(rowsOf(await screen.findByRole('list', { name: 'The latest 1 wins' }))[0]).toEqual([
      'de***o',
      'Golden Dynasty',
      '$50.00',
    ]);
    expect(Object.fromEntries(server.callsTo('GET', '/lgw/games/winners')[0]?.query ?? [])).toEqual({
      gameCategory: 'ALL',
      limitNum: '20',
    });
    expect(stored()).toEqual(answer);
    first.unmount();

    renderWithApp(<WinnersBoard />);
    await screen.findByRole('list', { name: 'The latest 1 wins' });
    expect(server.callsTo('GET', '/lgw/games/winners')).toHaveLength(1);

    answer = [winner('zz***y', 'Imperial Baccarat', '9876.50')];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText('Imperial Baccarat')).toBeTruthy());
    expect(screen.getByText('$9,876.50')).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/winners')).toHaveLength(2);
    expect(stored()).toEqual(answer);
  });

  it('does not use a copy in another language', async () => {
    cache([winner('de***o', '金色王朝', '1.00')], 'cn');
    const server = fakeServer({
      'GET /lgw/games/winners': () => ok({ list: [winner('de***o', 'Golden Dynasty', '1.00')] }),
    });
    renderWithApp(<WinnersBoard />);
    expect(await screen.findByText('Golden Dynasty')).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/winners')).toHaveLength(1);
  });

  it('rolls a long board as a ticker, and lets reduced motion scroll it instead', async () => {
    const six = Array.from({ length: 6 }, (_, i) => winner(`a${i}***`, `Game ${i}`, '10.00', i));
    cache(six);
    fakeServer({});
    const rolling = renderWithApp(<WinnersBoard />);
    await screen.findByRole('list', { name: 'The latest 6 wins' });
    // The second copy closes the loop for the eye only.
    expect(document.querySelectorAll('ol')).toHaveLength(2);
    expect(document.querySelector('ol[aria-hidden="true"]')).not.toBeNull();
    rolling.unmount();

    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderWithApp(<WinnersBoard />);
    const box = await screen.findByRole('region', { name: 'The latest 6 wins' });
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(document.querySelectorAll('ol')).toHaveLength(1);
  });
});
