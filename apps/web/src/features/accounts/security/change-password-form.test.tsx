import type { MemberInfo } from '@aurum/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cn from '../../../lib/account/locales/cn.json';
import { problemText } from '../../../lib/account/rules';
import { fail, fakeServer, ok } from '../../../testing/fake-server';
import { registerSettings, validationRule as rule } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';

const passwordRule = rule({ key: 'password', minLength: 8, maxLength: 128, type: 'password' });
const settings = registerSettings([passwordRule]);

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
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
};

function server(change: () => Response) {
  return fakeServer({
    'GET /wps/system/setting/register': () => ok(settings),
    'GET /wps/member/info': () => ok(info),
    'POST /wps/member/password': change,
  });
}

const loginValueForTest = {
  token: 'tok2',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id: 5,
  userName: 'lucky88',
  customerType: 0,
};
const sentChange = (fake: ReturnType<typeof server>) => fake.callsTo('POST', '/wps/member/password');

beforeEach(() => sessionStorage.setItem('token', 'tok'));
afterEach(() => vi.unstubAllGlobals());

async function fill(newPassword: string, fake?: ReturnType<typeof server>) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<ChangePasswordForm onDone={() => {}} />);
  // The account name comes with member info.
  if (fake) await vi.waitFor(() => expect(fake.callsTo('GET', '/wps/member/info')).not.toEqual([]));
  await user.type(await screen.findByLabelText('Current password'), 'Old-Password-1');
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), newPassword);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm says why a password is refused', { timeout: 15_000 }, () => {
  it('too short, before anything is sent', async () => {
    const fake = server(() => ok({}));
    await fill('Ab3$xyz');
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(sentChange(fake)).toEqual([]);
  });

  it('holding the account name, before anything is sent', async () => {
    const fake = server(() => ok({}));
    await fill('My-LUCKY88-pass', fake);
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(sentChange(fake)).toEqual([]);
  });

  it('too common: the server reason, under the field', async () => {
    server(() => fail(400, 'password.invalid', 'server text', { newPassword: 'password_breached' }));
    await fill('sunshine123');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });

  it("the merchant's composition rule, from the server", async () => {
    server(() => fail(400, 'password.invalid', 'server text', { newPassword: 'pattern_strong' }));
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

  it('asks for the authenticator code when the merchant guards the change with the second factor', async () => {
    let calls = 0;
    const fake = server(() => {
      calls += 1;
      return calls === 1 ? fail(400, 'two.factor.code.required') : ok({ ...loginValueForTest });
    });
    await fill('Brand-New-Pass-9', fake);
    const code = await screen.findByRole('textbox', { name: /recovery code/i });
    expect(sentChange(fake)[0]?.body).not.toHaveProperty('twoFactorCode');
    const user = userEvent.setup({ delay: null });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(sentChange(fake)).toHaveLength(2));
    expect(sentChange(fake)[1]?.body).toMatchObject({ twoFactorCode: '123456' });
  });
});
