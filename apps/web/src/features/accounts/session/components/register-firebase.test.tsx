import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerSettings, validationRule as rule } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

/** The Firebase SDK side (lib/account/firebase/sdk): counted when loaded, its sign-in faked. */
const sdk = vi.hoisted(() => ({ loaded: 0, sendCode: vi.fn(), confirm: vi.fn() }));
vi.mock('../../../../lib/account/firebase/sdk', () => {
  sdk.loaded += 1;
  return { sendCode: sdk.sendCode };
});
const register = vi.hoisted(() => ({ byUsername: vi.fn() }));
vi.mock('../api/register', () => ({
  registerByUsername: register.byUsername,
  registerByMobile: vi.fn(),
  checkAffiliateCode: vi.fn(),
}));

const FIREBASE = {
  apiKey: 'AIzaTestKey',
  authDomain: 'shop.firebaseapp.com',
  projectId: 'shop-1234',
  emulatorHost: null,
};
const settings = (firebase: boolean) =>
  registerSettings(
    [
      rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
      rule({
        key: 'password',
        minLength: 6,
        maxLength: 20,
        patternId: 'LETTERS_AND_DIGITS',
        type: 'password',
      }),
      rule({ key: 'mobileNum', minLength: 6, maxLength: 15, patternId: 'DIGITS', type: 'tel' }),
    ],
    {
      signIn: {
        USERNAMEREG3: true,
        MOBILENUMREG3: false,
        MOBILEVERCODELOGIN3: false,
        DIRECTREG3: true,
        AGENTPOLICY3: false,
        REGMOBVERF3: true,
        MOBILENUMPASSREG3: false,
        FREEPLAY3: false,
        PWDEXPFORCECHANGE3: false,
        COMM3: true,
      },
      ...(firebase ? { firebasePhone: FIREBASE } : {}),
    },
  );

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
let fetchMock: ReturnType<typeof vi.fn>;

function serve(firebase: boolean) {
  fetchMock = vi.fn((url: string) => {
    const path = String(url);
    if (path.startsWith('/wps/system/setting/register')) return Promise.resolve(ok(settings(firebase)));
    if (path.startsWith('/wps/system/countries')) {
      return Promise.resolve(ok([{ countryCode: 'PH', countryDialingCode: '63' }]));
    }
    return Promise.resolve(ok({ expiredMinutes: 5 }));
  });
  vi.stubGlobal('fetch', fetchMock);
}

beforeEach(() => {
  sdk.loaded = 0;
  sdk.sendCode.mockReset();
  sdk.confirm.mockReset();
  register.byUsername.mockReset();
  register.byUsername.mockResolvedValue({ customerId: 1, account: 'player01', login: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function openForm() {
  const user = userEvent.setup();
  renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'player01');
  await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '09171234567');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Abc12345');
  await user.type(screen.getByLabelText('Confirm password'), 'Abc12345');
  await user.click(screen.getByRole('checkbox', { name: /agree to the terms/ }));
  return user;
}
const countdownSeconds = async () => {
  const button = await screen.findByRole('button', { name: /Send again in \d+ s/ });
  return Number(/(\d+)/.exec(button.textContent ?? '')?.[1]);
};

describe('registration without the firebase channel', () => {
  it('sends our SMS and never loads the Firebase SDK', async () => {
    serve(false);
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await countdownSeconds()).toBeGreaterThan(60);
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/wps/verification/sms/noLogin')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(register.byUsername).toHaveBeenCalledTimes(1));
    expect(register.byUsername.mock.calls[0]?.[0]).not.toHaveProperty('firebaseIdToken');
    expect(sdk.loaded).toBe(0);
    expect(document.querySelector('[data-recaptcha]')).toBeNull();
  });
});

describe('registration through the firebase channel', () => {
  it('sends the code with Firebase, counts down one minute and registers with the ID token', async () => {
    serve(true);
    sdk.sendCode.mockResolvedValue({ confirm: sdk.confirm });
    sdk.confirm.mockResolvedValue('firebase-id-token');
    const user = await openForm();
    expect(sdk.loaded).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const seconds = await countdownSeconds();
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(sdk.sendCode).toHaveBeenCalledWith(FIREBASE, '+639171234567', expect.any(HTMLElement));
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/verification/sms'))).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => expect(register.byUsername).toHaveBeenCalledTimes(1));
    expect(sdk.confirm).toHaveBeenCalledWith('654321');
    expect(register.byUsername.mock.calls[0]?.[0]).toMatchObject({
      username: 'player01',
      verificationCode: '654321',
      firebaseIdToken: 'firebase-id-token',
    });
  });

  it('shows a send failure in the warning popup (spec §8) and counts nothing down', async () => {
    serve(true);
    sdk.sendCode.mockRejectedValue(Object.assign(new Error('Firebase'), { code: 'auth/too-many-requests' }));
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many requests. Please try again after 5 minutes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('stops quietly when Firebase refuses the code, or none was sent: nothing is registered', async () => {
    serve(true);
    sdk.sendCode.mockResolvedValue({ confirm: sdk.confirm });
    sdk.confirm.mockRejectedValue(Object.assign(new Error('Firebase'), { code: 'auth/code-expired' }));
    const user = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please send the code first.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await countdownSeconds();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The code has expired. Please send again.')).toBeTruthy();
    expect(register.byUsername).not.toHaveBeenCalled();
  });
});
