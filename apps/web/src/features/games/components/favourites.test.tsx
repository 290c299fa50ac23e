import type { GameItem } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalRegistry, ModalTitle, ToastViewport } from '../../../components/ui';
import { gameItem, lane, pageOf } from '../../../lib/games/testing';
import { startSession } from '../../../lib/session/session-store';
import { deferred, fail, fakeServer, ok } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { useAddFavourite } from '../api/favourite-add';
import { useFavouriteIds } from '../api/favourite-ids';
import { GameGrid } from './game-grid';
import { Lobby } from './lobby';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ON = ['COMM3', 'GAMELO3', 'GAMELOFAV3', 'GAMELOREC3'];
const dynasty = gameItem();
const dice = gameItem({ gameCode: 'dice', name: 'Aurum Dice' });
const registry = { login: { Body: () => <ModalTitle>Log in</ModalTitle> } } as unknown as ModalRegistry;

function renderTiles(games: GameItem[] = [dynasty]) {
  return renderWithApp(
    <>
      <GameGrid games={games} label="Games" empty={null} />
      <ToastViewport />
    </>,
    { permission: sitePermission({}, ON), registry: { ...registry } },
  );
}

const star = (name: string) => screen.findByRole('button', { name: `Favourite ${name}` });
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed');

describe('favourites', () => {
  it('lights the star at once and keeps it when the server agrees', async () => {
    startSession('tok', 'demo');
    const held = deferred();
    const server = fakeServer({
      'GET /lgw/games/favourites/ids': () => ok({ nodeIds: [] }),
      'POST /lgw/games/favourites': () => held.promise,
    });
    const user = userEvent.setup();
    renderTiles();
    const button = await star('Golden Dynasty');
    await waitFor(() => expect(server.callsTo('GET', '/lgw/games/favourites/ids')).toHaveLength(1));
    await user.click(button);
    // Still in flight: the star is lit before any answer.
    await waitFor(() => expect(pressed(button)).toBe('true'));
    await waitFor(() => expect(server.callsTo('POST', '/lgw/games/favourites')).toHaveLength(1));
    expect(server.callsTo('POST', '/lgw/games/favourites')[0]?.body).toEqual({ nodeId: 'AURX.dynasty' });
    held.release(ok({ nodeIds: ['AURX.dynasty'] }));
    await waitFor(() => expect(server.callsTo('POST', '/lgw/games/favourites')).toHaveLength(1));
    expect(pressed(button)).toBe('true');
  });

  it('puts the star out again when the server refuses, and says so', async () => {
    startSession('tok', 'demo');
    const held = deferred();
    fakeServer({
      'GET /lgw/games/favourites/ids': () => ok({ nodeIds: [] }),
      'POST /lgw/games/favourites': () => held.promise,
    });
    const user = userEvent.setup();
    renderTiles();
    const button = await star('Golden Dynasty');
    await user.click(button);
    await waitFor(() => expect(pressed(button)).toBe('true'));
    held.release(fail(500, 'wallet.busy'));
    await waitFor(() => expect(pressed(button)).toBe('false'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your favourites could not be changed. Please try again.',
    );
  });

  it('takes a game out of the favourites list at once, and puts it back when refused', async () => {
    startSession('tok', 'demo');
    const held = deferred();
    const server = fakeServer({
      'GET /lgw/games/lanes': () => ok({ data: { lanes: [lane()] } }),
      'GET /lgw/games/favourites/ids': () => ok({ nodeIds: ['AURX.dynasty', 'AURX.dice'] }),
      'GET /lgw/games/favourites': () => ok(pageOf([dynasty, dice])),
      'DELETE /lgw/games/favourites': () => held.promise,
    });
    const user = userEvent.setup();
    renderWithApp(<Lobby />, { permission: sitePermission({}, ON), registry: { ...registry } });
    await user.click(await screen.findByRole('button', { name: 'Favourites' }));
    const grid = await screen.findByRole('list', { name: 'Favourites' });
    await within(grid).findByRole('button', { name: /^Play Aurum Dice/ });
    const button = within(grid).getByRole('button', { name: 'Favourite Golden Dynasty' });
    await waitFor(() => expect(pressed(button)).toBe('true'));
    await user.click(button);
    await waitFor(() =>
      expect(within(grid).queryByRole('button', { name: /^Play Golden Dynasty/ })).toBeNull(),
    );
    expect(server.callsTo('DELETE', '/lgw/games/favourites')[0]?.query.get('nodeId')).toBe('AURX.dynasty');
    held.release(fail(500, 'wallet.busy'));
    const back = await within(grid).findByRole('button', { name: 'Favourite Golden Dynasty' });
    await waitFor(() => expect(pressed(back)).toBe('true'));
  });

  it('skips adding a game that is starred already', async () => {
    startSession('tok', 'demo');
    const server = fakeServer({
      'GET /lgw/games/favourites/ids': () => ok({ nodeIds: ['AURX.dynasty'] }),
      'POST /lgw/games/favourites': () => ok({ nodeIds: ['AURX.dynasty', 'AURX.dice'] }),
    });
    function Adder() {
      const ids = useFavouriteIds();
      const { add } = useAddFavourite();
      return ids.data ? (
        <>
          <button type="button" onClick={() => add(dynasty)}>
            add dynasty
          </button>
          <button type="button" onClick={() => add(dice)}>
            add dice
          </button>
        </>
      ) : null;
    }
    const user = userEvent.setup();
    renderWithApp(<Adder />, { permission: sitePermission({}, ON) });
    await user.click(await screen.findByRole('button', { name: 'add dynasty' }));
    await user.click(screen.getByRole('button', { name: 'add dice' }));
    await waitFor(() => expect(server.callsTo('POST', '/lgw/games/favourites')).toHaveLength(1));
    expect(server.callsTo('POST', '/lgw/games/favourites')[0]?.body).toEqual({ nodeId: 'AURX.dice' });
  });

  it('asks a visitor to log in instead', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderTiles();
    await user.click(await star('Golden Dynasty'));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
