import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import lotteryJson from '../../../../../../config/lottery.json';
import { type ModalBodyProps, type ModalRegistry, ModalTitle } from '../../../components/ui';
import { startSession } from '../../../lib/session/session-store';
import { fail, fakeServer, ok, type SeenCall } from '../../../testing/fake-server';
import { gameMenus, sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { LotteryPage } from './lottery-page';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function LoginProbe() {
  return <ModalTitle>Login probe</ModalTitle>;
}
function CentreProbe({ params }: ModalBodyProps<'memberCenter'>) {
  return <ModalTitle>{`Centre ${params?.page}`}</ModalTitle>;
}
const registry = {
  announcement: null,
  notice: null,
  login: { Body: LoginProbe },
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: null,
  feedback: null,
  gameLaunch: null,
  chatRoom: null,
  memberCenter: { Body: CentreProbe },
  accountCenter: null,
} satisfies ModalRegistry;

/** /vnLottery as the app routes it (at `/` here): the page reads `?gameCode=`, `?prizeMode=`, `?backUrl=`. */
function VnLottery() {
  const [search] = useSearchParams();
  return (
    <LotteryPage
      route="vn"
      gameCode={search.get('gameCode')}
      prizeMode={search.get('prizeMode')}
      backUrl={search.get('backUrl')}
      vendors={() => null}
    />
  );
}

const iso = (ms: number) => new Date(ms).toISOString();
/** The server's clock runs 10 minutes behind this device's: the page must count on the server's. */
const SERVER_LAG_MS = 600_000;
const serverNow = () => Date.now() - SERVER_LAG_MS;
/** Sales close two hours of server time after the menu is sent. */
const OPEN_MS = 7_200_000;
const issue = (issueNo: string, closeInMs: number) => {
  const now = serverNow();
  return {
    issueNo,
    saleOpenAt: iso(now - 10_000),
    saleCloseAt: iso(now + closeInMs),
    drawAt: iso(now + closeInMs + 5_000),
    status: 'open',
    seedHash: 'a'.repeat(64),
  };
};
const menu = () => ({
  serverTime: iso(serverNow()),
  games: [
    {
      gameCode: 'vnmb45s',
      family: 'vn',
      layout: 'mb',
      name: 'VN North Fast 45s',
      current: issue('20261126-0101', OPEN_MS),
    },
    {
      gameCode: 'vnmn45s',
      family: 'vn',
      layout: 'mn',
      name: 'VN South Fast 45s',
      current: issue('20261126-0101', OPEN_MS),
    },
    {
      gameCode: 'ssc1m',
      family: 'ssc',
      layout: null,
      name: 'SSC 1 min',
      current: issue('20261126-0101', OPEN_MS),
    },
  ],
});
// Issue 14's draw D1 (Miền Bắc).
const D1 = {
  family: 'vn',
  layout: 'mb',
  tiers: [
    ['90563'],
    ['12378'],
    ['51792', '04401'],
    ['25333', '89851', '17046', '33820', '64215', '70094'],
    ['5546', '0817', '3391', '7208'],
    ['1129', '6060', '4478', '9012', '3356', '7785'],
    ['846', '563', '207'],
    ['19', '82', '05', '44'],
  ],
};
const results = () => ({
  gameCode: 'vnmb45s',
  results: [
    {
      ...issue('20261126-0100', -50_000),
      status: 'settled',
      drawnAt: iso(Date.now() - 45_000),
      seed: 'b'.repeat(64),
      result: D1,
    },
  ],
});
const ticket = (overrides: Record<string, unknown> = {}) => ({
  ticketId: '7',
  gameCode: 'vnmb45s',
  issueNo: '20261126-0101',
  betType: 'vn.de',
  selection: { numbers: [63] },
  bets: 1,
  stake: '10.00',
  payout: '0.00',
  status: 'pending',
  placedAt: iso(Date.now()),
  settledAt: null,
  ...overrides,
});
const routes = (bet: (call: SeenCall) => Response, tickets: () => unknown[] = () => []) => ({
  'GET /lgw/vn/games/game_menu': () => ok(menu()),
  'GET /lgw/lottery/config': () => ok({ version: 1, config: lotteryJson }),
  'GET /lgw/vn/numeros/opened/game': () => ok(results()),
  'GET /lgw/lottery/tickets': () => {
    const content = tickets();
    return ok({ content, pageNum: 1, totalPages: 1, total: content.length });
  },
  'POST /lgw/lottery/bets': bet,
});

async function openDe(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('link', { name: 'VN North Fast 45s' }));
  await user.click(await screen.findByRole('tab', { name: 'Đề' }));
  const play = screen.getByRole('region', { name: 'Place a bet' });
  expect(within(play).getByRole('button', { name: 'Đề', pressed: true })).toBeTruthy();
  return play;
}

describe('/vnLottery', () => {
  it("lists the route's games by family; choosing one shows its issue, countdown, seed hash and last result", async () => {
    fakeServer(routes(() => fail(500, 'system.error')));
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const list = await screen.findByRole('navigation', { name: 'Lottery games' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Vietnam North', 'Vietnam Central & South']);
    // SSC is a game of /lottery, not of /vnLottery.
    expect(within(list).queryByRole('link', { name: 'SSC 1 min' })).toBeNull();

    await user.click(within(list).getByRole('link', { name: 'VN North Fast 45s' }));
    expect(await screen.findByRole('heading', { name: 'VN North Fast 45s' })).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'VN North Fast 45s' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText('Issue 20261126-0101')).toBeTruthy();
    // Two hours on the server's clock (counted on the device's, it would show 10 minutes less).
    expect(document.querySelector('[data-countdown]')?.textContent).toMatch(/^(2:00:00|1:59:\d\d)$/);
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    const latest = await screen.findByRole('region', { name: 'Latest results' });
    expect(await within(latest).findByText('90563')).toBeTruthy();
    expect(within(latest).getByText('Issue 20261126-0100')).toBeTruthy();
  });

  it('prices the picks with the engine, and asks a guest to log in to bet', async () => {
    const server = fakeServer(routes(() => fail(500, 'system.error')));
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    const add = within(play).getByRole('button', { name: 'Add to slip' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(play).getByRole('button', { name: '63' }));
    await user.click(within(play).getByRole('button', { name: '46' }));
    const amount = within(play).getByRole('textbox', { name: /Amount per bet/ });
    await user.clear(amount);
    await user.type(amount, '2.5');
    // Two bets of 2.50; one winning Đề bet pays 2.50 × 99 (the demo board).
    expect(play.querySelector('[data-total="bets"]')?.textContent).toBe('2');
    expect(play.querySelector('[data-total="stake"]')?.textContent).toBe('$5.00');
    expect(play.querySelector('[data-total="prize"]')?.textContent).toBe('$247.50');
    await user.click(add);
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    expect(within(slip).getByText('46 63')).toBeTruthy();
    await user.click(within(slip).getByRole('button', { name: 'Log in to bet' }));
    expect(await screen.findByRole('dialog', { name: 'Login probe' })).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/bets')).toHaveLength(0);
  });

  it('picks numbers from pasted text, and names what is not on the grid', async () => {
    fakeServer(routes(() => fail(500, 'system.error')));
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    await user.click(within(play).getByText('Paste numbers'));
    await user.type(
      within(play).getByRole('textbox', { name: /separated by spaces or commas/ }),
      '63, 46 100 x',
    );
    await user.click(within(play).getByRole('button', { name: 'Use these numbers' }));
    expect(within(play).getByRole('status').textContent).toBe('Picked 2. Not on the grid, left out: 100 x');
    expect(within(play).getByRole('button', { name: '63' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(play).getByRole('button', { name: '46' }).getAttribute('aria-pressed')).toBe('true');
    expect(play.querySelector('[data-total="bets"]')?.textContent).toBe('2');
  });

  it('places the slip on the issue shown and lists the ticket in My bets', async () => {
    startSession('tok', 'demo');
    let placed = false;
    const server = fakeServer(
      routes(
        () => {
          placed = true;
          return ok({ tickets: [ticket()], balance: '990.00' });
        },
        () => (placed ? [ticket()] : []),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    await user.click(within(play).getByRole('button', { name: '63' }));
    await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    expect(within(slip).getByText('Bets go to issue 20261126-0101.')).toBeTruthy();
    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    expect(await within(slip).findByText('Placed on issue 20261126-0101. Tickets: 1.')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/bets')[0]?.body).toEqual({
      gameCode: 'vnmb45s',
      issueNo: '20261126-0101',
      tickets: [
        { betType: 'vn.de', selection: { numbers: [63] }, amount: '10', board: 'LOTT', boardVersion: 1 },
      ],
    });
    expect(
      within(slip).getByText('Your picks appear here. Add them to the slip, then place them together.'),
    ).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'My bets' });
    const row = await within(mine).findByText('Đề', { selector: 'span' });
    expect(row.closest('tr')?.textContent).toContain('Pending');
    expect(row.closest('tr')?.textContent).toContain('63');
  });

  it('shows a refusal in its own words: not enough balance offers a deposit, and the slip stays', async () => {
    startSession('tok', 'demo');
    fakeServer(
      routes(() => fail(400, 'lottery.balance.not.enough', 'Your balance is not enough for this bet.')),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    await user.click(within(play).getByRole('button', { name: '63' }));
    await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    const alert = await within(slip).findByRole('alert');
    expect(alert.textContent).toContain('Your balance is not enough for these bets.');
    expect(slip.querySelector('[data-slip-total="tickets"]')?.textContent).toBe('1');
    await user.click(within(alert).getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('dialog', { name: 'Centre depositv2' })).toBeTruthy();
  });

  it('lets a trial account bet in free play: play money, and no deposit when it runs short', async () => {
    startSession('tok', { account: 'trial_x', isTrial: true });
    let short = false;
    const server = fakeServer(
      routes(() =>
        short
          ? fail(400, 'lottery.balance.not.enough', 'Your balance is not enough for this bet.')
          : ok({ tickets: [ticket()], balance: '1990.00' }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    await user.click(within(play).getByRole('button', { name: '63' }));
    await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    expect(within(slip).getByText('Free play: your bets use play money, never real money.')).toBeTruthy();
    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    expect(await within(slip).findByText('Placed on issue 20261126-0101. Tickets: 1.')).toBeTruthy();
    expect(server.callsTo('POST', '/lgw/lottery/bets')).toHaveLength(1);

    short = true;
    await user.click(within(play).getByRole('button', { name: '46' }));
    await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    const alert = await within(slip).findByRole('alert');
    expect(alert.textContent).toContain('Your play money is not enough for these bets.');
    expect(within(alert).queryByRole('button', { name: 'Deposit' })).toBeNull();
  });

  it('says when a limit stops the bet, and which', async () => {
    startSession('tok', 'demo');
    fakeServer(
      routes(
        () =>
          new Response(
            JSON.stringify({
              success: false,
              errorCode: 'lottery.limit.exceeded',
              message: 'over',
              details: { limit: 'selection' },
            }),
            { status: 400 },
          ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, { registry });
    const play = await openDe(user);
    await user.click(within(play).getByRole('button', { name: '63' }));
    await user.click(within(play).getByRole('button', { name: 'Add to slip' }));
    const slip = screen.getByRole('complementary', { name: 'Bet slip' });
    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    await waitFor(() =>
      expect(within(slip).getByRole('alert').textContent).toContain(
        'One of these selections is sold out for this issue.',
      ),
    );
  });
});

describe('the prize mode, the recent games and the opened numeros', () => {
  const vnCard = {
    vassalage: 'TCG_LOTTO_VN',
    gameType: 'ELOTT' as const,
    name: 'Aurum VN Lottery',
    icon: '/media/vendors/aurlt.svg',
    isGame: 'GAME' as const,
  };
  const opened = () => ({
    prizeMode: 'ELOTT',
    results: [{ ...results().results[0], gameCode: 'vnmb45s' }],
  });
  const permission = sitePermission({ prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'] });
  const lobbyRoutes = () => ({
    ...routes(() => fail(500, 'system.error')),
    'GET /lgw/vn/numeros/opened': () => ok(opened()),
    'GET /lgw/vn/games/game_menu/recent': () =>
      ok({ ...menu(), games: [menu().games[1]!, menu().games[2]!] }),
  });

  it('asks every call with ELOTT while the ELOTT category holds the VN card, with LOTT once it does not', async () => {
    const server = fakeServer(lobbyRoutes());
    const elott = renderWithApp(<VnLottery />, {
      registry,
      permission,
      menus: [...gameMenus, { title: 'ELOTT', vendors: [vnCard] }],
    });
    await screen.findByRole('navigation', { name: 'Lottery games' });
    await waitFor(() => expect(server.callsTo('GET', '/lgw/vn/numeros/opened')).toHaveLength(1));
    expect(server.callsTo('GET', '/lgw/vn/games/game_menu')[0]?.query.get('prizeMode')).toBe('ELOTT');
    expect(server.callsTo('GET', '/lgw/vn/numeros/opened')[0]?.query.get('prizeMode')).toBe('ELOTT');
    expect(document.querySelector('[data-prize-mode]')?.getAttribute('data-prize-mode')).toBe('ELOTT');
    elott.unmount();

    // The catalogue flips: no VN card in ELOTT.
    renderWithApp(<VnLottery />, { registry, permission });
    await waitFor(() => expect(server.callsTo('GET', '/lgw/vn/games/game_menu')).toHaveLength(2));
    expect(server.callsTo('GET', '/lgw/vn/games/game_menu')[1]?.query.get('prizeMode')).toBe('LOTT');
    expect(document.querySelector('[data-prize-mode]')?.getAttribute('data-prize-mode')).toBe('LOTT');
  });

  it('lists the newest draw of each game and the member’s recent games of the mode, and links back', async () => {
    startSession('tok', 'demo');
    const server = fakeServer(lobbyRoutes());
    const user = userEvent.setup();
    renderWithApp(<VnLottery />, {
      registry,
      permission,
      menus: [...gameMenus, { title: 'ELOTT', vendors: [vnCard] }],
      path: '/?backUrl=%2Felott',
      extraRoutes: [{ path: '/elott', element: <p>ELOTT centre</p> }],
    });
    const latest = await screen.findByRole('region', { name: 'Latest draws' });
    expect(await within(latest).findByText('90563')).toBeTruthy();
    expect(within(latest).getByRole('link', { name: 'VN North Fast 45s' })).toBeTruthy();
    const recent = await screen.findByRole('region', { name: 'Your recent games' });
    // The recent call's SSC game is not one of /vnLottery's.
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['VN South Fast 45s']);
    expect(server.callsTo('GET', '/lgw/vn/games/game_menu/recent')[0]?.query.get('prizeMode')).toBe('ELOTT');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('ELOTT centre')).toBeTruthy();
  });

  it('never links back off the site', async () => {
    fakeServer(lobbyRoutes());
    renderWithApp(<VnLottery />, { registry, path: '/?backUrl=https%3A%2F%2Fevil.example%2F' });
    await screen.findByRole('navigation', { name: 'Lottery games' });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});
