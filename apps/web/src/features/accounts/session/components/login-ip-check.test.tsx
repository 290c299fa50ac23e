import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api';
import { renderWithApp } from '../../../../testing/render';
import { LoginPanel } from './login-panel';

const login = vi.hoisted(() => vi.fn());
vi.mock('../api/login', async (original) => ({ ...(await original<object>()), login }));

afterEach(() => {
  vi.unstubAllGlobals();
  login.mockReset();
});

const loginValue = {
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id: 1,
  userName: 'demo',
  customerType: 0,
};

describe('LoginPanel on an unrecognised network (LOGINIPVERF3)', () => {
  it('asks for the code the server sent, then signs in with it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    login
      .mockRejectedValueOnce(
        new ApiError('login.ip.verification', 'new network', 400, {
          channel: 'sms',
          destination: '+63*****4567',
        }),
      )
      .mockResolvedValueOnce(loginValue);
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('status')).textContent).toContain('+63*****4567');
    const codeField = screen.getByRole('textbox', { name: 'Verification code' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'password'));
    expect(login.mock.calls[1]?.[0]).toMatchObject({ username: 'demo', ipVerificationCode: '123456' });
    expect(login.mock.calls[0]?.[0]).not.toHaveProperty('ipVerificationCode');
  });

  it('tells a member without a mobile or email to contact customer service', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    login.mockRejectedValueOnce(new ApiError('login.ip.unverifiable', 'x', 403));
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('contact customer service');
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
  });

  it('offers the member its other channels: email sends a code, the authenticator and the bank name take a typed proof', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    const asked = (channel: string, destination = '') =>
      new ApiError('login.ip.verification', 'new network', 400, {
        channel,
        destination,
        channels: 'sms,email,totp,recovery',
      });
    login
      .mockRejectedValueOnce(asked('sms', '+63*****4567'))
      .mockRejectedValueOnce(asked('email', 'de***@example.com'))
      .mockResolvedValueOnce(loginValue);
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const group = await screen.findByRole('group', { name: 'Verify with' });
    expect(group.querySelectorAll('button').length).toBe(4);

    // The authenticator needs no sending: its field shows at once; a recovery code is checked by shape.
    await user.click(screen.getByRole('button', { name: 'Recovery code' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter a recovery code like ABCD-EFGH-JKMN.')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Email: the server sends a code and says where.
    await user.click(screen.getByRole('button', { name: 'Email code' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    expect(login.mock.calls[1]?.[0]).toMatchObject({ ipVerificationChannel: 'email' });
    expect(login.mock.calls[1]?.[0]).not.toHaveProperty('ipVerificationCode');
    expect((await screen.findByRole('status')).textContent).toContain('de***@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'password'));
    expect(login.mock.calls[2]?.[0]).toMatchObject({
      ipVerificationChannel: 'email',
      ipVerificationCode: '654321',
    });
  });

  it('takes the real name of a withdrawal account when that is all the member has', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    login
      .mockRejectedValueOnce(
        new ApiError('login.ip.verification', 'new network', 400, {
          channel: 'bank',
          destination: '',
          channels: 'bank',
        }),
      )
      .mockRejectedValueOnce(new ApiError('login.ip.name.wrong', 'x', 400))
      .mockResolvedValueOnce(loginValue);
    const onLoggedIn = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const name = await screen.findByRole('textbox', { name: 'Account holder name' });
    expect(screen.queryByRole('group', { name: 'Verify with' })).toBeNull();
    await user.type(name, 'Juan Cruz');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The name does not match');
    await user.clear(screen.getByRole('textbox', { name: 'Account holder name' }));
    await user.type(screen.getByRole('textbox', { name: 'Account holder name' }), 'Juan Dela Cruz');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(login.mock.calls[2]?.[0]).toMatchObject({
      ipVerificationChannel: 'bank',
      ipVerificationName: 'Juan Dela Cruz',
    });
  });
});
