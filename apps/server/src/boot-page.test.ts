import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { MerchantConfig } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.ts';
import { within } from './boot-page.ts';
import { createTestDb, OPS_TOKEN, opsCommand, type TestDb, testConfig } from './testing/app.ts';

describe('pages carry the start-up data', () => {
  let db: TestDb;
  let app: App;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'aurum-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
    db = await createTestDb('pglite');
    app = await buildApp({
      config: testConfig({ WEB_DIST: dist }),
      database: db.database,
      opsToken: OPS_TOKEN,
      serveWeb: true,
      siteMerchant: 'AURUM',
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const bootOf = (html: string) => {
    const m = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
    if (!m) throw new Error('no boot data');
    return JSON.parse(m[1]!);
  };

  it('writes site permission data, status and game menus into every page path', async () => {
    const res = await app.inject({ method: 'GET', url: '/live?x=1', remoteAddress: '8.8.8.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const boot = bootOf(res.body);
    expect(boot.whitelabel.info.brand.merchant).toBe('AURUM');
    expect(boot.whitelabel.location).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect(boot.status).toEqual({ status: 0, maintenanceEnd: null, ip: '8.8.8.8' });
    expect(boot.gameMenus.map((m: { title: string }) => m.title)).toContain('LIVE');
  });

  it('reflects operator switches at once and compresses for browsers that accept it', async () => {
    await opsCommand(app, { command: 'maintenance', on: true });
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(bootOf(gunzipSync(res.rawPayload).toString()).status.status).toBe(1);
    await opsCommand(app, { command: 'maintenance', on: false });
  });

  it('cannot be broken out of by operator text', async () => {
    const config: MerchantConfig = structuredClone((await app.merchants.get('AURUM'))!.config);
    config.brand.name = 'Evil</script><script>alert(1)</script>';
    await app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(bootOf(res.body).whitelabel.info.brand.name).toBe(config.brand.name);
  });

  it('carries the banners and notices in every offered language, as their calls answer them', async () => {
    const boot = bootOf((await app.inject({ method: 'GET', url: '/promotions' })).body);
    expect(Object.keys(boot.banners)).toEqual(['EN', 'CN']);
    for (const language of ['EN', 'CN']) {
      const api = await app.inject({
        method: 'GET',
        url: '/wps/banners',
        headers: { merchant: 'AURUM', language },
      });
      expect(boot.banners[language]).toEqual(api.json().value);
      const marquee = await app.inject({
        method: 'GET',
        url: '/wps/notices',
        headers: { merchant: 'AURUM', language },
      });
      expect(boot.notices[language]).toEqual(marquee.json().value);
      expect(boot.notices[language].list.length).toBeGreaterThan(0);
    }
    expect(boot.banners.CN.find((g: { groupName: string }) => g.groupName === 'w_home').slides.length).toBe(
      3,
    );
  });

  it('has the home page preload its first banner image, unless an image CDN will serve it', async () => {
    const preload = /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/;
    const home = await app.inject({ method: 'GET', url: '/' });
    const first = bootOf(home.body).banners.EN.find((g: { groupName: string }) => g.groupName === 'w_home')
      .slides[0].url;
    expect(preload.exec(home.body)?.[1]).toBe(first);
    expect(home.body.indexOf('rel="preload"')).toBeLessThan(home.body.indexOf('</head>'));
    expect((await app.inject({ method: 'GET', url: '/live' })).body).not.toMatch(preload);

    const config: MerchantConfig = structuredClone((await app.merchants.get('AURUM'))!.config);
    config.imageCDNs = ['https://img.example.com'];
    await app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    expect((await app.inject({ method: 'GET', url: '/' })).body).not.toMatch(preload);
  });

  it('leaves API paths and missing assets alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/wps/nope' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('the home page rendered ahead', () => {
  let db: TestDb;
  let app: App;
  const css = '#prerender [data-prerender-style="0"]{--icon-size:22px}';
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'aurum-web-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html lang="en" data-theme="dark"><head><title>t</title><link rel="stylesheet" href="/assets/base.css"></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'base.css'), '._base_a1{color:red}');
    writeFileSync(path.join(dist, 'assets', 'tiles-x.css'), '._tile_b2{color:blue}');
    // Stands for the web app's prerender module: counts its renders, shows what it rendered from.
    writeFileSync(
      path.join(root, 'dist-ssr', 'prerender.js'),
      `let renders = 0;
export const homeLanguage = (brand, host, acceptLanguage) => (acceptLanguage.startsWith('zh') ? 'CN' : brand.defaultLang);
export async function prerenderHome(boot, lang) {
  renders += 1;
  return {
    html: '<div data-page="home" class="_base_a1 _tile_b2">' + lang + ' ' + boot.whitelabel.info.brand.name + ' #' + renders + ' ip=' + boot.whitelabel.location.ip + '</div>',
    css: ${JSON.stringify(css)},
    htmlLang: lang === 'CN' ? 'zh-CN' : 'en',
  };
}`,
    );
    db = await createTestDb('pglite');
    app = await buildApp({
      config: testConfig({ WEB_DIST: dist }),
      database: db.database,
      opsToken: OPS_TOKEN,
      serveWeb: true,
      siteMerchant: 'AURUM',
      logger: false,
      // The stand-in renders at once; a loaded machine may still take a while to import it.
      prerenderWaitMs: 30_000,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const shellOf = (html: string) =>
    /<div id="prerender" inert aria-hidden="true">(.*?)<\/div><div id="root">/s.exec(html)?.[1] ?? null;

  it('is written before the app root, with its stylesheets and its style block allowed by the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/', remoteAddress: '8.8.8.8' });
    expect(shellOf(res.body)).toMatch(
      /^<div data-page="home" class="_base_a1 _tile_b2">EN Aurum #\d+ ip=<\/div>$/,
    );
    expect(res.body).toContain('<html lang="en" data-prerender="EN" data-theme="dark">');
    // The lazily loaded part's stylesheet is linked; the one the page already links is not again.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/tiles-x.css">');
    expect(res.body.match(/href="\/assets\/base.css"/g)).toHaveLength(1);
    expect(res.body).toContain(`<style>${css}</style></head>`);
    const hash = createHash('sha256').update(css).digest('base64');
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`style-src [^;]*'sha256-${hash.replace(/[+/=]/g, '\\$&')}'`),
    );
  });

  it('renders once per language and content, and afresh when the operator changes it', async () => {
    const render = async (headers: Record<string, string> = {}, remoteAddress = '1.2.3.4') =>
      shellOf((await app.inject({ method: 'GET', url: '/', headers, remoteAddress })).body);
    const first = await render();
    expect(await render({}, '5.6.7.8')).toBe(first);
    const cn = await render({ 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(cn).toMatch(/>CN Aurum #\d+/);
    expect(cn).not.toBe(first);

    const config: MerchantConfig = structuredClone((await app.merchants.get('AURUM'))!.config);
    config.brand.name = 'Aurum Royal';
    await app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    expect(await render()).toMatch(/>EN Aurum Royal #\d+/);
  });

  it('is only for the home page of an open site', async () => {
    const live = await app.inject({ method: 'GET', url: '/live' });
    expect(shellOf(live.body)).toBeNull();
    expect(live.body).not.toContain('data-prerender');
    await opsCommand(app, { command: 'maintenance', on: true });
    expect(shellOf((await app.inject({ method: 'GET', url: '/' })).body)).toBeNull();
    await opsCommand(app, { command: 'maintenance', on: false });
    expect(shellOf((await app.inject({ method: 'GET', url: '/?deposit=1' })).body)).not.toBeNull();
  });
});

describe('waiting for a render under way', () => {
  it('takes a render done in time and goes on without one that is late', async () => {
    expect(await within(1_000, Promise.resolve('shell'))).toBe('shell');
    let finish: (v: string) => void = () => {};
    const slow = new Promise<string>((resolve) => {
      finish = resolve;
    });
    expect(await within(10, slow)).toBeNull();
    finish('shell');
    expect(await slow).toBe('shell');
  });
});

describe('the home page rendered when the server starts', () => {
  let db: TestDb;
  let app: App;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'aurum-web-'));
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
    );
    // A render far slower than a page waits for: only one done before the visit can be in it.
    writeFileSync(
      path.join(root, 'dist-ssr', 'prerender.js'),
      `export const homeLanguage = (brand) => brand.defaultLang;
export async function prerenderHome(boot, lang) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.aurumRenderedAhead = (globalThis.aurumRenderedAhead ?? 0) + 1;
  return { html: '<div data-page="home">' + lang + ' #' + globalThis.aurumRenderedAhead + '</div>', css: '', htmlLang: 'en' };
}`,
    );
    db = await createTestDb('pglite');
    app = await buildApp({
      config: testConfig({ WEB_DIST: dist }),
      database: db.database,
      opsToken: OPS_TOKEN,
      serveWeb: true,
      siteMerchant: 'AURUM',
      logger: false,
      prerenderWaitMs: 20,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('is in the first visit, rendered before anyone asked for it', async () => {
    const rendered = () => (globalThis as { aurumRenderedAhead?: number }).aurumRenderedAhead ?? 0;
    await expect.poll(rendered, { timeout: 30_000 }).toBe(1);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain(
      '<div id="prerender" inert aria-hidden="true"><div data-page="home">EN #1</div>',
    );
  });
});
