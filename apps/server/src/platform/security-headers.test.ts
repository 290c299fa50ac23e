import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MerchantConfig } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createTestDb, OPS_TOKEN, siteHeaders, type TestDb, testConfig } from '../testing/app.ts';
import { contentSecurityPolicy, inlineStyleHashes } from './security-headers.ts';

const BOOT_STYLE = 'html { background: #080c17; }';
const PLAY_STYLE = '.boot img { height: 56px; }';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy's directives by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

async function siteApp(db: TestDb, env: NodeJS.ProcessEnv = {}): Promise<App> {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'aurum-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<html><head><title>t</title><style>${BOOT_STYLE}</style></head><body></body></html>`,
  );
  writeFileSync(path.join(dist, 'play.html'), `<html><head><style>${PLAY_STYLE}</style></head></html>`);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-B4x9Qz1a.js'), 'export {};');
  writeFileSync(path.join(dist, 'theme-init.js'), '/* theme */');
  return buildApp({
    config: testConfig({ WEB_DIST: dist, ...env }),
    database: db.database,
    opsToken: OPS_TOKEN,
    serveWeb: true,
    siteMerchant: 'AURUM',
    logger: false,
  });
}

describe('security headers', () => {
  let db: TestDb;
  let app: App;
  beforeAll(async () => {
    db = await createTestDb('pglite');
    app = await siteApp(db, { PUBLIC_URL: 'https://www.aurum.example' });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const reload = async (change: (c: MerchantConfig) => void) => {
    const config = structuredClone((await app.merchants.get('AURUM'))!.config);
    change(config);
    await app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
  };

  it('sends HSTS, Permissions-Policy and COOP on pages and API answers alike', async () => {
    for (const url of ['/', '/wps/system/status']) {
      const res = await app.inject({ method: 'GET', url, headers: siteHeaders() });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const permissions = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions).toContain(`${feature}=()`);
      }
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('gives every page a CSP without inline scripts or styles, but with the build’s own style hashes', async () => {
    for (const url of ['/', '/live', '/play/slot?token=x']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", sha256(BOOT_STYLE), sha256(PLAY_STYLE)]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(csp['img-src']).not.toContain('https:');
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'wss://www.aurum.example']));
      expect(csp['connect-src']).not.toContain('ws:');
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
    }
  });

  it('builds the CSP from the merchant’s CDNs and analytics, and follows a config reload at once', async () => {
    const before = directives(
      String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
    );
    expect(before['img-src']).not.toContain('https://img.cdn-one.example');
    expect(before['script-src']).toEqual(["'self'"]);

    await reload((c) => {
      c.imageCDNs = ['https://img.cdn-one.example/aurum/', '//img2.cdn-two.example'];
      c.launchGameCDNs = ['https://play.launch.example'];
      c.analyticsId = 'G-TEST123';
    });
    const after = directives(
      String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
    );
    expect(after['img-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://img.cdn-one.example', 'https://img2.cdn-two.example']),
    );
    expect(after['frame-src']).toEqual(expect.arrayContaining(["'self'", 'https://play.launch.example']));
    expect(after['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(after['connect-src']).toContain('https://*.google-analytics.com');

    await reload((c) => {
      c.imageCDNs = [];
      c.launchGameCDNs = [];
      c.analyticsId = null;
    });
    const back = directives(
      String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
    );
    expect(back['img-src']).not.toContain('https://img.cdn-one.example');
    expect(back['frame-src']).toEqual(["'self'"]);
    expect(back['script-src']).toEqual(["'self'"]);
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-B4x9Qz1a.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/theme-init.js', '/promotions']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the sandbox payment page with its stylesheet as a file, not inline', async () => {
    const page = await app.inject({ method: 'GET', url: `/sandbox-pay/pay/sp_${'a'.repeat(24)}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<style');
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox-pay/pay.css">');
    const css = await app.inject({ method: 'GET', url: '/sandbox-pay/pay.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});

describe('without an https public URL', () => {
  let db: TestDb;
  let app: App;
  beforeAll(async () => {
    db = await createTestDb('pglite');
    app = await siteApp(db, { PUBLIC_URL: 'http://localhost:8080' });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('sends no HSTS, and names the plain WebSocket of the public URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(directives(String(res.headers['content-security-policy']))['connect-src']).toContain(
      'ws://localhost:8080',
    );
  });
});

describe('the policy itself', () => {
  it('ignores CDN entries that are not http(s) URLs and analytics ids it does not know', () => {
    const config = {
      mainDomain: 'aurum.example',
      domainRoutes: [{ domain: 'bad domain', site: 'member' }],
      imageCDNs: [
        'javascript:alert(1)',
        'not a url',
        'https://evil.example;script-src',
        "https://ok.example/a'; script-src *",
      ],
      launchGameCDNs: ['data:text/html,x'],
      analyticsId: 'custom-123',
    } as unknown as MerchantConfig;
    const csp = directives(contentSecurityPolicy(config));
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://ok.example']);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'wss://aurum.example']);
  });

  it('lets the firebase channel reach Firebase and its reCAPTCHA, or only the Auth emulator, when on', () => {
    const firebasePhone = {
      enabled: true,
      apiKey: 'AIzaKey',
      authDomain: 'Shop.firebaseapp.com',
      projectId: 'shop-1234',
    };
    const config = { mainDomain: 'aurum.example', domainRoutes: [], accounts: { firebasePhone } };
    const on = directives(contentSecurityPolicy(config as unknown as MerchantConfig));
    expect(on['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(on['connect-src']).toEqual([
      "'self'",
      'wss://aurum.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(on['frame-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://shop.firebaseapp.com',
    ]);
    const emulated = directives(
      contentSecurityPolicy(config as unknown as MerchantConfig, { firebaseEmulatorHost: '127.0.0.1:9399' }),
    );
    expect(emulated['connect-src']).toEqual(["'self'", 'wss://aurum.example', 'http://127.0.0.1:9399']);
    expect(emulated['script-src']).toEqual(["'self'"]);
    const off = { ...config, accounts: { firebasePhone: { ...firebasePhone, enabled: false } } };
    expect(directives(contentSecurityPolicy(off as unknown as MerchantConfig))['connect-src']).toEqual([
      "'self'",
      'wss://aurum.example',
    ]);
  });

  it('hashes each inline style block', () => {
    expect(inlineStyleHashes('<style>a{}</style><p></p><style id="x">b{}</style>')).toEqual([
      sha256('a{}').slice(1, -1),
      sha256('b{}').slice(1, -1),
    ]);
  });
});
