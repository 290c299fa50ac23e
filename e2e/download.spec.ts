import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoAxeViolations } from './support/axe.ts';

const root = path.resolve(import.meta.dirname, '..');
const resources = JSON.parse(readFileSync(path.join(root, 'config/resources.json'), 'utf8')) as {
  resourceType: string;
  url: string;
}[];
const urlOf = (type: string) => resources.find((r) => r.resourceType === type)?.url;
const APPLE_URL = urlOf('MOBILECONFIG');
const ANDROID_URL = urlOf('Android');

/** Screenshots a QR code and decodes it, as a phone camera would. */
async function decodeQr(code: Locator): Promise<string | null> {
  await expect(code.locator('svg')).toBeVisible();
  // The logo at the centre is an image: wait until it is drawn, so the decode sees the real code.
  await expect
    .poll(() => code.locator('svg image').evaluate((img) => (img as SVGImageElement).getBBox().width > 0))
    .toBe(true);
  const png = PNG.sync.read(await code.screenshot());
  // A quiet zone around the code (the page's own code has margin 0, as the spec sets).
  const pad = 24;
  const framed = new PNG({ width: png.width + pad * 2, height: png.height + pad * 2 });
  framed.data.fill(255);
  PNG.bitblt(png, framed, 0, 0, png.width, png.height, pad, pad);
  const result = jsQR(new Uint8ClampedArray(framed.data), framed.width, framed.height);
  return result?.data ?? null;
}

const page$ = (page: Page) => page.locator('[data-page="download"]');
const qrOf = (page: Page, device: 'device_apple' | 'device_android') =>
  page$(page).locator(`[data-device="${device}"] > [role="img"]`);

test.describe('the app download page', () => {
  test.use({ deviceScaleFactor: 2 });

  test('shows the title in English, both QR codes decode to the configured downloads', async ({ page }) => {
    expect(APPLE_URL && ANDROID_URL).toBeTruthy();
    await page.goto('/down');
    await expect(page$(page).getByRole('heading', { level: 1 })).toContainText('App download');
    await expect(page$(page).locator('[data-device="device_apple"]')).toContainText('iOS');
    await expect(page$(page).locator('[data-device="device_android"]')).toContainText('Android');
    await expect(qrOf(page, 'device_apple')).toHaveAttribute('aria-label', /iOS/);
    const box = await qrOf(page, 'device_apple').boundingBox();
    expect(box?.width).toBe(130);
    expect(await decodeQr(qrOf(page, 'device_apple'))).toBe(APPLE_URL);
    expect(await decodeQr(qrOf(page, 'device_android'))).toBe(ANDROID_URL);
    // Tutorials are on the page: the iPhone and Android apps, and the lite (home-screen) app.
    await expect(page.locator('[data-tutorial="ios"]')).toContainText('trust it once');
    await expect(page.locator('[data-lite="ios"]')).toContainText('Add to Home Screen');
    await expect(page.locator('[data-lite="android"]')).toContainText('Chrome');
    await expectNoAxeViolations(page);
  });

  test('in Chinese the title shows in Chinese and English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'CN'));
    await page.goto('/down');
    const title = page$(page).getByRole('heading', { level: 1 });
    await expect(title).toContainText('下载');
    await expect(title.locator('[lang="en"]')).toHaveText('App download');
    await expect(page$(page).getByRole('button', { name: '安装教程' })).toBeVisible();
    await expect(page.locator('[data-lite="ios"]')).toContainText('添加到主屏幕');
    expect(await decodeQr(qrOf(page, 'device_android'))).toBe(ANDROID_URL);
  });

  test('a platform without its resource has no QR code', async ({ page }) => {
    // The running server answers reload-config from its own config directory, so the Android
    // resource is taken out of the page's start-up data instead (the data the site renders from).
    await page.route('**/down', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="boot-data">)(.*?)(<\/script>)/s,
        (_all, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as {
            whitelabel: { info: { resources: { resourceType: string }[] } };
          };
          const info = data.whitelabel.info;
          expect(info.resources.some((r) => r.resourceType === 'Android')).toBe(true);
          info.resources = info.resources.filter((r) => r.resourceType !== 'Android');
          return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/down');
    await expect(qrOf(page, 'device_apple')).toBeVisible();
    await expect(page$(page).locator('[data-device="device_android"]')).toHaveCount(0);
    await expect(page.locator('[data-shell="right-bar"] figure')).toHaveCount(1);
  });

  test('the step guide: iOS and Android tabs with 5 and 3 steps', async ({ page }) => {
    await page.goto('/down');
    await page$(page).getByRole('button', { name: 'Installation guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to install the app' });
    await expect(dialog).toBeVisible();
    const ios = dialog.getByRole('tab', { name: 'iPhone (iOS)' });
    await expect(ios).toHaveAttribute('aria-selected', 'true');
    const slider = dialog.locator('[data-steps]');
    await expect(slider).toHaveAttribute('data-steps', 'ios');
    await expect(slider.locator('[data-slide]')).toHaveCount(5);
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '1');
    await expect(slider.getByRole('button', { name: /Go to step/ })).toHaveCount(5);
    const next = dialog.getByRole('button', { name: 'Next step' });
    const prev = dialog.getByRole('button', { name: 'Previous step' });
    await expect(prev).toBeDisabled();
    await next.click();
    await next.click();
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '3');
    await expect(slider.locator('[data-active="true"]')).toContainText('Install');
    await dialog.getByRole('button', { name: 'Go to step 5' }).click();
    await expect(next).toBeDisabled();
    await expect(slider.locator('[data-active="true"]')).toContainText('home screen');
    // The keyboard moves the steps too.
    await slider.locator('[tabindex="0"]').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '4');
    await expect(slider.locator('[data-active="true"]')).toContainText('Trust');
    await expectNoAxeViolations(page, '[data-modal="installGuide"]');

    // Android: 3 steps, starting again at the first.
    await dialog.getByRole('tab', { name: 'Android' }).click();
    await expect(slider).toHaveAttribute('data-steps', 'android');
    await expect(slider.locator('[data-slide]')).toHaveCount(3);
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '1');
    await expect(slider.getByRole('button', { name: /Go to step/ })).toHaveCount(3);
    await next.click();
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '2');
    // Back to iOS: the first step again.
    await dialog.getByRole('tab', { name: 'iPhone (iOS)' }).click();
    await expect(slider.locator('[data-active="true"]')).toHaveAttribute('data-slide', '1');
    // Each step image is served.
    const srcs = await dialog
      .locator('[data-slide] img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
    for (const src of srcs) {
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()['content-type']).toContain('image/svg+xml');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The Android tutorial card opens the guide on its own tab.
    await page.locator('[data-tutorial="android"]').getByRole('button').click();
    await expect(page.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('the installable web app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('serves a valid manifest and registers a service worker that caches the app shell', async ({
    page,
    request,
  }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Aurum',
      short_name: 'Aurum',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      const { width, height } = PNG.sync.read(await png.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    await page.goto('/down');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${new URL(page.url()).origin}/`);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return { names, urls };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.names[0]).toMatch(/^aurum-shell-[0-9a-f]{12}$/);
    expect(cached.urls).toContain('/');
    expect(cached.urls.some((u) => /^\/assets\/.+\.js$/.test(u))).toBe(true);
    expect(cached.urls.filter((u) => /^\/(wps|lgw|ws|ops|seamless|play)\//.test(u))).toEqual([]);

    // Offline, the installed app still starts from the cached shell.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    try {
      await page.goto('/');
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    } finally {
      await page.context().setOffline(false);
    }
  });
});
