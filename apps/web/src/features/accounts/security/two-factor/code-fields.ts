import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../../../../lib/contract';

/** A field's six digits of the authenticator app (spaces the app shows are dropped). */
export const appCodeOf = (typed: string) => typed.replace(/\s/g, '');

/** A code of the app, or a recovery code, as typed: what the server takes for `code`. */
export function secondFactorCodeOf(typed: string): string | null {
  const trimmed = typed.trim();
  if (TOTP_CODE_PATTERN.test(appCodeOf(trimmed))) return appCodeOf(trimmed);
  return RECOVERY_CODE_PATTERN.test(trimmed) ? trimmed : null;
}
