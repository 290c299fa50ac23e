import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectSignedIn, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** The widths the header is checked at: phones, tablet, laptops, a wide desktop. */
const WIDTHS = [360, 390, 768, 1024, 1280, 1440, 1920];

/** Home first, then every category the server lists with vendors, in its order. */
async function expectedCategories(page: Page): Promise<string[]> {
  const res = await page.request.get('/lgw/games/game_menus', { headers: { Merchant: 'AURUM' } });
  const menus = (await res.json()).value as { title: string; vendors: unknown[] }[];
  const titles = menus.filter((m) => m.vendors.length > 0).map((m) => m.title);
  return ['HOME', ...new Set(titles)];
}

/** The element is shown and lies wholly inside the window (not cut off, not pushed past an edge). */
async function expectInView(page: Page, locator: Locator, what: string, timeout?: number) {
  await expect(locator, what).toBeVisible({ timeout });
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(width + 0.5);
}

/**
 * Every category is either a link in view in the bar or an item of the labelled More menu; none is
 * dropped, none is cut off; the header itself never overflows the window.
 *
 * Retried as a whole until the bar has settled after a resize: each check inside waits only
 * briefly (STEP), so a pass that read the bar just before it re-split (the More button listed,
 * then gone) fails fast and the next pass reads the new bar, instead of one check waiting out the
 * whole budget.
 */
async function expectEveryCategoryReachable(page: Page, expected: string[]) {
  const STEP = 1_000;
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Game categories' });
  const menu = page.getByRole('menu', { name: 'More categories' });
  // toPass reports only that its time ran out: keep the last pass's failure to report instead.
  let lastFailure: unknown;
  const pass = async () => {
    // A pass that failed with the menu open leaves it open: close it first.
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    const overflow = await header.evaluate((h) => {
      const inner = h.firstElementChild as HTMLElement;
      return inner.scrollWidth - inner.clientWidth;
    });
    expect(overflow, 'the header overflows').toBeLessThanOrEqual(0);
    const navBox = (await nav.boundingBox())!;
    const links = nav.locator('a[data-category]');
    const inBar = await links.evaluateAll((as) => as.map((a) => a.getAttribute('data-category') ?? ''));
    for (const [i, key] of inBar.entries()) {
      const box = (await links.nth(i).boundingBox())!;
      expect(box.x + box.width, `${key} is cut off by the bar`).toBeLessThanOrEqual(
        navBox.x + navBox.width + 0.5,
      );
      await expectInView(page, links.nth(i), key, STEP);
    }
    const more = nav.getByRole('button', { name: 'More categories' });
    let inMore: string[] = [];
    if (inBar.length < expected.length) {
      await expectInView(page, more, 'More', STEP);
      await expect(more).toHaveAttribute('aria-haspopup', 'menu', { timeout: STEP });
      await more.click({ timeout: STEP });
      await expect(menu).toBeVisible({ timeout: STEP });
      const items = menu.getByRole('menuitem');
      inMore = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''));
      for (const [i, key] of inMore.entries()) await expectInView(page, items.nth(i), `${key} in More`, STEP);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden({ timeout: STEP });
    } else {
      await expect(more).toHaveCount(0, { timeout: STEP });
    }
    expect([...inBar, ...inMore]).toEqual(expected);
  };
  await expect(async () => {
    try {
      await pass();
    } catch (e) {
      lastFailure = e;
      throw e;
    }
  })
    .toPass({ timeout: 20_000 })
    .catch((timedOut) => {
      throw lastFailure ?? timedOut;
    });
}

test.describe('the header at every width', () => {
  test('a visitor sees every category or the More menu, and Log in and Register', async ({ page }) => {
    await page.goto('/');
    const expected = await expectedCategories(page);
    const header = page.getByRole('banner');
    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await expectEveryCategoryReachable(page, expected);
        await expectInView(page, header.getByRole('button', { name: 'Log in' }), 'Log in');
        await expectInView(page, header.getByRole('button', { name: 'Register' }), 'Register');
        await expectNoAxeViolations(page, 'header[data-shell="header"]');
      });
    }
  });

  test('a member sees avatar, balance and Deposit at every width, and every category', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto('/');
    const expected = await expectedCategories(page);
    await logInWithPassword(page, 'demo', 'Demo1234');
    await expectSignedIn(page, 'demo');
    const header = page.getByRole('banner');
    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await expectEveryCategoryReachable(page, expected);
        await expectInView(page, header.getByRole('button', { name: 'Open my profile' }), 'avatar');
        await expectInView(page, header.locator('[data-balance-amount]'), 'balance');
        await expectInView(page, header.locator('[data-action="deposit"]'), 'Deposit');
        await expectNoAxeViolations(page, 'header[data-shell="header"]');
      });
    }
    // The More menu, open, passes axe too.
    await page.setViewportSize({ width: 390, height: 800 });
    await header.getByRole('button', { name: 'More categories' }).click();
    await expect(page.getByRole('menu', { name: 'More categories' })).toBeVisible();
    await expectNoAxeViolations(page, 'header[data-shell="header"]');
    await page.keyboard.press('Escape');
    // On the narrowest phone, log-out (not in the bar there) is in the drawer, in view.
    await page.setViewportSize({ width: 360, height: 800 });
    await header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    // (once the drawer has slid in)
    const logOut = drawer.getByRole('button', { name: 'Log out' });
    await expect(async () => {
      await expectInView(page, logOut, 'Log out in the drawer');
      const inner = (await drawer.boundingBox())!;
      const box = (await logOut.boundingBox())!;
      expect(box.x + box.width, 'Log out is cut off by the drawer').toBeLessThanOrEqual(
        inner.x + inner.width,
      );
    }).toPass({ timeout: 5_000 });
  });
});

test.describe('what a new player meets first at 390 px', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the register modal’s close button leaves the password eye free, scrolled or not', async ({
    page,
  }) => {
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByRole('button', { name: 'Username' }).click();
    const close = dialog.getByRole('button', { name: 'Close' });
    const eye = dialog.getByRole('button', { name: 'Show password' }).first();
    const overlaps = async () => {
      const a = (await close.boundingBox())!;
      const b = (await eye.boundingBox())!;
      return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    expect(await overlaps()).toBe(false);
    // Scroll the sheet so the eye sits right at the top of what scrolls, where the close button was.
    await eye.evaluate((el) => {
      let box: HTMLElement | null = el.parentElement;
      while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
      if (box) box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top - 2;
    });
    expect(await overlaps()).toBe(false);
    await eye.click();
    await expect(dialog.getByRole('button', { name: 'Hide password' }).first()).toBeVisible();
  });

  for (const [path, name] of [
    ['/login', /Log in/],
    ['/register', 'Create your account'],
    ['/forgotPassword', /password/i],
    ['/help', 'Help centre'],
  ] as const) {
    for (const width of [390, 1440]) {
      test(`the ${path} modal banner shows its whole text at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const dialog = page.getByRole('dialog', { name }).first();
        const copy = dialog.locator('[class*="copy"]').first();
        await expect(copy).toBeVisible();
        const clipped = await copy.evaluate((el) => {
          const slide = el.parentElement as HTMLElement;
          const s = slide.getBoundingClientRect();
          return Array.from(el.children).some((c) => {
            const r = c.getBoundingClientRect();
            return r.top < s.top - 0.5 || r.bottom > s.bottom + 0.5 || c.scrollWidth > c.clientWidth + 1;
          });
        });
        expect(clipped).toBe(false);
      });
    }
  }

  test('every filter chip of the game lobby is in view', async ({ page }) => {
    for (const path of ['/rng', '/inHouse']) {
      await page.goto(path);
      const chips = page.getByRole('group', { name: 'Game types' }).getByRole('button');
      await expect(chips.first()).toBeVisible();
      const count = await chips.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) await expectInView(page, chips.nth(i), `${path} chip ${i}`);
    }
  });
});
