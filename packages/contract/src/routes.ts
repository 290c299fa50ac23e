import { z } from 'zod';
import type { FeatureKey } from './features.ts';
import {
  affiliateQuerySchema,
  affiliateValueSchema,
  captchaValueSchema,
  changePasswordRequestSchema,
  checkUsernameQuerySchema,
  checkUsernameValueSchema,
  countrySchema,
  firstLoginValueSchema,
  forgotPasswordEmailRequestSchema,
  forgotPasswordEmailValueSchema,
  freePlayRequestSchema,
  languageRequestSchema,
  languageValueSchema,
  loggedOutSchema,
  loginRequestSchema,
  loginValueSchema,
  memberInfoSchema,
  registerMobileRequestSchema,
  registerRequestSchema,
  registerSettingsSchema,
  registerValueSchema,
  rememberLoginSchema,
  resetPasswordRequestSchema,
  serverKeySchema,
  smsLoginCodeRequestSchema,
  smsNoLoginRequestSchema,
  smsSentSchema,
} from './schemas/account.ts';
import { domainRouteSchema } from './schemas/brand.ts';
import { gameMenuSchema, sitePermissionSchema, systemStatusSchema } from './schemas/system.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** T: a session token is required; N: none. */
  auth: 'T' | 'N';
  /** E: the body is a compact JWE made with the server's public key. */
  encrypted: boolean;
  /** The whitelabel flag that switches the call on; null for calls every merchant has. */
  feature: FeatureKey | null;
  query: Q;
  body: B;
  response: R;
}

const route = <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(def: RouteDef<Q, B, R>) => def;

/** Queries of GET calls reject unknown keys so a typo is an error, not a silent default. */
const noQuery = z.object({}).strict();
const noBody = z.undefined();

export const routes = {
  systemStatus: route({
    method: 'GET',
    path: '/wps/system/status',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: systemStatusSchema,
  }),
  whitelabel: route({
    method: 'GET',
    path: '/wps/system/whitelabel',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: sitePermissionSchema,
  }),
  domainRoute: route({
    method: 'GET',
    path: '/wps/system/domainRoute',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: z.object({ domain: z.string().min(1).max(253).optional() }).strict(),
    body: noBody,
    response: z.array(domainRouteSchema),
  }),
  gameMenus: route({
    method: 'GET',
    path: '/lgw/games/game_menus',
    auth: 'N',
    encrypted: false,
    feature: 'COMM3',
    query: noQuery,
    body: noBody,
    response: z.array(gameMenuSchema),
  }),

  // Accounts and sessions. Bodies of E calls are the JSON inside the JWE.
  sessionKey: route({
    method: 'GET',
    path: '/wps/session/key',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: serverKeySchema,
  }),
  login: route({
    method: 'POST',
    path: '/wps/session/login',
    auth: 'N',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: loginRequestSchema,
    response: loginValueSchema,
  }),
  loginRemember: route({
    method: 'POST',
    path: '/wps/session/login/remember',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: rememberLoginSchema,
    response: loginValueSchema,
  }),
  loginFreePlay: route({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'N',
    encrypted: false,
    feature: 'FREEPLAY3',
    query: noQuery,
    body: freePlayRequestSchema,
    response: loginValueSchema,
  }),
  logout: route({
    method: 'DELETE',
    path: '/wps/session/logout',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: loggedOutSchema,
  }),
  memberInfo: route({
    method: 'GET',
    path: '/wps/member/info',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: memberInfoSchema,
  }),
  register: route({
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'N',
    encrypted: true,
    feature: 'USERNAMEREG3',
    query: noQuery,
    body: registerRequestSchema,
    response: registerValueSchema,
  }),
  registerMobile: route({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'N',
    encrypted: true,
    feature: 'MOBILENUMREG3',
    query: noQuery,
    body: registerMobileRequestSchema,
    response: registerValueSchema,
  }),
  affiliateCheck: route({
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'N',
    encrypted: false,
    feature: 'REG3',
    query: affiliateQuerySchema,
    body: noBody,
    response: affiliateValueSchema,
  }),
  checkUsername: route({
    method: 'GET',
    path: '/wps/check/username',
    auth: 'N',
    encrypted: false,
    feature: 'REG3',
    query: checkUsernameQuerySchema,
    body: noBody,
    response: checkUsernameValueSchema,
  }),
  registerSettings: route({
    method: 'GET',
    path: '/wps/system/setting/register',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: registerSettingsSchema,
  }),
  captcha: route({
    method: 'GET',
    path: '/wps/captcha',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: captchaValueSchema,
  }),
  smsNoLogin: route({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: smsNoLoginRequestSchema,
    response: smsSentSchema,
  }),
  smsLoginCode: route({
    method: 'POST',
    path: '/wps/verification/sms/login',
    auth: 'N',
    encrypted: false,
    feature: 'MOBILEVERCODELOGIN3',
    query: noQuery,
    body: smsLoginCodeRequestSchema,
    response: smsSentSchema,
  }),
  countries: route({
    method: 'GET',
    path: '/wps/system/countries',
    auth: 'N',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: z.array(countrySchema),
  }),
  changePassword: route({
    method: 'POST',
    path: '/wps/member/password',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: changePasswordRequestSchema,
    response: loginValueSchema,
  }),
  forgotPasswordEmail: route({
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'N',
    encrypted: false,
    feature: 'PASS3',
    query: noQuery,
    /** Sent form-encoded (application/x-www-form-urlencoded); JSON is accepted too. */
    body: forgotPasswordEmailRequestSchema,
    response: forgotPasswordEmailValueSchema,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/wps/member/password/verification',
    auth: 'N',
    encrypted: true,
    feature: 'PASS3',
    query: noQuery,
    body: resetPasswordRequestSchema,
    response: loginValueSchema,
  }),
  firstLogin: route({
    method: 'POST',
    path: '/wps/member/firstLogin',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: z.strictObject({}).optional(),
    response: firstLoginValueSchema,
  }),
  memberLanguage: route({
    method: 'PUT',
    path: '/wps/member/language',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: languageRequestSchema,
    response: languageValueSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteQuery<N extends RouteName> = z.input<Routes[N]['query']>;
export type RouteBody<N extends RouteName> = z.input<Routes[N]['body']>;
export type RouteValue<N extends RouteName> = z.output<Routes[N]['response']>;
