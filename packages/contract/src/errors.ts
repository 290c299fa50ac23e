/**
 * The one catalogue of error codes. Codes are stable: clients switch on them, never on messages.
 * The message is a plain English default; the web app shows its own translated text per code.
 */
export const errorCatalogue = {
  'merchant.required': { status: 400, message: 'The Merchant header is required.' },
  'merchant.unknown': { status: 400, message: 'The merchant is not known.' },
  'function.not.available': { status: 400, message: 'This function is not available.' },
  'request.invalid': { status: 400, message: 'The request is not valid.' },
  'request.malformed': { status: 400, message: 'The request body could not be read.' },
  'payload.too.large': { status: 413, message: 'The request is too large.' },
  'media.unsupported': { status: 415, message: 'The content type is not supported.' },
  'route.not.found': { status: 404, message: 'There is no such call.' },
  'feature.disabled': { status: 403, message: 'This feature is not enabled for the merchant.' },
  'user.or.token.invalid': { status: 401, message: 'The session is not valid. Please sign in again.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again after 5 minutes.' },
  'region.restricted': { status: 403, message: 'Access from your region is restricted.' },
  'system.maintenance': { status: 503, message: 'The system is under maintenance.' },
  'ops.unauthorized': { status: 401, message: 'The operator token is missing or wrong.' },
  'ops.invalid': { status: 400, message: 'The operator command is not valid.' },
  'system.error': { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);

/** Codes after which the client ends its session (api-notes: force-logout codes). */
export const sessionEndingCodes: readonly string[] = [
  'token_ip_different',
  'user.or.token.invalid',
  'login.not.session',
  'CUSTOMER_NOT_LOGIN',
];
