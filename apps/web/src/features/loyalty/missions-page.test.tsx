import type { MissionLeaderboard, MissionSummary } from '@aurum/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { countdownClock } from '../../lib/format/countdown';
import { MissionsTabLabel } from '../../lib/missions/unread-badge';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import MissionsPage from './missions-page';

configure({ asyncUtilTimeout: 5000 });

const NOW = Date.parse('2026-11-27T04:00:00Z');
const balance = {
  sumBalance: '10.00',
  balance: [{ accountTypeId: 2, availBalance: '10.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
const summary = (claimed: boolean): MissionSummary => ({
  missions: [
    {
      id: 'daily-bet',
      kind: 'daily',
      metric: 'validBet',
      title: 'Daily turnover',
      description: 'Bet today and claim at each milestone.',
      status: claimed ? 'incomplete' : 'claimable',
      value: '2200.00',
      startsAt: NOW - 3_600_000,
      endsAt: NOW + 3_661_000,
      milestones: [
        {
          index: 0,
          target: '500.00',
          reward: '2.00',
          progress: '500.00',
          status: claimed ? 'received' : 'claimable',
        },
        { index: 1, target: '10000.00', reward: '38.00', progress: '2200.00', status: 'incomplete' },
      ],
      claimable: claimed ? '0.00' : '2.00',
      leaderboard: true,
    },
    {
      id: 'big-win',
      kind: 'mission',
      metric: 'profitMultiple',
      title: 'Big win',
      description: '',
      status: 'expired',
      value: '4.50',
      startsAt: NOW - 86_400_000 * 30,
      endsAt: NOW - 1000,
      milestones: [{ index: 0, target: '10.00', reward: '8.00', progress: '4.50', status: 'expired' }],
      claimable: '0.00',
      leaderboard: false,
    },
  ],
  unread: claimed ? 0 : 1,
  claimable: claimed ? '0.00' : '2.00',
  serverTime: NOW,
});
const board: MissionLeaderboard = {
  missionId: 'daily-bet',
  metric: 'validBet',
  startsAt: NOW - 3_600_000,
  endsAt: NOW + 3_661_000,
  serverTime: NOW,
  list: [
    { rank: 1, account: 'ab***', value: '4000.00', self: false },
    { rank: 2, account: 'me1234', value: '2200.00', self: true },
  ],
  own: { rank: 2, value: '2200.00' },
};

beforeEach(() => startSession('tok', 'demo'));

describe('countdownClock', () => {
  it('shows days only when a day or more is left', () => {
    const days = (d: number, clock: string) => `${d}d ${clock}`;
    expect(countdownClock(3_661_000, days)).toBe('01:01:01');
    expect(countdownClock(2 * 86_400_000 + 5_000, days)).toBe('2d 00:00:05');
    expect(countdownClock(-5, days)).toBe('00:00:00');
  });
});

describe('Missions page', () => {
  it('shows progress and statuses, claims a milestone and refreshes', async () => {
    let claimed = false;
    const server = fakeServer({
      'GET /wps/mission/summary': () => ok(summary(claimed)),
      'POST /wps/mission/claim': () => {
        claimed = true;
        return ok({
          paid: [{ missionId: 'daily-bet', milestone: 0, amount: '2.00', transferId: 9 }],
          total: '2.00',
        });
      },
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<MissionsPage />);
    const card = await waitFor(() => {
      const el = document.querySelector('[data-mission="daily-bet"]');
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    expect(card.textContent).toContain('Valid bets: $2,200.00');
    expect(card.textContent).toMatch(/Resets in 01:01:0\d/);
    expect(card.querySelector('[data-milestone="1"]')?.textContent).toContain('$2,200.00 of $10,000.00');
    const expired = document.querySelector('[data-mission="big-win"]') as HTMLElement;
    expect(expired.textContent).toContain('4.50×');
    expect(expired.textContent).toContain('Ended');
    expect(expired.querySelector('[data-milestone="0"]')?.textContent).toContain('Expired');

    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('$2.00 has been paid to your main wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/mission/claim')).toHaveLength(1);
    await waitFor(() =>
      expect(
        document.querySelector('[data-mission="daily-bet"] [data-milestone="0"]')?.textContent,
      ).toContain('Received'),
    );
    expect(screen.getByRole('button', { name: 'Nothing to claim yet' })).toHaveProperty('disabled', true);
  });

  it('claims all, and says when another claim got there first', async () => {
    fakeServer({
      'GET /wps/mission/summary': () => ok(summary(false)),
      'POST /wps/mission/claim-all': () => fail(409, 'loyalty.mission.nothing'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<MissionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim all ($2.00)' }));
    expect(await screen.findByText('There is no mission reward to claim yet.')).toBeTruthy();
  });

  it('shows the leaderboard of a mission with the own rank', async () => {
    fakeServer({
      'GET /wps/mission/summary': () => ok(summary(false)),
      'GET /wps/mission/leaderboard': () => ok(board),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<MissionsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Leaderboard' }));
    expect(await screen.findByText('Your rank: 2 ($2,200.00)')).toBeTruthy();
    const rows = document.querySelectorAll('[data-rank]');
    expect([...rows].map((r) => r.textContent)).toEqual(['1ab***$4,000.00', '2me1234 (You)$2,200.00']);
    // Only missions with a leaderboard are offered.
    expect(screen.getByRole('combobox', { name: 'Mission' }).querySelectorAll('option')).toHaveLength(1);
  });
});

describe('the member centre mission item', () => {
  it('shows the unread counter of claimable milestones', async () => {
    fakeServer({ 'GET /wps/mission/summary': () => ok(summary(false)) });
    renderWithApp(<MissionsTabLabel />);
    await waitFor(() => expect(document.querySelector('[data-unread-badge="1"]')).toBeTruthy());
    expect(screen.getByText('1 mission rewards to claim')).toBeTruthy();
  });
});
