import type { RegisterSettings, ValidationRule } from '@aurum/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetServerKeyForTests } from '../../../../lib/api/encryption';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, errorCode: string, details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text', details }), { status });

const rule = (over: Partial<ValidationRule> & Pick<ValidationRule, 'key'>): ValidationRule => ({
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 64,
  patternId: 'LENGTH',
  acceptedPattern: null,
  type: 'text',
  ...over,
});

const settings = (password: ValidationRule): RegisterSettings => ({
  rules: [
    rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
    password,
    rule({ key: 'mobileNum', enabled: false, required: false, patternId: 'DIGITS', type: 'tel' }),
  ],
  signIn: {
    USERNAMEREG3: true,
    MOBILENUMREG3: false,
    MOBILEVERCODELOGIN3: false,
    DIRECTREG3: true,
    AGENTPOLICY3: false,
    REGMOBVERF3: false,
    MOBILENUMPASSREG3: false,
    FREEPLAY3: false,
    PWDEXPFORCECHANGE3: false,
    COMM3: true,
  },
  loginCaptcha: false,
  ageLimit: 18,
  birthdayMinAge: 21,
  smsValidityMinutes: 5,
  socialProviders: [],
});
const open = rule({ key: 'password', minLength: 8, maxLength: 128, type: 'password' });

let publicJwk: JsonWebKey;
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
});

function server(register: () => Response, passwordRule = open) {
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    if (key === 'GET /wps/session/key') return Promise.resolve(ok({ kid: 'k1', jwk: publicJwk }));
    if (key === 'GET /wps/system/setting/register') return Promise.resolve(ok(settings(passwordRule)));
    if (key === 'PUT /wps/member/register') return Promise.resolve(register());
    return Promise.resolve(fail(404, 'route.not.found'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const registerCalls = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/wps/member/register') && init?.method);

beforeEach(() => forgetServerKeyForTests());
afterEach(() => vi.unstubAllGlobals());

async function register(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPanel says why a password is refused', { timeout: 15_000 }, () => {
  it('too short, before anything is sent', async () => {
    const fetchMock = server(() => ok({}));
    await register('lucky88', 'Ab3$xyz');
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('holding the user name, before anything is sent', async () => {
    const fetchMock = server(() => ok({}));
    await register('lucky88', 'Lucky88-forever');
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(registerCalls(fetchMock)).toEqual([]);
  });

  it('too common: the server reason, under the password', async () => {
    server(() => fail(400, 'validation.failed', { password: 'password_breached' }));
    await register('lucky88', 'sunshine123');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });

  it("the merchant's composition rule", async () => {
    const digits = rule({ key: 'password', minLength: 8, maxLength: 64, patternId: 'LETTERS_AND_DIGITS' });
    const fetchMock = server(() => ok({}), digits);
    await register('lucky88', 'only letters here');
    expect(await screen.findByText('Both letters and digits, 8-64 characters.')).toBeTruthy();
    expect(registerCalls(fetchMock)).toEqual([]);
  });
});
