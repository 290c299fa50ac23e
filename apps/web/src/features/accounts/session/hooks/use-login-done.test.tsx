import type { LoginValue } from '@aurum/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isForcedChange } from '../../../../lib/account/forced-change';
import { endSession } from '../../../../lib/session/session-store';
import { renderWithApp } from '../../../../testing/render';
import { useLoginDone } from './use-login-done';

const value = (forced: boolean): LoginValue => ({
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: forced,
  id: 1,
  userName: 'demo',
  customerType: 0,
});

function Probe({ forced }: { forced: boolean }) {
  const done = useLoginDone();
  return (
    <button type="button" onClick={() => done(value(forced), 'password')}>
      done
    </button>
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
});
