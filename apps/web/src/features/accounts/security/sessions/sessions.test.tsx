import type { ActiveSession, SignInEntry } from '@aurum/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../lib/format/date';
import { endSession, startSession, useSessionToken } from '../../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { ActiveSessions } from './active-sessions';
import { SignInHistory } from './sign-in-history';

configure({ asyncUtilTimeout: 15_000 });

const AT = Date.parse('2026-05-01T10:00:00Z');
const mine: ActiveSession = {
  id: 11,
  device: { browser: 'Chrome', os: 'Windows', id: 'a1b2c3d4' },
  ip: '203.0.113.5',
  place: 'PH',
  signedInAt: AT,
  lastSeenAt: AT + 60_000,
  current: true,
};
const phone: ActiveSession = {
  id: 12,
  device: { browser: 'Safari', os: 'iOS', id: null },
  ip: '198.51.100.7',
  place: null,
  signedInAt: AT - 3_600_000,
  lastSeenAt: AT,
  current: false,
};
const tablet: ActiveSession = {
  id: 13,
  device: { browser: null, os: 'Android', id: null },
  ip: '198.51.100.8',
  place: 'VN',
  signedInAt: AT - 7_200_000,
  lastSeenAt: AT - 60_000,
  current: false,
};

beforeEach(() => startSession('tok', 'demo'));
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('the security centre’s active sessions', () => {
  it('lists the sessions with this device marked, and signs out one other after asking', async () => {
    let sessions = [mine, phone, tablet];
    const server = fakeServer({
      'GET /wps/member/security/sessions': () => ok({ sessions }),
      'DELETE /wps/member/security/sessions': (call) => {
        const id = Number(call.query.get('id'));
        sessions = sessions.filter((s) => s.id !== id);
        return ok({ ended: 1 });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ActiveSessions />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).getByText('Philippines · 203.0.113.5')).toBeTruthy();
    expect(within(items[0]!).getByText('a1b2c3d4')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByText('Unknown place · 198.51.100.7')).toBeTruthy();
    expect(within(items[1]!).getByText(formatDateTime(phone.signedInAt))).toBeTruthy();
    expect(within(items[2]!).getByText('Unknown browser on Android')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Safari on iOS \(Unknown place\) will be signed out at once/),
    ).toBeTruthy();
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/wps/member/security/sessions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iOS' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [ended] = server.callsTo('DELETE', '/wps/member/security/sessions');
    expect(ended!.query.get('id')).toBe('12');
    expect(screen.queryByText('Safari on iOS')).toBeNull();
  });

  it('signs out all other sessions after asking, then says only this device is left', async () => {
    let sessions = [mine, phone, tablet];
    const server = fakeServer({
      'GET /wps/member/security/sessions': () => ok({ sessions }),
      'DELETE /wps/member/security/sessions/others': () => {
        sessions = [mine];
        return ok({ ended: 2 });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ActiveSessions />);
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This device stays signed in/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('No other sessions: only this device is signed in.')).toBeTruthy();
    expect(server.callsTo('DELETE', '/wps/member/security/sessions/others')).toHaveLength(1);
  });

  it('shows the server’s refusal in the dialog and keeps the list', async () => {
    fakeServer({
      'GET /wps/member/security/sessions': () => ok({ sessions: [mine, phone] }),
      'DELETE /wps/member/security/sessions': () => fail(404, 'session.not.found'),
    });
    const user = userEvent.setup();
    renderWithApp(<ActiveSessions />);
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('This session has already ended.')).toBeTruthy();
  });
});

const history: SignInEntry[] = [
  {
    id: 7,
    at: AT,
    ip: '203.0.113.5',
    place: 'PH',
    device: { browser: 'Chrome', os: 'Windows', id: null },
    method: 'two_factor',
    success: true,
  },
  {
    id: 6,
    at: AT - 60_000,
    ip: '192.0.2.44',
    place: 'SG',
    device: { browser: null, os: null, id: null },
    method: 'password',
    success: false,
  },
];

function Token() {
  return <output aria-label="token">{useSessionToken() ?? 'none'}</output>;
}

describe('the security centre’s sign-in history', () => {
  it('lists sign-ins and failures; "This wasn\'t me" asks, then signs out here too', async () => {
    const server = fakeServer({
      'GET /wps/member/security/signins': () => ok({ signIns: history }),
      'POST /wps/member/security/signins/disown': () => ok({ signedOut: true }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SignInHistory />
        <Token />
      </>,
    );
    const list = await screen.findByRole('list', { name: 'Sign-in history' });
    const [ok7, failed6] = within(list).getAllByRole('listitem');
    expect(within(ok7!).getByText('Signed in')).toBeTruthy();
    expect(within(ok7!).getByText('Two-factor code · Chrome on Windows')).toBeTruthy();
    expect(within(ok7!).getByText('Philippines · 203.0.113.5')).toBeTruthy();
    expect(within(failed6!).getByText('Failed')).toBeTruthy();
    expect(within(failed6!).getByText('Password · Unknown browser on an unknown system')).toBeTruthy();
    // Only a sign-in that succeeded can be disowned.
    expect(within(failed6!).queryByRole('button')).toBeNull();

    await user.click(
      within(ok7!).getByRole('button', { name: `This wasn't me: the sign-in of ${formatDateTime(AT)}` }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/you will be asked to set a new one/)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'token' }).textContent).toBe('tok');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await vi.waitFor(() => expect(screen.getByRole('status', { name: 'token' }).textContent).toBe('none'));
    expect(server.callsTo('POST', '/wps/member/security/signins/disown')[0]!.body).toEqual({ id: 7 });
  });
});
