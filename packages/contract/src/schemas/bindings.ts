import { z } from 'zod';
import { route } from '../route-def.ts';
import { dialingCodeSchema, socialProviderSchema } from './account.ts';

/**
 * Bindings (issue 13): the member binds or changes the email and mobile of the account with a
 * code sent to the NEW address and the login password, and links or unlinks Google and Facebook
 * sign-in. The account name never changes. Every change is told to the old address and listed
 * in the member's messages (docs/api.md "Bindings").
 */

export const BINDING_CHANNELS = ['email', 'mobile'] as const;
export const bindingChannelSchema = z.enum(BINDING_CHANNELS);
export type BindingChannel = z.infer<typeof bindingChannelSchema>;

const password = z.string().min(1).max(128);
const emailSchema = z.string().trim().max(255).pipe(z.email('an email address'));
const mobileNum = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[0-9 ()-]+$/, 'digits');

/** Where a new address is: an email, or a mobile number with its country dialing code. */
const addressFields = {
  channel: bindingChannelSchema,
  email: emailSchema.optional(),
  mobileNum: mobileNum.optional(),
  countryDialingCode: dialingCodeSchema.optional(),
};
const hasAddress = (v: {
  channel: BindingChannel;
  email?: string;
  mobileNum?: string;
  countryDialingCode?: string;
}) =>
  v.channel === 'email'
    ? v.email !== undefined
    : v.mobileNum !== undefined && v.countryDialingCode !== undefined;
const addressMessage = {
  message: 'the new email, or the mobile number and its dialing code',
  path: ['channel'],
};

export const bindingCodeRequestSchema = z.strictObject(addressFields).refine(hasAddress, addressMessage);
export type BindingCodeRequest = z.input<typeof bindingCodeRequestSchema>;

export const bindingConfirmRequestSchema = z
  .strictObject({
    ...addressFields,
    code: z.string().regex(/^[0-9]{6}$/, 'six digits'),
    password,
  })
  .refine(hasAddress, addressMessage);
export type BindingConfirmRequest = z.input<typeof bindingConfirmRequestSchema>;

export const bindingsSchema = z.object({
  /** Masked, or null when none is bound. */
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The providers the merchant offers, and whether each is linked. */
  social: z.array(z.object({ provider: socialProviderSchema, linked: z.boolean() })),
  /** A login password is set: binding asks for it, and unlinking needs one. */
  hasPassword: z.boolean(),
});
export type Bindings = z.infer<typeof bindingsSchema>;

export const bindingCodeSentSchema = z.object({
  /** The new address, masked. */
  destination: z.string(),
  expiredMinutes: z.number().int(),
});

export const socialLinkRequestSchema = z.strictObject({
  provider: socialProviderSchema,
  /** The site path to come back to (e.g. /member/security). */
  returnTo: z
    .string()
    .max(512)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'a path of this site'),
});
export const socialUnlinkRequestSchema = z.strictObject({
  provider: socialProviderSchema,
  password,
});

export const bindingRoutes = {
  bindings: route({
    method: 'GET',
    path: '/wps/member/bindings',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: z.undefined(),
    response: bindingsSchema,
  }),
  /** A code to the new address (never to an address another member has). */
  bindingCode: route({
    method: 'POST',
    path: '/wps/member/bindings/code',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: bindingCodeRequestSchema,
    response: bindingCodeSentSchema,
  }),
  /** The code and the login password bind the new address; the old one is told. */
  bindingConfirm: route({
    method: 'POST',
    path: '/wps/member/bindings/confirm',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: bindingConfirmRequestSchema,
    response: bindingsSchema,
  }),
  /**
   * Starts linking a provider account to the signed-in member: the provider's URL to open. The
   * provider sends the browser back to returnTo with `linked=<provider>` or `linkError=<code>`.
   */
  socialLink: route({
    method: 'POST',
    path: '/wps/member/bindings/social/link',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.object({}).strict(),
    body: socialLinkRequestSchema,
    response: z.object({ location: z.string() }),
  }),
  /** Only while the member has a login password (else the account could not be signed in to). */
  socialUnlink: route({
    method: 'POST',
    path: '/wps/member/bindings/social/unlink',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: z.object({}).strict(),
    body: socialUnlinkRequestSchema,
    response: bindingsSchema,
  }),
} as const;
