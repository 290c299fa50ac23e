import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameItem } from '../../../lib/games/testing';
import { fail, fakeServer, ok } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import SeamlessPage from './seamless-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ON = ['COMM3', 'GAMELO3', 'GAMELOREC3'];
const dynasty = gameItem();
const dice = gameItem({ gameCode: 'dice', name: 'Aurum Dice' });
const launched = (url: string) => ok({ content: { game_url: url, mode: 'real' } });
const signIn = () => sessionStorage.setItem('token', 'tok');

describe('/seamless, the game room', () => {
  it("opens the member's last launched game in its frame and switches to another recent game", async () => {
    signIn();
    const server = fakeServer({
      'GET /lgw/games/recent': () => ok({ list: [dynasty, dice] }),
      'GET /wps/game/launchGame': (call) => launched(`/play/${call.query.get('gameId')}?launch=t1`),
    });
    const user = userEvent.setup();
    renderWithApp(<SeamlessPage />, { permission: sitePermission({}, ON) });
    const frame = await screen.findByTitle('Game: Golden Dynasty');
    expect(frame.getAttribute('src')).toBe('/play/dynasty?launch=t1');
    expect(server.callsTo('GET', '/wps/game/launchGame')[0]?.query.get('vassalage')).toBe('AURX');

    await user.click(screen.getByRole('button', { name: 'Aurum Dice' }));
    expect((await screen.findByTitle('Game: Aurum Dice')).getAttribute('src')).toBe('/play/dice?launch=t1');
    expect(screen.getByRole('button', { name: 'Golden Dynasty' })).toBeTruthy();
  });

  it('tells a failed launch as the launch modal does (not enough balance offers a deposit)', async () => {
    signIn();
    fakeServer({
      'GET /lgw/games/recent': () => ok({ list: [dynasty] }),
      'GET /wps/game/launchGame': () => fail(400, 'launch_game_balance_not_enough'),
    });
    renderWithApp(<SeamlessPage />, { permission: sitePermission({}, ON) });
    expect(await screen.findByRole('heading', { name: 'Your balance is not enough' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deposit now' })).toBeTruthy();
    expect(screen.queryByTitle('Game: Golden Dynasty')).toBeNull();
  });

  it('points a member without recent games to the lobby, and asks a visitor to log in', async () => {
    signIn();
    const server = fakeServer({ 'GET /lgw/games/recent': () => ok({ list: [] }) });
    const first = renderWithApp(<SeamlessPage />, { permission: sitePermission({}, ON) });
    expect(await screen.findByRole('heading', { name: 'No game is open' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse slots' })).toBeTruthy();
    expect(server.callsTo('GET', '/wps/game/launchGame')).toHaveLength(0);
    first.unmount();

    sessionStorage.clear();
    renderWithApp(<SeamlessPage />, { permission: sitePermission({}, ON) });
    expect(await screen.findByText('Log in to open your games here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET', '/lgw/games/recent')).toHaveLength(1));
  });
});
