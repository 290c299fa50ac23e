import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fakeServer, ok, type SeenCall } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import DownlineManagementPage, { filtersOf } from './downline-management-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const row = (over: Record<string, unknown> = {}) => ({
  id: 5,
  account: 'leaf1',
  nickname: 'Leafy',
  level: 2,
  type: 'player',
  upline: 'sub1',
  status: 'active',
  balance: '25.50',
  teamSize: 1,
  teamBalance: '25.50',
  lastLoginAt: null,
  regDate: Date.UTC(2026, 2, 10, 4),
  mobile: '+639******001',
  email: 'le***@example.com',
  realName: 'J**',
  ...over,
});
const page = (content: unknown[]) =>
  ok({ content, pageNum: 1, totalPages: content.length ? 1 : 0, total: content.length });
const render = (on = ['DOWNMAN']) =>
  renderWithApp(<DownlineManagementPage />, { permission: sitePermission({}, on) });

describe('Agent centre: downline management', () => {
  it('lists the downlines with level, upline, balances, team size and masked contact details', async () => {
    fakeServer({
      'GET /wps/agent/team/members': () =>
        page([
          row(),
          row({
            id: 6,
            account: 'sub1',
            nickname: null,
            level: 1,
            type: 'agent',
            upline: 'boss',
            teamSize: 2,
            balance: '0.00',
            lastLoginAt: Date.UTC(2026, 2, 10, 5),
            mobile: null,
            email: null,
            realName: null,
          }),
        ]),
    });
    render();
    const leaf = await waitFor(() => {
      const r = document.querySelector('[data-downline="leaf1"]');
      if (!r) throw new Error('no row yet');
      return r as HTMLElement;
    });
    expect(within(leaf).getByRole('rowheader').textContent).toBe('leaf1 (Leafy)');
    const cells = within(leaf)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['2', 'Player', 'sub1', '$25.50', '1', '$25.50']);
    expect(cells[6]).toBe('Never');
    expect(cells[8]).toBe('+639******001 · le***@example.com · J**');
    const sub = document.querySelector('[data-downline="sub1"]') as HTMLElement;
    expect(within(sub).getAllByRole('cell')[1]?.textContent).toBe('Agent');
    expect(screen.getByText('2 downlines')).toBeTruthy();
  });

  it('sends the filters the agent sets, from the first page', async () => {
    const server = fakeServer({ 'GET /wps/agent/team/members': (_c: SeenCall) => page([]) });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No downline matches these filters.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Account' }), 'le');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Level 2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Agent');
    await user.type(screen.getByRole('textbox', { name: 'Balance from' }), '10');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.callsTo('GET', '/wps/agent/team/members').length).toBeGreaterThan(1));
    const q = server.callsTo('GET', '/wps/agent/team/members').at(-1)!.query;
    expect(Object.fromEntries(q)).toEqual({
      account: 'le',
      level: '2',
      type: 'agent',
      balanceMin: '10',
      page: '1',
      size: '20',
    });
  });

  it('turns date fields into whole local days', () => {
    const f = filtersOf({
      account: ' ',
      level: '',
      type: '',
      balanceMin: '',
      balanceMax: '',
      lastLoginFrom: '',
      lastLoginTo: '',
      registeredFrom: '2026-03-01',
      registeredTo: '2026-03-01',
    });
    expect(f).toEqual({
      registeredFrom: new Date(2026, 2, 1).getTime(),
      registeredTo: new Date(2026, 2, 2).getTime() - 1,
    });
  });

  it('says the page is not available when DOWNMAN is off', async () => {
    const server = fakeServer({});
    render([]);
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
