import { TOTP_CODE_PATTERN } from '@aurum/contract';
import { Secret, TOTP } from 'otpauth';
import { SECOND_MS } from './clock.ts';
import { randomString } from './crypto.ts';

/**
 * TOTP (RFC 6238) as authenticator apps read it from an otpauth:// URI: HMAC-SHA-1, six digits,
 * 30-second steps. A code is taken for the current step or one either side (a phone's clock a
 * little off), never two.
 */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const TOTP_STEP_MS = PARAMS.period * SECOND_MS;
const SKEW_STEPS = 1;
/** RFC 4226 asks for at least 128 bits and recommends 160: the length of a SHA-1 key. */
const SECRET_BYTES = 20;

/** A new key in base32, as the app and the manual-entry field take it. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The otpauth:// URI of the QR code: `<issuer>:<account>`, the issuer also as a parameter. */
export function totpUri(secretBase32: string, issuer: string, account: string): string {
  return new TOTP({ ...PARAMS, issuer, label: account, secret: Secret.fromBase32(secretBase32) }).toString();
}

/** The step number of a time (epoch ms). */
export const stepOf = (atMs: number) => Math.floor(atMs / TOTP_STEP_MS);

/** The step a code belongs to (now, or one either side), or null when it fits none. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = TOTP.validate({
    ...PARAMS,
    token: code,
    secret: Secret.fromBase32(secretBase32),
    timestamp: nowMs,
    window: SKEW_STEPS,
  });
  return delta === null ? null : stepOf(nowMs) + delta;
}

/** The code of a key at a time (tests, and the browser journey, compute what the app shows). */
export const totpCode = (secretBase32: string, atMs: number): string =>
  TOTP.generate({ ...PARAMS, secret: Secret.fromBase32(secretBase32), timestamp: atMs });

/** Recovery codes: 12 characters without look-alikes (about 59 bits), shown as XXXX-XXXX-XXXX. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RECOVERY_GROUP = 4;

export function newRecoveryCode(): string {
  const raw = randomString(RECOVERY_ALPHABET, RECOVERY_GROUP * 3);
  return [0, 1, 2].map((i) => raw.slice(i * RECOVERY_GROUP, (i + 1) * RECOVERY_GROUP)).join('-');
}

/** A recovery code as typed (any case, dashes or spaces or none) in its stored form. */
export const normaliseRecoveryCode = (typed: string) => typed.replace(/[-\s]/g, '').toUpperCase();

/** Six digits are an app's code; anything else the schema let through is a recovery code. */
export const isTotpCode = (code: string) => TOTP_CODE_PATTERN.test(code);
