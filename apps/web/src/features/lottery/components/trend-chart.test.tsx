import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import { TrendChart } from './trend-chart';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** 120 drawn SSC issues, newest first: the first digit is 7 in the newest three, then 1 in all others; the second digit is always 4. */
const TOTAL = 120;
const drawn = (i: number) => ({
  issueNo: `20261126-${String(TOTAL - i).padStart(4, '0')}`,
  saleOpenAt: '2026-11-26T00:00:00.000Z',
  saleCloseAt: '2026-11-26T00:00:30.000Z',
  drawAt: '2026-11-26T00:01:00.000Z',
  status: 'settled',
  seedHash: 'a'.repeat(64),
  drawnAt: '2026-11-26T00:01:00.000Z',
  seed: 'b'.repeat(64),
  result: { family: 'ssc', balls: [i < 3 ? 7 : 1, 4, 0, 0, 0] },
});
const draws = (call: SeenCall) => {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const content = Array.from({ length: TOTAL }, (_, i) => drawn(i)).slice((page - 1) * size, page * size);
  return ok({ content, pageNum: page, totalPages: Math.ceil(TOTAL / size), total: TOTAL });
};

const row = (table: HTMLElement, n: number) => {
  const cells = table.querySelector(`tr[data-trend-number="${n}"]`)?.querySelectorAll('th, td') ?? [];
  return [...cells].map((c) => c.textContent);
};

describe('TrendChart', () => {
  it('counts each number’s frequency and missing draws per position, in an accessible table', async () => {
    const server = fakeServer({ 'GET /lgw/lottery/draws': draws });
    const user = userEvent.setup();
    renderWithApp(<TrendChart gameCode="ssc1m" family="ssc" layout={null} />);
    const trend = await screen.findByRole('region', { name: 'Trend' });
    const table = await within(trend).findByRole('table', {
      name: /Position 1 over the last 30 draws/,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Times drawn', 'Missing (draws)']);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    // 7 came in the newest three draws (as often as chance gives: neither hot nor cold); 1 in
    // the 27 before them; 5 not once.
    expect(row(table, 7)).toEqual(['7', '3', '0']);
    expect(row(table, 1)).toEqual(['1Hot', '27', '3']);
    expect(row(table, 5)).toEqual(['5Cold', '0', '30+']);
    expect(server.callsTo('GET', '/lgw/lottery/draws')[0]?.query.get('size')).toBe('30');

    // 100 draws: two pages of 50.
    await user.selectOptions(within(trend).getByRole('combobox', { name: 'Draws counted' }), '100');
    const wide = await within(trend).findByRole('table', { name: /over the last 100 draws/ });
    expect(row(wide, 1)).toEqual(['1Hot', '97', '3']);
    expect(
      server.callsTo('GET', '/lgw/lottery/draws').map((c) => [c.query.get('page'), c.query.get('size')]),
    ).toEqual([
      ['1', '30'],
      ['1', '50'],
      ['2', '50'],
    ]);

    // Another position of the grid.
    await user.selectOptions(within(trend).getByRole('combobox', { name: 'Position' }), 'position-2');
    const second = await within(trend).findByRole('table', { name: /Position 2 over the last 100 draws/ });
    expect(row(second, 4)).toEqual(['4Hot', '100', '0']);
    expect(row(second, 7)).toEqual(['7Cold', '0', '100+']);
  });

  it('says when there is nothing to count yet', async () => {
    fakeServer({ 'GET /lgw/lottery/draws': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }) });
    renderWithApp(<TrendChart gameCode="k3-1m" family="k3" layout={null} />);
    expect(await screen.findByText('No draws yet: the trend starts with the first draw.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    // K3's grid: three dice.
    const position = screen.getByRole('combobox', { name: 'Position' });
    expect(
      within(position)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Die 1', 'Die 2', 'Die 3']);
  });
});
