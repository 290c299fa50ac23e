import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../account/logout';
import { restoreSessionFromUrl, startSession, takePendingTicket } from './session-store';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('session restore', () => {
  it('never adopts a session token from the URL: ?token= is dropped and ignored', () => {
    window.history.replaceState(null, '', '/promotions?token=abc123&firstLogin=1&x=1#top');
    restoreSessionFromUrl();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('firstLogin')).toBeNull();
    expect(takePendingTicket()).toBeNull();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/promotions?x=1#top',
    );
  });

  it('takes a hand-off ticket out of the address bar at once, keeping the rest of the URL', () => {
    const ticket = 'T'.repeat(43);
    window.history.replaceState({ keep: 1 }, '', `/gamelobby?tab=slot&ticket=${ticket}#list`);
    restoreSessionFromUrl();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/gamelobby?tab=slot#list',
    );
    expect(window.history.state).toEqual({ keep: 1 });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(takePendingTicket()).toBe(ticket);
    // Taken once.
    expect(takePendingTicket()).toBeNull();
  });

  it('drops a malformed ticket without keeping it', () => {
    window.history.replaceState(null, '', '/?ticket=%3Cscript%3E');
    restoreSessionFromUrl();
    expect(window.location.search).toBe('');
    expect(takePendingTicket()).toBeNull();
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
