import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { type PagedQuery, PagedResults, type PageOf } from './paged-results';
import { type RecordColumn, Records } from './records';

type Row = { id: string; amount: string; note: string };
type Page = PageOf<Row>;

const page = (rows: Row[], pageNum = 1, total = rows.length, totalPages = 1): Page => ({
  content: rows,
  total,
  pageNum,
  totalPages,
});

const query = (over: Partial<PagedQuery<Page>> = {}): PagedQuery<Page> => ({
  data: undefined,
  isError: false,
  error: null,
  isFetching: false,
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...over,
});

const texts = {
  summary: (r: { first: number; last: number; total: number }) =>
    `Showing ${r.first}–${r.last} of ${r.total}`,
  loading: 'Loading rows',
  emptyTitle: 'No rows',
  emptyText: 'Nothing in this range.',
  pages: 'Row pages',
};

function List(props: { query: PagedQuery<Page>; active?: boolean; onPage?: (page: number) => void }) {
  return (
    <PagedResults
      query={props.query}
      active={props.active ?? true}
      pageSize={2}
      onPage={props.onPage ?? (() => {})}
      label="Rows"
      texts={texts}
    >
      {(rows) => (
        <ul aria-label="Row list">
          {rows.map((r) => (
            <li key={r.id}>{r.id}</li>
          ))}
        </ul>
      )}
    </PagedResults>
  );
}

describe('PagedResults', () => {
  it('shows the spinner until the first page, then the rows, the summary and the paginator', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<List query={query()} onPage={onPage} />);
    expect(screen.getByText('Loading rows')).toBeTruthy();
    const rows = [
      { id: 'c', amount: '1.00', note: '' },
      { id: 'd', amount: '2.00', note: '' },
    ];
    rerender(<List query={query({ data: page(rows, 2, 5, 3) })} onPage={onPage} />);
    expect(
      within(screen.getByRole('list', { name: 'Row list' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['c', 'd']);
    expect(screen.getByRole('status').textContent).toBe('Showing 3–4 of 5');
    const pager = screen.getByRole('navigation', { name: 'Row pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('says so when a page is empty, and leaves out the paginator of a single page', () => {
    render(<List query={query({ data: page([]) })} />);
    expect(screen.getByRole('heading', { name: 'No rows' })).toBeTruthy();
    expect(screen.getByText('Nothing in this range.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows a failed read in the member language with a retry', async () => {
    const q = query({ isError: true, error: new ApiError('network.abnormal', '', 0) });
    render(<List query={q} />);
    expect(screen.getByRole('alert').textContent).toContain('The network is abnormal');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows nothing but the frame while its filters are not valid', () => {
    render(<List query={query({ data: page([{ id: 'a', amount: '1.00', note: '' }]) })} active={false} />);
    expect(screen.getByRole('region', { name: 'Rows' })).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(screen.queryByText('Loading rows')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('Records', () => {
  const columns: RecordColumn<Row>[] = [
    { key: 'id', header: 'Id', headOnly: true, cell: (r) => r.id },
    { key: 'amount', header: 'Amount', kind: 'num', cell: (r) => r.amount },
    { key: 'note', header: 'Note', kind: 'remark', cell: (r) => r.note },
  ];
  const rows = [
    { id: 'a', amount: '1.00', note: 'first' },
    { id: 'b', amount: '2.00', note: 'second' },
  ];
  const records = (cards: boolean) => (
    <Records
      name="rows"
      caption="The rows"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      rowMarks={(r) => ({ 'data-row': r.id })}
      cards={cards}
      cardTitle={(r) => `Row ${r.id}`}
      cardAmount={(r) => r.amount}
      tableFoot={
        <tr>
          <th scope="row">Total</th>
          <td>3.00</td>
          <td />
        </tr>
      }
      cardsFoot={<p>Total 3.00</p>}
    />
  );

  it('shows a table with every column, marked rows and the closing row', () => {
    render(records(false));
    const table = screen.getByRole('table', { name: 'The rows' });
    expect(table.getAttribute('data-records')).toBe('rows');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Amount', 'Note']);
    const body = within(table).getAllByRole('row').slice(1, 3);
    expect(body.map((tr) => tr.getAttribute('data-row'))).toEqual(['a', 'b']);
    expect(
      within(body[0] as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['a', '1.00', 'first']);
    expect(within(table).getByRole('rowheader', { name: 'Total' })).toBeTruthy();
    expect(screen.queryByText('Total 3.00')).toBeNull();
  });

  it('shows a card per row on phones: the head, then the other columns as details', () => {
    render(records(true));
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'The rows' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((li) => li.getAttribute('data-row'))).toEqual(['a', 'b']);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Row a')).toBeTruthy();
    expect([...first.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Amount', 'Note']);
    expect(screen.getByText('Total 3.00')).toBeTruthy();
  });
});
