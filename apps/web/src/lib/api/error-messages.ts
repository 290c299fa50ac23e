import type { ErrorCode } from '@aurum/contract';
import type { TFunction } from 'i18next';
import { type ApiErrorCode, type ClientErrorCode, errorCodeOf, isApiError } from './api-error';

/**
 * Which catalogue text shows for an error code. Unknown codes get the generic text; the UI never
 * shows or matches the server's message.
 */
const ERROR_TEXT = {
  'network.abnormal': 'errors.network',
  'response.invalid': 'errors.unknown',
  TOO_MANY_REQUESTS: 'errors.tooManyRequests',
  'user.or.token.invalid': 'errors.sessionEnded',
  token_ip_different: 'errors.sessionEnded',
  'login.not.session': 'errors.sessionEnded',
  CUSTOMER_NOT_LOGIN: 'errors.sessionEnded',
  'feature.disabled': 'errors.featureDisabled',
  'function.not.available': 'errors.featureDisabled',
  'region.restricted': 'errors.regionRestricted',
  'system.maintenance': 'errors.maintenance',
  domain_not_available: 'errors.domainUnavailable',
  'route.not.found': 'errors.unavailable',
  'encryption.required': 'errors.unavailable',
  'encryption.invalid': 'errors.unavailable',
  'encryption.unstamped': 'errors.unavailable',
  'encryption.stale': 'errors.unavailable',
  'encryption.replayed': 'errors.unavailable',
  'request.invalid': 'errors.requestInvalid',
  'validation.failed': 'errors.requestInvalid',
  'login.failed': 'errors.loginFailed',
  'login.agent.only': 'errors.agentOnly',
  'login.not.member': 'errors.notMember',
  'captcha.required': 'errors.captchaRequired',
  'captcha.invalid': 'errors.captchaInvalid',
  'password.old.wrong': 'errors.oldPasswordWrong',
  'password.invalid': 'errors.passwordInvalid',
  'password.mismatch': 'errors.requestInvalid',
  'user.or.email.not.exist': 'errors.userOrEmail',
  'trial.forbidden': 'in_need_true_account',
  'social.denied': 'errors.socialDenied',
  'social.failed': 'errors.socialFailed',
  'social.state.invalid': 'errors.socialFailed',
  'social.provider.disabled': 'errors.socialFailed',
  'handoff.ticket.invalid': 'errors.handoffInvalid',
  'session.view.only': 'errors.viewOnly',
  'handoff.ticket.expired': 'errors.handoffExpired',
  // Know your customer (docs/kyc.md): "verification incomplete" wherever a call asks for it.
  'kyc.required': 'errors.verificationRequired',
  'kyc.document.invalid': 'errors.kycDocumentInvalid',
  'kyc.state': 'errors.kycState',
} as const satisfies Partial<Record<ErrorCode | ClientErrorCode | (string & {}), string>>;

export type ErrorTextKey = (typeof ERROR_TEXT)[keyof typeof ERROR_TEXT] | 'errors.unknown';

export function errorTextKey(code: ApiErrorCode | null | undefined): ErrorTextKey {
  if (code && Object.hasOwn(ERROR_TEXT, code)) return ERROR_TEXT[code as keyof typeof ERROR_TEXT];
  return 'errors.unknown';
}

/**
 * The app's common text for a failed call: errorTextKey's text, and for TOO_MANY_REQUESTS the
 * real wait the server gave (`details.retryAfterSeconds`: seconds under a minute and a half,
 * else whole minutes), not a fixed "5 minutes".
 */
export function commonErrorText(tc: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  if (code === 'TOO_MANY_REQUESTS') {
    const seconds = Number(isApiError(error) ? error.details?.retryAfterSeconds : undefined);
    if (Number.isFinite(seconds) && seconds > 0) {
      return seconds < 90
        ? tc('errors.tooManyRequestsSeconds', { count: Math.ceil(seconds) })
        : tc('errors.tooManyRequestsMinutes', { count: Math.ceil(seconds / 60) });
    }
  }
  return tc(errorTextKey(code));
}
