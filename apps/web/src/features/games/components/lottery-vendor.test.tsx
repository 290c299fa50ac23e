import type { GameMenu } from '@aurum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { GameCentre } from './game-centre';
import { LotteryVendors } from './lottery-vendors';
import { VendorCard } from './vendor-card';

afterEach(() => vi.restoreAllMocks());

const card = (vassalage: string, name: string, games: number) => ({
  vassalage,
  gameType: 'LOTT' as const,
  name,
  icon: `/media/vendors/${vassalage.toLowerCase()}.svg`,
  isGame: 'GAME' as const,
  games,
});
const lottMenus = (tcgGames: number): GameMenu[] => [
  { title: 'LOTT', vendors: [card('TCG', 'TCG Lotto', tcgGames), card('AURLT', 'Aurum Lottery', 0)] },
];

describe('the in-house lottery vendor (AURLT)', () => {
  it('opens the lottery page from its card, never a game window', () => {
    const open = vi.spyOn(window, 'open');
    renderWithApp(
      <ul>
        <VendorCard vendor={card('AURLT', 'Aurum Lottery', 0)} />
      </ul>,
    );
    const start = screen.getByRole('link', { name: 'Start game: Aurum Lottery' });
    expect(start.getAttribute('href')).toBe('/lottery');
    start.click();
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the lottery page from the home game centre once chosen there', async () => {
    const user = userEvent.setup();
    renderWithApp(<GameCentre heading="Lottery" defaultType="LOTT" />, { menus: lottMenus(0) });
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: 'Aurum Lottery' }));
    expect(within(panel).getByRole('link', { name: 'Start game: Aurum Lottery' }).getAttribute('href')).toBe(
      '/lottery',
    );
  });

  it('is left out of the lottery pages’ providers, and so is the section when no other plays', () => {
    const { unmount } = renderWithApp(<LotteryVendors />, { menus: lottMenus(0) });
    expect(screen.queryByRole('heading', { name: 'Providers' })).toBeNull();
    unmount();
    renderWithApp(<LotteryVendors />, { menus: lottMenus(3) });
    const providers = screen.getByRole('region', { name: 'Providers' });
    expect(within(providers).getByText('TCG Lotto')).toBeTruthy();
    expect(within(providers).queryByText('Aurum Lottery')).toBeNull();
  });
});
