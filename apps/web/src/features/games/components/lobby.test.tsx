import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalRegistry, ModalTitle } from '../../../components/ui';
import { gameItem, lane, pageOf } from '../../../lib/games/testing';
import { startSession } from '../../../lib/session/session-store';
import { fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { Lobby } from './lobby';

// The first render loads the lobby's modules and catalogues, and each test walks several steps:
// allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ON = ['COMM3', 'GAMELO3', 'GAMELOFAV3', 'GAMELOREC3'];
const lanes = [
  lane(),
  lane({ vassalage: 'AUR', vendorName: 'Aurum Slots', gameType: 'RNG', types: [], total: 0 }),
  lane({ vassalage: 'NOVA', vendorName: 'Nova Slots', gameType: 'RNG', total: 5 }),
  lane({ vassalage: 'AURL', vendorName: 'Aurum Live', gameType: 'LIVE', total: 1 }),
];
const dynasty = gameItem();
const dice = gameItem({ gameCode: 'dice', name: 'Aurum Dice', classify: ['AC'] });

const registry = {
  login: { Body: () => <ModalTitle>Log in</ModalTitle> },
} as unknown as ModalRegistry;

function serve(list: (call: SeenCall) => unknown = () => pageOf([dynasty, dice])) {
  return fakeServer({
    'GET /lgw/games/lanes': () => ok({ data: { lanes } }),
    'GET /lgw/games/list': (call) => ok(list(call)),
    'GET /lgw/games/recent': () => ok({ list: [dice, dynasty] }),
    'GET /lgw/games/favourites/ids': () => ok({ nodeIds: [] }),
  });
}

const lastList = (server: ReturnType<typeof fakeServer>) =>
  Object.fromEntries(server.callsTo('GET', '/lgw/games/list').at(-1)?.query ?? []);

function renderLobby(supportLanguages: ('EN' | 'CN' | 'TY')[] = ['EN', 'CN']) {
  return renderWithApp(<Lobby />, {
    permission: sitePermission({ supportLanguages }, ON),
    registry: { ...registry },
  });
}

describe('the slots lobby', () => {
  it('shows the lanes with games and filters the first one by type, tag and vendor', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderLobby();
    const grid = await screen.findByRole('list', { name: 'Aurum Originals: All' });
    expect(await within(grid).findByRole('button', { name: /^Play Golden Dynasty/ })).toBeTruthy();
    expect(lastList(server)).toEqual({ vassalage: 'AURX', gameType: 'INHOUSE', page: '1', size: '24' });
    const lanePicker = screen.getByRole('group', { name: 'Game providers' });
    expect(
      within(lanePicker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-lane')),
    ).toEqual(['AURX', 'NOVA']);

    const filters = screen.getByRole('group', { name: 'Game types' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'All',
      'Recent',
      'Favourites',
      'Hot',
      'Jackpot',
      'Slot machines',
      'Scratch cards',
      'Video poker',
      'Table games',
      'Arcade',
      'Fishing',
    ]);
    await user.click(within(filters).getByRole('button', { name: 'Slot machines' }));
    await waitFor(() => expect(lastList(server).classify).toBe('SLOT'));
    expect(within(filters).getByRole('button', { name: 'Slot machines' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(filters).getByRole('button', { name: 'Hot' }));
    await waitFor(() => expect(lastList(server)).toMatchObject({ tag: 'hot', vassalage: 'AURX' }));
    expect(lastList(server).classify).toBeUndefined();
    await user.click(within(lanePicker).getByRole('button', { name: /Nova Slots/ }));
    await waitFor(() =>
      expect(lastList(server)).toMatchObject({ vassalage: 'NOVA', gameType: 'RNG', tag: 'hot' }),
    );
  });

  it('offers bingo only when TY is a supported language', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderLobby(['EN', 'TY']);
    await user.click(await screen.findByRole('button', { name: 'Bingo' }));
    await waitFor(() => expect(lastList(server).classify).toBe('BG'));
  });

  it('searches by name once typing pauses, and says what to do when nothing matches', async () => {
    const server = serve((call) => pageOf(call.query.get('name') ? [] : [dynasty, dice]));
    const user = userEvent.setup();
    renderLobby();
    await screen.findByRole('button', { name: /^Play Golden Dynasty/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search games by name' }), 'gol');
    await waitFor(() => expect(lastList(server).name).toBe('gol'));
    const names = server.callsTo('GET', '/lgw/games/list').map((c) => c.query.get('name'));
    expect(names).not.toContain('g');
    expect(names).not.toContain('go');
    expect(await screen.findByRole('heading', { name: 'No games match “gol”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all games' }));
    expect(await screen.findByRole('button', { name: /^Play Golden Dynasty/ })).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a visitor to log in for recent games and favourites, without calling', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    expect(await screen.findByRole('heading', { name: 'Log in to see your recent games' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(await screen.findByRole('heading', { name: 'Log in to see your favourites' })).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/recent')).toHaveLength(0);
    expect(server.callsTo('GET', '/lgw/games/favourites')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it("lists a member's recent games, narrowed by the search", async () => {
    startSession('tok', 'demo');
    serve();
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    const grid = await screen.findByRole('list', { name: 'Recent' });
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-game')),
    ).toEqual(['AURX.dice', 'AURX.dynasty']);
    await user.type(screen.getByRole('searchbox'), 'dice');
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('data-game')),
      ).toEqual(['AURX.dice']),
    );
  });
});
