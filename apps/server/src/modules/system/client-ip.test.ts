import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, siteHeaders, type TestApp } from '../../testing/app.ts';

// X-Forwarded-For decides the visitor's address (and so region restriction) only when the
// request comes through a configured trusted proxy.
describe('client address behind proxies', () => {
  let trusted: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusted = await createTestApp('pglite', { TRUSTED_PROXIES: '10.0.0.0/8' });
    plain = await createTestApp('pglite');
  });
  afterAll(async () => {
    await trusted.close();
    await plain.close();
  });

  const ipSeen = async (t: TestApp, remoteAddress: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: routes.systemStatus.path,
        headers: siteHeaders({ 'x-forwarded-for': '8.8.8.8' }),
        remoteAddress,
      })
    ).json().value.ip;

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    expect(await ipSeen(trusted, '10.1.2.3')).toBe('8.8.8.8');
  });
  it('ignores it from anyone else', async () => {
    expect(await ipSeen(trusted, '203.0.113.4')).toBe('203.0.113.4');
    expect(await ipSeen(plain, '10.1.2.3')).toBe('10.1.2.3');
  });
});
