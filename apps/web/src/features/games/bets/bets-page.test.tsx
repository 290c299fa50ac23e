import type { BetRow, Recall } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lane } from '../../../lib/games/testing';
import { LotteryRoundViewProvider } from '../../../lib/lottery/round-detail';
import { presetRange } from '../../../lib/money/date-range';
import { startSession } from '../../../lib/session/session-store';
import { fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import LotteryRoundDetailView from '../../lottery/components/round-detail';
import BetsPage from './bets-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
beforeEach(() => startSession('tok', 'demo'));

const at = new Date(2026, 0, 5, 9, 3, 7).getTime();
const row = (overrides: Partial<BetRow>): BetRow => ({
  orderNo: 'SLOT-1',
  betTimeInTimestamp: at,
  betAmount: '10.00',
  validBetAmount: '10.00',
  winAmount: '50.00',
  profitAndLoss: '40.00',
  gameName: 'Golden Dynasty',
  gameType: 'INHOUSE',
  nodeId: 'AURX.dynasty',
  status: 'settled',
  mode: 'real',
  ...overrides,
});
const rows = [
  row({}),
  row({
    orderNo: 'DICE-2',
    betTimeInTimestamp: at - 60_000,
    betAmount: '1234.50',
    validBetAmount: '1234.50',
    winAmount: '0.00',
    profitAndLoss: '-1234.50',
    gameName: 'Aurum Dice',
    nodeId: 'AURX.dice',
  }),
  row({
    orderNo: 'PLNK-3',
    betTimeInTimestamp: at - 120_000,
    betAmount: '5.00',
    validBetAmount: '0.00',
    winAmount: '0.00',
    profitAndLoss: '0.00',
    gameName: 'Gold Drop Plinko',
    nodeId: 'AURX.plinko',
    status: 'open',
    mode: 'play',
  }),
];
const totals = {
  betAmount: '1249.50',
  validBetAmount: '1244.50',
  winAmount: '50.00',
  profitAndLoss: '-1194.50',
};
const pageOf = (call: SeenCall, content = rows) => ({
  content,
  pageNum: Number(call.query.get('page')),
  totalPages: 1,
  total: content.length,
  totals,
});
const lanes = [
  lane(),
  lane({ vassalage: 'AURL', vendorName: 'Aurum Live', gameType: 'LIVE', total: 1 }),
  lane({ vassalage: 'AUR', vendorName: 'Aurum Slots', gameType: 'RNG', types: [], total: 0 }),
];

const slotSpin = (free: boolean, multiplier: number) => ({
  stops: [0, 0, 0, 0, 0],
  window: [
    ['DRAGON', 'K', 'Q'],
    ['DRAGON', 'J', 'TEN'],
    ['WILD', 'A', 'KOI'],
    ['K', 'Q', 'J'],
    ['TEN', 'SCATTER', 'A'],
  ],
  lineWins: [
    {
      line: 3,
      symbol: 'DRAGON',
      count: 3,
      positions: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      win: '30.00',
    },
  ],
  scatterWin: '0.00',
  freeSpinsAwarded: free ? 0 : 10,
  multiplier,
  win: free ? '20.00' : '30.00',
  free,
});

const recalls: Record<string, Recall> = {
  'SLOT-1': {
    round: rows[0]!,
    engine: 'slot',
    balanceBefore: '100.00',
    balanceAfter: '140.00',
    detail: { orderNo: 'SLOT-1', stake: '10.00', spins: [slotSpin(false, 1), slotSpin(true, 2)] },
    fair: null,
  },
  'DICE-2': {
    round: rows[1]!,
    engine: 'dice',
    balanceBefore: '2000.00',
    balanceAfter: '765.50',
    detail: { roll: 4210, target: 5000, direction: 'over', multiplier: 19800, win: false },
    fair: { serverSeedHash: 'h4sh', serverSeed: 'seed-1', clientSeed: 'lucky', nonce: 4 },
  },
  'PLNK-3': {
    round: rows[2]!,
    engine: 'plinko',
    balanceBefore: null,
    balanceAfter: null,
    detail: { rows: 8, risk: 'high', path: [1, 0, 1, 1, 0, 1, 1, 0], bucket: 5, multiplier: 40000 },
    fair: { serverSeedHash: 'h4sh2', serverSeed: null, clientSeed: 'lucky', nonce: 9 },
  },
  'BACC-4': {
    round: row({ orderNo: 'BACC-4', gameName: 'Imperial Baccarat', gameType: 'LIVE' }),
    engine: 'baccarat',
    balanceBefore: '10.00',
    balanceAfter: '19.50',
    detail: {
      player: [
        { rank: 13, suit: 'H' },
        { rank: 7, suit: 'S' },
      ],
      banker: [
        { rank: 1, suit: 'D' },
        { rank: 4, suit: 'C' },
        { rank: 9, suit: 'C' },
      ],
      playerTotal: 7,
      bankerTotal: 4,
      outcome: 'player',
      playerPair: false,
      bankerPair: false,
      bets: [{ bet: 'player', stake: '10.00', payout: '20.00' }],
    },
    fair: null,
  },
  'LT-5': {
    round: row({ orderNo: 'LT-5', gameName: 'SSC 1 minute', gameType: 'LOTT', nodeId: 'AURLT.ssc1m' }),
    engine: null,
    balanceBefore: null,
    balanceAfter: null,
    detail: {
      lottery: 'ssc1m',
      issueNo: '20260105-0543',
      betType: 'ssc.position',
      selection: { at: 0, numbers: [1] },
      bets: 1,
      result: { family: 'ssc', balls: [1, 3, 4, 5, 6] },
      outcome: 'won',
    },
    fair: null,
  },
};

function serve(content = rows) {
  return fakeServer({
    'GET /lgw/games/lanes': () => ok({ data: { lanes } }),
    'GET /wps/member/bets': (call) => ok(pageOf(call, content)),
    'GET /wps/member/bets/recall': (call) => ok(recalls[call.query.get('orderNo') ?? '']),
  });
}
const lastQuery = (server: ReturnType<typeof fakeServer>) =>
  Object.fromEntries(server.callsTo('GET', '/wps/member/bets').at(-1)?.query ?? []);
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent);

describe('Betting record (personalHistoryCopy)', () => {
  it('lists the last 7 days: time, amounts, coloured profit and loss, game, order number, and the totals', async () => {
    const server = serve();
    renderWithApp(<BetsPage />);
    const table = await screen.findByRole('table', { name: 'Betting record' });
    const [head, first, second, third, foot] = within(table).getAllByRole('row');
    expect(cells(head!)).toEqual([
      'Bet time',
      'Bet amount',
      'Valid bet',
      'Win',
      'Profit and loss',
      'Game',
      'Order number',
    ]);
    expect(cells(first!)).toEqual([
      '2026-01-05 09:03:07',
      '$10.00',
      '$10.00',
      '$50.00',
      '+$40.00',
      'Golden Dynasty',
      'SLOT-1',
    ]);
    expect(cells(second!)).toContain('-$1,234.50');
    expect(cells(third!)[5]).toBe('Gold Drop PlinkoOpenPlay money');
    expect(cells(foot!)).toEqual(['Totals', '$1,249.50', '$1,244.50', '$50.00', '-$1,194.50', '']);
    const profit = within(first!).getByText('+$40.00');
    const loss = within(second!).getByText('-$1,234.50');
    expect(profit.className).toMatch(/positive/);
    expect(loss.className).toMatch(/negative/);
    expect(screen.getByRole('status').textContent).toBe('1–3 of 3');
    const week = presetRange('last7');
    expect(lastQuery(server)).toEqual({
      accountType: 'ALL',
      startDate: String(week.startTime),
      endDate: String(week.endTime),
      page: '1',
      size: '10',
    });
  });

  it('has a tab for all and for each category with games, and filters by tab and range', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderWithApp(<BetsPage />);
    const tabs = await screen.findByRole('tablist', { name: 'Game categories' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['All', 'Live casino', 'Originals']),
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Live casino' }));
    await waitFor(() => expect(lastQuery(server).accountType).toBe('LIVE'));
    await user.click(screen.getByRole('button', { name: 'Next 30 days' }));
    const next30 = presetRange('next30');
    await waitFor(() => expect(lastQuery(server).startDate).toBe(String(next30.startTime)));
    expect(lastQuery(server)).toMatchObject({ accountType: 'LIVE', endDate: String(next30.endTime) });
  });

  it('says when a period has no bets', async () => {
    serve([]);
    renderWithApp(<BetsPage />);
    expect(await screen.findByRole('heading', { name: 'No bets in this period' })).toBeTruthy();
  });

  it('recalls a slot round: its figures, each window with the winning cells, and the wins', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<BetsPage />);
    await user.click(await screen.findByRole('button', { name: 'Round details SLOT-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round of Golden Dynasty' });
    const figures = await within(dialog).findByText('Balance before');
    expect(figures.parentElement?.textContent).toBe('Balance before$100.00');
    expect(dialog.textContent).toContain('Balance after$140.00');
    expect(dialog.textContent).toContain('Stake$10.00');
    const reels = within(dialog).getByRole('table', { name: 'Reels of Spin 1' });
    const [top] = within(reels).getAllByRole('row');
    expect(
      within(top!)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-symbol')),
    ).toEqual(['DRAGON', 'DRAGON', 'WILD', 'K', 'TEN']);
    expect(reels.querySelectorAll('[data-hit]')).toHaveLength(3);
    expect(within(reels).getAllByRole('row')).toHaveLength(3);
    expect(dialog.textContent).toContain('Line 3: 3 × Dragon pays $30.00');
    expect(dialog.textContent).toContain('10 free spins awarded');
    expect(within(dialog).getByRole('table', { name: 'Reels of Free spin 1' })).toBeTruthy();
    expect(dialog.textContent).toContain('×2');
    expect(dialog.querySelector('[data-fair]')).toBeNull();
  });

  it('recalls a dice round with its roll and target, and links the revealed proof to the verifier', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<BetsPage />);
    await user.click(await screen.findByRole('button', { name: 'Round details DICE-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round of Aurum Dice' });
    const detail = await within(dialog).findByRole('region', { name: 'What happened' });
    expect([...detail.querySelectorAll('dd')].map((d) => d.textContent)).toEqual([
      '42.10',
      'Over 50.00',
      '1.98×',
      'Lost',
    ]);
    const link = within(dialog).getByRole('link', { name: 'Verify this round' });
    expect(link.getAttribute('href')).toBe(
      '/play/verify?game=dice&serverSeed=seed-1&clientSeed=lucky&nonce=4&target=5000&direction=over',
    );
  });

  it('recalls a plinko round with its path and bucket; an unrevealed seed waits for the rotation', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<BetsPage />);
    await user.click(await screen.findByRole('button', { name: 'Round details PLNK-3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round of Gold Drop Plinko' });
    const path = await within(dialog).findByRole('list', { name: "The ball's path" });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-step')),
    ).toEqual(['R', 'L', 'R', 'R', 'L', 'R', 'R', 'L']);
    expect(dialog.textContent).toContain('6 of 9');
    expect(dialog.textContent).toContain('4×');
    expect(dialog.textContent).toContain('High');
    expect(dialog.textContent).toContain('Balance before—');
    expect(dialog.textContent).toContain('This round was played with play money');
    expect(within(dialog).queryByRole('link', { name: 'Verify this round' })).toBeNull();
    expect(dialog.textContent).toContain('Not revealed yet');
    expect(dialog.textContent).toContain('The server seed is revealed when you change your seed pair');
  });

  it('recalls a baccarat round with both hands and their totals', async () => {
    serve([...rows, recalls['BACC-4']!.round]);
    const user = userEvent.setup();
    renderWithApp(<BetsPage />);
    await user.click(await screen.findByRole('button', { name: 'Round details BACC-4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round of Imperial Baccarat' });
    expect(await within(dialog).findByRole('heading', { name: 'Player: 7' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Banker: 4' })).toBeTruthy();
    expect(within(dialog).getByLabelText('K of hearts')).toBeTruthy();
    expect(within(dialog).getByLabelText('A of diamonds')).toBeTruthy();
    expect(dialog.textContent).toContain('Player wins');
    const bets = within(dialog).getByRole('table', { name: 'Bets of this round' });
    expect(cells(within(bets).getAllByRole('row')[1]!)).toEqual(['Player', '$10.00', '$20.00']);
  });

  it('recalls a lottery ticket: issue, play and selection, the draw, the outcome and a link that verifies the draw', async () => {
    serve([...rows, recalls['LT-5']!.round]);
    const user = userEvent.setup();
    renderWithApp(
      <LotteryRoundViewProvider value={LotteryRoundDetailView}>
        <BetsPage />
      </LotteryRoundViewProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Round details LT-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Round of SSC 1 minute' });
    const ticket = await within(dialog).findByText('20260105-0543');
    expect(ticket.closest('[data-detail="lottery"]')).toBeTruthy();
    expect(dialog.textContent).toContain('Position: Digit 1: 1');
    expect(dialog.textContent).toContain('Won');
    const drawn = within(dialog).getByRole('list', { name: 'Numbers drawn' });
    expect(
      within(drawn)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1', '3', '4', '5', '6']);
    const verify = within(dialog).getByRole('link', { name: 'Verify issue 20260105-0543' });
    expect(verify.getAttribute('href')).toBe('/lotteryVerify?gameCode=ssc1m&issueNo=20260105-0543');
  });
});
