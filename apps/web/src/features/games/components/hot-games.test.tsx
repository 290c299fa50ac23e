import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { HotGames } from './hot-games';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const game = {
  nodeId: 'AURX.dynasty',
  gameName: 'Golden Dynasty',
  gameType: 'RNG',
  vassalage: 'AURX',
};

describe('the hot games (GAMELOHOT3)', () => {
  it('lists the hot games when the merchant has them on', async () => {
    const server = fakeServer({ 'GET /lgw/games/popular': () => ok({ list: [game] }) });
    renderWithApp(<HotGames />, { permission: sitePermission({}, ['COMM3', 'GAMELOHOT3']) });
    expect(await screen.findByRole('heading', { name: 'Hot games' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET', '/lgw/games/popular')).toHaveLength(1));
  });

  it('shows nothing and asks for nothing when the merchant has them off', async () => {
    const server = fakeServer({ 'GET /lgw/games/popular': () => ok({ list: [game] }) });
    const { container } = renderWithApp(<HotGames />, { permission: sitePermission({}, ['COMM3']) });
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector('[data-hot-games]')).toBeNull();
    expect(server.callsTo('GET', '/lgw/games/popular')).toHaveLength(0);
  });
});
