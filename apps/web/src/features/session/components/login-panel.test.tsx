import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { LoginPanel } from './login-panel';

afterEach(() => vi.unstubAllGlobals());

describe('LoginPanel', () => {
  it('requires a trimmed username and a password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);

    await user.type(screen.getByRole('textbox', { name: 'Username' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getByText('Enter your username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Incorrect account or password format.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('offers forgot password and register', async () => {
    const onSwitch = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={onSwitch} onLoggedIn={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    expect(onSwitch.mock.calls).toEqual([['forgotPassword'], ['register']]);
  });
});
