import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { newOperator } from './support/console.ts';
import { ops } from './support/ops.ts';

/** Screenshots for a person to look at; test-results/ is not committed. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/console-${name}.png`, fullPage: true });

const SLIDE = `e2e-${Date.now().toString(36)}`;

// The slide the journey publishes is removed again whatever happens (the other journeys count slides).
test.afterAll(async () => {
  await ops('content', 'banner-remove', 'promotions', SLIDE).catch(() => undefined);
});

test('a content operator publishes a banner and the player site shows it at once', async ({
  browser,
  page: player,
}) => {
  test.setTimeout(120_000);
  await player.goto('/promotions');
  const banner = player.locator('[data-banner="promotions"]');
  await expect(banner).toContainText('Bonuses, rebates and rewards for members.');
  await expect(banner).not.toContainText('Spring festival');

  const { name, page: desk } = await newOperator(browser, 'cnt', 'content');
  await desk
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await desk.getByRole('tab', { name: 'Banners' }).click();
  await desk.getByLabel('Banner group').selectOption('promotions');
  await expect(desk.getByRole('cell', { name: 'promo-main', exact: true })).toBeVisible();

  const form = desk.getByRole('form', { name: 'New slide in Promotions' });
  await form.getByLabel(/^Id/).fill(SLIDE);
  await form.getByLabel('Place in the group').selectOption('first');
  await form.getByLabel('Media library').selectOption('/media/banners/live.svg');
  await form.getByLabel('Title (English)', { exact: true }).fill('Spring festival');
  await form.getByLabel('Title (Chinese)', { exact: true }).fill('春节活动');
  await form.getByLabel('Text (English)', { exact: true }).fill('Red envelopes every day.');
  await form.getByLabel('Text (Chinese)', { exact: true }).fill('每天都有红包。');
  await form.getByLabel('Button text (English)').fill('See the offer');
  await form.getByLabel('Leads to').selectOption('INTERNAL');
  await form.getByLabel('Page path (like /live)').fill('/promotions');
  // The live preview shows the slide as the site will, with its image.
  const preview = form.getByTestId('slide-preview');
  await expect(preview).toContainText('Spring festival');
  await expect(preview.getByRole('img')).toHaveAttribute('src', '/media/banners/live.svg');
  await expectNoAxeViolations(desk);
  await shot(desk, 'content-banner-en');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(desk.getByRole('status')).toHaveText(`${SLIDE} is live.`);
  await expect(desk.getByRole('cell', { name: SLIDE, exact: true })).toBeVisible();

  // The player's next page load shows it, first in its group, with no restart.
  await player.reload();
  // The slide in view (a looping carousel also holds hidden copies of its ends).
  const shown = banner.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  await expect(shown).toContainText('Spring festival');
  await expect(banner.getByRole('link', { name: /See the offer/ })).toBeVisible();
  await player.evaluate(() => localStorage.setItem('lang', 'CN'));
  await player.reload();
  await expect(shown).toContainText('春节活动');

  // Recorded under the operator's name, with the slide as it became.
  const audit = (await ops('audit', '--action', 'content', '--by', name)) as {
    detail: Record<string, unknown>;
  }[];
  expect(audit).toHaveLength(1);
  expect(audit[0]?.detail).toMatchObject({ action: 'banner', group: 'promotions', id: SLIDE });
});
