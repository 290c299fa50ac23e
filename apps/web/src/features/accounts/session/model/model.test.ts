import type { RegisterSettings } from '@aurum/contract';
import { describe, expect, it, vi } from 'vitest';
import { beginSession, profileOf } from '../../../../lib/account/sign-in';
import { affiliateCodeFromUrl, affiliateFieldShown, resolveAffiliate } from './affiliate';
import { afterLoginPath } from './after-login';
import { loginModes, registerModes } from './modes';
import { registerFieldPlan } from './register-fields';

const apiMocks = vi.hoisted(() => ({ recordFirstLogin: vi.fn(() => Promise.resolve(undefined)) }));
vi.mock('../../../../lib/account/first-login', () => ({ recordFirstLogin: apiMocks.recordFirstLogin }));

const signIn = (on: Partial<RegisterSettings['signIn']>): RegisterSettings['signIn'] => ({
  USERNAMEREG3: false,
  MOBILENUMREG3: false,
  MOBILEVERCODELOGIN3: false,
  DIRECTREG3: false,
  AGENTPOLICY3: false,
  REGMOBVERF3: false,
  MOBILENUMPASSREG3: false,
  FREEPLAY3: false,
  PWDEXPFORCECHANGE3: false,
  COMM3: true,
  ...on,
});

describe('login modes', () => {
  it('offers username and SMS when SMS login is on, username first', () => {
    expect(loginModes(signIn({ USERNAMEREG3: true, MOBILEVERCODELOGIN3: true }))).toEqual([
      'username',
      'sms',
    ]);
  });
  it('offers username only without SMS login, and before the settings arrive', () => {
    expect(loginModes(signIn({ USERNAMEREG3: true }))).toEqual(['username']);
    expect(loginModes(undefined)).toEqual(['username']);
  });
  it('makes SMS the default when username registration is off', () => {
    expect(loginModes(signIn({ MOBILEVERCODELOGIN3: true }))).toEqual(['sms']);
  });
  it('switches register modes only when both methods are on', () => {
    expect(registerModes(signIn({ USERNAMEREG3: true, MOBILENUMREG3: true }))).toEqual([
      'register',
      'registerMobile',
    ]);
    expect(registerModes(signIn({ MOBILENUMREG3: true }))).toEqual(['registerMobile']);
  });
});

const rule = (key: string, enabled: boolean, required: boolean) => ({
  key,
  enabled,
  required,
  minLength: 1,
  maxLength: 20,
  patternId: 'LENGTH' as const,
  acceptedPattern: null,
  type: 'text' as const,
});

describe('register fields from the rules', () => {
  const rules = [
    rule('mobileNum', true, false),
    rule('email', true, false),
    rule('payeeName', true, true),
    rule('qqNum', false, false),
    { ...rule('paymentPassword', true, false), type: 'password' as const },
    rule('captcha', true, true),
  ];
  it('shows enabled fields, required as flagged; the payment password is always required', () => {
    const plan = registerFieldPlan({ rules, signIn: signIn({}) }, 'register');
    expect(plan.profile.map((f) => [f.key, f.required])).toEqual([
      ['payeeName', true],
      ['email', false],
      ['paymentPassword', true],
    ]);
    expect(plan).toMatchObject({
      username: true,
      password: true,
      mobile: 'optional',
      verificationCode: false,
      captcha: true,
    });
  });
  it('requires the mobile number and its code with SMS verification; mobile mode has no username', () => {
    const sms = registerFieldPlan({ rules, signIn: signIn({ REGMOBVERF3: true }) }, 'register');
    expect(sms).toMatchObject({ mobile: 'required', verificationCode: true });
    const mobile = registerFieldPlan({ rules, signIn: signIn({}) }, 'registerMobile');
    expect(mobile).toMatchObject({ username: false, password: false, mobile: 'required' });
    const withPassword = registerFieldPlan(
      { rules, signIn: signIn({ MOBILENUMPASSREG3: true }) },
      'registerMobile',
    );
    expect(withPassword.password).toBe(true);
  });
  it('hides the mobile number when its rule is off and SMS verification is off', () => {
    expect(
      registerFieldPlan({ rules: [rule('mobileNum', false, false)], signIn: signIn({}) }, 'register').mobile,
    ).toBe('hidden');
  });
});

describe('affiliate code flow', () => {
  it('reads affiliateCode, else code, from the link', () => {
    expect(affiliateCodeFromUrl('?affiliateCode=AGENT01&code=X')).toBe('AGENT01');
    expect(affiliateCodeFromUrl('?code=%20ab1%20')).toBe('ab1');
    expect(affiliateCodeFromUrl('?other=1')).toBeNull();
  });
  it('a valid link code hides the field; an invalid one shows it; no code shows it when the rule is on', async () => {
    const valid = await resolveAffiliate('AGENT01', () => Promise.resolve({ valid: true }));
    const invalid = await resolveAffiliate('NOPE', () => Promise.reject(new Error('affiliate.invalid')));
    expect(valid).toEqual({ status: 'valid', code: 'AGENT01' });
    expect(invalid).toEqual({ status: 'invalid', code: 'NOPE' });
    expect(affiliateFieldShown(valid, true)).toBe(false);
    expect(affiliateFieldShown({ status: 'checking', code: 'X' }, true)).toBe(false);
    expect(affiliateFieldShown(invalid, false)).toBe(true);
    expect(affiliateFieldShown(await resolveAffiliate(null, vi.fn()), true)).toBe(true);
  });
});

describe('after login', () => {
  const value = {
    token: 't0ken',
    firstTimeLogin: false,
    passwordExpired: false,
    forceChangePassword: false,
    id: 7,
    userName: 'player1',
    customerType: 0,
  };
  const brand = { agentType: [1, 2], trialType: [4] };

  it('goes home, or to /agentHome on the agent site', () => {
    expect(afterLoginPath(value, { method: 'password', agentSite: false })).toBe('/');
    expect(afterLoginPath(value, { method: 'password', agentSite: true })).toBe('/agentHome');
  });
  it('forces /changePassword for the default or an expired password, except after SMS or social logins', () => {
    const forced = { ...value, forceChangePassword: true };
    expect(afterLoginPath(forced, { method: 'password', agentSite: false })).toBe('/changePassword');
    expect(afterLoginPath({ ...value, passwordExpired: true }, { method: 'password', agentSite: true })).toBe(
      '/changePassword',
    );
    expect(afterLoginPath(forced, { method: 'sms', agentSite: false })).toBe('/');
    expect(afterLoginPath(forced, { method: 'social', agentSite: false })).toBe('/');
  });
  it('records a first login and stores the session with the agent and trial flags', () => {
    beginSession({ ...value, firstTimeLogin: true, customerType: 2 }, brand);
    expect(apiMocks.recordFirstLogin).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem('token')).toBe('t0ken');
    expect(sessionStorage.getItem('isAgent')).toBe('true');
    expect(profileOf({ ...value, customerType: 4 }, brand)).toMatchObject({ isTrial: true, isAgent: false });
  });
});
