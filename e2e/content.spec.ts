import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { ownClientAddress, registerMember } from './support/cashier.ts';
import { ops } from './support/ops.ts';

/** Content the journeys add as the operator would; removed again whatever happens. */
const ADDED = ['e2e-popup-visitor', 'e2e-popup-member', 'e2e-notice'];

test.afterAll(async () => {
  for (const id of ADDED) await ops('content', 'remove', id).catch(() => undefined);
});

const carousel = (page: Page) => page.locator('[data-banner="w_home"]');
const activeDot = (page: Page) => carousel(page).locator('button[aria-current="true"]');

test.describe('site content', () => {
  test('the home banner autoplays, loops and a slide follows its link', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(carousel(page)).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: /Go to slide/ })).toHaveCount(3);
    await expect(activeDot(page)).toHaveAccessibleName('Go to slide 1');
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect(activeDot(page)).toHaveAccessibleName('Go to slide 2');
    await page.clock.runFor(6_000);
    await expect(activeDot(page)).toHaveAccessibleName('Go to slide 3');
    // From the last slide it runs on to the first (the loop), not backwards.
    await page.clock.runFor(6_000);
    await expect(activeDot(page)).toHaveAccessibleName('Go to slide 1');
    await expectNoAxeViolations(page);
    // A click anywhere on the slide follows its INTERNAL link.
    await carousel(page).getByRole('link', { name: 'See promotions' }).click();
    await expect(page).toHaveURL(/\/promotions$/);
  });

  test('the marquee opens a notice with its date, in EN and CN', async ({ page }) => {
    await page.goto('/');
    const marquee = page.locator('[data-notice-marquee]');
    // The marquee moves: reach its title by keyboard (hover pauses it for pointer users).
    await marquee.getByRole('button', { name: 'Scheduled maintenance on 30 November' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Scheduled maintenance on 30 November' });
    await expect(dialog).toContainText('2026-11-20');
    await expect(dialog).toContainText('Balances are not affected');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('lang', 'CN'));
    await page.reload();
    await marquee.getByRole('button', { name: '保护您的账户安全' }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: '保护您的账户安全' })).toContainText('2026-11-12');
    await expect(carousel(page)).toContainText('欢迎来到 Aurum');
  });

  test('the operator adds content without a restart; popups show once per session to their audience', async ({
    page,
  }) => {
    await ownClientAddress(page);
    await ops('content', 'notice', 'e2e-notice', '--title', 'Operator notice', '--text', 'Added by ops.');
    await ops(
      'content',
      'announce',
      'e2e-popup-visitor',
      'PU',
      'B',
      '--title',
      'Visitor news',
      '--text',
      '<p>For <strong>visitors</strong> <a href="javascript:window.pwned=1" onmouseover="window.pwned=1">more</a></p>',
    );

    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Announcements' });
    await expect(popup).toContainText('Visitor news');
    await expect(popup.locator('strong')).toHaveText('visitors');
    await popup.getByText('more').hover();
    expect(await popup.getByText('more').getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Close' }).last().click();
    await expect(popup).toBeHidden();
    await expect(
      page.locator('[data-notice-marquee]').getByRole('button', { name: 'Operator notice' }).first(),
    ).toBeAttached();
    // Closed for this session: a reload does not bring it back.
    await page.reload();
    await expect(page.locator('[data-notice-marquee]')).toBeVisible();
    await expect(popup).toHaveCount(0);
    await ops('content', 'remove', 'e2e-popup-visitor');

    // A member on the first login sees the first-login (F) popup: not the other members' (A), never the visitors'.
    await registerMember(page, 'cnt');
    await ops(
      'content',
      'announce',
      'e2e-popup-member',
      'PU',
      'A',
      '--title',
      'Member news',
      '--text',
      '<p>Hello member</p>',
    );
    await ops(
      'content',
      'announce',
      'e2e-popup-first',
      'PU',
      'F',
      '--title',
      'Welcome news',
      '--text',
      '<p>Welcome aboard</p>',
    );
    await page.goto('/');
    await expect(popup).toContainText('Welcome news');
    await expect(popup).not.toContainText('Member news');
    await expect(popup).not.toContainText('Visitor news');
    await popup.getByRole('button', { name: 'Close' }).last().click();
    await page.reload();
    await expect(page.locator('[data-notice-marquee]')).toBeVisible();
    await expect(popup).toHaveCount(0);
    await ops('content', 'remove', 'e2e-popup-member');
    await ops('content', 'remove', 'e2e-popup-first');
  });

  test('category pages, the help centre and the forgot-password popup show their banners', async ({
    page,
  }) => {
    await page.goto('/live');
    await expect(page.locator('[data-banner="live"]')).toContainText('Live casino');
    await page.goto('/help');
    const help = page.getByRole('dialog', { name: 'Help centre' });
    await expect(help.locator('[data-banner="help"]')).toBeVisible();
    await help.getByRole('tab', { name: 'Withdrawals' }).click();
    await help.getByText('How do I withdraw?').click();
    await expect(help).toContainText('withdrawal password');
    await help.getByRole('searchbox').fill('receipt');
    await expect(help.getByText('How do I deposit?')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/forgotPassword');
    await expect(page.getByRole('dialog').locator('[data-banner="w_forget"]')).toBeVisible();
  });
});
