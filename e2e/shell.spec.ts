import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { ops } from './support/ops.ts';

const MERCHANT = 'AURUM';

test.describe('the site shell', () => {
  test('home renders the branded shell with navigation from the server', async ({ page, request }) => {
    const menus = await (
      await request.get('/lgw/games/game_menus', { headers: { Merchant: MERCHANT } })
    ).json();
    expect(menus.success).toBe(true);
    await page.goto('/');
    await expect(page.locator('[data-layout="full"]')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Aurum');
    const nav = page.getByRole('navigation', { name: 'Game categories' });
    await expect(nav.getByRole('link').first()).toHaveAttribute('href', '/');
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const pathOf: Record<string, string> = {
      RNG: '/rng',
      FISH: '/fish',
      PVP: '/pvp',
      LIVE: '/live',
      LOTT: '/lott',
      ELOTT: '/elott',
      SPORTS: '/sports',
      ESPORTS: '/esports',
      COCKFIGHT: '/cockfight',
      INHOUSE: '/inHouse',
    };
    // Categories that do not fit in the bar are under its More menu (header.spec.ts checks widths).
    const more = nav.getByRole('button', { name: 'More categories' });
    if (await more.count()) {
      await more.click();
      const keys = await page
        .getByRole('menu', { name: 'More categories' })
        .getByRole('menuitem')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-key') ?? ''));
      hrefs.push(...keys.map((k) => pathOf[k] ?? k));
      await page.keyboard.press('Escape');
    }
    for (const menu of menus.value as { title: string }[]) expect(hrefs).toContain(pathOf[menu.title]);
    await expectNoAxeViolations(page);
  });

  test('switching language changes the text and persists in lang and hisLang', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('navigation', { name: '游戏分类' })).toBeVisible();
    const stored = await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]);
    expect(stored).toEqual(['CN', 'CN']);
    await page.reload();
    await expect(page.locator('[data-layout="full"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expectNoAxeViolations(page);
  });

  test('the theme toggles and persists', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('[data-layout="full"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectNoAxeViolations(page);
  });

  test('a category page lists that category’s vendors', async ({ page }) => {
    await page.goto('/live');
    await expect(page.locator('[data-layout="header-footer"]')).toBeVisible();
    await expect(page.getByText('Aurum Live').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('every route lands on its layout', () => {
  const layouts: Record<string, string[]> = {
    full: ['/', '/index', '/index.html', '/home', '/promotions', '/pointMall'],
    'header-footer': ['/live', '/fish', '/pvp', '/sports', '/esports', '/lott', '/elott', '/hot', '/inHouse'],
    'header-only': [
      '/changePassword',
      '/join',
      '/rng',
      '/lottery?gameCode=VNL',
      '/seamless',
      '/gameListCenter/aur/rng',
    ],
    'header-side': ['/seaLottery?gameCode=SEA', '/vnLottery?gameCode=VNL'],
    bare: ['/sponsor1', '/sponsor2', '/sponsor3'],
  };
  for (const [layout, paths] of Object.entries(layouts)) {
    for (const path of paths) {
      test(`${path} → ${layout}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
        await expect(page.locator('[data-layout]')).toHaveCount(1);
      });
    }
  }
});

test.describe('route-driven modals', () => {
  test('/login redirects home with the login modal open', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /user ?name/i })).toBeVisible();
    await expect(page.locator('[data-layout="full"]')).toBeVisible();
  });

  test('/help opens the help centre and closing returns to /', async ({ page }) => {
    await page.goto('/help');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('operator switches', () => {
  test.afterEach(async () => {
    await ops('maintenance', 'off');
    await ops('region', 'off');
    await ops('region', 'ranges', 'none');
  });

  test('maintenance shows its page with the end time, and off brings the site back', async ({ page }) => {
    await ops('maintenance', 'on', '--end', '2030-06-01T08:30:00Z');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'System maintenance' })).toBeVisible();
    await expect(page.locator('[data-maintenance-end]')).toHaveAttribute(
      'data-maintenance-end',
      String(Date.parse('2030-06-01T08:30:00Z')),
    );
    await expectNoAxeViolations(page);
    await ops('maintenance', 'off');
    await page.reload();
    await expect(page.locator('[data-layout="full"]')).toBeVisible();
  });

  test('region restriction shows the blocked page with the visitor IP', async ({ page }) => {
    await ops('region', 'ranges', '127.0.0.0/8,::1');
    await ops('region', 'on');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Access restricted in your region' })).toBeVisible();
    await expect(page.getByText(/127\.0\.0\.1/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
