import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import lotteryJson from '../../../../../../config/lottery.json';
import { type ModalRegistry, ModalTitle } from '../../../components/ui';
import { startSession } from '../../../lib/session/session-store';
import { fail, fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import { LotteryPage } from './lottery-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const registry = {
  announcement: null,
  notice: null,
  login: { Body: () => <ModalTitle>Login probe</ModalTitle> },
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: null,
  feedback: null,
  gameLaunch: null,
  chatRoom: null,
  memberCenter: null,
  accountCenter: null,
} satisfies ModalRegistry;

function VnLottery() {
  const [search] = useSearchParams();
  return <LotteryPage route="vn" gameCode={search.get('gameCode')} vendors={() => null} />;
}

const iso = (ms: number) => new Date(ms).toISOString();
// The issue on sale: 00:01:30 (+07:00) on 1 January 2030 is the day's second 45-second issue.
const CURRENT = '20300101-0002';
const menu = () => ({
  serverTime: iso(Date.now()),
  games: [
    {
      gameCode: 'vnmb45s',
      family: 'vn',
      layout: 'mb',
      name: 'VN North Fast 45s',
      current: {
        issueNo: CURRENT,
        saleOpenAt: iso(Date.now() - 10_000),
        saleCloseAt: iso(Date.now() + 7_200_000),
        drawAt: '2029-12-31T17:01:30.000Z',
        status: 'open',
        seedHash: 'a'.repeat(64),
      },
    },
  ],
});
const ticket = (issueNo: string, status: string) => ({
  ticketId: issueNo.slice(-1),
  gameCode: 'vnmb45s',
  issueNo,
  betType: 'vn.de',
  selection: { numbers: [63] },
  bets: 1,
  stake: '10.00',
  payout: status === 'won' ? '990.00' : '0.00',
  rebate: '0.00',
  status,
  cancelReason: status === 'cancelled' ? 'member' : null,
  chaseId: '5',
  placedAt: iso(Date.now()),
  settledAt: null,
});
const chase = (tickets: ReturnType<typeof ticket>[], status = 'active') => ({
  chaseId: '5',
  gameCode: 'vnmb45s',
  betType: 'vn.de',
  selection: { numbers: [63] },
  stopOnWin: true,
  status,
  issues: tickets.length,
  stake: '20.00',
  payout: '0.00',
  refunded: tickets.some((t) => t.status === 'cancelled') ? '10.00' : '0.00',
  // The list's own counts (one query on the server): the cards read no chase's detail for them.
  counts: {
    played: tickets.filter((t) => ['won', 'lost', 'refunded'].includes(t.status)).length,
    won: tickets.filter((t) => t.status === 'won').length,
    refunded: tickets.filter((t) => t.status === 'cancelled').length,
    cancellable: tickets.filter((t) => t.status === 'pending' && t.issueNo >= CURRENT).length,
  },
  createdAt: iso(Date.now()),
  tickets,
});
/** A chase as the list gives it: its counts, not its tickets. */
const listed = ({ tickets: _, ...rest }: ReturnType<typeof chase>) => rest;

function routes(extra: Record<string, (call: SeenCall) => Response>) {
  return {
    'GET /lgw/vn/games/game_menu': () => ok(menu()),
    'GET /lgw/lottery/config': () => ok({ version: 1, config: lotteryJson }),
    'GET /lgw/vn/numeros/opened/game': () => ok({ gameCode: 'vnmb45s', results: [] }),
    'GET /lgw/lottery/tickets': () => ok({ content: [], pageNum: 1, totalPages: 1, total: 0 }),
    ...extra,
  };
}

async function slipWithDe(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('link', { name: 'VN North Fast 45s' }));
  await user.click(await screen.findByRole('tab', { name: 'Đề' }));
  const play = screen.getByRole('region', { name: 'Place a bet' });
  await user.click(within(play).getByRole('button', { name: '63' }));
  await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
  return screen.getByRole('complementary', { name: 'Bet slip' });
}

describe('chasing from the slip', () => {
  it('plans a doubling chase over coming issues, totals it and places it', async () => {
    startSession('tok', 'demo');
    let placed: ReturnType<typeof chase> | null = null;
    const server = fakeServer(
      routes({
        'POST /lgw/lottery/chases': () => {
          placed = chase([ticket(CURRENT, 'pending'), ticket('20300101-0003', 'pending')]);
          return ok({ chase: placed, balance: '950.00' });
        },
        'GET /lgw/lottery/chases': () =>
          ok({ content: placed ? [listed(placed)] : [], pageNum: 1, totalPages: 1, total: placed ? 1 : 0 }),
        'GET /lgw/lottery/chase': () => ok(placed),
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const slip = await slipWithDe(user);
    await user.click(within(slip).getByRole('button', { name: 'Chase' }));
    const form = within(slip).getByRole('region', { name: 'Chase over coming issues' });
    await user.click(within(form).getByRole('button', { name: '5', pressed: false }));
    await user.click(within(form).getByRole('button', { name: 'Doubling' }));
    // Start 1, ×2 every issue: 1 2 4 8 16 of a $10.00 ticket.
    const rows = form.querySelectorAll('[data-chase-issue]');
    expect([...rows].map((r) => r.getAttribute('data-chase-issue'))).toEqual([
      '20300101-0002',
      '20300101-0003',
      '20300101-0004',
      '20300101-0005',
      '20300101-0006',
    ]);
    expect(form.querySelector('[data-chase-cost="20300101-0006"]')?.textContent).toBe('$160.00');
    expect(form.querySelector('[data-chase-total="stake"]')?.textContent).toBe('$310.00');
    // One issue edited by hand: 16 → 1.
    const last = within(form).getByRole('textbox', { name: 'Multiplier for issue 20300101-0006' });
    await user.clear(last);
    await user.type(last, '1');
    expect(form.querySelector('[data-chase-total="stake"]')?.textContent).toBe('$160.00');
    await user.click(within(form).getByRole('button', { name: 'Start chase' }));
    expect(await within(slip).findByText('Chase started: 5 issues from issue 20300101-0002.')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/chases')[0]?.body).toEqual({
      gameCode: 'vnmb45s',
      ticket: {
        betType: 'vn.de',
        selection: { numbers: [63] },
        amount: '10',
        board: 'LOTT',
        boardVersion: 1,
      },
      issues: [
        { issueNo: '20300101-0002', multiplier: 1 },
        { issueNo: '20300101-0003', multiplier: 2 },
        { issueNo: '20300101-0004', multiplier: 4 },
        { issueNo: '20300101-0005', multiplier: 8 },
        { issueNo: '20300101-0006', multiplier: 1 },
      ],
      stopOnWin: true,
    });
    // My chases opens on the new chase.
    const mine = await screen.findByRole('region', { name: 'My chases' });
    expect(await within(mine).findByText('0 of 2 issues played · 0 won · 0 refunded')).toBeTruthy();
  });

  it('says why a chase is refused, in the words of the slip, and keeps the form', async () => {
    startSession('tok', 'demo');
    fakeServer(
      routes({
        'POST /lgw/lottery/chases': () => fail(400, 'lottery.balance.not.enough', 'short'),
        'GET /lgw/lottery/chases': () => ok({ content: [], pageNum: 1, totalPages: 1, total: 0 }),
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const slip = await slipWithDe(user);
    await user.click(within(slip).getByRole('button', { name: 'Chase' }));
    const form = within(slip).getByRole('region', { name: 'Chase over coming issues' });
    const count = within(form).getByRole('textbox', { name: /Issues to chase/ });
    await user.clear(count);
    await user.type(count, '121');
    expect(within(form).getByText('Enter a whole number from 1 to 120.')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Start chase' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(form).getByRole('button', { name: 'Start chase' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'Your balance is not enough for these bets.',
      ),
    );
    expect(form.querySelector('[data-chase-total="issues"]')?.textContent).toBe('2');
  });
});

describe('My chases', () => {
  it('shows a chase with its issues and cancels one issue after a confirm', async () => {
    startSession('tok', 'demo');
    let current = chase([
      ticket('20300101-0001', 'lost'),
      ticket(CURRENT, 'pending'),
      ticket('20300101-0003', 'pending'),
    ]);
    const server = fakeServer(
      routes({
        'GET /lgw/lottery/chases': () =>
          ok({ content: [listed(current)], pageNum: 1, totalPages: 1, total: 1 }),
        'GET /lgw/lottery/chase': () => ok(current),
        'POST /lgw/lottery/chase/cancel': () => {
          current = chase([
            ticket('20300101-0001', 'lost'),
            ticket(CURRENT, 'pending'),
            ticket('20300101-0003', 'cancelled'),
          ]);
          return ok({ chase: current, refunded: 1 });
        },
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    await user.click(await screen.findByRole('link', { name: 'VN North Fast 45s' }));
    await user.click(await screen.findByRole('tab', { name: 'My chases' }));
    const mine = await screen.findByRole('region', { name: 'My chases' });
    expect(await within(mine).findByText('1 of 3 issues played · 0 won · 0 refunded')).toBeTruthy();
    expect(within(mine).getByText('Active')).toBeTruthy();
    // The card's progress came with the list: its issues are read only when shown.
    expect(server.callsTo('GET', '/lgw/lottery/chase')).toHaveLength(0);
    await user.click(within(mine).getByRole('button', { name: 'Show issues' }));
    // The issue drawn already cannot be cancelled; the one on sale and the coming one can.
    expect(within(mine).queryByRole('button', { name: 'Cancel issue 20300101-0001' })).toBeNull();
    expect(within(mine).getByRole('button', { name: `Cancel issue ${CURRENT}` })).toBeTruthy();
    await user.click(within(mine).getByRole('button', { name: 'Cancel issue 20300101-0003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel issue 20300101-0003?' });
    expect(within(dialog).getByText('Its stake of $10.00 comes back to your balance.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await within(mine).findByText('Issues refunded: 1.')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/chase/cancel')[0]?.body).toEqual({
      chaseId: '5',
      issueNo: '20300101-0003',
    });
    expect(await within(mine).findByText('1 of 3 issues played · 0 won · 1 refunded')).toBeTruthy();
  });

  it('cancels every remaining issue, and says so when the server finds them closed', async () => {
    startSession('tok', 'demo');
    const current = chase([ticket(CURRENT, 'pending'), ticket('20300101-0003', 'pending')]);
    const server = fakeServer(
      routes({
        'GET /lgw/lottery/chases': () =>
          ok({ content: [listed(current)], pageNum: 1, totalPages: 1, total: 1 }),
        'GET /lgw/lottery/chase': () => ok(current),
        'POST /lgw/lottery/chase/cancel': () => fail(400, 'lottery.issue.closed', 'closed'),
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    await user.click(await screen.findByRole('link', { name: 'VN North Fast 45s' }));
    await user.click(await screen.findByRole('tab', { name: 'My chases' }));
    const mine = await screen.findByRole('region', { name: 'My chases' });
    await user.click(await within(mine).findByRole('button', { name: 'Cancel remaining issues' }));
    expect(server.callsTo('GET', '/lgw/lottery/chase')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the remaining issues?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect((await within(mine).findByRole('alert')).textContent).toContain('closed');
    expect(server.callsTo('POST', '/lgw/lottery/chase/cancel')[0]?.body).toEqual({ chaseId: '5' });
  });
});
