import type { Bindings } from '@aurum/contract';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotices } from '../../../../lib/notify/notify';
import { endSession, startSession } from '../../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { BindingsPanel } from './bindings-panel';

configure({ asyncUtilTimeout: 15_000 });

const none: Bindings = {
  email: null,
  mobile: '+63917****567',
  social: [
    { provider: 'google', linked: true },
    { provider: 'facebook', linked: false },
  ],
  hasPassword: true,
};

beforeEach(() => startSession('tok', 'demo'));
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const row = (binding: string) => document.querySelector(`[data-binding="${binding}"]`) as HTMLElement;

/** The toasts, as the app's viewport shows them. */
function Notices() {
  return (
    <ul>
      {useNotices().map((n) => (
        <li key={n.id}>{n.message}</li>
      ))}
    </ul>
  );
}

describe('the security centre’s bindings', () => {
  it('says once that a provider was linked on the way back from it, and cleans the address', async () => {
    fakeServer({ 'GET /wps/member/bindings': () => ok(none) });
    window.history.replaceState(null, '', '/member/security?linked=google');
    renderWithApp(
      <>
        <BindingsPanel />
        <Notices />
      </>,
    );
    expect(await screen.findByText('Google sign-in is linked.')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/member/security');
    window.history.replaceState(null, '', '/');
  });

  it('binds an email: a code to the new address, the code and the password, then shows it bound', async () => {
    let state = none;
    const server = fakeServer({
      'GET /wps/member/bindings': () => ok(state),
      'POST /wps/member/bindings/code': () => ok({ destination: 'ne***@example.com', expiredMinutes: 5 }),
      'POST /wps/member/bindings/confirm': (call) => {
        const { code } = call.body as { code: string };
        if (code !== '246810') return fail(400, 'sms.code.invalid');
        state = { ...state, email: 'ne***@example.com' };
        return ok(state);
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <BindingsPanel />
        <Notices />
      </>,
    );
    expect((await screen.findByText(/Email: Not bound/)).textContent).toBeTruthy();
    expect(row('mobile').dataset.bound).toBe('yes');
    expect(row('google').textContent).toContain('Google: Linked');
    expect(row('facebook').textContent).toContain('Facebook: Not linked');

    await user.click(row('email').querySelector('button') as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/bindings/code')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'New email address' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() => expect(server.callsTo('POST', '/wps/member/bindings/code')).toHaveLength(1));
    expect(server.callsTo('POST', '/wps/member/bindings/code')[0]?.body).toEqual({
      channel: 'email',
      email: 'new@example.com',
    });
    expect(await screen.findByText('A code has been sent to your email.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '135790');
    await user.type(screen.getByLabelText('Login password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('The code is wrong or has been used. Please request a new one.'),
    ).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    await user.clear(code);
    await user.type(code, '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Email: ne\*\*\*@example.com/)).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/bindings/confirm').at(-1)?.body).toEqual({
      channel: 'email',
      email: 'new@example.com',
      code: '246810',
      password: 'Demo1234',
    });
  });

  it('unlinks Google with the password, and starts linking Facebook at the provider', async () => {
    let state = none;
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/member', assign });
    const server = fakeServer({
      'GET /wps/member/bindings': () => ok(state),
      'POST /wps/member/bindings/social/unlink': (call) => {
        const { password } = call.body as { password: string };
        if (password !== 'Demo1234') return fail(400, 'password.old.wrong');
        state = { ...state, social: [{ provider: 'google', linked: false }, state.social[1]!] };
        return ok(state);
      },
      'POST /wps/member/bindings/social/link': () => ok({ location: 'https://accounts.example/auth?x=1' }),
    });
    const user = userEvent.setup();
    renderWithApp(<BindingsPanel />);
    await screen.findByText(/Google: Linked/);
    await user.click(row('google').querySelector('button') as HTMLElement);
    expect(screen.getByText(/no longer sign in with Google/)).toBeTruthy();
    await user.type(screen.getByLabelText('Login password'), 'Wrong-123');
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    const password = screen.getByLabelText('Login password');
    await user.clear(password);
    await user.type(password, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(/Google: Not linked/)).toBeTruthy();

    await user.click(row('facebook').querySelector('button') as HTMLElement);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(server.callsTo('POST', '/wps/member/bindings/social/link')[0]?.body).toEqual({
      provider: 'facebook',
      returnTo: '/member',
    });
  });

  it('asks a member without a login password to set one first', async () => {
    fakeServer({ 'GET /wps/member/bindings': () => ok({ ...none, hasPassword: false }) });
    renderWithApp(<BindingsPanel />);
    expect(await screen.findByText(/Set a login password first/)).toBeTruthy();
    expect((row('email').querySelector('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
