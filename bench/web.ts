import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Response } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './server.ts';

/**
 * Gzipped bytes of every script the browser requested before the home page first rendered:
 * an init script notes the moment the home layout's main content enters the DOM, and only
 * scripts requested before it count (chunks the page fetches after rendering do not).
 */
export async function initialJsBytes(url: string): Promise<{ bytes: number; files: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __homeRenderedAt?: number };
      new MutationObserver((_m, obs) => {
        if (document.querySelector('[data-layout="full"] main')) {
          w.__homeRenderedAt = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts: { url: string; response: Response }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), response: res });
    });
    await page.goto(url);
    await page.locator('[data-layout="full"] main').first().waitFor({ state: 'attached', timeout: 30_000 });
    const early = await page.evaluate(() => {
      const renderedAt = (window as unknown as { __homeRenderedAt?: number }).__homeRenderedAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .filter((e) => e.startTime < renderedAt)
        .map((e) => e.name);
    });
    const counted = scripts.filter((s) => early.includes(s.url));
    if (process.env.BENCH_VERBOSE) console.log(counted.map((s) => s.url).join('\n'));
    const bodies = await Promise.all(counted.map((s) => s.response.body()));
    return { bytes: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0), files: bodies.length };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile performance score (0-100) of one page, in a fresh Chromium. */
export async function lighthouseScore(url: string): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      logLevel: 'error',
      output: 'json',
    });
    return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}
