import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  credit,
  expectHeaderBalance,
  openMemberCentre,
  registerMember,
  setWithdrawPassword,
} from './support/cashier.ts';
import { ops } from './support/ops.ts';

const PIN = '246810';

/**
 * The points mall (issue 16, PTSYS3): a member buys points with cash, redeems an item with the
 * payment password, the operator approves it and the redeem history shows it; EN, then CN at
 * 360 px, without an accessibility fault.
 */
test('a member buys points, redeems an item, the operator approves it (EN, CN, 360 px)', async ({ page }) => {
  const member = await registerMember(page, 'pts');
  await credit(member.username, '100.00');
  const centre = await openMemberCentre(page, 'Security centre');
  await setWithdrawPassword(centre.locator('[data-security="payment-password"]'), member.password, PIN);
  await page.keyboard.press('Escape');
  await expect(centre).toHaveCount(0);

  await page.goto('/pointMall');
  const mall = page.locator('[data-page="pointMall"]');
  await expect(mall.locator('[data-points]')).toHaveText('0');
  await expect(mall.locator('[data-item="cap"]')).toBeVisible();
  await expectNoAxeViolations(page);

  await mall.getByRole('tab', { name: 'Buy points' }).click();
  await mall.getByRole('textbox', { name: 'Amount' }).fill('50');
  await expect(mall.getByText('You get 500 points')).toBeVisible();
  await mall.getByLabel('Withdraw password', { exact: true }).fill(PIN);
  await mall.getByRole('button', { name: 'Buy points' }).click();
  await expect(mall.getByText('Added 500 points for $50.00.')).toBeVisible();
  await expect(mall.locator('[data-points]')).toHaveText('500');
  // The header's balance counts down to the new figure and shows the fall a moment: checked once done.
  await expectHeaderBalance(page, '$50.00');
  await expect(page.locator('header [data-trend]')).toHaveCount(0);

  await mall.getByRole('tab', { name: 'Rewards' }).click();
  await mall.locator('[data-item="cap"]').getByRole('button', { name: 'Redeem' }).click();
  const form = mall.locator('[data-redeem="cap"]');
  await form.getByRole('textbox', { name: 'Recipient name' }).fill('E2E Member');
  await form.getByRole('textbox', { name: 'Delivery address' }).fill('1 Test Road, Makati');
  await form.getByRole('textbox', { name: 'Mobile number' }).fill('09171234567');
  await form.getByLabel('Withdraw password', { exact: true }).fill(PIN);
  // Checked at the top of the page: scrolled, the header's balance sits over the mall's figures.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Redeem' }).click();
  const done = mall.getByText(/Redemption PR[0-9A-F]{10} is in process/);
  await expect(done).toBeVisible();
  const ref = /PR[0-9A-F]{10}/.exec((await done.textContent()) ?? '')![0];
  await expect(mall.locator('[data-points]')).toHaveText('0');

  const approved = (await ops('points', 'approve', ref, '--reason', 'e2e')) as { status: string };
  expect(approved.status).toBe('approved');
  await mall.getByRole('tab', { name: 'Redeem history' }).click();
  await expect(mall.locator(`[data-redemption="${ref}"]`)).toHaveAttribute('data-status', 'approved');
  await expect(mall.locator(`[data-redemption="${ref}"]`).getByText('Approved')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  await expect(mall.getByText('当前积分')).toBeVisible();
  await mall.getByRole('tab', { name: '积分明细' }).click();
  await expect(mall.locator('[data-detail="redeem"]')).toBeVisible();
  await expect(mall.locator('[data-detail="convert"]')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
