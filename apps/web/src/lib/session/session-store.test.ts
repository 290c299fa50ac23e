import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../account/logout';
import { restoreSessionFromUrl, startSession } from './session-store';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('session restore', () => {
  it('adopts ?token= (and a social first login), then removes them from the address', () => {
    window.history.replaceState(null, '', '/promotions?token=abc123&firstLogin=1&x=1#top');
    restoreSessionFromUrl();
    expect(sessionStorage.getItem('token')).toBe('abc123');
    expect(sessionStorage.getItem('firstLogin')).toBe('1');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/promotions?x=1#top',
    );
  });

  it('leaves a stored session alone when the URL has no token', () => {
    startSession('stored', { account: 'demo' });
    restoreSessionFromUrl();
    expect(sessionStorage.getItem('token')).toBe('stored');
  });
});

describe('logout', () => {
  it('calls DELETE without a body, clears session storage, keeps the merchant, forgets remember-me', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, value: { loggedOut: true } }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    startSession('t0ken', { account: 'demo', isAgent: true, customerId: 3 });
    localStorage.setItem('rememberAccount', 'demo');
    await logout();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/session/logout');
    expect(init.method).toBe('DELETE');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('content-type')).toBe(false);
    expect({ ...sessionStorage }).toEqual({ merchant: 'AURUM' });
    expect(localStorage.getItem('rememberAccount')).toBeNull();
  });
});
