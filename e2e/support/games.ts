import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/** The languages and themes every photographed screen is taken in. */
export type ShotLang = 'en' | 'cn';
const SHOT_LANGS: readonly ShotLang[] = ['en', 'cn'];
const THEMES = ['dark', 'light'] as const;

/** Takes one picture of the screen in view: `<dir>/<name>-<lang>-<theme>.png`. */
export type Snap = (name: string, options?: { fullPage?: boolean }) => Promise<void>;

/**
 * Photographs screens in English and Chinese, dark and light, for a person to look at. The
 * theme is the site's stored one; `show` brings the screens up in the language (a play page
 * takes it from `?lang=`, the site from its stored choice, see showSiteIn) and calls `snap` for
 * each once it is ready.
 */
export async function photograph(
  page: Page,
  dir: string,
  show: (lang: ShotLang, snap: Snap) => Promise<void>,
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // A game window opened by the journey leaves this page in the background, where transitions
  // (the modals' fade-in) do not run: bring it forward, and take pictures with them finished.
  await page.bringToFront();
  for (const lang of SHOT_LANGS) {
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await show(lang, async (name, { fullPage = false } = {}) => {
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('html')).toHaveAttribute('lang', lang === 'cn' ? 'zh-CN' : 'en');
        if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: `${dir}/${name}-${lang}-${theme}.png`,
          fullPage,
          animations: 'disabled',
        });
      });
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
}

/** Loads a site page in a language, as the visitor's stored choice (localStorage `lang`). */
export async function showSiteIn(page: Page, lang: ShotLang, url: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang.toUpperCase());
  await page.goto(url);
}

/** A game page's balance, as its exact (not counting) figure in `data-balance` ("$100.00"). */
export const playBalance = (page: Page): Locator => page.locator('[data-balance]');

/** "$1,234.50" → "1234.50", the wire form of an amount the site shows in US dollars. */
export const wireAmount = (shown: string): string => shown.replace(/[$,\s]/g, '');

/** Starts the site's free play from the header: the visitor becomes a trial account. */
export async function startFreePlay(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Free play' }).click();
  await expect(page.locator('[data-trial="true"]')).toHaveText('Trial');
}

/** A game tile of the page (a lobby, the hot games, the launch modal's suggestions). */
export const gameTile = (scope: Page | Locator, nodeId: string): Locator =>
  scope.locator(`li[data-game="${nodeId}"]`);

/**
 * Plays a tile whose launch opens the game window inside the click, and answers that window
 * once it shows the game page at `playPath` ("/play/slot").
 */
export async function playInWindow(context: BrowserContext, play: Locator, playPath: string): Promise<Page> {
  const [game] = await Promise.all([context.waitForEvent('page'), play.click()]);
  await game.waitForURL((url) => url.pathname === playPath);
  return game;
}
