import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import {
  AgentIncomePage,
  DownlineTransactionsPage,
  reportFilters,
  TeamBetsPage,
  TeamPnlPage,
} from './team-reports-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const period = { from: Date.UTC(2026, 2, 9, 16), to: Date.UTC(2026, 2, 10, 16), utcOffset: '+08:00' };
const page = (content: unknown[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length, period });
const figures = (over: Record<string, string> = {}) => ({
  deposit: '0.00',
  withdrawal: '0.00',
  bet: '0.00',
  validBet: '0.00',
  win: '0.00',
  rebate: '0.00',
  salary: '0.00',
  dividend: '0.00',
  promotion: '0.00',
  fees: '0.00',
  profitAndLoss: '0.00',
  ...over,
});

describe('Agent centre: team reports', () => {
  it('shows the team’s bets with totals and asks again with the chosen period, member and category', async () => {
    const server = fakeServer({
      'GET /wps/agent/reports/bets': () =>
        ok({
          ...page([
            {
              orderNo: 'R1',
              account: 'alice',
              betTime: Date.UTC(2026, 2, 10, 2),
              gameName: 'Dice',
              gameType: 'INHOUSE',
              status: 'settled',
              betAmount: '100.00',
              validBetAmount: '100.00',
              winAmount: '250.00',
              profitAndLoss: '150.00',
            },
          ]),
          totals: {
            betAmount: '100.00',
            validBetAmount: '100.00',
            winAmount: '250.00',
            profitAndLoss: '150.00',
          },
        }),
    });
    renderWithApp(<TeamBetsPage />, { permission: sitePermission({}, ['TRANSBETREPMEM3']) });
    const row = (await screen.findByText('alice')).closest('tr')!;
    expect(within(row).getByText('$250.00')).toBeTruthy();
    expect(screen.getByText('From 2026-03-10 to 2026-03-10 (GMT+08:00).')).toBeTruthy();
    expect(within(document.querySelector('tfoot')!).getByText('$150.00')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Period'), 'lastWeek');
    await user.type(screen.getByLabelText('Member account'), 'alice');
    await user.selectOptions(screen.getByLabelText('Category'), 'LOTT');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const last = server.callsTo('GET', '/wps/agent/reports/bets').at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({
      preset: 'lastWeek',
      account: 'alice',
      category: 'LOTT',
    });
  });

  it('shows each member’s profit and loss and the team total', async () => {
    fakeServer({
      'GET /wps/agent/reports/pnl': () =>
        ok({
          ...page([
            { account: 'alice', level: 1, ...figures({ deposit: '1000.00', profitAndLoss: '120.00' }) },
          ]),
          team: figures({ deposit: '3000.00', profitAndLoss: '113.50' }),
        }),
    });
    renderWithApp(<TeamPnlPage />, { permission: sitePermission({}, ['AGETEAMPNL3']) });
    const row = (await screen.findByText('alice')).closest('tr')!;
    expect(row.querySelector('[data-column="deposit"]')!.textContent).toBe('$1,000.00');
    const total = document.querySelector('tfoot tr')!;
    expect(within(total as HTMLElement).getByText('Team total')).toBeTruthy();
    expect(total.querySelector('[data-column="profitAndLoss"]')!.textContent).toBe('$113.50');
  });

  it('lists downline transactions and the agent’s income totals', async () => {
    fakeServer({
      'GET /wps/agent/reports/transactions': () =>
        ok(
          page([
            {
              transferId: 7,
              account: 'bob',
              txTypeId: 1,
              amount: '50.00',
              balanceAfter: '50.00',
              createdAt: 1,
            },
          ]),
        ),
      'GET /wps/agent/reports/income': () =>
        ok({
          ...page([{ transferId: 9, txTypeId: 16, amount: '48.00', memo: null, createdAt: 1 }]),
          totals: { salary: '48.00', dividend: '0.00', rebate: '0.00', total: '48.00' },
        }),
    });
    const permission = sitePermission({}, ['AGEDOWNTRANS3', 'AGEREV3']);
    const { unmount } = renderWithApp(<DownlineTransactionsPage />, { permission });
    expect((await screen.findByText('bob')).closest('tr')!.textContent).toContain('$50.00');
    unmount();
    renderWithApp(<AgentIncomePage />, { permission });
    const salary = await screen.findByText('Salary', { selector: 'dt' });
    expect(salary.parentElement!.querySelector('dd')!.textContent).toBe('$48.00');
  });

  it('downloads the CSV of the report’s period', async () => {
    const server = fakeServer({
      'GET /wps/agent/reports/pnl': () => ok({ ...page([]), team: figures() }),
      'GET /wps/agent/reports/csv': () => ok({ filename: 'teamPnl.csv', csv: 'account\r\n' }),
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    renderWithApp(<TeamPnlPage />, { permission: sitePermission({}, ['AGETEAMPNL3']) });
    await screen.findByText('Nothing in this period.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    const call = server.callsTo('GET', '/wps/agent/reports/csv')[0]!;
    expect(Object.fromEntries(call.query)).toEqual({ report: 'teamPnl', preset: 'today' });
  });

  it('refuses a custom period without dates before asking, and reads custom days as business days [start, next day)', () => {
    const draft = { preset: 'custom' as const, from: '', to: '', account: '', category: 'ALL', txType: '' };
    expect(reportFilters('teamBets', draft)).toBeNull();
    const f = reportFilters('teamBets', { ...draft, from: '2026-03-01', to: '2026-03-01' }, '+08:00')!;
    expect(f).toMatchObject({ startDate: Date.UTC(2026, 1, 28, 16), endDate: Date.UTC(2026, 2, 1, 16) });
  });

  it('says the page is not available when its key is off, and shows a failure', async () => {
    const server = fakeServer({ 'GET /wps/agent/reports/pnl': () => fail(403, 'agent.only') });
    const { unmount } = renderWithApp(<TeamBetsPage />, { permission: sitePermission({}, []) });
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/agent/reports/bets')).toHaveLength(0);
    unmount();
    renderWithApp(<TeamPnlPage />, { permission: sitePermission({}, ['AGETEAMPNL3']) });
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
