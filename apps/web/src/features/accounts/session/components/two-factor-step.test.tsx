import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { LoginPanel } from './login-panel';

afterEach(() => vi.unstubAllGlobals());

const TICKET = 'T'.repeat(43);
const loginValue = {
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id: 1,
  userName: 'demo',
  customerType: 0,
};
const challenge = () => fail(400, 'login.two.factor', '', { ticket: TICKET, expiresInSeconds: '300' });

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPanel with two-factor sign-in on', () => {
  it('asks for the authenticator code after the password, then signs in as a login does', async () => {
    const server = fakeServer({
      'POST /wps/session/login': challenge,
      'POST /wps/session/login/twofactor': (call) => {
        const { code } = call.body as { code: string };
        return code === '246810'
          ? ok(loginValue)
          : fail(400, 'two.factor.code.invalid', '', { attemptsLeft: '4' });
      },
    });
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor login check' })).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/session/login/twofactor')).toHaveLength(0);

    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong. 4 tries left.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '246 810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'password'));
    expect(server.callsTo('POST', '/wps/session/login/twofactor').map((c) => c.body)).toEqual([
      { ticket: TICKET, code: '135790' },
      { ticket: TICKET, code: '246810' },
    ]);
  }, 20_000);

  it('takes a recovery code instead', async () => {
    const server = fakeServer({
      'POST /wps/session/login': challenge,
      'POST /wps/session/login/twofactor': () => ok(loginValue),
    });
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter a recovery code, like ABCD-EFGH-JKMN.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'password'));
    expect(server.callsTo('POST', '/wps/session/login/twofactor')[0]?.body).toEqual({
      ticket: TICKET,
      code: 'abcd-efgh-jkmn',
    });
  });

  it('goes back to the password, saying why, when the ticket is burnt or expired', async () => {
    fakeServer({
      'POST /wps/session/login': challenge,
      'POST /wps/session/login/twofactor': () => fail(400, 'two.factor.ticket.expired'),
    });
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await signInWithPassword(user);
    await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in attempt has expired. Please log in again.',
    );
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('opens at the check for a social sign-in whose hand-off asked for it', async () => {
    fakeServer({ 'POST /wps/session/login/twofactor': () => ok(loginValue) });
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} twoFactorTicket={TICKET} />,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'social'));
  });
});
