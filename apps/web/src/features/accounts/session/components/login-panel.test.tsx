import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sitePermission } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { LoginPanel } from './login-panel';

afterEach(() => vi.unstubAllGlobals());

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, body: unknown) =>
  new Response(JSON.stringify({ success: false, ...(body as object) }), { status });

const loginValue = {
  token: 'tok',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id: 1,
  userName: 'demo',
  customerType: 0,
};

/** A fetch stand-in: settings with no SMS login, the key and E calls failing fast unless given. */
function server(routes: Record<string, () => Response>) {
  return vi.fn((url: string) => {
    const path = String(url).split('?')[0] ?? '';
    const handler = routes[path];
    return Promise.resolve(handler ? handler() : fail(404, { errorCode: 'route.not.found' }));
  });
}

describe('LoginPanel', () => {
  it('requires a trimmed username and a password, with the in_incorrect_password warning, before any call', async () => {
    const fetchMock = server({});
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Incorrect account or password format.',
    );
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContain('/wps/session/login');
  });

  it('shows and hides the password', async () => {
    vi.stubGlobal('fetch', server({}));
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('offers forgot password (PASS3) and register (DIRECTREG3)', async () => {
    vi.stubGlobal('fetch', server({}));
    const onSwitch = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={onSwitch} onLoggedIn={() => {}} />, {
      permission: sitePermission({}, ['COMM3', 'DIRECTREG3', 'PASS3']),
    });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Register now' }));
    expect(onSwitch.mock.calls).toEqual([['forgotPassword'], ['register']]);
  });

  it('hides forgot password when PASS3 is off and register when DIRECTREG3 is off', async () => {
    vi.stubGlobal('fetch', server({}));
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />, {
      permission: sitePermission({}, ['COMM3']),
    });
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register now' })).toBeNull();
  });

  it('remember me keeps only the account name; the next visit signs in with the cookie', async () => {
    localStorage.setItem('rememberAccount', 'demo');
    const fetchMock = server({ '/wps/session/login/remember': () => ok(loginValue) });
    vi.stubGlobal('fetch', fetchMock);
    const onLoggedIn = vi.fn();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={onLoggedIn} />);
    expect(await screen.findByText(/Welcome back, demo/)).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(loginValue, 'remember'));
    expect(Object.values({ ...localStorage })).toEqual(['demo']);
  });

  it('falls back to the normal form when the remembered sign-in fails', async () => {
    localStorage.setItem('rememberAccount', 'demo');
    vi.stubGlobal(
      'fetch',
      server({ '/wps/session/login/remember': () => fail(401, { errorCode: 'user.or.token.invalid' }) }),
    );
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Your saved sign-in has ended. Please enter your password.')).toBeTruthy();
    expect(localStorage.getItem('rememberAccount')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('demo');
    expect((screen.getByLabelText('Password') as HTMLInputElement).placeholder).toBe('');
  });

  it('shows the captcha once a failed login asks for it', async () => {
    vi.stubGlobal(
      'fetch',
      server({
        '/wps/session/key': () => fail(500, { errorCode: 'system.error' }),
        '/wps/captcha': () => ok({ captchaId: 'c1', image: 'PHN2Zy8+', expiresAt: 0 }),
      }),
    );
    const { ApiError } = await import('../../../../lib/api');
    const api = await import('../api/login');
    vi.spyOn(api, 'login').mockRejectedValue(new ApiError('login.failed', '', 400, { captcha: 'true' }));
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    expect(screen.queryByRole('textbox', { name: 'Characters in the image' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('textbox', { name: 'Characters in the image' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Verification image' })).toBeTruthy();
  });

  it('says how long a locked name stays locked, and sends an unlock link when asked', async () => {
    const fetchMock = server({
      '/wps/session/unlock/request': () => ok({ sent: true }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { ApiError } = await import('../../../../lib/api');
    const api = await import('../api/login');
    vi.spyOn(api, 'login').mockRejectedValue(
      new ApiError('login.locked', 'server text', 429, { retryAfterSeconds: '690' }),
    );
    const user = userEvent.setup();
    renderWithApp(<LoginPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} />);
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'demo');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many failed attempts. Try again in 12 minutes.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send me an unlock link' }));
    expect(
      await screen.findByText(/an unlock link has been sent to its mobile number or email/),
    ).toBeTruthy();
    const call = fetchMock.mock.calls.find((c) => String(c[0]) === '/wps/session/unlock/request') as
      | unknown[]
      | undefined;
    expect(call).toBeDefined();
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({ username: 'demo' });
    expect(screen.queryByRole('button', { name: 'Send me an unlock link' })).toBeNull();
  });
});
