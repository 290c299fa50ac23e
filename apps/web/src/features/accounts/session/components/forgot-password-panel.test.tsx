import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetServerKeyForTests } from '../../../../lib/api/encryption';
import { renderWithApp } from '../../../../testing/render';
import { ForgotPasswordPanel } from './forgot-password-panel';

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, errorCode: string, details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text', details }), { status });

let publicJwk: JsonWebKey;
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
});

function server(reset: () => Response) {
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /wps/session/key') return Promise.resolve(ok({ kid: 'k1', jwk: publicJwk }));
    if (key === 'POST /wps/member/password/verification') return Promise.resolve(reset());
    return Promise.resolve(fail(404, 'route.not.found'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const resetCalls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/wps/member/password/verification'));

beforeEach(() => forgetServerKeyForTests());
afterEach(() => vi.unstubAllGlobals());

/** The emailed link opens the panel on the code step with the username and code filled in. */
async function resetWith(password: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <ForgotPasswordPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} onEmailSent={() => {}} />,
    { path: '/?username=lucky88&resetCode=ABCDEFGHJK' },
  );
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ForgotPasswordPanel (email reset) says why a new password is refused', { timeout: 15_000 }, () => {
  it('holding the username, before anything is sent', async () => {
    const fetchMock = server(() => ok({}));
    await resetWith('my-Lucky88-pass');
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(resetCalls(fetchMock)).toEqual([]);
  });

  it('too common: the server reason, under the field', async () => {
    server(() => fail(400, 'password.invalid', { newPassword: 'password_breached' }));
    await resetWith('qwertyuiop');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });
});
