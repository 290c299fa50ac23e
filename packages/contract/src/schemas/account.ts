import { z } from 'zod';
import { LANGUAGES } from '../headers.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../two-factor-codes.ts';
import { validationRuleSchema } from '../validation-rules.ts';

/**
 * Accounts and sessions: the merchant's account settings and the requests and replies of the
 * session, member and verification calls. Bodies of encrypted (E) calls are described here as
 * the JSON inside the JWE.
 */

const SHORT = 64;
const MEDIUM = 255;

/** Free text of a bounded size; the merchant's rules decide the format on top. */
const text = (max = SHORT) => z.string().max(max);
const optionalText = (max = SHORT) => text(max).optional();
/** A password as typed: never trimmed, bounded so hashing cannot be abused. */
const password = z.string().max(128);
const codeText = z.string().max(MEDIUM);
/** Digits with an optional leading +, as the country picker reports them. */
export const dialingCodeSchema = z.string().regex(/^\+?[0-9]{1,4}$/, 'a country dialing code like 63');
const mobileText = z.string().max(32);
/** A host name, optionally with a port, as the site was reached on. */
const hostnameSchema = z
  .string()
  .max(253)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?$/, 'a host name');
const referralCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{0,32}$/, 'letters and digits')
  .optional();

/**
 * Ways to prove a sign-in from an unrecognised network (spec §4): a code by SMS or to the bound
 * email, the authenticator app, a recovery code, or the real name of a bound withdrawal account
 * (only offered where the member has nothing stronger).
 */
export const IP_VERIFICATION_CHANNELS = ['sms', 'email', 'totp', 'recovery', 'bank'] as const;
export type IpVerificationChannel = (typeof IP_VERIFICATION_CHANNELS)[number];

/** Third-party sign-in providers (spec §2 Login modal: Google and Facebook buttons). */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** https://host[:port][/path], or http:// only on a loopback host; no user info, query or fragment. */
const ISSUER_PATTERN =
  /^(?:https:\/\/[A-Za-z0-9.-]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\]))(?::[0-9]{1,5})?(?:\/[^?#\s]*)?$/;

/** An OpenID Connect issuer: https, or http on a loopback host (development and tests only). */
const issuerSchema = z
  .url({ protocol: /^https?$/ })
  .max(512)
  .regex(ISSUER_PATTERN, 'an https issuer URL without query or fragment (http only on a loopback host)');

/**
 * One OpenID Connect provider. The client secret is never in the file: `clientSecretEnv` names
 * the environment variable that holds it. A provider is offered only when it is enabled, has a
 * client id and its secret variable is set.
 */
const socialProviderConfigSchema = (issuer: string) =>
  z
    .object({
      enabled: z.boolean().default(false),
      /** Discovery runs on `<issuer>/.well-known/openid-configuration`; ID tokens must name it. */
      issuer: issuerSchema.default(issuer),
      clientId: z.string().trim().max(256).default(''),
      clientSecretEnv: z
        .string()
        .regex(
          /^[A-Z][A-Z0-9_]{0,100}_CLIENT_SECRET$/,
          'an environment variable name ending in _CLIENT_SECRET',
        ),
    })
    .refine((p) => !p.enabled || p.clientId.length > 0, {
      message: 'an enabled provider needs a clientId',
      path: ['clientId'],
    });

export const socialSettingsSchema = z.object({
  google: socialProviderConfigSchema('https://accounts.google.com').prefault({
    clientSecretEnv: 'GOOGLE_CLIENT_SECRET',
  }),
  facebook: socialProviderConfigSchema('https://www.facebook.com').prefault({
    clientSecretEnv: 'FACEBOOK_CLIENT_SECRET',
  }),
});
export type SocialSettings = z.infer<typeof socialSettingsSchema>;

/**
 * The third-party phone verification of registration (spec §4 "firebase channel"): Firebase
 * Authentication phone sign-in sends and checks the SMS code in the browser, and registration
 * carries the Firebase ID token, which the server checks with Identity Toolkit. The values are the
 * Firebase web app's configuration, public by design (no secret belongs here). Off by default.
 */
export const firebasePhoneSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    apiKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,128}$/, 'a Firebase web API key')
      .default(''),
    authDomain: z
      .string()
      .trim()
      .regex(/^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)?$/, 'a host name like my-app.firebaseapp.com')
      .max(253)
      .default(''),
    projectId: z
      .string()
      .trim()
      .regex(/^(?:[a-z][a-z0-9-]{4,28}[a-z0-9])?$/, 'a Firebase project id')
      .default(''),
  })
  .refine((f) => !f.enabled || (f.apiKey !== '' && f.authDomain !== '' && f.projectId !== ''), {
    message: 'the firebase channel needs apiKey, authDomain and projectId',
    path: ['enabled'],
  });
export type FirebasePhoneSettings = z.infer<typeof firebasePhoneSettingsSchema>;

/** No merchant may allow avatars larger than this (bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The merchant's account settings (config/accounts.json). */
export const accountSettingsSchema = z.object({
  /** With CAPTCHA3 on: every password login needs a captcha, not only after failures. */
  captchaAlways: z.boolean().default(false),
  /** Failed logins (per account or per client) after which a captcha is required. */
  captchaAfterFailures: z.number().int().min(1).max(100).default(3),
  /** The operator's default password; signing in with it forces a change (spec {secret}). */
  defaultPassword: z.string().min(1).max(64).default('123456'),
  /** With PWDEXPFORCECHANGE3 on: passwords older than this must be changed; 0 never expires. */
  passwordMaxAgeDays: z.number().int().min(0).max(3650).default(90),
  smsValidityMinutes: z.number().int().min(1).max(30).default(5),
  /** Age the registration agreement confirms (spec §5: 18). */
  ageLimit: z.number().int().min(0).max(99).default(18),
  /** Minimum age a birthday must show (spec §5: 21). */
  birthdayMinAge: z.number().int().min(0).max(99).default(21),
  sessionIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  sessionAbsoluteHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  rememberDays: z.number().int().min(1).max(30).default(1),
  rules: z.array(validationRuleSchema).default([]),
  /**
   * The profile's own rules (issue 13): which profile fields show and which are required. A field
   * without one takes its registration rule's format, shown and optional (profileRule).
   */
  profileRules: z.array(validationRuleSchema).default([]),
  /** The largest avatar a member may upload (PROFPIC3), in bytes. */
  avatarMaxBytes: z
    .number()
    .int()
    .min(1024)
    .max(AVATAR_MAX_BYTES)
    .default(2 * 1024 * 1024),
  /** Sign-in with Google and Facebook; both off unless configured. */
  social: socialSettingsSchema.prefault({}),
  /** With REGMOBVERF3 on: the registration SMS code goes through Firebase instead of our SMS. */
  firebasePhone: firebasePhoneSettingsSchema.prefault({}),
  /**
   * A session used from another address than the one it signed in from is ended
   * (token_ip_different), checked on every call.
   */
  endSessionOnAddressChange: z.boolean().default(false),
  /**
   * Actions that need a code of the member's authenticator app (or a recovery code) on top of
   * the password; a member without one is asked to bind one first (two.factor.required).
   */
  secondFactorFor: z
    .object({
      withdraw: z.boolean().default(false),
      paymentPassword: z.boolean().default(false),
      loginPassword: z.boolean().default(false),
    })
    .prefault({}),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const LOGIN_SITES = ['member', 'agent'] as const;

export const serverKeySchema = z.object({
  kid: z.string(),
  /** The RSA public key (RSA-OAEP-256 key wrap, A256GCM content) that E bodies are made with. */
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string() }).catchall(z.unknown()),
  /** The server's clock (epoch ms) when it answered: E bodies are stamped by it (`ts`). */
  serverTime: z.number().int(),
});

/** Human-check answer fields that travel with login, registration and SMS requests. */
const captchaFields = {
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
};

export const usernameLoginSchema = z
  .strictObject({
    type: z.literal('username'),
    username: z.string().trim().min(1).max(SHORT),
    password: password.min(1),
    ...captchaFields,
    loginDeviceId: optionalText(128),
    site: z.enum(LOGIN_SITES).default('member'),
    remember: z.boolean().default(false),
    /**
     * LOGINIPVERF3 (spec §4 Unrecognised IP login): the channel the member proves itself with
     * (one of details.channels of login.ip.verification; sms when absent and the member has a
     * mobile, else email). Without a code, sms and email send one.
     */
    ipVerificationChannel: z.enum(IP_VERIFICATION_CHANNELS).optional(),
    /** The code of the channel: six digits (sms, email, totp) or a recovery code (recovery). */
    ipVerificationCode: z.string().trim().max(32).optional(),
    /** channel bank: the real name of one of the member's withdrawal accounts. */
    ipVerificationName: z.string().trim().min(1).max(64).optional(),
  })
  .superRefine((v, ctx) => {
    const code = v.ipVerificationCode;
    if (code === undefined) return;
    const recovery = v.ipVerificationChannel === 'recovery';
    const ok = recovery ? RECOVERY_CODE_PATTERN.test(code) : /^[0-9]{6}$/.test(code);
    if (!ok || v.ipVerificationChannel === 'bank') {
      ctx.addIssue({
        code: 'custom',
        path: ['ipVerificationCode'],
        message: recovery ? 'a recovery code' : 'six digits',
      });
    }
  });

export const smsLoginSchema = z.strictObject({
  type: z.literal('sms'),
  mobileNum: mobileText.min(1),
  countryDialingCode: dialingCodeSchema,
  code: z.string().regex(/^[0-9]{6}$/, 'six digits'),
  loginDeviceId: optionalText(128),
  site: z.enum(LOGIN_SITES).default('member'),
  remember: z.boolean().default(false),
});

export const loginRequestSchema = z.discriminatedUnion('type', [usernameLoginSchema, smsLoginSchema]);
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginValueSchema = z.object({
  /** The session token for the Authorization header. */
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** Send the member to /changePassword (default password, or an expired one). */
  forceChangePassword: z.boolean(),
  id: z.number().int(),
  userName: z.string(),
  customerType: z.number().int(),
  /**
   * The member's sign-in before this one (time epoch ms, address, two-letter country or null),
   * null for a first sign-in; the site shows "Last sign-in: …" once. Absent on replies that start
   * no new sign-in record (registration, a password change).
   */
  lastSignIn: z
    .object({ at: z.number().int(), ip: z.string().nullable(), place: z.string().nullable() })
    .nullable()
    .optional(),
  /**
   * An operator's read-only view of the member's site (console "View as player"): every call that
   * changes anything is refused with session.view.only; the site says so on every page.
   */
  viewOnly: z.boolean().optional(),
});
export type LoginValue = z.infer<typeof loginValueSchema>;

export const rememberLoginSchema = z.strictObject({ site: z.enum(LOGIN_SITES).default('member') }).optional();

export const freePlayRequestSchema = z.strictObject({
  /** The visitor's operating system as the browser reports it, e.g. "Windows" or "iOS 17.2". */
  os: z.string().regex(/^[A-Za-z0-9 ._()-]{1,32}$/, 'an operating system name'),
  platform: z.literal('W'),
  /** A trial session token to resume the same trial account. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'a session token')
    .optional(),
  gatewayVersion: z.literal('3'),
});

export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });

/**
 * Session hand-off: a signed-in member asks for a one-time ticket to put in a link
 * (`<path>?ticket=…`); the page it opens redeems it by POST for a session of its own. The ticket
 * is single use, lives 60 seconds and is bound to the member; a session token never travels in
 * a URL.
 */
export const handoffTicketRequestSchema = z
  .strictObject({
    /** The page of this site the link opens (its query is kept); `/` by default. */
    path: z.string().refine(isSameSiteReturnPath, 'a path of this site').default('/'),
  })
  .optional();
export const handoffTicketValueSchema = z.object({
  ticket: z.string(),
  /** The path with `ticket` added to its query. */
  url: z.string(),
  /** Seconds the ticket can be redeemed in. */
  expiresInSeconds: z.number().int(),
});
export const HANDOFF_TICKET_PARAM = 'ticket';
export const handoffRedeemRequestSchema = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a hand-off ticket'),
});

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  /** Masked, e.g. +63917****567. */
  mobile: z.string().nullable(),
  /** Registration time, epoch ms. */
  regDate: z.number().int(),
  /** Masked, e.g. de***@example.com. */
  email: z.string().nullable(),
  language: z.string(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** A payment (withdraw) password is set. */
  pwdEnabled: z.boolean(),
  /** A login password is set (SMS-only and social accounts may have none). */
  hasPassword: z.boolean(),
  hasFreePlay: z.boolean(),
  showVerCodeLogin: z.boolean(),
  clubLabel: z.object({ labelName: z.string() }).nullable(),
  /** Public state (spec §3): the member holds a VIP level above 0 (its name is the label). */
  hasVip: z.boolean(),
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** Fields both register forms share. */
const registerCommon = {
  mobileNum: mobileText.optional(),
  countryDialingCode: dialingCodeSchema.optional(),
  verificationCode: codeText.optional(),
  /** With the firebase channel on: the ID token of the Firebase phone sign-in of this number. */
  firebaseIdToken: z.string().max(4096).optional(),
  affiliateCode: optionalText(32),
  referralCode: referralCodeSchema,
  payeeName: optionalText(),
  email: optionalText(MEDIUM),
  qqNum: optionalText(),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  recommenderId: optionalText(),
  nickname: optionalText(),
  birthday: optionalText(10),
  telegram: optionalText(),
  zalo: optionalText(),
  paymentPassword: password.optional(),
  ...captchaFields,
  /** The age (spec §5: 18 or the merchant's limit) and terms agreement. */
  agreeTerms: z.boolean(),
  registerMethod: z.literal('WEB'),
  registerUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  domain: hostnameSchema.optional(),
  /** Sign in at once and return a session token. */
  login: z.boolean().default(false),
};

export const registerRequestSchema = z.strictObject({
  username: z.string().trim().max(SHORT),
  password,
  confirmPassword: password,
  ...registerCommon,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerMobileRequestSchema = z.strictObject({
  ...registerCommon,
  mobileNum: mobileText,
  countryDialingCode: dialingCodeSchema,
  /** Only with MOBILENUMPASSREG3. */
  password: password.optional(),
  confirmPassword: password.optional(),
});
export type RegisterMobileRequest = z.input<typeof registerMobileRequestSchema>;

export const registerValueSchema = z.object({
  customerId: z.number().int(),
  account: z.string(),
  /** Present when the request asked to sign in. */
  login: loginValueSchema.nullable(),
});

export const affiliateQuerySchema = z.strictObject({
  code: z.string().trim().min(1).max(32),
  domain: hostnameSchema.optional(),
});
export const affiliateValueSchema = z.object({ code: z.string(), valid: z.literal(true) });

export const checkUsernameQuerySchema = z.strictObject({ username: z.string().trim().min(1).max(SHORT) });
export const checkUsernameValueSchema = z.object({ username: z.string(), available: z.boolean() });

export const SIGN_IN_KEYS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'AGENTPOLICY3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'COMM3',
] as const;

export const registerSettingsSchema = z.object({
  rules: z.array(validationRuleSchema),
  signIn: z.object(
    Object.fromEntries(SIGN_IN_KEYS.map((k) => [k, z.boolean()])) as Record<
      (typeof SIGN_IN_KEYS)[number],
      z.ZodBoolean
    >,
  ),
  /** Every password login shows a captcha from the start. */
  loginCaptcha: z.boolean(),
  ageLimit: z.number().int(),
  birthdayMinAge: z.number().int(),
  smsValidityMinutes: z.number().int(),
  /** Third-party sign-in buttons to show: enabled providers whose secret is configured. */
  socialProviders: z.array(socialProviderSchema),
  /**
   * Present only when the firebase channel is on: the Firebase web config the registration's SMS
   * button signs in with, and the Auth emulator (host:port) when the server uses one (tests only).
   */
  firebasePhone: z
    .object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string(),
      emulatorHost: z.string().nullable(),
    })
    .optional(),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

export const captchaValueSchema = z.object({
  captchaId: z.string(),
  /** A base64 SVG image (image/svg+xml). */
  image: z.string(),
  /** Epoch ms after which the answer is no longer accepted. */
  expiresAt: z.number().int(),
});

export const SMS_PURPOSES = ['register', 'reset'] as const;

export const smsNoLoginRequestSchema = z.strictObject({
  purpose: z.enum(SMS_PURPOSES),
  /** By number… */
  mobileNum: mobileText.optional(),
  countryDialingCode: dialingCodeSchema.optional(),
  /** …or, to reset a password, by the account's username. */
  username: z.string().trim().max(SHORT).optional(),
  ...captchaFields,
});
export const smsLoginCodeRequestSchema = z.strictObject({
  mobileNum: mobileText.min(1),
  countryDialingCode: dialingCodeSchema,
  ...captchaFields,
});
export const smsSentSchema = z.object({
  /** How long the code is valid; the button counts down 60 s per minute. */
  expiredMinutes: z.number().int(),
});

export const countrySchema = z.object({
  countryCode: z.string().length(2),
  countryDialingCode: z.string(),
  /** An example mobile number in national format, for the placeholder. */
  exampleNumber: z.string().nullable(),
});

export const changePasswordRequestSchema = z.strictObject({
  /** Required unless the member has no password yet (SMS-only accounts). */
  oldPassword: password.optional(),
  newPassword: password,
  confirmNewPassword: password,
  /** When the merchant guards login-password changes with the second factor. */
  twoFactorCode: z
    .string()
    .trim()
    .refine(
      (v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v),
      'six digits or a recovery code',
    )
    .optional(),
});

export const forgotPasswordEmailRequestSchema = z.strictObject({
  username: z.string().trim().min(1).max(SHORT),
  email: z.string().trim().min(1).max(MEDIUM),
});
export const forgotPasswordEmailValueSchema = z.object({ sent: z.literal(true) });

/** POST /wps/session/unlock/request: an unlock link for a locked account name (same reply always). */
export const unlockRequestSchema = z.strictObject({ username: z.string().trim().min(1).max(SHORT) });
export const unlockRequestValueSchema = z.object({ sent: z.literal(true) });
/** POST /wps/session/unlock: redeems the link's token (43 base64url characters, 256 bits). */
export const unlockRedeemSchema = z.strictObject({
  username: z.string().trim().min(1).max(SHORT),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export const unlockedValueSchema = z.object({ unlocked: z.literal(true) });

export const resetBySmsSchema = z.strictObject({
  newPassword: password,
  confirmNewPassword: password.optional(),
  mobileNum: mobileText.min(1),
  countryDialingCode: dialingCodeSchema,
  verificationCode: z.string().regex(/^[0-9]{6}$/, 'six digits'),
});
export const resetByEmailSchema = z.strictObject({
  username: z.string().trim().min(1).max(SHORT),
  resetCode: z.string().trim().min(1).max(32),
  newPassword: password,
  confirmNewPassword: password.optional(),
});
export const resetPasswordRequestSchema = z.union([resetBySmsSchema, resetByEmailSchema]);

export const firstLoginValueSchema = z.object({ firstLoginAt: z.number().int() });
export const languageRequestSchema = z.strictObject({ language: z.enum(LANGUAGES) });
export const languageValueSchema = z.object({ language: z.enum(LANGUAGES) });

/**
 * Where a social sign-in may send the browser back to: a path of this site, starting with a
 * single '/', with an optional query and no fragment, backslash, control character or space.
 */
export function isSameSiteReturnPath(value: string): boolean {
  if (value.length < 1 || value.length > 512) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers read a backslash as '/' and drop tabs and newlines: '/\\evil.com' would leave the site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return !/[\\#\s\u0000-\u001f\u007f]/.test(value);
}

/** `GET /wps/session/oauth/:provider/start`: a browser navigation, so the merchant is a parameter. */
export const socialStartQuerySchema = z.strictObject({
  /** Where to land after signing in (a one-time hand-off `ticket` is added to its query). */
  returnTo: z.string().refine(isSameSiteReturnPath, 'a path of this site').default('/'),
  site: z.enum(LOGIN_SITES).default('member'),
  /** The merchant code, checked like the Merchant header (a navigation cannot send headers). */
  merchant: z.string().max(64).optional(),
  /** The language a new member gets (as the Language header would give it). */
  language: z.enum(LANGUAGES).optional(),
});
export type SocialStartQuery = z.input<typeof socialStartQuerySchema>;

/** What the provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`); providers add their own. */
export const socialCallbackQuerySchema = z
  .object({
    state: z.string().min(1).max(512).optional(),
    code: z.string().min(1).max(4096).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
    iss: z.string().max(512).optional(),
  })
  .catchall(z.string().max(4096));
