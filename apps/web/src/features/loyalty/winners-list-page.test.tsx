import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../lib/session/session-store';
import { fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import LeaderboardPage from './leaderboard-page';
import WinnersListPage from './winners-list-page';

configure({ asyncUtilTimeout: 5000 });

const win = (account: string, gameType: string, winAmount: string) => ({
  vo: {
    account,
    nodeId: `AURLT.${account}`,
    gameName: 'Aurum SSC',
    gameType,
    winAmount,
    winTime: 1_790_000_000_000,
  },
});

describe('Winners list', () => {
  beforeEach(() => endSession());

  it('lists the latest wins, masked, and asks the server again for a category', async () => {
    const server = fakeServer({
      'GET /lgw/games/winners': (call) =>
        ok({
          list:
            call.query.get('gameCategory') === 'LOTT'
              ? [win('ca***o', 'LOTT', '194.00')]
              : [win('ca***o', 'LOTT', '194.00'), win('al***s', 'LIVE', '1234.50')],
        }),
    });
    renderWithApp(<WinnersListPage />, { permission: sitePermission({}, ['GAMELO3']) });
    await waitFor(() => expect(document.querySelectorAll('[data-winner]')).toHaveLength(2));
    expect(document.querySelector('[data-winner="al***s"]')?.textContent).toContain('1,234.50');
    expect(server.callsTo('GET', '/lgw/games/winners')[0]?.query.get('limitNum')).toBe('50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'LOTT' } });
    await waitFor(() => expect(document.querySelectorAll('[data-winner]')).toHaveLength(1));
    expect(server.callsTo('GET', '/lgw/games/winners').at(-1)?.query.get('gameCategory')).toBe('LOTT');
  });

  it('shows nothing to a site without the game lobby', async () => {
    const server = fakeServer({});
    renderWithApp(<WinnersListPage />, { permission: sitePermission({}, []) });
    expect(await screen.findByText('No wins to show yet.')).toBeTruthy();
    expect(server.callsTo('GET', '/lgw/games/winners')).toHaveLength(0);
  });
});

describe('Leaderboard screen', () => {
  it('asks a visitor to log in', async () => {
    endSession();
    fakeServer({});
    renderWithApp(<LeaderboardPage />);
    expect(await screen.findByRole('button', { name: 'Log in to see the leaderboards.' })).toBeTruthy();
  });

  it('shows a member the boards', async () => {
    startSession('tok', 'demo');
    fakeServer({
      'GET /wps/mission/summary': () => ok({ missions: [], unread: 0, claimable: '0.00', serverTime: 0 }),
    });
    renderWithApp(<LeaderboardPage />);
    expect(await screen.findByText('No mission has a leaderboard right now.')).toBeTruthy();
  });
});
