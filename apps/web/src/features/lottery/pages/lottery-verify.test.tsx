import { drawIssue } from '@aurum/games';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import lotteryJson from '../../../../../../config/lottery.json';
import { fakeServer, ok } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import { LotteryPage } from './lottery-page';
import LotteryVerifyPage from './verify-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// docs/lottery-draws.md's test vector: SSC issue `ssc-20261126-0001` draws 6 4 9 0 7.
const SEED = 'e02346c759d1571ac98c58215b32d16c5e11b881c1d600e1cf24b12075a8544d';
const COMMITMENT = 'bdc8483045a88f78b8f0ca11cd705dde3a699478516708a49b641fd70ee85756';
const ISSUE = '20261126-0001';

const iso = (ms: number) => new Date(ms).toISOString();
const menu = () => ({
  serverTime: iso(Date.now()),
  games: [
    {
      gameCode: 'ssc',
      family: 'ssc',
      layout: null,
      name: 'SSC Classic',
      current: {
        issueNo: '20261126-0003',
        saleOpenAt: iso(Date.now() - 10_000),
        saleCloseAt: iso(Date.now() + 7_200_000),
        drawAt: iso(Date.now() + 7_205_000),
        status: 'open',
        seedHash: 'c'.repeat(64),
      },
    },
  ],
});
const drawn = (issueNo: string, seed: string, seedHash: string, result: unknown) => ({
  issueNo,
  saleOpenAt: '2026-11-26T00:00:00.000Z',
  saleCloseAt: '2026-11-26T00:00:55.000Z',
  drawAt: '2026-11-26T00:01:00.000Z',
  status: 'settled',
  seedHash,
  drawnAt: '2026-11-26T00:01:00.000Z',
  seed,
  result,
});
const PUBLISHED = drawn(ISSUE, SEED, COMMITMENT, { family: 'ssc', balls: [6, 4, 9, 0, 7] });
const SECOND = drawn(
  '20261126-0002',
  'd'.repeat(64),
  'e'.repeat(64),
  drawIssue({ family: 'ssc' }, 'd'.repeat(64), 'ssc-20261126-0002'),
);

function AllLottery() {
  const [search] = useSearchParams();
  return <LotteryPage route="all" gameCode={search.get('gameCode')} vendors={() => null} />;
}

const balls = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-verify-result] li')].map((li) => li.textContent).join(' ');

describe('draw history', () => {
  it("pages a game's past issues with commitment and seed, and its Verify link recomputes the draw", async () => {
    const server = fakeServer({
      'GET /lgw/vn/games/game_menu': () => ok(menu()),
      'GET /lgw/lottery/config': () => ok({ version: 1, config: lotteryJson }),
      'GET /lgw/vn/numeros/opened/game': () => ok({ gameCode: 'ssc', results: [] }),
      'GET /lgw/lottery/draws': (call) =>
        call.query.get('issueNo') === ISSUE
          ? ok({ content: [PUBLISHED], pageNum: 1, totalPages: 1, total: 1 })
          : ok({ content: [SECOND, PUBLISHED], pageNum: 1, totalPages: 1, total: 2 }),
    });
    const user = userEvent.setup();
    renderWithApp(<AllLottery />, {
      path: '/?gameCode=ssc',
      extraRoutes: [{ path: '/lotteryVerify', element: <LotteryVerifyPage /> }],
    });
    await user.click(await screen.findByRole('tab', { name: 'Draw history' }));
    const history = await screen.findByRole('region', { name: 'Draw history' });
    const row = await within(history).findByText(ISSUE, { selector: 'td' });
    const tr = row.closest('tr')!;
    expect(tr.querySelector(`[data-commitment="${ISSUE}"]`)?.textContent).toBe(COMMITMENT);
    expect(tr.querySelector(`[data-seed="${ISSUE}"]`)?.textContent).toBe(SEED);
    expect([...tr.querySelectorAll('[data-draw="ssc"] li')].map((li) => li.textContent)).toEqual([
      '6',
      '4',
      '9',
      '0',
      '7',
    ]);
    // Newest first, as the server answers.
    expect(
      [...history.querySelectorAll('tr[data-draw-issue]')].map((r) => r.getAttribute('data-draw-issue')),
    ).toEqual(['20261126-0002', ISSUE]);
    expect(server.callsTo('GET', '/lgw/lottery/draws')[0]?.query.toString()).toBe(
      'gameCode=ssc&page=1&size=10',
    );

    await user.click(within(history).getByRole('link', { name: `Verify issue ${ISSUE}` }));
    const outcome = await screen.findByRole('status', {}, { timeout: 10_000 });
    await waitFor(() => expect(outcome.querySelector('[data-published-check]')).toBeTruthy());
    expect(screen.getByRole('heading', { name: `SSC Classic, issue ${ISSUE}` })).toBeTruthy();
    expect(within(outcome).getByText('The seed matches the published commitment.')).toBeTruthy();
    expect(balls(outcome)).toBe('6 4 9 0 7');
    expect(within(outcome).getByText('This is the result the site published for the issue.')).toBeTruthy();
  });
});

describe('the verifier', () => {
  const routes = (published: unknown) => ({
    'GET /lgw/vn/games/game_menu': () => ok(menu()),
    'GET /lgw/lottery/draws': () =>
      ok({ content: published ? [published] : [], pageNum: 1, totalPages: 1, total: 1 }),
  });

  it('recomputes a pasted seed and issue id in the browser, and checks the commitment', async () => {
    fakeServer(routes(null));
    const user = userEvent.setup();
    renderWithApp(<LotteryVerifyPage />, { path: '/' });
    await user.type(await screen.findByRole('textbox', { name: /Server seed/ }), SEED);
    await user.type(screen.getByRole('textbox', { name: /Issue id/ }), 'pk10-20261126-0001');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Game type' }), 'pk10');
    await user.type(screen.getByRole('textbox', { name: /Commitment/ }), COMMITMENT);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const outcome = await screen.findByRole('status');
    expect(within(outcome).getByText('The seed matches the published commitment.')).toBeTruthy();
    // docs/lottery-draws.md: PK10 issue pk10-20261126-0001 of this seed.
    expect(balls(outcome)).toBe('07 09 10 05 02 01 08 03 04 06');
    expect(outcome.querySelector('[data-published-check]')).toBeNull();
  });

  it('says a wrong seed does not match the commitment, and a malformed one is refused', async () => {
    fakeServer(routes(null));
    const user = userEvent.setup();
    renderWithApp(<LotteryVerifyPage />, { path: '/' });
    const seed = await screen.findByRole('textbox', { name: /Server seed/ });
    await user.type(seed, 'xyz');
    await user.type(screen.getByRole('textbox', { name: /Issue id/ }), `ssc-${ISSUE}`);
    await user.type(screen.getByRole('textbox', { name: /Commitment/ }), COMMITMENT);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the seed: 64 characters of 0-9 and a-f.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await user.clear(seed);
    await user.type(seed, 'f'.repeat(64));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const outcome = await screen.findByRole('status');
    expect(outcome.querySelector('[data-commitment-check]')?.getAttribute('data-commitment-check')).toBe(
      'mismatch',
    );
    expect(
      within(outcome).getByText(
        'The seed does NOT match the commitment: it is not the seed that was committed.',
      ),
    ).toBeTruthy();
  });

  it('shows the result it computed, never the stored one, and says when they differ', async () => {
    // A published result that is not what the seed draws.
    fakeServer(routes({ ...PUBLISHED, result: { family: 'ssc', balls: [1, 1, 1, 1, 1] } }));
    renderWithApp(<LotteryVerifyPage />, { path: `/?gameCode=ssc&issueNo=${ISSUE}` });
    const outcome = await screen.findByRole('status', {}, { timeout: 10_000 });
    await waitFor(() => expect(outcome.querySelector('[data-published-check]')).toBeTruthy());
    expect(balls(outcome)).toBe('6 4 9 0 7');
    expect(
      within(outcome).getByText('This differs from the result the site published for the issue.'),
    ).toBeTruthy();
  });

  it('says when the named issue is not drawn yet (no seed before the draw)', async () => {
    fakeServer(routes(null));
    renderWithApp(<LotteryVerifyPage />, { path: '/?gameCode=ssc&issueNo=20261126-0003' });
    expect(
      await screen.findByText(
        'Issue 20261126-0003 of SSC Classic has not been drawn yet: its seed is revealed after the draw.',
      ),
    ).toBeTruthy();
    // The commitment of the issue on sale is filled in, the seed is not.
    expect((screen.getByRole('textbox', { name: /Commitment/ }) as HTMLInputElement).value).toBe(
      'c'.repeat(64),
    );
    expect((screen.getByRole('textbox', { name: /Server seed/ }) as HTMLInputElement).value).toBe('');
  });
});
