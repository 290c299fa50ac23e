import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { credit, expectHeaderBalance, ownClientAddress, registerMember } from './support/cashier.ts';
import { CspWatch } from './support/csp.ts';
import { photograph, showSiteIn } from './support/games.ts';

/**
 * The in-house lottery (issue 14): a member opens /vnLottery, picks the 45-second Miền Bắc game,
 * bets on Đề, finds the ticket in My bets, and waits for the draw: the result arrives, and the
 * ticket settles as the rules say (Đề wins on the last two digits of ĐB). The draw history's
 * Verify link opens the public verifier, which recomputes that draw in the browser and finds it
 * the published one (also in Chinese). A two-issue chase is placed from the slip and its second
 * issue cancelled from My chases. The page is
 * photographed at 360 px and on a desktop, in English and Chinese, dark and light
 * (/tmp/lottery-shots/).
 */

const SHOTS = '/tmp/lottery-shots';
const GAME = 'vnmb45s';
const PICK = '63';

/** Seconds left on the page's countdown to the sale close, or 0 between issues. */
async function secondsLeft(page: Page): Promise<number> {
  const text =
    (await page
      .locator('[data-countdown]')
      .textContent({ timeout: 1_000 })
      .catch(() => null)) ?? '';
  const m = /^(\d+):(\d\d)$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/**
 * Axe once the header's balance has stopped showing which way it moved (its colour fades back
 * after a stake or a payout; a contrast check mid-fade measures a blend no one reads).
 */
async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('header [data-trend]')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

/** Picks Đề and the number on the play area of the game shown. */
async function pickDe(page: Page): Promise<void> {
  const play = page.getByRole('region', { name: /Place a bet|投注/ });
  await play.getByRole('tab', { name: /^Đề/ }).click();
  await play.getByRole('button', { name: PICK, exact: true }).click();
}

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test('a member bets on a VN fast game, sees the ticket in My bets, and the draw settles it', async ({
  page,
  context,
}) => {
  // A registration, one 45-second issue to its draw, the verifier, a chase, and eight photographs.
  test.setTimeout(240_000);
  // The whole page (countdowns, grids, the slip) runs under the site's CSP.
  const csp = await CspWatch.start(context);
  const member = await registerMember(page, 'lotto');
  await credit(member.username, '100.00');
  await expectHeaderBalance(page, '$100.00');

  await page.goto('/vnLottery');
  const games = page.getByRole('navigation', { name: 'Lottery games' });
  await expect(games.getByRole('heading', { name: 'Vietnam North' })).toBeVisible();
  await expect(games.getByRole('link', { name: 'SSC 1 min' })).toHaveCount(0);
  await games.getByRole('link', { name: 'VN North Fast 45s' }).click();
  await expect(page).toHaveURL(new RegExp(`/vnLottery\\?gameCode=${GAME}$`));
  await expect(page.getByRole('heading', { name: 'VN North Fast 45s' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Bet with time to spare: an issue just about to close is left to close first.
  await expect.poll(() => secondsLeft(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(15);
  const issueNo = ((await page.locator('[data-issue]').getAttribute('data-issue')) ?? '').trim();
  expect(issueNo).toMatch(/^\d{8}-\d{4}$/);
  await pickDe(page);
  const play = page.getByRole('region', { name: 'Place a bet' });
  const amount = play.getByRole('textbox', { name: /Amount per bet/ });
  await amount.fill('1');
  await expect(play.locator('[data-total="bets"]')).toHaveText('1');
  await expect(play.locator('[data-total="stake"]')).toHaveText('$1.00');
  // Đề pays 1 ăn 99 on the demo board.
  await expect(play.locator('[data-total="prize"]')).toHaveText('$99.00');
  await play.getByRole('button', { name: 'Add to slip' }).click();
  const slip = page.getByRole('complementary', { name: 'Bet slip' });
  await expect(slip.locator('[data-slip-item="vn.de"]')).toContainText(PICK);
  await slip.getByRole('button', { name: 'Place bets' }).click();
  await expect(slip.getByRole('status')).toHaveText(`Placed on issue ${issueNo}. Tickets: 1.`);
  await expectHeaderBalance(page, '$99.00');

  // My bets: the ticket, pending on the issue.
  const mine = page.getByRole('region', { name: 'My bets' });
  const row = mine.locator('tr[data-ticket]').first();
  await expect(row).toContainText(issueNo);
  await expect(row).toContainText(`Đề${PICK}`);
  await expect(row.locator('[data-ticket-status]')).toHaveAttribute('data-ticket-status', 'pending');
  await expectAccessible(page);

  // The sale closes, the draw arrives in the results, and the ticket settles by the rules.
  await expect(page.locator('[data-drawing]')).toBeVisible({ timeout: 60_000 });
  const drawn = page.locator(`[data-result="${issueNo}"]`);
  await expect(drawn).toBeVisible({ timeout: 60_000 });
  const special = (await drawn.locator('[data-draw="vn"] dd').first().textContent())?.trim() ?? '';
  expect(special).toMatch(/^\d{5}$/);
  const won = special.endsWith(PICK);
  await expect(row.locator('[data-ticket-status]')).toHaveAttribute(
    'data-ticket-status',
    won ? 'won' : 'lost',
    {
      timeout: 30_000,
    },
  );
  await expect(row).toContainText(won ? '$99.00' : '$0.00');
  await expectHeaderBalance(page, won ? '$198.00' : '$99.00');
  // The next issue is on sale again.
  await expect(page.locator('[data-countdown]')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  // The draw history: the issue with its commitment and seed; Verify recomputes it in the browser.
  const afterDraw = won ? 198 : 99;
  await page.getByRole('tab', { name: 'Draw history' }).click();
  const history = page.getByRole('region', { name: 'Draw history' });
  const past = history.locator(`tr[data-draw-issue="${issueNo}"]`);
  await expect(past.locator(`[data-seed="${issueNo}"]`)).toHaveText(/^[0-9a-f]{64}$/);
  await past.getByRole('link', { name: `Verify issue ${issueNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/lotteryVerify\\?gameCode=${GAME}&issueNo=${issueNo}$`));
  const outcome = page.locator('[data-verify-outcome]');
  await expect(outcome.locator('[data-commitment-check]')).toHaveAttribute('data-commitment-check', 'match');
  await expect(outcome.locator('[data-published-check]')).toHaveAttribute('data-published-check', 'match');
  await expect(outcome.locator('[data-draw="vn"] dd').first()).toHaveText(special);
  await expectAccessible(page);
  // The verifier in Chinese, then back to English.
  await showSiteIn(page, 'cn', page.url());
  await expect(page.getByRole('heading', { level: 1, name: '验证彩票开奖' })).toBeVisible();
  await expect(page.getByText('与本站公布的该期结果一致。')).toBeVisible();
  await showSiteIn(page, 'en', `/vnLottery?gameCode=${GAME}`);

  // A chase of two issues from the slip, and its second issue cancelled from My chases.
  await expect.poll(() => secondsLeft(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(15);
  await pickDe(page);
  await play.getByRole('textbox', { name: /Amount per bet/ }).fill('1');
  await play.getByRole('button', { name: 'Add to slip' }).click();
  await slip.getByRole('button', { name: 'Chase', exact: true }).click();
  const chaseForm = slip.getByRole('region', { name: 'Chase over coming issues' });
  await chaseForm.getByRole('textbox', { name: /Issues to chase/ }).fill('2');
  await expect(chaseForm.locator('[data-chase-total="stake"]')).toHaveText('$2.00');
  const second =
    (await chaseForm.locator('[data-chase-issue]').nth(1).getAttribute('data-chase-issue')) ?? '';
  await chaseForm.getByRole('button', { name: 'Start chase' }).click();
  await expect(slip.getByRole('status')).toHaveText(/^Chase started: 2 issues from issue \d{8}-\d{4}\.$/);
  await expectHeaderBalance(page, `$${afterDraw - 2}.00`);
  const chases = page.getByRole('region', { name: 'My chases' });
  const card = chases.locator('[data-chase]').first();
  await card.getByRole('button', { name: 'Show issues' }).click();
  await card.getByRole('button', { name: `Cancel issue ${second}` }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel issue ${second}?` });
  await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(card.getByRole('status')).toHaveText('Issues refunded: 1.');
  await expect(card.locator(`[data-chase-ticket="${second}"] [data-ticket-status]`)).toHaveAttribute(
    'data-ticket-status',
    'cancelled',
  );
  await expectHeaderBalance(page, `$${afterDraw - 1}.00`);
  await expectAccessible(page);
  csp.expectNone();

  // Photographs: the page with picks, on a desktop and at 360 px (the slip a bar at the bottom).
  for (const [view, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 360, height: 780 }],
  ] as const) {
    await page.setViewportSize(size);
    await photograph(page, SHOTS, async (lang, snap) => {
      await showSiteIn(page, lang, `/vnLottery?gameCode=${GAME}`);
      await expect(page.locator(`[data-lottery-view="${GAME}"]`)).toBeVisible();
      await pickDe(page);
      await snap(`lottery-${view}`, { fullPage: view === 'desktop' });
    });
  }
});
