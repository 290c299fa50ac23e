import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { createTestDb, OPS_TOKEN, type TestDb, testConfig } from '../testing/app.ts';
import { lazyChildLogger, REDACTED, redactUrl } from './logging.ts';

/** A compact JWE's shape: five base64url parts. */
const JWE = 'eyJhbGciOiJSU0EtT0FFUC0yNTYifQ.c2VjcmV0a2V5.aXZpdml2aXY.Y2lwaGVydGV4dA.dGFndGFn';

describe('request logs carry no secrets', () => {
  let db: TestDb;
  let app: App;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    db = await createTestDb('pglite');
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database: db.database,
      opsToken: OPS_TOKEN,
      serveWeb: false,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('redacts secret query parameters and credential headers from the request lines', async () => {
    const secrets = {
      token: 'tok-SECRET-0001',
      ticket: 'tkt-SECRET-0002',
      code: 'code-SECRET-0003',
      password: 'pw-SECRET-0004',
      key: 'key-SECRET-0005',
      secret: 'sec-SECRET-0006',
      sign: 'sig-SECRET-0007',
      accessToken: 'at-SECRET-0008',
      state: 'st-SECRET-0009',
    };
    const query = new URLSearchParams({ ...secrets, value: JWE, lang: 'en', page: '3' });
    await app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?${query}`,
      headers: {
        merchant: 'AURUM',
        authorization: 'auth-SECRET-0010',
        cookie: 'sid=cookie-SECRET-0011',
        'x-signature': 'vendor-SECRET-0012',
        'x-webhook-signature': 'gateway-SECRET-0013',
        'x-ops-token': 'ops-SECRET-0014',
        referer: 'https://aurum.example/?token=ref-SECRET-0015',
      },
    });
    await app.inject({
      method: 'GET',
      url: '/wps/session/oauth/google/callback?code=cb-SECRET-0016&state=x',
    });

    const text = log();
    expect(text).toContain('/wps/game/launchGame');
    expect(text).toContain('/wps/session/oauth/google/callback');
    expect(text).not.toMatch(/SECRET/);
    expect(text).not.toContain(JWE);
    // What is not secret stays readable, and a redacted value is marked as such.
    expect(text).toContain('lang=en');
    expect(text).toContain('page=3');
    expect(text).toContain(`"authorization":"${REDACTED}"`);
    expect(text).toContain('"merchant":"AURUM"');
  });

  it('binds the request id to every line of a request (the lazy request logger)', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'AURUM' } });
    const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; level: number });
    const incoming = parsed.find((l) => l.msg === 'incoming request');
    const completed = parsed.find((l) => l.msg === 'request completed');
    expect(incoming?.reqId).toBeTruthy();
    expect(completed?.reqId).toBe(incoming?.reqId);
  });

  it('writes a request logger line only at the levels the server logs', () => {
    const fake = { level: 'warn', isLevelEnabled: (l: string) => ['warn', 'error', 'fatal'].includes(l) };
    const made: string[] = [];
    const child = { ...fake, info: () => made.push('info'), warn: () => made.push('warn') };
    const parent = { ...fake, child: () => child } as unknown as Parameters<typeof lazyChildLogger>[0];
    const log = lazyChildLogger.call(undefined as never, parent, { reqId: 'r1' }, {}, undefined as never);
    log.info('not written');
    expect(made).toEqual([]);
    log.warn('written');
    expect(made).toEqual(['warn']);
    expect(log.level).toBe('warn');
  });

  it('censors credential headers in any headers object a log line carries', () => {
    app.log.warn(
      {
        response: { headers: { 'set-cookie': 'sid=set-SECRET-0020', 'content-type': 'text/plain' } },
        headers: { authorization: 'Bearer direct-SECRET-0021' },
      },
      'an outgoing call failed',
    );
    const text = log();
    expect(text).toContain('an outgoing call failed');
    expect(text).toContain('text/plain');
    expect(text).not.toMatch(/SECRET-002/);
  });

  it('censors the headers an error carries and keeps its message, without changing the error', () => {
    const err = Object.assign(new Error('gateway refused'), {
      response: { status: 502, headers: { 'Set-Cookie': 'sid=err-SECRET-0030', 'x-trace': 'trace-7' } },
    });
    app.log.error({ err }, 'a payment call failed');
    const text = log();
    expect(text).toContain('gateway refused');
    expect(text).toContain('trace-7');
    expect(text).not.toMatch(/SECRET-003/);
    expect(err.response.headers['Set-Cookie']).toBe('sid=err-SECRET-0030');
  });

  it('redacts by parameter name and by JOSE shape, leaving other parameters as they are', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?smsCode=1&gameCode=x&lang=en')).toBe(
      `/a?smsCode=${REDACTED}&gameCode=${REDACTED}&lang=en`,
    );
    expect(redactUrl(`/a?v=${JWE}&apiKey=z&%ZZ=1&flag`)).toBe(
      `/a?v=${REDACTED}&apiKey=${REDACTED}&%ZZ=1&flag`,
    );
    expect(redactUrl('/a?password[]=1&x=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe(
      `/a?password[]=${REDACTED}&x=${REDACTED}`,
    );
  });
});
