import type { TFunction } from 'i18next';
import {
  type FieldProblem,
  fallbackRule,
  findRule,
  PATTERN_IDS,
  type PatternId,
  type ProfileField,
  passwordBounds,
  ruleMessage,
  type ValidationRule,
} from '../../../../../packages/contract/src/validation-rules.ts';

export {
  PROFILE_EDIT_FIELDS,
  type ProfileEditField,
  profileRule,
  validateProfile,
} from '../../../../../packages/contract/src/profile.ts';
/**
 * The contract's rule evaluator, the one the server runs too (STYLE 11). It lives beside zod
 * schemas, so it is imported only here, in the lazily loaded accounts layer.
 */
export {
  checkRule,
  fallbackRule,
  findRule,
  PATTERN_IDS,
  PATTERN_KINDS,
  PROFILE_FIELDS,
  patternMessageKey,
  ruleMessage,
  validateNewPassword,
  validateRegistration,
} from '../../../../../packages/contract/src/validation-rules.ts';
export type { FieldProblem, PatternId, ProfileField, ValidationRule };

type AccountT = TFunction<'account'>;

const PROBLEM_KEYS = [
  'input_required',
  'entries_differ',
  'terms_not_agreed',
  'age_under_limit',
  'invalid_mobile',
  'invalid_verification_code',
  'not_accepted',
  'unknown_field',
  'invalid_invitation_code',
  'default_password',
  'account_exists',
  'mobile_exists',
  'password_contains_account',
  'password_breached',
  'pin_repeated',
  'pin_sequence',
  'pin_birthday',
  'field_locked',
] as const;
type ProblemTextKey = (typeof PROBLEM_KEYS)[number];

const isProblemTextKey = (k: string): k is ProblemTextKey => (PROBLEM_KEYS as readonly string[]).includes(k);

/** The translated pattern message of a rule, (min) and (max) filled in (one number when equal). */
export function patternText(t: AccountT, rule: ValidationRule): string {
  return ruleMessage(rule, t(`pattern.${rule.patternId.toLowerCase() as Lowercase<PatternId>}`));
}

/**
 * The text for a problem key, from the browser's own check or the server's error details: a
 * length or pattern problem reads as the rule's pattern message (the real name and the email
 * as their own format messages), an empty verification field as "verification incomplete".
 */
export function problemText(
  t: AccountT,
  key: string,
  field: string,
  rules: readonly ValidationRule[],
  ageLimit = 18,
): string {
  const rule = findRule(rules, field) ?? fallbackRule(field);
  const formatProblem = key === 'length_invalid' || key.startsWith('pattern_');
  // Spec §5 messages: the real name and the email say their own format is wrong.
  if (formatProblem && field === 'payeeName') return t('problems.real_name');
  if (formatProblem && field === 'email') return t('problems.email_format');
  // An empty code or captcha: the verification has not been done yet.
  if (key === 'input_required' && (field === 'verificationCode' || field === 'captcha')) {
    return t('errors.verificationIncomplete');
  }
  if (key === 'length_invalid') return patternText(t, rule);
  // The password policy: the bounds it really applies (8 at least, 64 or more allowed).
  if (key === 'password_too_short') return t('problems.password_too_short', passwordBounds(rule));
  if (key === 'password_too_long') return t('problems.password_too_long', passwordBounds(rule));
  if (key.startsWith('pattern_')) {
    const id = key.slice('pattern_'.length).toUpperCase();
    const patternId = (PATTERN_IDS as readonly string[]).includes(id) ? (id as PatternId) : rule.patternId;
    return patternText(t, { ...rule, patternId });
  }
  if (key === 'age_under_limit') return t('problems.age_under_limit', { age: ageLimit });
  if (isProblemTextKey(key)) return t(`problems.${key}`);
  return t('problems.not_accepted');
}

/**
 * The form kit's `describe` for the accounts forms (`useForm`): a problem key as its text, where a
 * new password reads by the password rule.
 */
export const describeProblem =
  (t: AccountT, rules: readonly ValidationRule[], ageLimit?: number) =>
  (problem: { key: string }, field: string): string =>
    problemText(t, problem.key, field === 'newPassword' ? 'password' : field, rules, ageLimit);
