import { failureEnvelopeSchema, routes } from '@aurum/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, siteHeaders, type TestApp } from '../testing/app.ts';

const allRoutes = Object.values(routes);

describe.each(engines)('bad input on every call (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };

  it.each(allRoutes.map((r) => [r.path, r] as const))(
    '%s: Merchant header missing, duplicated, unknown',
    async (_p, r) => {
      const url = r.path;
      const { merchant: _m, ...noMerchant } = siteHeaders();
      expectFailure(
        await t.app.inject({ method: r.method, url, headers: noMerchant }),
        400,
        'merchant.required',
      );
      expectFailure(
        await t.app.inject({
          method: r.method,
          url,
          headers: { ...siteHeaders(), merchant: ['AURUM', 'AURUM'] },
        }),
        400,
        'function.not.available',
      );
      for (const merchant of ['NOPE', ' ', "AURUM' OR 1=1 --", 'A'.repeat(500), '<script>']) {
        const res = await t.app.inject({ method: r.method, url, headers: { ...siteHeaders(), merchant } });
        expect(res.statusCode).toBe(400);
        expect(['merchant.unknown', 'merchant.required']).toContain(res.json().errorCode);
      }
    },
  );

  it.each(allRoutes.map((r) => [r.path, r] as const))(
    '%s: malformed query strings and bodies',
    async (_p, r) => {
      for (const qs of [
        '?x=1',
        '?domain[]=a&domain[]=b',
        `?${'a'.repeat(5000)}=1`,
        '?%ZZ',
        '?__proto__[x]=1',
      ]) {
        const res = await t.app.inject({ method: r.method, url: r.path + qs, headers: siteHeaders() });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        failureEnvelopeSchema.parse(res.json());
      }
      for (const [payload, type] of [
        ['{"a":', 'application/json'],
        ['<xml/>', 'application/xml'],
        ['x'.repeat(2 * 1024 * 1024), 'application/json'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: r.path,
          headers: { ...siteHeaders(), 'content-type': type },
          payload,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        failureEnvelopeSchema.parse(res.json());
      }
    },
  );

  it('never answers random headers and query strings with a 5xx', async () => {
    const printable = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_./:;,=&?%[]{}"\'<>\\'.split('')) });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...allRoutes),
        printable,
        printable,
        fc.record({ language: printable, device: printable, authorization: printable, merchant: printable }),
        async (r, key, value, headers) => {
          const res = await t.app.inject({
            method: r.method,
            url: `${r.path}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
            headers: { ...siteHeaders(), ...headers },
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(typeof res.json().success).toBe('boolean');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    expectFailure(
      await t.app.inject({ method: 'GET', url: '/wps/nope', headers: siteHeaders() }),
      404,
      'route.not.found',
    );
  });
});
