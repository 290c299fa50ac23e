import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastViewport } from '../../components/ui';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import { apiCall } from '../api';
import { lastSessionUse } from './idle';
import { endSession, getAccountName, getToken, restoreSessionFromUrl, startSession } from './session-store';
import { SessionWatch } from './session-watch';

const TICKET = 'T'.repeat(43);
const loginValue = (token: string, id: number, userName: string) => ({
  token,
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id,
  userName,
  customerType: 0,
});
const memberInfo = {
  id: 3,
  account: 'bob',
  userName: 'bob',
  nickname: null,
  type: 0,
  mobile: null,
  regDate: 0,
  email: null,
  language: 'EN',
  isAgent: false,
  isTrial: false,
  pwdEnabled: false,
  hasFreePlay: false,
  showVerCodeLogin: false,
  clubLabel: null,
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
};

/** The Authorization header each call to METHOD path carried. */
function authorizations(fetchMock: ReturnType<typeof fakeServer>['fetchMock'], method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).startsWith(path))
    .map(([, init]) => new Headers(init?.headers).get('authorization'));
}

const renderWatch = () =>
  renderWithApp(
    <>
      <SessionWatch />
      <ToastViewport />
    </>,
  );

beforeAll(async () => {
  // The fake server's key pair is made on real threads (slow): once, before any clock is faked.
  await fakeServer({}).fetchMock('/wps/session/key');
});
beforeEach(() => endSession());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('session hand-off link', () => {
  it('redeems ?ticket= by POST (body, not query) and signs a visitor in', async () => {
    window.history.replaceState(null, '', `/promotions?ticket=${TICKET}&tab=new`);
    restoreSessionFromUrl();
    expect(window.location.search).toBe('?tab=new');
    const server = fakeServer({
      'POST /wps/session/handoff/redeem': () => ok(loginValue('fresh', 7, 'alice')),
    });
    renderWatch();
    await waitFor(() => expect(getToken()).toBe('fresh'));
    expect(getAccountName()).toBe('alice');
    const [call] = server.callsTo('POST', '/wps/session/handoff/redeem');
    expect(call?.body).toEqual({ ticket: TICKET });
    expect([...(call?.query.keys() ?? [])]).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before switching when another member is signed in; Switch signs the other out', async () => {
    startSession('old', { account: 'bob', username: 'bob', customerId: 3 });
    window.history.replaceState(null, '', `/?ticket=${TICKET}`);
    restoreSessionFromUrl();
    const server = fakeServer({
      'POST /wps/session/handoff/redeem': () => ok(loginValue('fresh', 7, 'alice')),
      'DELETE /wps/session/logout': () => ok({ loggedOut: true }),
    });
    renderWatch();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'This link signs in as alice. You are signed in as bob in this tab.',
    );
    // Nothing changes until the member decides.
    expect(getToken()).toBe('old');
    fireEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(getToken()).toBe('fresh'));
    expect(getAccountName()).toBe('alice');
    expect(authorizations(server.fetchMock, 'DELETE', '/wps/session/logout')).toEqual(['old']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Stay keeps the signed-in member and ends the fresh session on the server', async () => {
    startSession('old', { account: 'bob', username: 'bob', customerId: 3 });
    window.history.replaceState(null, '', `/?ticket=${TICKET}`);
    restoreSessionFromUrl();
    const server = fakeServer({
      'POST /wps/session/handoff/redeem': () => ok(loginValue('fresh', 7, 'alice')),
      'DELETE /wps/session/logout': () => ok({ loggedOut: true }),
    });
    renderWatch();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(authorizations(server.fetchMock, 'DELETE', '/wps/session/logout')).toEqual(['fresh']),
    );
    expect(getToken()).toBe('old');
    expect(getAccountName()).toBe('bob');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the session without asking when the link is for the member already signed in', async () => {
    startSession('old', { account: 'bob', username: 'bob', customerId: 3 });
    window.history.replaceState(null, '', `/?ticket=${TICKET}`);
    restoreSessionFromUrl();
    const server = fakeServer({
      'POST /wps/session/handoff/redeem': () => ok(loginValue('fresh', 3, 'bob')),
      'DELETE /wps/session/logout': () => ok({ loggedOut: true }),
    });
    renderWatch();
    await waitFor(() =>
      expect(authorizations(server.fetchMock, 'DELETE', '/wps/session/logout')).toEqual(['fresh']),
    );
    expect(getToken()).toBe('old');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the link has expired, and signs nobody in', async () => {
    window.history.replaceState(null, '', `/?ticket=${TICKET}`);
    restoreSessionFromUrl();
    fakeServer({ 'POST /wps/session/handoff/redeem': () => fail(400, 'handoff.ticket.expired') });
    renderWatch();
    expect(await screen.findByText('This sign-in link has expired. Please log in.')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('never signs in from ?token=, and asks the server nothing', async () => {
    window.history.replaceState(null, '', '/?token=stolen-or-planted&firstLogin=1');
    restoreSessionFromUrl();
    const server = fakeServer({});
    renderWatch();
    await act(async () => {});
    expect(getToken()).toBeNull();
    expect(server.calls).toEqual([]);
    expect(window.location.search).toBe('');
  });
});

describe('idle warning', () => {
  // The fixture's site data: idleSeconds 1800, touchSeconds 60, so the tab plans for 1,740 s.
  const LIFE_MS = 1740_000;
  const start = Date.parse('2026-03-01T10:00:00Z');

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(start);
  });

  const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
  /** Lets the fake server answer without moving the clock. */
  const settle = async (done: () => boolean) => {
    for (let i = 0; i < 50 && !done(); i++) {
      await act(async () => new Promise<void>((resolve) => setImmediate(resolve)));
    }
  };

  it('warns a minute before the idle limit, counts down, and signs out at the limit', async () => {
    const server = fakeServer({ 'DELETE /wps/session/logout': () => ok({ loggedOut: true }) });
    startSession('tok', { account: 'bob', customerId: 3 });
    renderWatch();
    await advance(LIFE_MS - 60_000 - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('You will be signed out in 60 s for inactivity.');
    await advance(1000);
    expect(screen.getByRole('dialog').textContent).toContain(
      'You will be signed out in 59 s for inactivity.',
    );
    await advance(59_000);
    expect(getToken()).toBeNull();
    expect(authorizations(server.fetchMock, 'DELETE', '/wps/session/logout')).toEqual(['tok']);
    expect(screen.getByText('You have been signed out for inactivity.')).toBeTruthy();
    await advance(200);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Stay signed in makes a signed-in call that slides the session and closes the warning', async () => {
    const server = fakeServer({
      'GET /wps/member/info': () => ok(memberInfo),
      'DELETE /wps/session/logout': () => ok({ loggedOut: true }),
    });
    startSession('tok', { account: 'bob', customerId: 3 });
    renderWatch();
    await advance(LIFE_MS - 30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await settle(() => lastSessionUse() > start);
    expect(authorizations(server.fetchMock, 'GET', '/wps/member/info')).toEqual(['tok']);
    expect(lastSessionUse()).toBe(start + LIFE_MS - 30_000);
    await advance(200);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The old limit passes; the warning comes back a full period after the call (200 ms ago).
    await advance(LIFE_MS - 60_000 - 200 - 1);
    expect(getToken()).toBe('tok');
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('counts from the last signed-in call; calls without a session do not count', async () => {
    fakeServer({
      'GET /wps/member/info': () => ok(memberInfo),
      'GET /wps/system/status': () => ok({ status: 0, maintenanceEnd: null, ip: '1.2.3.4' }),
    });
    startSession('tok', { account: 'bob', customerId: 3 });
    renderWatch();
    await advance(600_000);
    await act(async () => {
      await apiCall('memberInfo');
    });
    await advance(600_000);
    await act(async () => {
      await apiCall('systemStatus');
    });
    // Warns a minute before 1,740 s after the signed-in call at 600 s, not after the status call.
    await advance(600_000 + LIFE_MS - 60_000 - 1_200_000 - 1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('does nothing for a visitor', async () => {
    const server = fakeServer({});
    renderWatch();
    await advance(2 * LIFE_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
