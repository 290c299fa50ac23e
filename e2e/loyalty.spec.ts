import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, registerMember } from './support/cashier.ts';
import { ops } from './support/ops.ts';

/**
 * Loyalty, step 1 (issue 16): the header's VIP label and the VIP bonus entry appear with a VIP
 * level; the playerRank and rebate pages of the member centre, in EN and CN, at 360 px, without
 * an accessibility fault.
 */
test('a member set to VIP1 sees the label, the VIP bonus entry and page, and the rebate page (EN, CN, 360 px)', async ({
  page,
}) => {
  const member = await registerMember(page, 'vip');
  await page.getByTestId('member-menu').click();
  await expect(page.getByRole('menuitem', { name: 'VIP bonus' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.locator('header [data-vip-label]')).toHaveCount(0);

  const set = (await ops('vip', 'set', member.username, '1', '--reason', 'e2e')) as { to: number };
  expect(set.to).toBe(1);
  await page.reload();
  await expect(page.locator('header [data-vip-label]')).toHaveText('VIP1');

  await page.getByTestId('member-menu').click();
  await page.getByRole('menuitem', { name: 'VIP bonus' }).click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  const rank = centre.locator('[data-page="playerRank"]');
  await expect(rank.locator('[data-vip-level]')).toHaveText('VIP1');
  await expect(rank.getByText('Progress to VIP2')).toBeVisible();
  await expect(rank.getByRole('progressbar', { name: 'Total deposits' })).toBeVisible();
  await expect(rank.locator('[data-level]')).toHaveCount(6);
  await expectNoAxeViolations(page);

  await centre.getByRole('tab', { name: 'Rebate', exact: true }).click();
  const rebate = centre.locator('[data-page="rebate"]');
  await expect(rebate.getByText('Your rates are those of VIP1.')).toBeVisible();
  await expect(rebate.getByRole('button', { name: 'Nothing to claim yet' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  const cn = await openMemberCentre(page, 'VIP 福利', { profile: '打开我的资料', centre: '会员中心' });
  await expect(cn.locator('[data-page="playerRank"]').getByText('距离 VIP2 的进度')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  await cn.getByRole('tab', { name: '返水', exact: true }).click();
  await expect(cn.locator('[data-page="rebate"]').getByText('暂无返水：注单结算后即时累积。')).toBeVisible();
  await expectNoAxeViolations(page);
});
