import type { RegisterSettings } from '@aurum/contract';

/** The Firebase web config the register settings carry when the firebase channel is on. */
export type FirebasePhoneConfig = NonNullable<RegisterSettings['firebasePhone']>;

/** A code sent by Firebase: confirming it gives the ID token registration carries. */
export interface PhoneConfirmation {
  confirm(code: string): Promise<string>;
}

/** Spec §9: the third-party SMS route counts down 1 minute. */
export const FIREBASE_CODE_MINUTES = 1;

/**
 * Spec §8: the Firebase phone sign-in errors and the account text each shows; any other code is
 * an unknown error. A failure only shows its text: nothing is registered.
 */
const FIREBASE_ERROR_TEXT = {
  'auth/invalid-phone-number': 'errors.phoneInvalid',
  'auth/missing-phone-number': 'errors.phoneMissing',
  'auth/too-many-requests': 'errors.phoneTooMany',
  'auth/captcha-check-failed': 'errors.phoneCaptcha',
  'auth/unauthorized-domain': 'errors.phoneCaptcha',
  'auth/quota-exceeded': 'errors.phoneQuota',
  'auth/operation-not-allowed': 'errors.phoneQuota',
  'auth/code-expired': 'errors.smsExpired',
  'auth/popup-closed-by-user': 'errors.phonePopupClosed',
  'auth/invalid-verification-code': 'errors.smsInvalid',
  'auth/missing-verification-code': 'errors.smsInvalid',
  'auth/invalid-verification-id': 'errors.phoneSendFirst',
  'auth/missing-verification-id': 'errors.phoneSendFirst',
} as const;

/** An account text a Firebase failure shows. */
export type FirebaseErrorKey =
  | (typeof FIREBASE_ERROR_TEXT)[keyof typeof FIREBASE_ERROR_TEXT]
  | 'errors.phoneUnknown';

/** The account text key of a Firebase failure (anything thrown by the SDK or its loading). */
export function firebaseErrorKey(error: unknown): FirebaseErrorKey {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && Object.hasOwn(FIREBASE_ERROR_TEXT, code)
      ? FIREBASE_ERROR_TEXT[code as keyof typeof FIREBASE_ERROR_TEXT]
      : null) ?? 'errors.phoneUnknown'
  );
}

/** The number as Firebase takes it: +, the dialing code, the national digits without trunk zeros. */
export function e164Of(dialingCode: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  if (number.trim().startsWith('+')) return `+${digits}`;
  return `+${dialingCode.replace(/\D/g, '')}${digits.replace(/^0+/, '')}`;
}

/**
 * Sends a code to the number with Firebase phone sign-in. The Firebase SDK is loaded here, on the
 * first use, and only on sites whose merchant turned the channel on; an invisible reCAPTCHA is
 * made in `host` (not with the Auth emulator, which needs none).
 */
export async function sendFirebaseCode(
  config: FirebasePhoneConfig,
  e164: string,
  host: HTMLElement,
): Promise<PhoneConfirmation> {
  const sdk = await import('./sdk');
  return sdk.sendCode(config, e164, host);
}
