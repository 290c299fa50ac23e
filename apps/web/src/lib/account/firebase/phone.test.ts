import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { e164Of, firebaseErrorKey } from './phone';

const text = (key: string) => {
  const [group, name] = key.split('.') as [keyof typeof en, string];
  return (en[group] as Record<string, string>)[name];
};

describe('Firebase phone sign-in errors (spec §8)', () => {
  it.each([
    ['auth/invalid-phone-number', 'Invalid phone number format.'],
    ['auth/missing-phone-number', 'Please enter a valid phone number.'],
    ['auth/too-many-requests', 'Too many requests. Please try again after 5 minutes.'],
    ['auth/captcha-check-failed', 'Invalid reCAPTCHA input, or this domain is not whitelisted.'],
    ['auth/unauthorized-domain', 'Invalid reCAPTCHA input, or this domain is not whitelisted.'],
    ['auth/quota-exceeded', 'Please contact customer service.'],
    ['auth/operation-not-allowed', 'Please contact customer service.'],
    ['auth/code-expired', 'The code has expired. Please send again.'],
    ['auth/popup-closed-by-user', 'Login failure. Please try again.'],
    ['auth/invalid-verification-code', 'The code is wrong or has been used. Please request a new one.'],
  ])('%s shows “%s”', (code, shown) => {
    expect(text(firebaseErrorKey({ code, message: 'Firebase: Error' }))).toBe(shown);
  });

  it('shows an unknown error for any other failure', () => {
    for (const error of [
      { code: 'auth/network-request-failed' },
      new Error('chunk failed'),
      null,
      'x',
      { code: 7 },
    ]) {
      expect(text(firebaseErrorKey(error))).toBe('Unknown error.');
    }
  });
});

describe('e164Of', () => {
  it('joins the dialing code and the national digits without trunk zeros', () => {
    expect(e164Of('63', '0917 123 4567')).toBe('+639171234567');
    expect(e164Of('+63', '9171234567')).toBe('+639171234567');
    expect(e164Of('63', '+63 917-123-4567')).toBe('+639171234567');
  });
});
