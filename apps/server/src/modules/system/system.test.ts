import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envelopeSchema, type MerchantConfig, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import {
  createTestApp,
  engines,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';

describe.each(engines)('system calls on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers = siteHeaders(), remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });

  it('reports a normal status with the visitor IP', async () => {
    const res = await get(routes.systemStatus.path, siteHeaders(), '203.0.113.9');
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(routes.systemStatus.response).parse(res.json());
    expect(body).toEqual({ success: true, value: { status: 0, maintenanceEnd: null, ip: '203.0.113.9' } });
  });

  it('serves the site permission data in the contract shape', async () => {
    const res = await get(routes.whitelabel.path, siteHeaders(), '8.8.8.8');
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(routes.whitelabel.response).parse(res.json());
    if (!body.success) throw new Error('expected success');
    expect(body.value.info.brand.merchant).toBe('AURUM');
    expect(body.value.info.brand.supportLanguages).toEqual(['EN', 'CN']);
    expect(body.value.info.resources.some((r) => r.resourceType === 'MOBILECONFIG')).toBe(true);
    expect(body.value.info.whitelabelVal.length).toBeGreaterThan(0);
    expect(body.value.location).toEqual({ ip: '8.8.8.8', country: 'US' });
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
  });

  it('writes the site permission envelope as plain JSON, only the visitor part differing per visitor', async () => {
    const a = await get(routes.whitelabel.path, siteHeaders(), '8.8.8.8');
    const b = await get(routes.whitelabel.path, siteHeaders(), '2001:db8::1');
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    // The text is exactly what serialising the parsed envelope gives: valid JSON in contract key order.
    expect(a.body).toBe(JSON.stringify(a.json()));
    expect(b.json().value.location).toEqual({ ip: '2001:db8::1', country: null });
    expect(b.json().value.info).toEqual(a.json().value.info);
  });

  it('answers a changed merchant at once (the written text belongs to one merchant version)', async () => {
    await opsCommand(t.app, { command: 'maintenance', on: true });
    expect((await get(routes.whitelabel.path)).json().value).toMatchObject({ maintenance: true });
    await opsCommand(t.app, { command: 'maintenance', on: false });
    expect((await get(routes.whitelabel.path)).json().value).toMatchObject({
      maintenance: false,
      maintenanceEnd: null,
    });
  });

  it('switches maintenance on and off at run time, with its end', async () => {
    const end = '2030-01-02T03:04:05.000Z';
    await opsCommand(t.app, { command: 'maintenance', on: true, end });
    let status = (await get(routes.systemStatus.path)).json().value;
    expect(status).toMatchObject({ status: 1, maintenanceEnd: Date.parse(end) });
    const wl = (await get(routes.whitelabel.path)).json().value;
    expect(wl.maintenance).toBe(true);
    expect(wl.maintenanceEnd).toBe(Date.parse(end));
    await opsCommand(t.app, { command: 'maintenance', on: false });
    status = (await get(routes.systemStatus.path)).json().value;
    expect(status).toMatchObject({ status: 0, maintenanceEnd: null });
  });

  it('restricts by IP range and by country, and maintenance wins', async () => {
    await opsCommand(t.app, { command: 'region', on: true, ranges: ['198.51.100.0/24'], countries: ['CN'] });
    expect((await get(routes.systemStatus.path, siteHeaders(), '198.51.100.77')).json().value.status).toBe(2);
    expect(
      (await get(routes.systemStatus.path, siteHeaders(), '::ffff:198.51.100.1')).json().value.status,
    ).toBe(2);
    // 1.0.1.1 is in a range the GeoIP database places in China.
    expect((await get(routes.systemStatus.path, siteHeaders(), '1.0.1.1')).json().value.status).toBe(2);
    expect((await get(routes.systemStatus.path, siteHeaders(), '8.8.8.8')).json().value.status).toBe(0);
    const wl = (await get(routes.whitelabel.path, siteHeaders(), '198.51.100.77')).json().value;
    expect(wl.regionRestriction).toBe(true);

    await opsCommand(t.app, { command: 'maintenance', on: true });
    expect((await get(routes.systemStatus.path, siteHeaders(), '198.51.100.77')).json().value.status).toBe(1);
    await opsCommand(t.app, { command: 'maintenance', on: false });
    await opsCommand(t.app, { command: 'region', on: false });
    expect((await get(routes.systemStatus.path, siteHeaders(), '198.51.100.77')).json().value.status).toBe(0);
  });

  it('refuses a bad operator command and changes nothing', async () => {
    const before = await opsCommand(t.app, { command: 'status' });
    for (const args of [
      { command: 'region', ranges: ['300.1.1.1/8'] },
      { command: 'region', countries: ['china'] },
      { command: 'maintenance', on: true, end: 'tomorrow' },
      { command: 'explode' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
        payload: { merchant: 'AURUM', actor: 'test', args },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'ops.invalid' });
    }
    expect(await opsCommand(t.app, { command: 'status' })).toEqual(before);
  });

  it('accepts operator commands only with the token, from loopback', async () => {
    const payload = { merchant: 'AURUM', actor: 'x', args: { command: 'maintenance', on: true } };
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      payload,
      remoteAddress: '127.0.0.1',
    });
    expect(noToken.statusCode).toBe(401);
    const remote = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
      payload,
      remoteAddress: '203.0.113.5',
    });
    expect(remote.statusCode).toBe(401);
    expect((await get(routes.systemStatus.path)).json().value.status).toBe(0);
  });

  it('lists domain routes, filtered by domain', async () => {
    const all = (await get(routes.domainRoute.path)).json().value;
    expect(all.length).toBe(3);
    const one = (await get(`${routes.domainRoute.path}?domain=AGENT.aurum.example`)).json().value;
    expect(one).toEqual([{ domain: 'agent.aurum.example', site: 'agent' }]);
  });

  it('serves game menus with the derived categories split out', async () => {
    const res = await get(routes.gameMenus.path);
    const body = envelopeSchema(routes.gameMenus.response).parse(res.json());
    if (!body.success) throw new Error('expected success');
    const byTitle = Object.fromEntries(body.value.map((m) => [m.title, m.vendors.map((v) => v.vassalage)]));
    expect(byTitle.ESPORTS).toEqual(['AV', 'IMES', 'IA', 'AI', 'TF']);
    expect(byTitle.COCKFIGHT).toEqual(['DS88', 'DIG']);
    expect(byTitle.INHOUSE).toEqual(['AURX']);
    expect(byTitle.SPORTS).toEqual(['ARENA']);
    expect(byTitle.RNG).toEqual(['AUR']);
    // Each card says how many of its games play: only the in-house vendors have any.
    const games = Object.fromEntries(body.value.flatMap((m) => m.vendors.map((v) => [v.vassalage, v.games])));
    expect(games).toMatchObject({ AURX: 3, AURL: 1, AUR: 0, DIG: 0, DS88: 0, TIDE: 0, KNG: 0 });
  });

  it('refuses a call whose feature is off for the merchant', async () => {
    const config: MerchantConfig = structuredClone((await t.app.merchants.get('AURUM'))!.config);
    const comm = config.features.find((f) => f.modId === 'COMM3')!;
    comm.enabled = '0';
    await t.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    const res = await get(routes.gameMenus.path);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'feature.disabled' });
    comm.enabled = '1';
    await t.app.ops.run('AURUM', { command: 'reload-config' }, 'test', config);
    expect((await get(routes.gameMenus.path)).statusCode).toBe(200);
  });

  it('switches a feature live by operator command, audited, and refuses an unknown key', async () => {
    type Feature = { modId: string; enabled: boolean; effective: boolean; parents: string[] };
    const list = (await opsCommand(t.app, { command: 'feature', action: 'list' })) as Feature[];
    expect(list.find((f) => f.modId === 'GAMELOHOT3')).toMatchObject({ enabled: true, effective: true });
    const off = await opsCommand(t.app, {
      command: 'feature',
      action: 'set',
      modId: 'GAMELOHOT3',
      on: false,
    });
    expect(off).toMatchObject({ modId: 'GAMELOHOT3', enabled: false, effective: false });
    expect((await get(routes.hotGames.path)).json()).toMatchObject({ errorCode: 'feature.disabled' });
    const [audit] = await opsCommand(t.app, { command: 'audit', action: 'feature-set', limit: 1 });
    expect(audit).toMatchObject({
      detail: { modId: 'GAMELOHOT3' },
      before: { enabled: true, effective: true },
      after: { enabled: false, effective: false },
    });
    // A parent off turns its branch off for members; the child keeps its own switch.
    const parent = list.find((f) => f.modId === 'COMM3')!;
    const child = list.find((f) => f.parents.includes('COMM3'))!;
    await opsCommand(t.app, { command: 'feature', action: 'set', modId: 'COMM3', on: false });
    const after = (await opsCommand(t.app, { command: 'feature', action: 'list' })) as Feature[];
    expect(after.find((f) => f.modId === child.modId)).toMatchObject({ enabled: true, effective: false });
    await opsCommand(t.app, { command: 'feature', action: 'set', modId: parent.modId, on: true });
    await opsCommand(t.app, { command: 'feature', action: 'set', modId: 'GAMELOHOT3', on: true });
    expect((await get(routes.hotGames.path)).statusCode).toBe(200);
    const version = (await opsCommand(t.app, { command: 'status' })).version;
    for (const bad of [
      { command: 'feature', action: 'set', modId: 'NOPE3', on: true },
      { command: 'feature', action: 'set', modId: 'gamelohot3', on: true },
      { command: 'feature', action: 'set', modId: 'GAMELOHOT3' },
      { command: 'feature', action: 'flip' },
    ])
      await expect(opsCommand(t.app, bad), JSON.stringify(bad)).rejects.toThrow(/ops.invalid/);
    expect((await opsCommand(t.app, { command: 'status' })).version).toBe(version);
  });

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.json()).toEqual({ status: 'ok', database: engine });
  });
});

describe('reload-config through the operator endpoint', () => {
  it('refuses a configuration folder that does not validate, says why and changes nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'aurum-config-'));
    await cp(path.join(REPO_ROOT, 'config'), dir, { recursive: true });
    const content = JSON.parse(await readFile(path.join(dir, 'content.json'), 'utf8'));
    content.notices = 'not a list';
    await writeFile(path.join(dir, 'content.json'), JSON.stringify(content));
    const t = await createTestApp('pglite', { CONFIG_DIR: dir });
    try {
      const before = (await t.app.merchants.get('AURUM'))!.config;
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': OPS_TOKEN },
        payload: { merchant: 'AURUM', actor: 'test', args: { command: 'reload-config' } },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'ops.invalid' });
      expect(res.json().message).toMatch(/content\.notices/);
      expect((await t.app.merchants.get('AURUM'))!.config).toEqual(before);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
