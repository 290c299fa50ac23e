import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetRange } from '../../lib/money/date-range';
import { startSession } from '../../lib/session/session-store';
import { fakeServer, ok, type SeenCall } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import TransactionHistoryPage from './transaction-history-page';

// The first render loads the page's modules and catalogues: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => startSession('tok', 'demo'));

const at = new Date(2026, 0, 5, 9, 3, 7).getTime();
const rows = [
  {
    transferId: 9,
    txTimeInTimestamp: at,
    amount: '-1234.50',
    balanceAfter: '10000.00',
    txTypeId: 3,
    wallet: 'MAIN',
    remark: 'MAIN → TIDE',
    remarkArgs: { wallet: 'Tidecraft' },
  },
  {
    transferId: 8,
    txTimeInTimestamp: at - 60_000,
    amount: '-12.50',
    balanceAfter: '1234.50',
    txTypeId: 5,
    wallet: 'VENDOR:TIDE',
    remark: 'TIDE ocean 9f3a6c1e',
    remarkArgs: { game: 'Ocean King', time: at - 60_000 },
  },
  {
    transferId: 7,
    txTimeInTimestamp: at - 120_000,
    amount: '25.00',
    balanceAfter: '11234.50',
    txTypeId: 99,
    wallet: 'HOLD',
    remark: null,
  },
];
const pageOf = (call: SeenCall, totalPages = 1, content = rows) => ({
  content,
  pageNum: Number(call.query.get('page')),
  totalPages,
  total: totalPages === 1 ? content.length : totalPages * 10,
});
const merchant = () =>
  ok({ isSingle: 0, vendors: [{ vendor: 'TIDE', name: 'Tidecraft', icon: '/media/vendors/tide.svg' }] });

const lastQuery = (server: ReturnType<typeof fakeServer>) =>
  server.callsTo('GET', '/wps/member/transactions').at(-1)?.query;

describe('Account record (transactionHistory)', () => {
  it('lists the last 7 days: date, type, wallet, signed amount, balance after, remark', async () => {
    const server = fakeServer({
      'GET /wps/member/transactions': (c) => ok(pageOf(c)),
      'GET /wps/member/wallet/merchant': merchant,
    });
    renderWithApp(<TransactionHistoryPage />);
    const table = await screen.findByRole('table', { name: 'Account record' });
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026-01-05 09:03:07',
      'Transfer to game wallet',
      'Main wallet',
      '-$1,234.50',
      '$10,000.00',
      'Moved from your main wallet to the Tidecraft wallet',
    ]);
    await waitFor(() => expect(second!.textContent).toContain('Tidecraft wallet'));
    expect(second!.textContent).toContain('-$12.50');
    // A round is named by its game and the time it settled, never by its id.
    expect(second!.textContent).toContain('Stake on Ocean King, round of 2026-01-05 09:02:07');
    expect(second!.textContent).not.toContain('9f3a6c1e');
    expect(third!.textContent).toContain('Type 99');
    expect(third!.textContent).toContain('Movement of type 99');
    expect(third!.textContent).toContain('Withdrawal hold');
    expect(screen.getByRole('status').textContent).toBe('1–3 of 3');
    const query = lastQuery(server)!;
    const week = presetRange('last7');
    expect(Number(query.get('startTime'))).toBe(week.startTime);
    expect(Number(query.get('endTime'))).toBe(week.endTime);
    expect(query.get('page')).toBe('1');
    expect(query.get('size')).toBe('10');
    expect(query.has('txTypeIds')).toBe(false);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by type and by the next and last 7 and 30 days', async () => {
    const server = fakeServer({ 'GET /wps/member/transactions': (c) => ok(pageOf(c)) });
    const user = userEvent.setup();
    renderWithApp(<TransactionHistoryPage />);
    await screen.findByRole('table');
    const types = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(types)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Deposit');
    await user.selectOptions(types, 'Withdrawal');
    await waitFor(() => expect(lastQuery(server)?.get('txTypeIds')).toBe('2'));
    for (const [name, preset] of [
      ['Next 7 days', 'next7'],
      ['Next 30 days', 'next30'],
      ['Last 30 days', 'last30'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      const range = presetRange(preset);
      await waitFor(() => expect(Number(lastQuery(server)?.get('startTime'))).toBe(range.startTime));
      expect(Number(lastQuery(server)?.get('endTime'))).toBe(range.endTime);
      expect(lastQuery(server)?.get('txTypeIds')).toBe('2');
    }
  });

  it('takes custom days and refuses a reversed range without calling', async () => {
    const server = fakeServer({ 'GET /wps/member/transactions': (c) => ok(pageOf(c)) });
    const user = userEvent.setup();
    renderWithApp(<TransactionHistoryPage />);
    await screen.findByRole('table');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.clear(to);
    await user.type(to, '2026-02-03');
    await waitFor(() =>
      expect(Number(lastQuery(server)?.get('startTime'))).toBe(new Date(2026, 1, 1).getTime()),
    );
    expect(Number(lastQuery(server)?.get('endTime'))).toBe(new Date(2026, 1, 4).getTime() - 1);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');
    const before = server.callsTo('GET', '/wps/member/transactions').length;
    await user.clear(to);
    await user.type(to, '2026-01-01');
    expect(screen.getByText('The start date must be on or before the end date.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/member/transactions')).toHaveLength(before);
  });

  it('pages with a window of 2 and no margin pages', async () => {
    const server = fakeServer({ 'GET /wps/member/transactions': (c) => ok(pageOf(c, 10)) });
    const user = userEvent.setup();
    renderWithApp(<TransactionHistoryPage />);
    const nav = await screen.findByRole('navigation', { name: 'Account record pages' });
    const shown = () =>
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(shown()).toEqual(['Previous page', '1', '2', 'Next page']);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(server)?.get('page')).toBe('2'));
    await waitFor(() => expect(shown()).toEqual(['Previous page', '1', '2', '3', 'Next page']));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(shown()).toEqual(['Previous page', '2', '3', '4', 'Next page']));
    expect(screen.getByRole('status').textContent).toBe('21–23 of 100');
  });

  it('says when a period has no records', async () => {
    fakeServer({ 'GET /wps/member/transactions': (c) => ok(pageOf(c, 0, [])) });
    renderWithApp(<TransactionHistoryPage />);
    expect(await screen.findByRole('heading', { name: 'No records in this period' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows cards instead of the table on phones', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 640px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    fakeServer({ 'GET /wps/member/transactions': (c) => ok(pageOf(c)) });
    renderWithApp(<TransactionHistoryPage />);
    const cards = await screen.findByRole('list', { name: 'Account record' });
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('-$1,234.50');
    expect(first.textContent).toContain('2026-01-05 09:03:07');
  });
});
