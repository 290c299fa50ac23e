import { type FieldProblem, passwordContainsAccount, validateNewPassword } from '@aurum/contract';
import type { MemberRow } from '../../../db/schema.ts';
import { DAY_MS } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MerchantState } from '../../../platform/merchants.ts';
import { isBreachedPassword } from './breached-passwords.ts';
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
 * The server's part of the password policy, after the merchant's rule (`checkPassword`, which
 * the web runs too): no account name inside (`accounts` may name several forms of it, as the
 * mobile account's digits) and not among the most common breached passwords.
 */
export function passwordPolicyProblem(
  password: string,
  accounts: readonly (string | null | undefined)[],
): FieldProblem | null {
  if (accounts.some((account) => passwordContainsAccount(password, account))) {
    return { key: 'password_contains_account', message: 'The password must not contain your account name.' };
  }
  if (isBreachedPassword(password)) {
    return {
      key: 'password_breached',
      message: 'This password is too common: it is found in lists of breached passwords.',
    };
  }
  return null;
}

/**
 * A new password must pass the password policy with the merchant's rule, match its
 * confirmation (when the form has one) and not be the default password that would force yet
 * another change. Every login password a member sets comes through here or registration.
 */
export function checkNewPassword(
  merchant: MerchantState,
  account: string,
  newPassword: string,
  confirm: string | undefined,
  fields = { password: 'newPassword', confirm: 'confirmNewPassword' },
): void {
  const problems = validateNewPassword(
    accountSettings(merchant).rules,
    newPassword,
    confirm ?? newPassword,
    fields,
    account,
  );
  const { [fields.confirm]: mismatch, ...rest } = problems;
  const policy = rest[fields.password] ? null : passwordPolicyProblem(newPassword, [account]);
  if (policy) rest[fields.password] = policy;
  const [first] = Object.values(rest);
  if (first) throw new AppError('password.invalid', first.message, details(rest));
  if (mismatch) throw new AppError('password.mismatch', undefined, details({ [fields.confirm]: mismatch }));
  if (isDefaultPassword(merchant, newPassword)) {
    throw new AppError('password.invalid', undefined, { [fields.password]: 'default_password' });
  }
}
