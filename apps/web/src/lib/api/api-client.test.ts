import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, REQUEST_TIMEOUT_MS, request } from './api-client';
import { ApiError } from './api-error';
import { forgetServerKeyForTests } from './encryption';
import { setRequestLanguage, setSessionEndHandler } from './request-context';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setRequestLanguage('EN');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetServerKeyForTests();
  setSessionEndHandler(() => {});
});

const sentHeaders = () => new Headers(((fetchMock.mock.calls[0]?.[1] ?? {}) as RequestInit).headers);

describe('apiCall', () => {
  it('calls the route of the contract with the platform headers', async () => {
    fetchMock.mockResolvedValue(
      json(200, { success: true, value: { status: 0, maintenanceEnd: null, ip: '1.2.3.4' } }),
    );
    setRequestLanguage('CN');

    const value = await apiCall('systemStatus');

    expect(value).toEqual({ status: 0, maintenanceEnd: null, ip: '1.2.3.4' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/wps/system/status');
    expect(init.method).toBe('GET');
    const headers = sentHeaders();
    expect(headers.get('merchant')).toBe('AURUM');
    expect(headers.get('language')).toBe('CN');
    expect(headers.get('device')).toBe('web');
    expect(headers.get('x-gateway-version')).toBe('3');
    expect(headers.has('authorization')).toBe(false);
  });

  it('sends the raw session token as Authorization when one is stored', async () => {
    sessionStorage.setItem('token', 'abc123');
    fetchMock.mockResolvedValue(json(200, { success: true, value: [] }));

    await apiCall('gameMenus');

    expect(sentHeaders().get('authorization')).toBe('abc123');
  });

  it('puts query parameters on the URL', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, value: [] }));
    await apiCall('domainRoute', { query: { domain: 'a.example' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/system/domainRoute?domain=a.example');
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, value: { ok: true } }));
    await request({ method: 'POST', path: '/wps/x' }, { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe('{"a":1}');
    expect(sentHeaders().get('content-type')).toBe('application/json');
  });
});

describe('encrypted calls', () => {
  it('sends the body of an E route as { value: <compact JWE> } made with the server key', async () => {
    const { subtle } = globalThis.crypto;
    const pair = (await subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    const jwk = await subtle.exportKey('jwk', pair.publicKey);
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'k1', jwk } }))
      .mockResolvedValueOnce(json(200, { success: true, value: { token: 't' } }));

    await apiCall('login', { body: { type: 'username', username: 'demo', password: 'secret' } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/session/key');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/wps/session/login');
    const body = JSON.parse(String(init.body)) as { value: string };
    expect(body.value.split('.')).toHaveLength(5);
    expect(String(init.body)).not.toContain('secret');
  });
});

describe('replay stamps', () => {
  const headerOf = (init: unknown) => {
    const { value } = JSON.parse(String((init as RequestInit).body)) as { value: string };
    const part = value.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part)) as { ts: number; jti: string };
  };
  let jwk: JsonWebKey;
  beforeAll(async () => {
    const pair = (await globalThis.crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )) as CryptoKeyPair;
    jwk = await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey);
  });
  const deviceNow = Date.parse('2026-03-01T10:00:00Z');
  const body = { type: 'username', username: 'demo', password: 'secret' } as const;

  it('stamps each E body by the server clock from the key reply, with a fresh id', async () => {
    // This device's clock is 3 hours behind the server's.
    vi.useFakeTimers({ toFake: ['Date'], now: deviceNow });
    const serverTime = deviceNow + 3 * 3_600_000;
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'k1', jwk, serverTime } }))
      .mockImplementation(async () => json(200, { success: true, value: { token: 't' } }));

    await apiCall('login', { body });
    vi.setSystemTime(deviceNow + 5_000);
    await apiCall('login', { body });

    const first = headerOf(fetchMock.mock.calls[1]?.[1]);
    const second = headerOf(fetchMock.mock.calls[2]?.[1]);
    expect(first.ts).toBe(serverTime);
    expect(second.ts).toBe(serverTime + 5_000);
    expect(first.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.jti).not.toBe(first.jti);
  });

  it('stamps again once by the server time a stale refusal tells', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: deviceNow });
    const serverTime = deviceNow - 10 * 60_000;
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'k1', jwk, serverTime: deviceNow } }))
      .mockResolvedValueOnce(
        json(400, {
          success: false,
          errorCode: 'encryption.stale',
          message: 'x',
          details: { serverTime: String(serverTime) },
        }),
      )
      .mockResolvedValueOnce(json(200, { success: true, value: { token: 't' } }));

    await expect(apiCall('login', { body })).resolves.toEqual({ token: 't' });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(headerOf(fetchMock.mock.calls[1]?.[1]).ts).toBe(deviceNow);
    expect(headerOf(fetchMock.mock.calls[2]?.[1]).ts).toBe(serverTime);
  });

  it('does not send a replayed refusal again', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'k1', jwk, serverTime: Date.now() } }))
      .mockImplementation(async () =>
        json(409, { success: false, errorCode: 'encryption.replayed', message: 'x' }),
      );
    await expect(apiCall('login', { body })).rejects.toMatchObject({ errorCode: 'encryption.replayed' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('failures', () => {
  it('throws ApiError with the server errorCode', async () => {
    fetchMock.mockResolvedValue(
      json(403, { success: false, errorCode: 'feature.disabled', message: 'Nope' }),
    );
    const error = await apiCall('gameMenus').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 'feature.disabled', status: 403 });
  });

  it('treats a failure envelope with HTTP 200 as a failure too', async () => {
    fetchMock.mockResolvedValue(json(200, { success: false, errorCode: 'TOO_MANY_REQUESTS', message: 'x' }));
    await expect(apiCall('gameMenus')).rejects.toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });

  it('maps a network failure to network.abnormal', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiCall('whitelabel')).rejects.toMatchObject({ errorCode: 'network.abnormal', status: 0 });
  });

  it('maps HTTP 504 to network.abnormal, whatever the body says', async () => {
    fetchMock.mockResolvedValue(json(504, { success: false, errorCode: 'system.error', message: '' }));
    await expect(apiCall('whitelabel')).rejects.toMatchObject({ errorCode: 'network.abnormal', status: 504 });
  });

  it('maps a gateway page instead of JSON to network.abnormal', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiCall('whitelabel')).rejects.toMatchObject({ errorCode: 'network.abnormal' });
  });

  it('maps a timeout to network.abnormal', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = apiCall('whitelabel').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    expect(await pending).toMatchObject({ errorCode: 'network.abnormal' });
  });

  it('rejects a body that is not an envelope', async () => {
    fetchMock.mockResolvedValue(json(200, { hello: 'world' }));
    await expect(apiCall('whitelabel')).rejects.toMatchObject({ errorCode: 'response.invalid' });
  });

  it('ends the session on a session-ending code: storage cleared, merchant kept, handler called', async () => {
    sessionStorage.setItem('token', 'stale');
    sessionStorage.setItem('account', 'player1');
    const onEnd = vi.fn();
    setSessionEndHandler(onEnd);
    fetchMock.mockResolvedValue(
      json(401, { success: false, errorCode: 'user.or.token.invalid', message: 'x' }),
    );

    await expect(apiCall('gameMenus')).rejects.toMatchObject({ errorCode: 'user.or.token.invalid' });

    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('account')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('AURUM');
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('does not end a session that does not exist', async () => {
    const onEnd = vi.fn();
    setSessionEndHandler(onEnd);
    fetchMock.mockResolvedValue(json(401, { success: false, errorCode: 'CUSTOMER_NOT_LOGIN', message: 'x' }));
    await expect(apiCall('gameMenus')).rejects.toBeInstanceOf(ApiError);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
