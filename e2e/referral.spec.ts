import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, registerMember } from './support/cashier.ts';

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

/**
 * Referral (issue 16): a member copies its referral link from the member centre, a friend
 * registers with it in another browser, and the member's referral page lists the friend — in EN
 * and CN, at 360 px, without an accessibility fault.
 */
test('a member shares its referral link, a friend registers with it, the page lists the friend (EN, CN)', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await registerMember(page, 'refer');
  const centre = await openMemberCentre(page, 'Referral');
  const referral = centre.locator('[data-page="referral"]');
  const link = await referral.locator('[data-referral-link]').getAttribute('data-referral-link');
  expect(link).toMatch(/\/register\?referralCode=[A-Z2-9]{8}$/);
  await referral.getByRole('button', { name: 'Copy link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(referral.getByText('No friends have registered with your link yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The friend opens the link in a browser of its own and registers.
  const friendContext = await browser.newContext();
  await ownClientAddress(friendContext);
  const friendPage = await friendContext.newPage();
  const url = new URL(link!);
  const friend = await registerMember(friendPage, 'friend', `${url.pathname}${url.search}`);
  await friendContext.close();

  await page.reload();
  const again = await openMemberCentre(page, 'Referral');
  const friends = again.getByRole('list', { name: 'Your friends' });
  await expect(friends.locator('li')).toHaveCount(1);
  await expect(friends).toContainText(friend.username.slice(0, 2));
  await expect(friends).toContainText('Registered');
  await expect(again.locator('[data-invitations]')).toHaveText('1');
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  const cn = await openMemberCentre(page, '推荐好友', { profile: '打开我的资料', centre: '会员中心' });
  const cnFriends = cn.getByRole('list', { name: '我的好友' });
  await expect(cnFriends.locator('li')).toHaveCount(1);
  await expect(cnFriends).toContainText('已注册');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
