import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectHeaderBalance, ownClientAddress, receiptPng, registerMember } from './support/cashier.ts';
import { ops } from './support/ops.ts';

/** Screenshots for a person to look at; test-results/ is not committed. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/promotions-${name}.png`, fullPage: true });

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test('a visitor sees the promotions in EN and CN, and acting asks to log in', async ({ page }) => {
  await page.goto('/promotions');
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('heading', { name: 'Daily Lucky Wheel: win up to $88' })).toBeVisible();
  await expect(page.locator('[data-promo="new-year-countdown"] [data-status]')).toHaveText('Coming soon');
  await expect(page.locator('[data-promo="autumn-cashback"] [data-status]')).toHaveText(
    'Registration closed',
  );
  await page.getByRole('tab', { name: 'VIP' }).click();
  await expect(page.locator('[data-promo]')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shot(page, 'visitor-en');

  await page.getByRole('tab', { name: 'All' }).click();
  await page.locator('[data-promo="app-gift"]').getByRole('button', { name: 'Claim reward' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.goto('/promotions?id=lucky-wheel');
  await expect(page.getByRole('heading', { name: '每日幸运转盘：最高赢 $88' })).toBeVisible();
  await expect(page.locator('[data-promo-detail] table')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'detail-cn');

  // A phone in the dark theme.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/promotions');
  await expect(page.locator('[data-promo="lucky-wheel"]')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'phone-dark-cn');
});

test('a member applies with images, the operator approves, the reward lands in the header balance', async ({
  page,
}) => {
  const member = await registerMember(page, 'promo');
  await expectHeaderBalance(page, '$0.00');
  await page.goto('/promotions?id=share-big-win');
  // The badge counts what the member can act on now.
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: /Promotions, \d+/ })
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Apply now' }).click();
  const form = page.getByRole('dialog', { name: /Apply: Share Your Big Win/ });
  await expect(form).toBeVisible();
  const remark = form.getByRole('textbox', { name: 'Remark' });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Please write a remark.')).toBeVisible();
  await remark.fill('A 120x win on Golden Dynasty, screenshots attached.');
  await expect(form.locator('[data-counter]')).toHaveText('51/140');

  const files = form.locator('input[type="file"]');
  await files.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(form.getByText('fake.png is not a png or jpg image.')).toBeVisible();
  await files.setInputFiles([
    { name: 'win-1.png', mimeType: 'image/png', buffer: receiptPng(120, 80) },
    { name: 'win-2.png', mimeType: 'image/png', buffer: receiptPng(90, 60) },
  ]);
  await expect(form.getByRole('img', { name: /Image \d/ })).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(form.getByRole('img', { name: /Image \d/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shot(page, 'apply-form');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('[data-promo-detail] [data-status]')).toHaveText('Applying');

  const pending = (await ops('promo-applications', '--status', 'PENDING')) as {
    id: number;
    account: string;
    imageKeys: string[];
  }[];
  const mine = pending.find((a) => a.account === member.username);
  expect(mine?.imageKeys).toHaveLength(1);
  const approved = (await ops('promo-approve', String(mine!.id))) as { status: string; amount: string };
  expect(approved).toMatchObject({ status: 'APPROVED', amount: '8.88' });

  await expectHeaderBalance(page, '$8.88');
  await page.goto('/promotions?tab=mine');
  const row = page.locator(`[data-application="${mine!.id}"]`);
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('Paid $8.88');
  await expectNoAxeViolations(page);
  await shot(page, 'applications');
});
