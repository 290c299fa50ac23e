import type { LoginValue } from '@aurum/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isForcedChange } from '../../../../lib/account/forced-change';
// The page's text matcher reads the no-break space inside the notice as a plain one.
import { formatDateTime } from '../../../../lib/format/date';
import { useNotices } from '../../../../lib/notify/notify';
import { endSession } from '../../../../lib/session/session-store';
import { renderWithApp } from '../../../../testing/render';
import { useLoginDone } from './use-login-done';

const value = (forced: boolean, lastSignIn: LoginValue['lastSignIn'] = null): LoginValue => ({
  lastSignIn,
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: forced,
  id: 1,
  userName: 'demo',
  customerType: 0,
});

function Probe({ forced, lastSignIn = null }: { forced: boolean; lastSignIn?: LoginValue['lastSignIn'] }) {
  const done = useLoginDone();
  const notices = useNotices();
  return (
    <>
      <button type="button" onClick={() => done(value(forced, lastSignIn), 'password')}>
        done
      </button>
      <ul>
        {notices.map((n) => (
          <li key={n.id}>{n.message}</li>
        ))}
      </ul>
    </>
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, value: {} }), { status: 200 }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

const extraRoutes = [{ path: '/changePassword', element: <p>change</p> }];

describe('useLoginDone', () => {
  it('opens /changePassword as forced when the server forces the change', async () => {
    const { router } = renderWithApp(<Probe forced />, { extraRoutes });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'done' })));
    expect(router.state.location.pathname).toBe('/changePassword');
    expect(isForcedChange(router.state.location.state)).toBe(true);
  });

  it('goes home, with no forced state, when the server does not force it', async () => {
    const { router } = renderWithApp(<Probe forced={false} />, { extraRoutes });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'done' })));
    expect(router.state.location.pathname).toBe('/');
    expect(isForcedChange(router.state.location.state)).toBe(false);
  });

  // Before the ones that show it: notices stay on screen for a few seconds.
  it('shows no last sign-in on a first sign-in', async () => {
    renderWithApp(<Probe forced={false} />, { extraRoutes });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'done' })));
    expect(screen.queryByText(/Last sign-in/)).toBeNull();
  });

  it('tells once when and where the account signed in before', async () => {
    const at = Date.parse('2026-04-30T09:15:00Z');
    renderWithApp(<Probe forced={false} lastSignIn={{ at, ip: '203.0.113.9', place: 'PH' }} />, {
      extraRoutes,
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'done' })));
    expect(await screen.findByText(`Last sign-in: ${formatDateTime(at)}, Philippines`)).toBeTruthy();
  });

  it('says the place is unknown when the server does not know it', async () => {
    const at = Date.parse('2026-04-30T09:15:00Z');
    renderWithApp(<Probe forced={false} lastSignIn={{ at, ip: null, place: null }} />, { extraRoutes });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'done' })));
    expect(await screen.findByText(`Last sign-in: ${formatDateTime(at)}, Unknown place`)).toBeTruthy();
  });
});
