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
});
