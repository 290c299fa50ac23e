import type { GameMenu } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalProvider, type ModalRegistry, ModalTitle } from '../../../components/ui';
import { gameItem, lane, pageOf } from '../../../lib/games/testing';
import { fakeServer, ok } from '../../../testing/fake-server';
import { gameMenus, sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import CategoryCentrePage from './category-centre-page';
import CockfightPage from './cockfight-page';
import GameListCenterPage from './game-list-center-page';
import HotPage from './hot-page';
import RngPage from './rng-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ON = ['COMM3', 'GAMELO3', 'GAMELOFAV3', 'GAMELOHOT3'];
const baccarat = gameItem({
  vassalage: 'AURL',
  vendorName: 'Aurum Live',
  gameCode: 'baccarat',
  gameType: 'LIVE',
  name: 'Imperial Baccarat',
});
const lanes = [lane(), lane({ vassalage: 'AURL', vendorName: 'Aurum Live', gameType: 'LIVE', total: 1 })];
const menus: GameMenu[] = [
  ...gameMenus,
  {
    title: 'PVP',
    vendors: [
      {
        vassalage: 'KNG',
        gameType: 'PVP',
        name: 'Kingsway Cards',
        icon: '/media/vendors/kng.svg',
        isGame: 'VASSALAGE',
      },
    ],
  },
];
const registry = {
  gameLaunch: {
    Body: ({ params }: { params: { name: string } }) => <ModalTitle>{`Start ${params.name}`}</ModalTitle>,
  },
} as unknown as ModalRegistry;

function serve() {
  return fakeServer({
    'GET /lgw/games/lanes': () => ok({ data: { lanes } }),
    'GET /lgw/games/list': (call) => ok(pageOf(call.query.get('vassalage') === 'KNG' ? [] : [baccarat])),
    'GET /lgw/games/rooms': () => ok({ list: [] }),
    'GET /lgw/games/popular': () => ok({ list: [baccarat] }),
  });
}

/** A page at its own address, with the modals it opens. */
function renderAt(path: string, pattern: string, page: ReactNode) {
  return renderWithApp(null, {
    path,
    permission: sitePermission({}, ON),
    menus,
    extraRoutes: [
      { path: pattern, element: <ModalProvider registry={{ ...registry }}>{page}</ModalProvider> },
    ],
  });
}

describe('category centres', () => {
  it("show the category's games below its providers when it has some", async () => {
    const server = serve();
    renderAt('/live', '/live', <CategoryCentrePage />);
    const grid = await screen.findByRole('list', { name: 'Live casino games' });
    expect(await within(grid).findByRole('button', { name: /^Play Imperial Baccarat/ })).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/list')[0]?.query.get('gameType')).toBe('LIVE');
  });

  it('show no games section for a category without games', async () => {
    const server = serve();
    renderAt('/fish', '/fish', <CategoryCentrePage />);
    expect(await screen.findByRole('heading', { name: 'Providers' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET', '/lgw/games/lanes')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Fishing games' })).toBeNull();
    expect(server.callsTo('GET', '/lgw/games/list')).toHaveLength(0);
  });

  it("open a VASSALAGE vendor's popup game list instead of launching it", async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/pvp', '/pvp', <CategoryCentrePage />);
    await user.click(await screen.findByRole('button', { name: 'Start game: Kingsway Cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kingsway Cards games' });
    expect(
      await within(dialog).findByRole('heading', { name: 'No games of Kingsway Cards are listed here yet' }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "Open the provider's lobby" }));
    expect(await screen.findByRole('dialog', { name: 'Start Kingsway Cards' })).toBeTruthy();
  });
});

describe('the game list centre', () => {
  it("shows the vendor's games", async () => {
    const server = serve();
    renderAt('/gameListCenter/aurl/live', '/gameListCenter/:vassalage/:gameType', <GameListCenterPage />);
    expect(await screen.findByRole('button', { name: /^Play Imperial Baccarat/ })).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/list')[0]?.query.get('vassalage')).toBe('AURL');
  });
});

describe('only what plays is offered', () => {
  // As the server sends them: AURX in-house with 3 playable games; AUR and DIG with none.
  const card = (vassalage: string, gameType: GameMenu['title'], name: string, games: number) => ({
    vassalage,
    gameType,
    name,
    icon: `/media/vendors/${vassalage.toLowerCase()}.svg`,
    isGame: 'GAME' as const,
    games,
  });
  const served: GameMenu[] = [
    { title: 'RNG', vendors: [card('AUR', 'RNG', 'Aurum Slots', 0)] },
    { title: 'INHOUSE', vendors: [card('AURX', 'INHOUSE', 'Aurum Originals', 3)] },
    { title: 'COCKFIGHT', vendors: [card('DIG', 'COCKFIGHT', 'DIG Cockfight', 0)] },
  ];
  const renderServed = (path: string, pattern: string, page: ReactNode) =>
    renderWithApp(null, {
      path,
      permission: sitePermission({}, ON),
      menus: served,
      extraRoutes: [
        { path: pattern, element: <ModalProvider registry={{ ...registry }}>{page}</ModalProvider> },
      ],
    });

  it('/gameListCenter/aurx/rng opens the in-house provider (RNG takes in INHOUSE)', async () => {
    const server = serve();
    renderServed('/gameListCenter/aurx/rng', '/gameListCenter/:vassalage/:gameType', <GameListCenterPage />);
    expect(await screen.findByRole('heading', { level: 1, name: /Aurum Originals/ })).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('GET', '/lgw/games/list')[0]?.query.get('vassalage')).toBe('AURX'),
    );
  });

  it('/rng shows a provider card only when it has games that play', async () => {
    serve();
    renderServed('/rng', '/rng', <RngPage />);
    await waitFor(() => expect(document.querySelector('[data-vendor-list] ul li')).toBeTruthy());
    const list = document.querySelector('[data-vendor-list]') as HTMLElement;
    expect(within(list).getByText('Aurum Originals')).toBeTruthy();
    expect(within(list).queryByText('Aurum Slots')).toBeNull();
  });

  it('/cockfight launches nothing without a playable game, and says so', async () => {
    serve();
    renderServed('/cockfight', '/cockfight', <CockfightPage />);
    expect(await screen.findByText('No providers in this category yet')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('/cockfight opens the first cockfight vendor whose games play', async () => {
    serve();
    const menus: GameMenu[] = [
      {
        title: 'COCKFIGHT',
        vendors: [card('DIG', 'COCKFIGHT', 'DIG Cockfight', 0), card('DS88', 'COCKFIGHT', 'DS88 Sabong', 2)],
      },
    ];
    renderWithApp(null, {
      path: '/cockfight',
      permission: sitePermission({}, ON),
      menus,
      extraRoutes: [
        {
          path: '/cockfight',
          element: <ModalProvider registry={{ ...registry }}>{<CockfightPage />}</ModalProvider>,
        },
      ],
    });
    expect(await screen.findByRole('dialog', { name: 'Start DS88 Sabong' })).toBeTruthy();
  });
});

describe('/hot', () => {
  it('shows the hot games, refreshed on request', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderAt('/hot', '/hot', <HotPage />);
    const grid = await screen.findByRole('list', { name: 'Hot games' });
    expect(await within(grid).findByRole('button', { name: /^Play Imperial Baccarat/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('GET', '/lgw/games/popular')).toHaveLength(2));
  });
});
