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
  type SocialProvider,
  type SocialStartQuery,
  serverKeySchema,
  smsLoginCodeRequestSchema,
  smsNoLoginRequestSchema,
  smsSentSchema,
  socialCallbackQuerySchema,
  socialStartQuerySchema,
} from './schemas/account.ts';
import { domainRouteSchema } from './schemas/brand.ts';
import {
  bindAccountRequestSchema,
  boundAccountSchema,
  consolidatedFundsSchema,
  depositOrderQuerySchema,
  depositOrderSchema,
  depositOrdersQuerySchema,
  depositRequestSchema,
  depositSettingsSchema,
  downlineSchema,
  downlinesQuerySchema,
  downlineTransferRequestSchema,
  merchantWalletSchema,
  paged,
  paymentPasswordRequestSchema,
  paymentPasswordValueSchema,
  removeAccountRequestSchema,
  transactionRowSchema,
  transactionsQuerySchema,
  transferReceiptSchema,
  uplineInfoSchema,
  uplineTransferRequestSchema,
  walletRecallRequestSchema,
  walletRecallValueSchema,
  walletTransferRequestSchema,
  withdrawConfirmRequestSchema,
  withdrawOrderSchema,
  withdrawOrdersQuerySchema,
  withdrawRequestSchema,
  withdrawSettingsSchema,
} from './schemas/cashier.ts';
import { gameMenuSchema, sitePermissionSchema, systemStatusSchema } from './schemas/system.ts';
import { walletBalanceSchema } from './schemas/wallet.ts';

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

  // Wallet. Amounts are decimal strings; the balance is always the session member's own.
  walletBalance: route({
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: walletBalanceSchema,
  }),
  merchantWallet: route({
    method: 'GET',
    path: '/wps/member/wallet/merchant',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: merchantWalletSchema,
  }),
  walletTransfer: route({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    auth: 'T',
    encrypted: false,
    feature: 'FUNDTRANS3',
    query: noQuery,
    body: walletTransferRequestSchema,
    response: transferReceiptSchema,
  }),
  walletRecall: route({
    method: 'POST',
    path: '/wps/relay/GCS_walletRecall',
    auth: 'T',
    encrypted: false,
    feature: 'FUNDTRANS3',
    query: noQuery,
    body: walletRecallRequestSchema,
    response: walletRecallValueSchema,
  }),
  consolidatedFunds: route({
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    auth: 'T',
    encrypted: false,
    feature: 'AGENTPOLICY3',
    query: noQuery,
    body: noBody,
    response: consolidatedFundsSchema,
  }),
  transactions: route({
    method: 'GET',
    path: '/wps/member/transactions',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: transactionsQuerySchema,
    body: noBody,
    response: paged(transactionRowSchema),
  }),
  uplineInfo: route({
    method: 'GET',
    path: '/wps/member/transfer/upline',
    auth: 'T',
    encrypted: false,
    feature: 'MEMTRANS3',
    query: noQuery,
    body: noBody,
    response: uplineInfoSchema,
  }),
  uplineTransfer: route({
    method: 'POST',
    path: '/wps/member/transfer/upline',
    auth: 'T',
    encrypted: true,
    feature: 'MEMTRANS3',
    query: noQuery,
    body: uplineTransferRequestSchema,
    response: transferReceiptSchema,
  }),
  downlines: route({
    method: 'GET',
    path: '/wps/agent/downlines',
    auth: 'T',
    encrypted: false,
    feature: 'AGEDOWNTRANS3',
    query: downlinesQuerySchema,
    body: noBody,
    response: paged(downlineSchema),
  }),
  downlineTransfer: route({
    method: 'POST',
    path: '/wps/agent/downline/transfer',
    auth: 'T',
    encrypted: true,
    feature: 'AGEDOWNTRANS3',
    query: noQuery,
    body: downlineTransferRequestSchema,
    response: transferReceiptSchema,
  }),

  // Cashier: deposits and withdrawals. Amounts are decimal strings, times epoch milliseconds.
  depositSettings: route({
    method: 'GET',
    path: '/wps/cashier/deposit/settings',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: depositSettingsSchema,
  }),
  deposit: route({
    method: 'POST',
    path: '/wps/cashier/deposit',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: depositRequestSchema,
    response: depositOrderSchema,
  }),
  depositOrders: route({
    method: 'GET',
    path: '/wps/cashier/deposit/orders',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: depositOrdersQuerySchema,
    body: noBody,
    response: paged(depositOrderSchema),
  }),
  depositOrder: route({
    method: 'GET',
    path: '/wps/cashier/deposit/order',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: depositOrderQuerySchema,
    body: noBody,
    response: depositOrderSchema,
  }),
  paymentPassword: route({
    method: 'PUT',
    path: '/wps/member/password/payment',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: paymentPasswordRequestSchema,
    response: paymentPasswordValueSchema,
  }),
  boundAccounts: route({
    method: 'GET',
    path: '/wps/cashier/accounts',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: z.array(boundAccountSchema),
  }),
  bindAccount: route({
    method: 'PUT',
    path: '/wps/cashier/accounts',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: bindAccountRequestSchema,
    response: boundAccountSchema,
  }),
  removeAccount: route({
    method: 'POST',
    path: '/wps/cashier/accounts/remove',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: removeAccountRequestSchema,
    response: z.object({ removed: z.literal(true) }),
  }),
  withdrawSettings: route({
    method: 'GET',
    path: '/wps/cashier/withdraw/settings',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: noBody,
    response: withdrawSettingsSchema,
  }),
  withdraw: route({
    method: 'POST',
    path: '/wps/cashier/withdraw',
    auth: 'T',
    encrypted: true,
    feature: null,
    query: noQuery,
    body: withdrawRequestSchema,
    response: withdrawOrderSchema,
  }),
  withdrawOrders: route({
    method: 'GET',
    path: '/wps/cashier/withdraw/orders',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: withdrawOrdersQuerySchema,
    body: noBody,
    response: paged(withdrawOrderSchema),
  }),
  withdrawConfirm: route({
    method: 'POST',
    path: '/wps/cashier/withdraw/confirm',
    auth: 'T',
    encrypted: false,
    feature: null,
    query: noQuery,
    body: withdrawConfirmRequestSchema,
    response: withdrawOrderSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteQuery<N extends RouteName> = z.input<Routes[N]['query']>;
export type RouteBody<N extends RouteName> = z.input<Routes[N]['body']>;
export type RouteValue<N extends RouteName> = z.output<Routes[N]['response']>;

/**
 * Browser navigations, not API calls: sign-in with Google or Facebook (OpenID Connect). They are
 * kept out of `routes` on purpose: every call there answers with the JSON envelope and takes the
 * Merchant header, while these are opened by the browser (a link or `location.assign`), so no
 * header can be sent (the merchant is a query parameter of `start`; `callback` finds it in its
 * stored state) and every answer, success or failure, is a 302 redirect: success to
 * `<returnTo>?token=<token>&firstLogin=1|0`, failure to `/?authError=<errorCode>`. The server
 * registers them with `app.get` rather than `registerRoute`.
 */
export interface RedirectRouteDef<Q extends z.ZodType = z.ZodType> {
  method: 'GET';
  /** `:provider` is one of SOCIAL_PROVIDERS. */
  path: string;
  query: Q;
}

const redirectRoute = <Q extends z.ZodType>(def: RedirectRouteDef<Q>) => def;

export const redirectRoutes = {
  /** Starts the sign-in: stores the attempt and redirects to the provider. */
  socialStart: redirectRoute({
    method: 'GET',
    path: '/wps/session/oauth/:provider/start',
    query: socialStartQuerySchema,
  }),
  /** Where the provider sends the browser back; the redirect_uri registered with the provider. */
  socialCallback: redirectRoute({
    method: 'GET',
    path: '/wps/session/oauth/:provider/callback',
    query: socialCallbackQuerySchema,
  }),
} as const;

/** The query parameters the web reads on its landing page after a social sign-in. */
export const SOCIAL_RESULT_PARAMS = { token: 'token', firstLogin: 'firstLogin', error: 'authError' } as const;

const withProvider = (path: string, provider: SocialProvider) => path.replace(':provider', provider);

/** The URL the sign-in button navigates to. */
export function socialStartUrl(provider: SocialProvider, query: SocialStartQuery): string {
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${withProvider(redirectRoutes.socialStart.path, provider)}${qs ? `?${qs}` : ''}`;
}

/** The callback path of a provider (its redirect_uri is the site origin plus this path). */
export const socialCallbackPath = (provider: SocialProvider) =>
  withProvider(redirectRoutes.socialCallback.path, provider);
