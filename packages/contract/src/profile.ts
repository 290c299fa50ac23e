import {
  ageOn,
  checkRule,
  type FieldProblem,
  findRule,
  parseRuleDate,
  type ValidationRule,
} from './validation-rules.ts';

/**
 * The member's own profile (issue 13): which fields it has, the rule each one follows and the one
 * check that the web form and the server both run (the same evaluator as registration).
 */

/** The fields a member edits in the profile, in the order the form shows them. */
export const PROFILE_EDIT_FIELDS = [
  'payeeName',
  'nickname',
  'birthday',
  'qqNum',
  'telegram',
  'zalo',
  'whatsapp',
  'line',
  'facebook',
  'wechat',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'permanentAddress',
  'currentAddress',
  'placeOfBirth',
] as const;
export type ProfileEditField = (typeof PROFILE_EDIT_FIELDS)[number];

/** The longest value any profile field may hold, whatever a rule says (addresses). */
export const PROFILE_VALUE_MAX = 200;

const base = (key: ProfileEditField, over: Partial<ValidationRule>): ValidationRule => ({
  key,
  enabled: true,
  required: false,
  minLength: 1,
  maxLength: 64,
  patternId: 'LENGTH',
  acceptedPattern: null,
  type: 'text',
  ...over,
});

/**
 * The profile's rule of a field when the merchant sets none: shown and optional, in a plain
 * format. A merchant's registration rule of the same field lends its format (so the profile never
 * accepts a nickname registration would refuse); its `profileRules` decide what shows and what is
 * required.
 */
const PROFILE_DEFAULTS: Record<ProfileEditField, ValidationRule> = {
  payeeName: base('payeeName', { minLength: 2, maxLength: 50, patternId: 'TWO_LETTERS_SPACES' }),
  nickname: base('nickname', { minLength: 2, maxLength: 16, patternId: 'NO_SPACES' }),
  birthday: base('birthday', { minLength: 10, maxLength: 10, patternId: 'DATE', type: 'date' }),
  qqNum: base('qqNum', { minLength: 5, maxLength: 12, patternId: 'DIGITS', type: 'number' }),
  telegram: base('telegram', { minLength: 5, maxLength: 32, patternId: 'NO_SPACES' }),
  zalo: base('zalo', { minLength: 6, maxLength: 15, patternId: 'DIGITS', type: 'tel' }),
  whatsapp: base('whatsapp', { minLength: 6, maxLength: 15, patternId: 'DIGITS', type: 'tel' }),
  line: base('line', { minLength: 4, maxLength: 20, patternId: 'NO_SPACES' }),
  facebook: base('facebook', { minLength: 5, maxLength: 50, patternId: 'NO_SPACES' }),
  wechat: base('wechat', { minLength: 6, maxLength: 20, patternId: 'NO_SPACES' }),
  address: base('address', { maxLength: PROFILE_VALUE_MAX }),
  nationality: base('nationality', { maxLength: 60 }),
  occupation: base('occupation', { maxLength: 60 }),
  sourceOfIncome: base('sourceOfIncome', { maxLength: 60 }),
  permanentAddress: base('permanentAddress', { maxLength: PROFILE_VALUE_MAX }),
  currentAddress: base('currentAddress', { maxLength: PROFILE_VALUE_MAX }),
  placeOfBirth: base('placeOfBirth', { maxLength: 100 }),
};

/**
 * The rule a profile field follows: the merchant's `profileRules` entry when it has one; else the
 * format of its registration rule for the field (shown, optional); else the default above. A
 * rule's bounds never pass PROFILE_VALUE_MAX.
 */
export function profileRule(
  settings: { rules: readonly ValidationRule[]; profileRules: readonly ValidationRule[] },
  key: ProfileEditField,
): ValidationRule {
  const own = findRule(settings.profileRules, key);
  const registration = findRule(settings.rules, key);
  const rule = own ?? (registration ? { ...registration, enabled: true, required: false } : null);
  const chosen = rule ?? PROFILE_DEFAULTS[key];
  return { ...chosen, maxLength: Math.min(chosen.maxLength, PROFILE_VALUE_MAX) };
}

export type ProfileValues = Partial<Record<ProfileEditField, string | null>>;

export interface ProfileCheck {
  /** Every field's rule (profileRule). */
  rules: Readonly<Record<ProfileEditField, ValidationRule>>;
  /** What is stored now. */
  current: ProfileValues;
  /** Fields that are set and may no longer change. */
  locked: readonly ProfileEditField[];
  /** Birthdays must show at least this age (spec §5: 21). */
  birthdayMinAge: number;
  today: Date;
}

export type ProfileProblemKey = 'field_locked';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Checks a profile change: each field sent against its rule, a required field that would be left
 * empty, a locked field that would change, and the birthday's age. Fields not sent keep their
 * value (and are not checked but for being required). Returns the problems keyed by field.
 */
export function validateProfile(
  change: Readonly<ProfileValues>,
  check: ProfileCheck,
): Record<string, FieldProblem | { key: ProfileProblemKey; message: string }> {
  const problems: Record<string, FieldProblem | { key: ProfileProblemKey; message: string }> = {};
  for (const field of PROFILE_EDIT_FIELDS) {
    const rule = check.rules[field];
    const sent = Object.hasOwn(change, field);
    const value = sent ? change[field] : check.current[field];
    if (sent && check.locked.includes(field) && (value ?? '') !== (check.current[field] ?? '')) {
      problems[field] = { key: 'field_locked', message: 'This field is locked.' };
      continue;
    }
    if (!sent) {
      if (rule.enabled && rule.required && isEmpty(value)) {
        problems[field] = { key: 'input_required', message: 'Input cannot be empty.' };
      }
      continue;
    }
    // A locked field sent unchanged is not checked again: its rule may have changed since.
    if (check.locked.includes(field)) continue;
    const problem = checkRule(rule, value ?? '');
    if (problem) {
      problems[field] = problem;
      continue;
    }
    if (field === 'birthday' && typeof value === 'string' && value) {
      const date = parseRuleDate(value);
      if (date && ageOn(date, check.today) < check.birthdayMinAge) {
        problems[field] = {
          key: 'age_under_limit',
          message: `You must be ${check.birthdayMinAge} or older.`,
        };
      }
    }
  }
  return problems;
}

/** A birthday as the profile keeps it: yyyy-MM-dd (the rule also accepts MM-dd-yyyy). */
export function normaliseBirthday(value: string): string {
  const date = parseRuleDate(value);
  return date ? date.toISOString().slice(0, 10) : value;
}
