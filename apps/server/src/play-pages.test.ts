import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.ts';
import { createTestDb, OPS_TOKEN, type TestDb, testConfig } from './testing/app.ts';

describe('the in-house game pages', () => {
  let db: TestDb;
  let app: App;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'aurum-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>site</title></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'play.html'), '<html><head><title>play</title></head><body></body></html>');
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

  it('serves play.html for every page under /play/, with the site CSP', async () => {
    for (const url of [
      '/play/slot?token=abc&lang=cn',
      '/play/dice',
      '/play/verify?game=dice&nonce=3',
      '/play',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>play</title>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the site page for other paths and JSON for unknown game API paths', async () => {
    const site = await app.inject({ method: 'GET', url: '/inHouse' });
    expect(site.body).toContain('<title>site</title>');
    expect(site.body).not.toContain('<title>play</title>');
    const api = await app.inject({ method: 'GET', url: '/play/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errorCode: 'route.not.found' });
  });
});
