import { configure, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import TeamOverviewPage from './team-overview-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const overview = {
  teamSize: 42,
  directCount: 7,
  onlineNow: 3,
  teamBalance: '12345.50',
  utcOffset: '+08:00',
  today: { registrations: 2, firstDeposits: 1, firstBets: 1, logins: 9 },
  yesterday: { registrations: 4, firstDeposits: 0, firstBets: 2, logins: 11 },
  thisMonth: { registrations: 20, firstDeposits: 6, firstBets: 8, logins: 30 },
};
const render = (on = ['AGEINFO3']) =>
  renderWithApp(<TeamOverviewPage />, { permission: sitePermission({}, on) });

describe('Agent centre: team overview', () => {
  it('shows the team figures and today, yesterday and this month for each count', async () => {
    fakeServer({ 'GET /wps/agent/team/overview': () => ok(overview) });
    render();
    expect(await screen.findByRole('heading', { name: 'Team overview' })).toBeTruthy();
    expect(screen.getByText('Days are counted in GMT+08:00.', { exact: false })).toBeTruthy();
    const tile = (label: string) => screen.getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(tile('Team size')).toBe('42');
    expect(tile('Direct downlines')).toBe('7');
    expect(tile('Online now')).toBe('3');
    expect(tile('Team balance')).toBe('$12,345.50');
    const registrations = document.querySelector('[data-metric="registrations"]') as HTMLElement;
    const bar = (period: string) => registrations.querySelector(`[data-period="${period}"]`)!.textContent;
    expect(bar('today')).toBe('Today2');
    expect(bar('yesterday')).toBe('Yesterday4');
    expect(bar('thisMonth')).toBe('This month20');
    // Bars scale to the largest of their row.
    const fill = registrations.querySelector(
      '[data-period="thisMonth"] span[aria-hidden] span',
    ) as HTMLElement;
    expect(fill.style.width).toBe('100%');
    expect(
      within(document.querySelector('[data-metric="logins"]') as HTMLElement).getByText('30'),
    ).toBeTruthy();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    fakeServer({ 'GET /wps/agent/team/overview': () => fail(403, 'agent.only') });
    render();
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });

  it('says the page is not available when AGEINFO3 is off, and asks nothing', async () => {
    const server = fakeServer({});
    render([]);
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/agent/team/overview')).toHaveLength(0);
  });
});
