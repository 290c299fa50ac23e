import { type FieldProblem, validateNewPassword } from '@aurum/contract';
import type { MemberRow } from '../../db/schema.ts';
import { DAY_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { accountSettings } from './settings.ts';

/** With PWDEXPFORCECHANGE3 on, a password older than the merchant's maximum age has expired. */
export function passwordExpired(merchant: MerchantState, member: MemberRow, now: number): boolean {
  const maxDays = accountSettings(merchant).passwordMaxAgeDays;
  if (!merchant.features.has('PWDEXPFORCECHANGE3') || maxDays === 0 || !member.passwordHash) return false;
  const since = (member.passwordChangedAt ?? member.createdAt).getTime();
  return now - since > maxDays * DAY_MS;
}

/** Signing in with the operator's default password forces a change (spec §4 After login). */
export const isDefaultPassword = (merchant: MerchantState, password: string) =>
  password === accountSettings(merchant).defaultPassword;

const details = (problems: Record<string, FieldProblem>) =>
  Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, p.key]));

/**
 * A new password must pass the merchant's password rule, match its confirmation (when the form
 * has one) and not be the default password that would force yet another change.
 */
export function checkNewPassword(
  merchant: MerchantState,
  newPassword: string,
  confirm: string | undefined,
  fields = { password: 'newPassword', confirm: 'confirmNewPassword' },
): void {
  const problems = validateNewPassword(
    accountSettings(merchant).rules,
    newPassword,
    confirm ?? newPassword,
    fields,
  );
  const { [fields.confirm]: mismatch, ...rest } = problems;
  if (Object.keys(rest).length) throw new AppError('password.invalid', undefined, details(rest));
  if (mismatch) throw new AppError('password.mismatch', undefined, details({ [fields.confirm]: mismatch }));
  if (isDefaultPassword(merchant, newPassword)) {
    throw new AppError('password.invalid', undefined, { [fields.password]: 'default_password' });
  }
}
