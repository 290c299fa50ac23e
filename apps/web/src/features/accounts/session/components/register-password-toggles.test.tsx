import type { RegisterSettings, ValidationRule } from '@aurum/contract';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

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

const settings: RegisterSettings = {
  rules: [
    rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
    rule({ key: 'password', minLength: 8, maxLength: 128, type: 'password' }),
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
};

describe('register password toggles (spec §4: independent for password and confirmation)', () => {
  it('each show/hide toggle reveals only its own field', async () => {
    fakeServer({ 'GET /wps/system/setting/register': () => ok(settings) });
    const user = userEvent.setup();
    renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
    const password = await screen.findByLabelText('Password', { exact: true });
    const confirm = screen.getByLabelText('Confirm password');
    const toggleOf = (input: HTMLElement) =>
      screen
        .getAllByRole('button', { name: /^(Show|Hide) password$/ })
        .find((b) => b.getAttribute('aria-controls') === input.id) as HTMLElement;
    expect(password.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('type')).toBe('password');

    await user.click(toggleOf(password));
    expect(password.getAttribute('type')).toBe('text');
    expect(confirm.getAttribute('type')).toBe('password');
    expect(toggleOf(password).getAttribute('aria-label')).toBe('Hide password');
    expect(toggleOf(confirm).getAttribute('aria-label')).toBe('Show password');

    await user.click(toggleOf(confirm));
    await user.click(toggleOf(password));
    expect(password.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('type')).toBe('text');
  });
});
