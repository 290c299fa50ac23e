import type { GameMenu } from '@aurum/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../testing/fake-server';
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
  // As config/vendors.json: the in-house lottery first, so the home block preselects it.
  { title: 'LOTT', vendors: [card('AURLT', 'Aurum Lottery', 0), card('TCG', 'TCG Lotto', tcgGames)] },
];

/** The launch answers the page of the payload's mode; the app then shows it. */
const launchServer = () =>
  fakeServer({
    'POST /lgw/lottery/launch': (call) => {
      const body = call.body as { lottoPrizeMode: string; lottoView: string };
      const page = body.lottoPrizeMode === 'ELOTT' ? '/vnLottery' : '/lottery';
      const gameCode = body.lottoView === 'betting' ? 'vnmb45s' : null;
      return ok({
        url: `${page}?prizeMode=${body.lottoPrizeMode}${gameCode ? `&gameCode=${gameCode}` : ''}`,
        gameCode,
      });
    },
  });
const pages = [
  { path: '/lottery', element: <p>Lottery page</p> },
  { path: '/vnLottery', element: <p>VN lottery page</p> },
];

describe('the in-house lottery vendor (AURLT, TCG_LOTTO_VN)', () => {
  it('launches its lobby with the lottery launch payload and opens the page, never a game window', async () => {
    const server = launchServer();
    const open = vi.spyOn(window, 'open');
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <ul>
        <VendorCard vendor={card('AURLT', 'Aurum Lottery', 0)} />
      </ul>,
      { extraRoutes: pages },
    );
    await user.click(screen.getByRole('button', { name: 'Start game: Aurum Lottery' }));
    expect(await screen.findByText('Lottery page')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/launch')[0]?.body).toEqual({
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoView: 'lobby',
      device: 'WEB',
      backUrl: '/',
      language: 'en',
    });
    expect(router.state.location.search).toBe('?prizeMode=LOTT');
    expect(open).not.toHaveBeenCalled();
  });

  it('starts a game that plays from the home game centre, lottery first; the VN card launches ELOTT', async () => {
    const server = launchServer();
    const user = userEvent.setup();
    const menus: GameMenu[] = [
      ...lottMenus(0),
      { title: 'ELOTT', vendors: [{ ...card('TCG_LOTTO_VN', 'Aurum VN Lottery', 0), gameType: 'ELOTT' }] },
    ];
    const { router, unmount } = renderWithApp(<GameCentre heading="Lottery" defaultType="LOTT" />, {
      menus,
      extraRoutes: pages,
    });
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: 'Start game: Aurum Lottery' }));
    expect(await screen.findByText('Lottery page')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/launch')[0]?.body).toMatchObject({
      lottoPrizeMode: 'LOTT',
      lottoView: 'betting',
    });
    expect(router.state.location.search).toBe('?prizeMode=LOTT&gameCode=vnmb45s');
    unmount();

    const again = renderWithApp(<GameCentre heading="Lottery" defaultType="ELOTT" />, {
      menus,
      extraRoutes: pages,
    });
    await user.click(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Start game: Aurum VN Lottery' }),
    );
    expect(await screen.findByText('VN lottery page')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/launch')[1]?.body).toMatchObject({
      lottoPrizeMode: 'ELOTT',
      lottoView: 'betting',
    });
    expect(again.router.state.location.pathname).toBe('/vnLottery');
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
