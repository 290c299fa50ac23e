import type { MemberInfo, RegisterSettings, ValidationRule } from '@aurum/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import cn from '../../../lib/account/locales/cn.json';
import { problemText } from '../../../lib/account/rules';
import { forgetServerKeyForTests } from '../../../lib/api/encryption';
import { renderWithApp } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, errorCode: string, details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text', details }), { status });

const passwordRule: ValidationRule = {
  key: 'password',
  enabled: true,
  required: true,
  minLength: 8,
  maxLength: 128,
  patternId: 'LENGTH',
  acceptedPattern: null,
  type: 'password',
};

const settings: RegisterSettings = {
  rules: [passwordRule],
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
};

const info: MemberInfo = {
  id: 5,
  account: 'lucky88',
  userName: 'lucky88',
  nickname: null,
  type: 0,
  mobile: null,
  regDate: 0,
  email: null,
  language: 'EN',
  isAgent: false,
  isTrial: false,
  pwdEnabled: false,
  hasPassword: true,
  hasFreePlay: false,
  showVerCodeLogin: false,
  clubLabel: null,
};

let publicJwk: JsonWebKey;
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
});

function server(change: () => Response) {
  const routes: Record<string, () => Response> = {
    'GET /wps/session/key': () => ok({ kid: 'k1', jwk: publicJwk }),
    'GET /wps/system/setting/register': () => ok(settings),
    'GET /wps/member/info': () => ok(info),
    'POST /wps/member/password': change,
  };
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return Promise.resolve(handler ? handler() : fail(404, 'route.not.found'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentChange = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/wps/member/password') && init?.method);

beforeEach(() => {
  sessionStorage.setItem('token', 'tok');
  forgetServerKeyForTests();
});
afterEach(() => vi.unstubAllGlobals());

async function fill(newPassword: string, fetchMock?: ReturnType<typeof server>) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<ChangePasswordForm onDone={() => {}} />);
  // The account name comes with member info.
  if (fetchMock) {
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/wps/member/info'))).toBe(true),
    );
  }
  await user.type(await screen.findByLabelText('Current password'), 'Old-Password-1');
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), newPassword);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm says why a password is refused', { timeout: 15_000 }, () => {
  it('too short, before anything is sent', async () => {
    const fetchMock = server(() => ok({}));
    await fill('Ab3$xyz');
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(sentChange(fetchMock)).toEqual([]);
  });

  it('holding the account name, before anything is sent', async () => {
    const fetchMock = server(() => ok({}));
    await fill('My-LUCKY88-pass', fetchMock);
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(sentChange(fetchMock)).toEqual([]);
  });

  it('too common: the server reason, under the field', async () => {
    server(() => fail(400, 'password.invalid', { newPassword: 'password_breached' }));
    await fill('sunshine123');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });

  it("the merchant's composition rule, from the server", async () => {
    server(() => fail(400, 'password.invalid', { newPassword: 'pattern_strong' }));
    await fill('plain words only');
    expect(
      await screen.findByText(
        'At least one capital letter, one small letter, one digit and one symbol, 8-128 characters.',
      ),
    ).toBeTruthy();
  });
});

describe('the reasons in CN', { timeout: 15_000 }, () => {
  it('reads each password and payment-password reason from the CN catalogue', async () => {
    const zh = i18next.createInstance();
    await zh.init({ lng: 'cn', resources: { cn: { account: cn } }, ns: ['account'], defaultNS: 'account' });
    const t = zh.getFixedT('cn', 'account') as never;
    const text = (key: string) => problemText(t, key, 'password', [passwordRule]);
    expect(text('password_too_short')).toBe('密码至少需要8个字符。');
    expect(text('password_too_long')).toBe('密码最多128个字符。');
    expect(text('password_contains_account')).toBe('密码不能包含您的账号名。');
    expect(text('password_breached')).toBe('该密码过于常见，已出现在泄露密码列表中。请换一个。');
    expect(problemText(t, 'pin_birthday', 'paymentPassword', [])).toBe('请勿使用您的生日。');
  });
});
