import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { credit, openMemberCentre, registerMember } from './support/cashier.ts';

/**
 * Blog, news and the statement (issue 13): a member reads a blog post, then downloads the credit
 * report as CSV; in EN at desktop width and in CN on a phone, without an accessibility fault.
 */
async function downloadCsv(page: Page, centre: ReturnType<Page['locator']>, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    centre.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-.+\.csv$/);
  return readFile((await download.path())!, 'utf8');
}

test('a member reads a blog post and downloads the statement (EN desktop, CN phone)', async ({ page }) => {
  const member = await registerMember(page, 'stmt');
  await credit(member.username, '25.00');

  await page.goto('/blog');
  await page.getByRole('link', { name: 'How to verify a lottery draw yourself' }).click();
  await expect(page).toHaveURL(/\/blog\/how-to-verify-a-lottery-draw$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How to verify a lottery draw yourself' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy the link to this article' })).toBeVisible();
  await expectNoAxeViolations(page);

  const centre = await openMemberCentre(page, 'Credit report');
  const main = centre.locator('[data-page="creditReport"] [data-wallet="MAIN"]');
  await expect(main.locator('[data-closing]')).toContainText('25.00');
  await expectNoAxeViolations(page);
  const csv = await downloadCsv(page, centre, 'Download CSV');
  expect(csv).toContain('Main wallet');
  expect(csv).toContain('Adjustment');

  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.goto('/news');
  await page.getByRole('link', { name: '新功能：对账单可下载为 CSV 或 PDF' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: '新功能：对账单可下载为 CSV 或 PDF' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
  const cn = await openMemberCentre(page, '信用报表', { profile: '打开我的资料', centre: '会员中心' });
  await expect(cn.locator('[data-page="creditReport"] [data-wallet="MAIN"]')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await downloadCsv(page, cn, '下载 CSV')).toContain('主钱包');
});
