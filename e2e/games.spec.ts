import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  credit,
  expectHeaderBalance,
  LiveBalance,
  openMemberCentre,
  ownClientAddress,
  registerMember,
} from './support/cashier.ts';
import { CspWatch } from './support/csp.ts';
import {
  gameTile,
  photograph,
  playBalance,
  playInWindow,
  showSiteIn,
  startFreePlay,
  wireAmount,
} from './support/games.ts';
import { ops } from './support/ops.ts';

/**
 * The games on the site: a visitor browsing home and the slots lobby, a member's favourite,
 * launch, live balance and betting record, a trial account's free play, a vendor in maintenance
 * (set by the operator command) and a launch without enough balance. The lobby, the launch
 * modal's states and the betting record with its recall are photographed in both languages and
 * both themes for a person to look at (/tmp/games-shots/). Play itself is games-play.spec's.
 */

const SHOTS = '/tmp/games-shots';
const SLOT = 'AURX.dynasty';
const BACCARAT = 'AURL.baccarat';

// The site shows times in the browser's zone: the Philippines' (+08:00, no daylight saving).
test.use({ timezoneId: 'Asia/Manila' });
const MANILA_OFFSET_MS = 8 * 3_600_000;
/** "YYYY-MM-DD HH:mm:ss" in Manila, as the site shows a time (computed here, not by the site). */
const manilaTime = (ms: number) =>
  new Date(ms + MANILA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Member-centre names per language, for the photographs. */
const CENTRE = {
  en: { profile: 'Open my profile', centre: 'Member centre', bets: 'Betting record' },
  cn: { profile: '打开我的资料', centre: '会员中心', bets: '投注记录' },
} as const;

/** The games a grid shows, in its order. */
const tilesOf = (scope: Locator) =>
  scope.locator('li[data-game]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-game')));

/** A tile's play button, whatever the language (the star is the tile's other button). */
const playButton = (tile: Locator) => tile.locator('button').first();

/** The figure of a labelled entry in a description list ("Stake" → "$1.00"). */
const field = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

/** An amount the site shows ("$1,234.50", "-$1.00") in cents. */
const cents = (shown: string) => BigInt(wireAmount(shown).replace('.', ''));

/** Cents as the site shows them; signed, a gain gets its "+" (the profit-and-loss column). */
function shownMoney(amount: bigint, signed = false): string {
  const abs = amount < 0n ? -amount : amount;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const text = `$${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
  return amount < 0n ? `-${text}` : signed && amount > 0n ? `+${text}` : text;
}

/** Plays a tile of the page and waits for the launch modal to settle on `view` (data-launch-view). */
async function openLaunch(page: Page, nodeId: string, view: string): Promise<void> {
  await playButton(gameTile(page, nodeId)).click();
  const modal = page.locator(`[data-launch-view="${view}"]`);
  await expect(modal).toBeVisible();
  // Suggestions and art settle before the picture.
  await expect(modal.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Photographs the launch modal of a game tile of `url` once it shows `view`. */
const photographLaunch = (page: Page, url: string, nodeId: string, view: string) =>
  photograph(page, SHOTS, async (lang, snap) => {
    await showSiteIn(page, lang, url);
    await openLaunch(page, nodeId, view);
    await snap(`launch-${view}`);
  });

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test('a visitor browses home and the slots lobby; favourites and play ask to log in', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-hot-tiles]').getByRole('link', { name: 'Slots' })).toHaveAttribute(
    'href',
    '/rng',
  );
  const board = page.locator('[data-winners-board]');
  await expect(board.getByRole('heading', { name: 'Big winners' })).toBeVisible();
  // A fresh site may have no wins yet: the board then says so instead of showing skeletons.
  await expect(
    board.locator('[data-winner]').first().or(board.getByText('No wins to show yet')),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Game categories' })
    .getByRole('link', { name: 'Slots' })
    .click();
  await expect(page).toHaveURL(/\/rng$/);
  const lobby = page.locator('[data-lobby]');
  await expect(lobby.getByRole('button', { name: 'Aurum Originals 3 games' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => tilesOf(lobby)).toEqual([SLOT, 'AURX.dice', 'AURX.plinko']);
  await expectNoAxeViolations(page);

  const filters = lobby.getByRole('group', { name: 'Game types' });
  const choose = async (name: string) => {
    await filters.getByRole('button', { name, exact: true }).click();
    await expect(filters.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
  };
  await choose('Hot');
  await expect.poll(() => tilesOf(lobby)).toEqual([SLOT, 'AURX.dice']);
  await choose('Slot machines');
  await expect.poll(() => tilesOf(lobby)).toEqual([SLOT]);
  await choose('Arcade');
  await expect.poll(() => tilesOf(lobby)).toEqual(['AURX.dice', 'AURX.plinko']);
  await choose('Table games');
  await expect(
    lobby.getByRole('heading', { name: 'Nothing under “Table games” from Aurum Originals yet' }),
  ).toBeVisible();
  await lobby.getByRole('button', { name: 'Show all games' }).click();
  await expect(filters.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const search = lobby.getByRole('searchbox', { name: 'Search games by name' });
  await search.fill('plinko');
  await expect.poll(() => tilesOf(lobby)).toEqual(['AURX.plinko']);
  await search.fill('no such game');
  await expect(lobby.getByRole('heading', { name: 'No games match “no such game”' })).toBeVisible();
  await search.fill('');
  await expect.poll(() => tilesOf(lobby)).toEqual([SLOT, 'AURX.dice', 'AURX.plinko']);

  // Favourites are a member's: the filter asks to log in, and its button opens the login popup.
  await choose('Favourites');
  await expect(lobby.getByRole('heading', { name: 'Log in to see your favourites' })).toBeVisible();
  await expectNoAxeViolations(page);
  await lobby.getByRole('button', { name: 'Log in', exact: true }).click();
  const login = page.getByRole('dialog', { name: /Log in/ });
  await expect(login.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();

  // Playing asks the same, offering free play of the in-house game meanwhile.
  await choose('All');
  await gameTile(lobby, SLOT).getByRole('button', { name: 'Play Golden Dynasty · Aurum Originals' }).click();
  const launch = page.getByRole('dialog', { name: 'Start Golden Dynasty' });
  await expect(launch.getByRole('heading', { name: 'You are not logged in' })).toBeVisible();
  await expect(launch.getByRole('button', { name: 'Play for free' })).toBeVisible();
  await expectNoAxeViolations(page);
  await launch.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(launch).toBeHidden();
  await expect(login.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await page.keyboard.press('Escape');

  await photograph(page, SHOTS, async (lang, snap) => {
    await showSiteIn(page, lang, '/rng');
    await expect
      .poll(() => tilesOf(page.locator('[data-lobby]')))
      .toEqual([SLOT, 'AURX.dice', 'AURX.plinko']);
    await snap('lobby', { fullPage: true });
    await openLaunch(page, SLOT, 'visitor');
    await snap('launch-visitor');
  });
});

test('a member favourites the slot, plays it in its window, sees the balance live and the round recalled', async ({
  page,
  context,
}) => {
  // The longest journey (a registration, a round, eight photographs): room for a busy machine.
  test.setTimeout(90_000);
  // Home, the lobby, the game window and the member centre all run under the site's CSP.
  const csp = await CspWatch.start(context);
  const live = new LiveBalance(page);
  const member = await registerMember(page, 'lobby');
  await credit(member.username, '100.00');
  await expectHeaderBalance(page, '$100.00');

  // The star, kept with the account: still there after a reload, and under the favourites filter.
  await page.goto('/rng');
  const lobby = page.locator('[data-lobby]');
  const star = gameTile(lobby, SLOT).getByRole('button', { name: 'Favourite Golden Dynasty' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await lobby
    .getByRole('group', { name: 'Game types' })
    .getByRole('button', { name: 'Favourites', exact: true })
    .click();
  await expect.poll(() => tilesOf(lobby)).toEqual([SLOT]);
  await expectNoAxeViolations(page);

  // The game window opens on the click; the site tab stays where it is.
  await expectHeaderBalance(page, '$100.00');
  await live.arm();
  const game = await playInWindow(
    context,
    gameTile(lobby, SLOT).getByRole('button', { name: /^Play Golden Dynasty/ }),
    '/play/slot',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const before = '$100.00';
  await expect(playBalance(game)).toHaveAttribute('data-balance', before);
  await expectNoAxeViolations(game);

  // A spin can pay back exactly its stake: spin until the balance moves.
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  const rounds = game.getByRole('region', { name: 'Last rounds' }).getByRole('listitem');
  let after = before;
  for (let spins = 1; after === before; spins++) {
    expect(spins, 'ten spins and the balance never moved').toBeLessThanOrEqual(10);
    await spin.click();
    await expect(rounds).toHaveCount(spins, { timeout: 30_000 });
    await expect(spin).toBeEnabled({ timeout: 30_000 });
    after = (await playBalance(game).getAttribute('data-balance')) ?? '';
  }
  const orderNo = (await rounds.first().getAttribute('title')) ?? '';
  expect(orderNo).not.toBe('');
  // The last spin's figures: it staked $1.00 from the balance before it and paid the rest.
  const net = cents(after) - cents(before);
  const win = shownMoney(net + 100n);

  // The site's tab got the new balance pushed, without a reload.
  await live.expectPushed(wireAmount(after), after);

  // The betting record lists the round; its recall shows the figures and the reels.
  const centre = await openMemberCentre(page, 'Betting record');
  const row = centre.locator(`tr[data-order="${orderNo}"]`);
  await expect(row.getByRole('cell')).toHaveText([
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    '$1.00',
    '$1.00',
    win,
    shownMoney(net, true),
    'Golden Dynasty',
    orderNo,
  ]);
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: `Round details ${orderNo}` }).click();
  const recall = page.getByRole('dialog', { name: 'Round of Golden Dynasty' });
  await expect(field(recall, 'Order number')).toHaveText(orderNo);
  await expect(field(recall, 'Stake')).toHaveText('$1.00');
  await expect(field(recall, 'Win')).toHaveText(win);
  await expect(field(recall, 'Balance before')).toHaveText(before);
  await expect(field(recall, 'Balance after')).toHaveText(after);
  const reels = recall.getByRole('table', { name: 'Reels of Spin 1' });
  await expect(reels.getByRole('row')).toHaveCount(3);
  await expect(reels.getByRole('cell')).toHaveCount(15);
  await expectNoAxeViolations(page);
  await game.close();

  // /seamless, the game room: the last launched game opens in its frame, under the same CSP.
  await page.goto('/seamless');
  const room = page.frameLocator('iframe[title="Game: Golden Dynasty"]');
  await expect(room.getByRole('button', { name: 'Spin', exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  csp.expectNone();

  await photograph(page, SHOTS, async (lang, snap) => {
    await showSiteIn(page, lang, '/');
    const names = CENTRE[lang];
    const shown = await openMemberCentre(page, names.bets, names);
    await expect(shown.locator(`tr[data-order="${orderNo}"]`)).toBeVisible();
    await snap('bets');
    await shown.locator(`tr[data-order="${orderNo}"] [data-action="recall"]`).click();
    await expect(page.locator(`[data-recall="${orderNo}"] table`).first()).toBeVisible();
    await snap('recall');
  });
});

test('a trial account is told a real account is needed, and plays for free with play money', async ({
  page,
  context,
}) => {
  await page.goto('/rng');
  await startFreePlay(page);
  const tile = gameTile(page.locator('[data-lobby]'), 'AURX.plinko');
  await tile.getByRole('button', { name: /^Play Gold Drop Plinko/ }).click();
  const launch = page.getByRole('dialog', { name: 'Start Gold Drop Plinko' });
  await expect(
    launch.getByText('This needs a real account. Please register or log in with a member account.'),
  ).toBeVisible();
  await expect(launch.getByRole('button', { name: 'Register now' })).toBeVisible();
  await expectNoAxeViolations(page);

  const game = await playInWindow(
    context,
    launch.getByRole('button', { name: 'Play for free' }),
    '/play/plinko',
  );
  await expect(game.locator('[data-ribbon="free-play"]')).toHaveText(
    'Free play — play money, nothing real at stake',
  );
  await expect(launch).toBeHidden();
  await game.close();

  await photographLaunch(page, '/rng', 'AURX.plinko', 'trial');
});

test('a vendor in maintenance: the launch shows the window and other hot games to play', async ({
  page,
  context,
}) => {
  const member = await registerMember(page, 'maint');
  await credit(member.username, '20.00');
  // A window around now, whole seconds (the site shows seconds), one end given as ISO, one as ms.
  const now = Math.floor(Date.now() / 1000) * 1000;
  const start = now - 5 * 60_000;
  const end = now + 30 * 60_000;
  const set = await ops(
    'vendor-maintenance',
    'AURL',
    '--start',
    new Date(start).toISOString(),
    '--end',
    String(end),
  );
  try {
    expect(set).toEqual({
      vendor: 'AURL',
      maintenance: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
    });
    await page.goto('/hot');
    const baccarat = gameTile(page, BACCARAT);
    await expect(baccarat.getByText('Maintenance', { exact: true })).toBeVisible();
    await baccarat.getByRole('button', { name: /^Play Imperial Baccarat/ }).click();
    const launch = page.getByRole('dialog', { name: 'Start Imperial Baccarat' });
    await expect(
      launch.getByRole('heading', { name: 'Imperial Baccarat is under maintenance' }),
    ).toBeVisible();
    await expect(launch.locator('[data-maintenance-window]')).toHaveText(
      `Maintenance runs from ${manilaTime(start)} to ${manilaTime(end)}.`,
    );
    const others = launch.getByRole('region', { name: 'Play one of these hot games meanwhile' });
    await expect.poll(() => tilesOf(others)).toEqual([SLOT, 'AURX.dice']);
    await expectNoAxeViolations(page);

    // A suggestion launches at once, in its own window.
    const slot = await playInWindow(
      context,
      gameTile(others, SLOT).getByRole('button', { name: /^Play Golden Dynasty/ }),
      '/play/slot',
    );
    await expect(playBalance(slot)).toHaveAttribute('data-balance', '$20.00');
    await expect(launch).toBeHidden();
    await slot.close();

    await photographLaunch(page, '/hot', BACCARAT, 'maintenance');
  } finally {
    await ops('vendor-maintenance', 'AURL', '--clear');
  }
});

test('without enough balance the launch offers a deposit, which opens the deposit page', async ({ page }) => {
  await registerMember(page, 'broke');
  await expectHeaderBalance(page, '$0.00');
  await page.goto('/rng');
  await gameTile(page, SLOT)
    .getByRole('button', { name: /^Play Golden Dynasty/ })
    .click();
  const launch = page.getByRole('dialog', { name: 'Start Golden Dynasty' });
  await expect(launch.getByRole('heading', { name: 'Your balance is not enough' })).toBeVisible();
  await expect(launch.getByText('Deposit to play Golden Dynasty. It only takes a moment.')).toBeVisible();
  // The window opened on the click closed again: nothing to play.
  await expect.poll(() => page.context().pages().length).toBe(1);
  await expectNoAxeViolations(page);

  await launch.getByRole('button', { name: 'Deposit now' }).click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await expect(centre.getByRole('tab', { name: 'Deposit', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(launch).toBeHidden();
  await expectNoAxeViolations(page);

  await photographLaunch(page, '/rng', SLOT, 'balance');
});
