import { z } from 'zod';
import { noBody, noQuery, route } from '../route-def.ts';

/**
 * The security centre's sessions and sign-in history (docs/api.md "Sessions and sign-in
 * history"): the member's live sessions with their devices, signing out one or all others, the
 * last sign-ins and "this wasn't me".
 */

/** How a sign-in was made. */
export const SIGN_IN_METHODS = ['password', 'sms', 'remember', 'social', 'two_factor', 'handoff'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The last sign-ins listed (successes and failures). */
export const SIGN_IN_HISTORY_SIZE = 20;

/** A device as the server read it from the User-Agent kept at sign-in; null parts are unknown. */
export const deviceSchema = z.object({
  /** e.g. "Chrome", "Safari", "Firefox", "Edge". */
  browser: z.string().nullable(),
  /** e.g. "Windows", "macOS", "Android", "iOS". */
  os: z.string().nullable(),
  /** A short id of the browser (the app's device id, or the start of its device cookie's hash). */
  id: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const activeSessionSchema = z.object({
  id: z.number().int(),
  device: deviceSchema,
  ip: z.string().nullable(),
  /** Two-letter country, or null when not known. */
  place: z.string().nullable(),
  /** Epoch ms. */
  signedInAt: z.number().int(),
  lastSeenAt: z.number().int(),
  /** The session of the call itself. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });

export const signInEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  ip: z.string().nullable(),
  place: z.string().nullable(),
  device: deviceSchema,
  method: z.enum(SIGN_IN_METHODS),
  success: z.boolean(),
});
export type SignInEntry = z.infer<typeof signInEntrySchema>;

export const signInHistorySchema = z.object({ signIns: z.array(signInEntrySchema) });

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const securitySessionRoutes = {
  activeSessions: route({
    method: 'GET',
    path: '/wps/member/security/sessions',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: activeSessionsSchema,
  }),
  /** Signs out one other session: `?id=` of the list. */
  endSession: route({
    method: 'DELETE',
    path: '/wps/member/security/sessions',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: z.strictObject({ id: idSchema }),
    body: noBody,
    response: z.object({ ended: z.number().int() }),
  }),
  /** Signs out every session but the caller's. */
  endOtherSessions: route({
    method: 'DELETE',
    path: '/wps/member/security/sessions/others',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: z.object({ ended: z.number().int() }),
  }),
  signInHistory: route({
    method: 'GET',
    path: '/wps/member/security/signins',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: signInHistorySchema,
  }),
  /**
   * "This wasn't me" on a sign-in of the history: ends every session (this one too) and the
   * next password sign-in must change the password.
   */
  disownSignIn: route({
    method: 'POST',
    path: '/wps/member/security/signins/disown',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: z.strictObject({ id: idSchema }),
    response: z.object({ signedOut: z.literal(true) }),
  }),
} as const;
