import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './server.ts';

/** Gzipped bytes of every script the browser fetched before the home page first rendered. */
export async function initialJsBytes(url: string): Promise<{ bytes: number; files: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts: Promise<Buffer>[] = [];
    let rendered = false;
    page.on('response', (res) => {
      if (!rendered && res.request().resourceType() === 'script') scripts.push(res.body());
    });
    await page.goto(url);
    // The home page has rendered when its layout and hot-category tiles are on screen.
    await page.locator('[data-layout="full"]').first().waitFor({ state: 'visible', timeout: 30_000 });
    rendered = true;
    const bodies = await Promise.all(scripts);
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
