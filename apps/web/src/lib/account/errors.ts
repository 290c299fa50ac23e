import type { TFunction } from 'i18next';
import { commonErrorText, errorCodeOf, isApiError } from '../api';

/** Account error codes with their own text in the accounts catalogue. */
const ACCOUNT_ERROR_TEXT = {
  'account.exists': 'errors.accountExists',
  'mobile.exists': 'errors.mobileExists',
  'affiliate.invalid': 'errors.affiliateInvalid',
  'sms.code.invalid': 'errors.smsInvalid',
  'sms.code.expired': 'errors.smsExpired',
  'sms.send.failed': 'errors.smsSendFailed',
  'phone.token.invalid': 'errors.phoneTokenInvalid',
  'phone.token.mismatch': 'errors.phoneTokenMismatch',
  'phone.verification.unavailable': 'errors.phoneUnavailable',
  'email.send.failed': 'errors.emailSendFailed',
  'reset.code.invalid': 'errors.resetInvalid',
  'reset.code.expired': 'errors.resetExpired',
  'validation.failed': 'errors.checkFields',
  'password.mismatch': 'problems.entries_differ',
  'password.invalid': 'errors.checkFields',
  'login.unlock.invalid': 'errors.unlockInvalid',
  'two.factor.code.invalid': 'errors.twoFactorCode',
  'two.factor.ticket.invalid': 'errors.twoFactorTicket',
  'two.factor.ticket.expired': 'errors.twoFactorExpired',
  'two.factor.already.bound': 'errors.twoFactorBound',
  'two.factor.not.bound': 'errors.twoFactorNotBound',
  'two.factor.not.started': 'errors.twoFactorNotStarted',
  'two.factor.password.required': 'errors.twoFactorPassword',
  'session.not.found': 'errors.sessionNotFound',
  'session.current': 'errors.sessionCurrent',
  'sign.in.not.found': 'errors.signInNotFound',
  'profile.avatar.invalid': 'errors.avatarInvalid',
  'login.ip.name.wrong': 'errors.ipNameWrong',
  'login.ip.channel.unavailable': 'errors.ipChannelUnavailable',
  'binding.taken': 'errors.bindingTaken',
  'binding.same': 'errors.bindingSame',
  'binding.password.required': 'errors.bindingPassword',
  'social.already.linked': 'errors.socialLinked',
  'social.not.linked': 'errors.socialNotLinked',
  'social.unlink.password.required': 'errors.socialUnlinkPassword',
  'two.factor.required': 'errors.twoFactorRequired',
  'two.factor.code.required': 'errors.twoFactorCodeRequired',
} as const;

/** Whole minutes left of a login lock (`details.retryAfterSeconds`), at least 1. */
export function lockMinutesOf(error: unknown): number {
  const seconds = Number(isApiError(error) ? error.details?.retryAfterSeconds : undefined);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}

/** The text for a failed accounts call, chosen by its errorCode (never the server's message). */
export function accountErrorText(t: TFunction<'account'>, tc: TFunction, error: unknown): string {
  const code = errorCodeOf(error);
  if (code === 'login.locked') return t('errors.loginLocked', { count: lockMinutesOf(error) });
  const attemptsLeft = Number(isApiError(error) ? error.details?.attemptsLeft : undefined);
  if (code === 'two.factor.code.invalid' && attemptsLeft > 0) {
    return t('errors.twoFactorTries', { count: attemptsLeft });
  }
  if (code && Object.hasOwn(ACCOUNT_ERROR_TEXT, code)) {
    return t(ACCOUNT_ERROR_TEXT[code as keyof typeof ACCOUNT_ERROR_TEXT]);
  }
  return commonErrorText(tc, error);
}

/** The per-field problems a failure carries (`details: { field: problemKey }`), as problem keys. */
export function fieldProblemsOf(error: unknown): Record<string, { key: string }> {
  if (!isApiError(error) || !error.details) return {};
  const code = error.errorCode;
  if (code === 'account.exists') return { username: { key: 'account_exists' } };
  if (code === 'mobile.exists') return { mobileNum: { key: 'mobile_exists' } };
  const out: Record<string, { key: string }> = {};
  for (const [field, problem] of Object.entries(error.details)) {
    if (typeof problem === 'string' && field !== 'captcha') out[field] = { key: problem };
  }
  return out;
}

/** Whether a failure asks for a captcha next time (`details.captcha: "true"`, spec §4). */
export function wantsCaptcha(error: unknown): boolean {
  const code = errorCodeOf(error);
  return (
    code === 'captcha.required' ||
    code === 'captcha.invalid' ||
    (isApiError(error) && error.details?.captcha === 'true')
  );
}

/**
 * The ticket of login.two.factor: the first step of a sign-in (a password, an SMS code, a reset…)
 * was right, and the member's authenticator code comes next. Null for any other failure.
 */
export function secondFactorTicketOf(error: unknown): string | null {
  if (errorCodeOf(error) !== 'login.two.factor' || !isApiError(error)) return null;
  return error.details?.ticket || null;
}
