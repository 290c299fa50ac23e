import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSettings, validationRule as rule } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

/** The demo merchant's register settings (GET /wps/system/setting/register), enabled rules only. */
const SETTINGS = registerSettings(
  [
    rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
    rule({ key: 'password', minLength: 6, maxLength: 20, patternId: 'LETTERS_AND_DIGITS', type: 'password' }),
    rule({ key: 'mobileNum', minLength: 6, maxLength: 15, patternId: 'DIGITS', type: 'tel' }),
    rule({ key: 'email', required: false, minLength: 6, maxLength: 64, patternId: 'EMAIL', type: 'email' }),
    rule({ key: 'payeeName', required: false, minLength: 2, maxLength: 50, patternId: 'TWO_LETTERS_SPACES' }),
    rule({
      key: 'affiliateCode',
      required: false,
      minLength: 4,
      maxLength: 16,
      patternId: 'LETTERS_OR_DIGITS',
    }),
  ],
  {
    signIn: {
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      MOBILEVERCODELOGIN3: true,
      DIRECTREG3: true,
      AGENTPOLICY3: true,
      REGMOBVERF3: true,
      MOBILENUMPASSREG3: true,
      FREEPLAY3: true,
      PWDEXPFORCECHANGE3: true,
      COMM3: true,
    },
  },
);

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        String(url).startsWith('/wps/system/setting/register')
          ? ok(SETTINGS)
          : new Response(JSON.stringify({ success: false, errorCode: 'route.not.found' }), { status: 404 }),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The username form after one empty submit: every required field shows its error. */
async function failedOnce() {
  const user = userEvent.setup();
  renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
  await user.click(await screen.findByRole('button', { name: 'Username' }));
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return user;
}

const invalid = () =>
  [...document.querySelectorAll('form [aria-invalid="true"]')].map((el) => el.getAttribute('name'));

const FIELDS: [name: string, field: () => HTMLElement, value: string][] = [
  ['username', () => screen.getByRole('textbox', { name: 'Username' }), 'player01'],
  ['mobileNum', () => screen.getByRole('textbox', { name: 'Mobile number' }), '9171234567'],
  ['verificationCode', () => screen.getByRole('textbox', { name: 'Verification code' }), '123456'],
  ['password', () => screen.getByLabelText('Password', { exact: true }), 'Abc12345'],
];

describe('RegisterPanel errors', () => {
  it('shows every required field’s error after an empty submit', async () => {
    await failedOnce();
    expect(invalid()).toEqual(
      expect.arrayContaining([
        'username',
        'mobileNum',
        'verificationCode',
        'password',
        'confirmPassword',
        'agreeTerms',
      ]),
    );
  });

  it.each(FIELDS)(
    'clears the %s error on its first valid change, and only that one',
    async (name, field, value) => {
      const user = await failedOnce();
      const before = invalid();
      expect(before).toContain(name);
      await user.type(field(), value);
      expect(invalid()).not.toContain(name);
      expect(invalid()).toEqual(before.filter((n) => n !== name));
    },
  );

  it('keeps a field’s error while the change is still invalid', async () => {
    const user = await failedOnce();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '1');
    expect(invalid()).toContain('username');
  });

  it('clears the confirm-password error once it matches the password', async () => {
    const user = await failedOnce();
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Abc12345');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(confirm, 'Abc1234');
    expect(invalid()).toContain('confirmPassword');
    await user.type(confirm, '5');
    expect(invalid()).not.toContain('confirmPassword');
  });

  it('clears the terms error as soon as the box is ticked', async () => {
    const user = await failedOnce();
    const form = document.querySelector('form') as HTMLFormElement;
    expect(within(form).getByText(/You must agree|agree to the terms/i, { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /agree to the terms/ }));
    expect(invalid()).not.toContain('agreeTerms');
  });
});

describe('RegisterPanel SMS code', () => {
  it('sends the typed number with the dialing code the picker chose', async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
      const path = String(url);
      if (path.startsWith('/wps/system/setting/register')) return Promise.resolve(ok(SETTINGS));
      if (path.startsWith('/wps/system/countries')) {
        return Promise.resolve(ok([{ countryCode: 'PH', countryDialingCode: '63' }]));
      }
      return Promise.resolve(ok({ expiredMinutes: 5 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Send again in \d+ s/ });
    const sent = fetchMock.mock.calls.find((c) => String(c[0]) === '/wps/verification/sms/noLogin');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      purpose: 'register',
      mobileNum: '9171234567',
      countryDialingCode: '63',
    });
  });
});
