import { z } from 'zod';
import { route } from '../route-def.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../two-factor-codes.ts';
import { loginValueSchema } from './account.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second
 * steps, as the apps use) and ten single-use recovery codes. Bound from the member's security
 * page; once bound, every sign-in needs a code after the first factor (docs/api.md).
 */

export {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
  TWO_FACTOR_TICKET_SECONDS,
  TWO_FACTOR_TICKET_TRIES,
} from '../two-factor-codes.ts';

/** A code of the authenticator app: six digits. */
export const totpCodeSchema = z.string().regex(TOTP_CODE_PATTERN, 'six digits');
/** What proves the second factor: a code of the app, or one of the recovery codes. */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), 'six digits or a recovery code');

/** A login password as typed (never trimmed). */
const passwordSchema = z.string().min(1).max(128);

export const twoFactorStatusSchema = z.object({
  bound: z.boolean(),
  /** When it was bound, epoch ms. */
  boundAt: z.number().int().nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  /** A login password is set: binding and unbinding ask for it. */
  hasPassword: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`, for the QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  secret: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmRequestSchema = z.strictObject({
  code: totpCodeSchema,
  password: passwordSchema,
});
export const twoFactorUnbindRequestSchema = z.strictObject({
  code: secondFactorCodeSchema,
  password: passwordSchema,
});
export const twoFactorRegenerateRequestSchema = z.strictObject({ code: secondFactorCodeSchema });

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** The second step of a sign-in: the ticket of `login.two.factor` and a code. */
export const twoFactorLoginRequestSchema = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a two-factor ticket'),
  code: secondFactorCodeSchema,
});

export const twoFactorRoutes = {
  /** The sign-in's second step: the same reply (and cookies) as a login. */
  loginTwoFactor: route({
    method: 'POST',
    path: '/wps/session/login/twofactor',
    auth: 'N',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: twoFactorLoginRequestSchema,
    response: loginValueSchema,
  }),
  twoFactorStatus: route({
    method: 'GET',
    path: '/wps/member/security/twofactor',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: z.undefined(),
    response: twoFactorStatusSchema,
  }),
  /** A new secret, not active until confirmed (a second start replaces it). */
  twoFactorSetup: route({
    method: 'POST',
    path: '/wps/member/security/twofactor/setup',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: z.strictObject({}).optional(),
    response: twoFactorSetupSchema,
  }),
  twoFactorConfirm: route({
    method: 'POST',
    path: '/wps/member/security/twofactor/confirm',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: twoFactorConfirmRequestSchema,
    response: recoveryCodesSchema,
  }),
  twoFactorUnbind: route({
    method: 'POST',
    path: '/wps/member/security/twofactor/unbind',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: twoFactorUnbindRequestSchema,
    response: z.object({ bound: z.literal(false) }),
  }),
  twoFactorRecoveryCodes: route({
    method: 'POST',
    path: '/wps/member/security/twofactor/recovery',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: twoFactorRegenerateRequestSchema,
    response: recoveryCodesSchema,
  }),
} as const;
