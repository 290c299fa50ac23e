import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { credit, expectHeaderBalance, openMemberCentre, registerMember } from './support/cashier.ts';

/**
 * Wagering (issue 16): a promotion's bonus carries its turnover requirement; the withdraw page
 * says what remains and leads to the bonus details, where the member forfeits the bonus (asked
 * first): the bonus leaves, the deposit stays, the withdrawal is free. The personal profit page
 * shows the period's figures. EN, then CN at 360 px, without an accessibility fault.
 */
test('a bonus holds back the withdrawal until forfeited; bonus details and personal profit (EN, CN, 360 px)', async ({
  page,
}) => {
  const member = await registerMember(page, 'wg');
  await credit(member.username, '500.00');
  await page.goto('/promotions');
  // The demo's app gift: 5.00 at 10x the bonus (config/loyalty.json).
  await page.locator('[data-promo="app-gift"]').getByRole('button', { name: 'Claim reward' }).click();
  await expectHeaderBalance(page, '$505.00');

  const centre = await openMemberCentre(page, 'Withdraw');
  const note = centre.locator('[data-note="wagering"]');
  await expect(note).toContainText('$50.00 of bonus turnover remains.');
  await note.getByRole('button', { name: 'Bonus details' }).click();
  const details = centre.locator('[data-page="bonusDetails"]');
  const bonus = details.locator('[data-bonus]');
  await expect(bonus).toHaveAttribute('data-status', 'open');
  await expect(bonus.locator('[data-progress]')).toHaveText('$0.00 of $50.00');
  await expect(bonus).toContainText('10× the bonus');
  await expectNoAxeViolations(page);

  await bonus.getByRole('button', { name: 'Forfeit bonus' }).click();
  const ask = page.getByRole('dialog', { name: 'Forfeit this bonus?' });
  await expect(ask).toContainText('Your deposit stays.');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Forfeit', exact: true }).click();
  await expect(bonus).toHaveAttribute('data-status', 'forfeited');
  await expect(details.getByText('No bonus is waiting for turnover: withdrawals are open.')).toBeVisible();
  await expectHeaderBalance(page, '$500.00');

  await centre.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  await expect(centre.locator('[data-cashier-page="withdraw"]')).toBeVisible();
  await expect(centre.locator('[data-note="wagering"]')).toHaveCount(0);

  await centre.getByRole('tab', { name: 'Personal profit', exact: true }).click();
  const profit = centre.locator('[data-page="personalProfit"]');
  await expect(profit.getByText('No settled bets in this period.')).toBeVisible();
  await expect(profit.locator('[data-total]')).toHaveText('$0.00');
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  const cn = await openMemberCentre(page, '红利详情', { profile: '打开我的资料', centre: '会员中心' });
  await expect(cn.locator('[data-bonus]')).toContainText('已放弃');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await cn.getByRole('tab', { name: '个人盈亏', exact: true }).click();
  await expect(
    cn.locator('[data-page="personalProfit"]').getByText('此期间没有已结算的投注。'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
