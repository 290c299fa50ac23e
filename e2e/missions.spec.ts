import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, registerMember } from './support/cashier.ts';

/**
 * Missions (issue 16): the member centre's missions page with its milestones and countdowns and
 * the leaderboard tab, then the winners list and leaderboard screens, in EN and CN, at 360 px,
 * without an accessibility fault.
 */
test('a member sees the missions, their leaderboard and the winners list (EN, CN, 360 px)', async ({
  page,
}) => {
  await registerMember(page, 'mission');
  const centre = await openMemberCentre(page, 'Missions');
  const missions = centre.locator('[data-page="missionLeaderboard"]');
  const daily = missions.locator('[data-mission="daily-bet"]');
  await expect(daily.getByRole('heading', { name: 'Daily turnover' })).toBeVisible();
  await expect(daily.locator('[data-milestone]')).toHaveCount(3);
  await expect(daily.getByText(/Resets in \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(missions.getByRole('button', { name: 'Nothing to claim yet' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await missions.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(missions.getByText('You are not ranked yet: play to join the board.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  const cn = await openMemberCentre(page, '任务', { profile: '打开我的资料', centre: '会员中心' });
  await expect(
    cn.locator('[data-mission="daily-bet"]').getByRole('heading', { name: '每日流水' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await page.goto('/winners');
  await expect(page.getByRole('heading', { name: '中奖名单', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '类别' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: '排行榜', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '任务' })).toBeVisible();
  await expectNoAxeViolations(page);
});
