import { z } from 'zod';

/**
 * The merchant's per-field validation rules (spec §5) and the one evaluator that both the web
 * forms and the server run, so a value the browser accepts is a value the server accepts.
 */

/** The pattern kinds of spec §5; a rule names one by its patternId. */
export const PATTERN_IDS = [
  'LENGTH',
  'LETTER_FIRST_ALNUM',
  'LETTERS_CHINESE',
  'EMAIL',
  'LETTERS_OR_DIGITS',
  'LETTERS_AND_DIGITS',
  'DIGITS',
  'ALNUM_UPPER',
  'LETTERS_SPACES',
  'NO_SPACES',
  'CHINESE_PUNCTUATION',
  'DATE',
  'TWO_LETTERS_SPACES',
  'KOREAN',
  'THAI',
  'THAI_ENGLISH_SPACES',
  'UPPER_SPACES',
  'LETTERS_DIGITS_SYMBOLS',
  'STRONG',
  'FULL_NAME',
  'JAPANESE',
  'UPPER_NO_SPACES',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

export const FIELD_TYPES = ['text', 'password', 'email', 'tel', 'date', 'number'] as const;

export const validationRuleSchema = z.object({
  /** The form field the rule applies to (username, password, mobileNum, email, …). */
  key: z.string().min(1).max(32),
  /** Off: the field is not shown and a value for it is refused. */
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0).max(1000),
  maxLength: z.number().int().min(1).max(1000),
  patternId: z.enum(PATTERN_IDS),
  /** Extra restriction set by the operator: `*` matches anything, `|` separates alternatives. */
  acceptedPattern: z.string().max(200).nullable(),
  type: z.enum(FIELD_TYPES),
});
export type ValidationRule = z.infer<typeof validationRuleSchema>;

const letter = 'A-Za-z';
const han = '\\p{Script=Han}';
/** Symbols of printable ASCII: anything that is not a letter, a digit or a space. */
const symbol = '!-/:-@\\[-`{-~';

interface PatternKind {
  test: (value: string) => boolean;
  /** English default; the web shows its own translation of `pattern_<id>` instead. */
  message: string;
}

const re = (source: string) => {
  const regex = new RegExp(source, 'u');
  return (v: string) => regex.test(v);
};

/** yyyy-MM-dd or MM-dd-yyyy, and a real calendar day. */
export function parseRuleDate(value: string): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real ? date : null;
}

export const PATTERN_KINDS: Record<PatternId, PatternKind> = {
  LENGTH: { test: () => true, message: 'Enter (min)-(max) characters.' },
  LETTER_FIRST_ALNUM: {
    test: re(`^[${letter}][${letter}0-9]*$`),
    message: 'Start with a letter, then letters and digits, (min)-(max) characters.',
  },
  LETTERS_CHINESE: {
    test: re(`^[${letter}${han}]+$`),
    message: 'Letters and Chinese characters only, (min)-(max) characters.',
  },
  EMAIL: {
    // Deliberately plain: one @, no spaces, a dot in the domain; the mailbox decides the rest.
    test: re(
      '^[A-Za-z0-9.!#$%&*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$',
    ),
    message: 'Enter a valid email address.',
  },
  LETTERS_OR_DIGITS: {
    test: re(`^[${letter}0-9]+$`),
    message: 'Letters or digits only, (min)-(max) characters.',
  },
  LETTERS_AND_DIGITS: {
    test: re(`^(?=.*[${letter}])(?=.*[0-9])[${letter}0-9]+$`),
    message: 'Both letters and digits, (min)-(max) characters.',
  },
  DIGITS: { test: re('^[0-9]+$'), message: 'Digits only, (min)-(max) digits.' },
  ALNUM_UPPER: {
    test: re(`^(?=.*[A-Z])[${letter}0-9]+$`),
    message: 'Letters and digits with at least one capital letter, (min)-(max) characters.',
  },
  LETTERS_SPACES: {
    test: re(`^[${letter}]+(?: [${letter}]+)*$`),
    message: 'English letters and spaces only, (min)-(max) characters.',
  },
  NO_SPACES: { test: re('^\\S+$'), message: 'No spaces, (min)-(max) characters.' },
  CHINESE_PUNCTUATION: {
    test: re(`^(?=.*${han})[${han}\\p{P}]+$`),
    message: 'Chinese characters and punctuation only, (min)-(max) characters.',
  },
  DATE: { test: (v) => parseRuleDate(v) !== null, message: 'Enter a date as yyyy-MM-dd or MM-dd-yyyy.' },
  TWO_LETTERS_SPACES: {
    test: re(`^(?=(?:[^${letter}]*[${letter}]){2})[${letter} ]+$`),
    message: 'At least two letters; letters and spaces only, (min)-(max) characters.',
  },
  KOREAN: { test: re('^\\p{Script=Hangul}+$'), message: 'Korean characters only, (min)-(max) characters.' },
  THAI: { test: re('^\\p{Script=Thai}+$'), message: 'Thai characters only, (min)-(max) characters.' },
  THAI_ENGLISH_SPACES: {
    test: re(`^[\\p{Script=Thai}${letter}]+(?: [\\p{Script=Thai}${letter}]+)*$`),
    message: 'Thai or English letters and spaces only, (min)-(max) characters.',
  },
  UPPER_SPACES: {
    test: re('^(?=.*[A-Z])[A-Z ]+$'),
    message: 'Capital letters and spaces with at least one letter, (min)-(max) characters.',
  },
  LETTERS_DIGITS_SYMBOLS: {
    test: re(`^[${letter}0-9${symbol}]+$`),
    message: 'Letters, digits and symbols, (min)-(max) characters.',
  },
  STRONG: {
    test: re(`^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[${symbol}])[${letter}0-9${symbol}]+$`),
    message:
      'At least one capital letter, one small letter, one digit and one symbol, (min)-(max) characters.',
  },
  FULL_NAME: {
    test: re("^\\p{L}[\\p{L}'.-]*(?: \\p{L}[\\p{L}'.-]*)+$"),
    message: 'Enter the given name and the family name separated by a space.',
  },
  JAPANESE: {
    // Full-width only: hiragana, katakana (with the long-vowel mark) and kanji with 々.
    test: re(`^[\\u3041-\\u3096\\u309D\\u309E\\u30A1-\\u30FA\\u30FC-\\u30FE${han}々]+$`),
    message: 'Full-width Japanese kana or kanji only, (min)-(max) characters.',
  },
  UPPER_NO_SPACES: { test: re('^[A-Z]+$'), message: 'Capital English letters only, (min)-(max) characters.' },
};

/** The message key the web translates for a pattern; the same text keys as the catalogue. */
export const patternMessageKey = (id: PatternId) => `pattern_${id.toLowerCase()}`;

/** Fills (min) and (max); equal bounds read as one number ("6 digits", not "6-6 digits"). */
export function ruleMessage(rule: Pick<ValidationRule, 'minLength' | 'maxLength'>, template: string): string {
  const { minLength: min, maxLength: max } = rule;
  const text = min === max ? template.replace(/\(min\)\s*[-–~]\s*\(max\)/g, String(min)) : template;
  return text.replaceAll('(min)', String(min)).replaceAll('(max)', String(max));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The operator's accepted pattern as a regex: `*` becomes `.*`, everything else is literal. */
export function acceptedPatternRegex(pattern: string): RegExp {
  const alternatives = pattern.split('|').map((alt) => alt.split('*').map(escapeRegex).join('.*'));
  return new RegExp(`^(?:${alternatives.join('|')})$`, 'su');
}

export type ProblemKey =
  | 'input_required'
  | 'length_invalid'
  | 'not_accepted'
  | 'unknown_field'
  | 'entries_differ'
  | 'terms_not_agreed'
  | 'age_under_limit'
  | 'invalid_mobile'
  | 'invalid_verification_code'
  | PasswordProblemKey
  | PinProblemKey
  | `pattern_${Lowercase<PatternId>}`;

export interface FieldProblem {
  /** A stable text key the web translates; the server sends it in the error details. */
  key: ProblemKey;
  /** English default text with the bounds filled in. */
  message: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const length = (v: string) => [...v].length;

/**
 * Checks one value against its rule. Empty values only fail when the rule requires them; a
 * disabled rule accepts nothing but emptiness.
 */
export function checkRule(rule: ValidationRule, value: unknown): FieldProblem | null {
  if (isEmpty(value)) {
    return rule.enabled && rule.required
      ? { key: 'input_required', message: 'Input cannot be empty.' }
      : null;
  }
  if (!rule.enabled) return { key: 'unknown_field', message: 'This field is not accepted.' };
  if (typeof value !== 'string') return { key: 'input_required', message: 'Input cannot be empty.' };
  const kind = PATTERN_KINDS[rule.patternId];
  const n = length(value);
  if (n < rule.minLength || n > rule.maxLength) {
    return { key: 'length_invalid', message: ruleMessage(rule, kind.message) };
  }
  if (!kind.test(value)) {
    return { key: patternMessageKey(rule.patternId) as ProblemKey, message: ruleMessage(rule, kind.message) };
  }
  if (rule.acceptedPattern && !acceptedPatternRegex(rule.acceptedPattern).test(value)) {
    return { key: 'not_accepted', message: 'This value is not accepted.' };
  }
  return null;
}

export const findRule = (rules: readonly ValidationRule[], key: string) => rules.find((r) => r.key === key);

/** Whole years between a birthday and today, in UTC. */
export function ageOn(birthday: Date, today: Date): number {
  let age = today.getUTCFullYear() - birthday.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** Fields a rule may switch on in the register forms; anything else is handled explicitly. */
export const PROFILE_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'nickname',
  'birthday',
  'telegram',
  'zalo',
  'paymentPassword',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface RegistrationCheck {
  rules: readonly ValidationRule[];
  mode: 'username' | 'mobile';
  /** REGMOBVERF3: a mobile number and its SMS code are required. */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: mobile registration also sets a password. */
  mobilePassword: boolean;
  /** Birthdays must show at least this age (spec §5: 21). */
  birthdayMinAge: number;
  today: Date;
}

const VERIFICATION_CODE_MAX = 255;

/** Checks a register form (spec §5 Register mode); returns the problems keyed by field. */
export function validateRegistration(
  form: Readonly<Record<string, unknown>>,
  check: RegistrationCheck,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const put = (field: string, p: FieldProblem | null) => {
    if (p && !problems[field]) problems[field] = p;
  };
  const rule = (key: string, forceRequired: boolean): ValidationRule => {
    const found = findRule(check.rules, key);
    const base = found ?? fallbackRule(key);
    return forceRequired ? { ...base, enabled: true, required: true } : base;
  };
  const withPassword = check.mode === 'username' || check.mobilePassword;

  if (check.mode === 'username') put('username', checkRule(rule('username', true), form.username));
  const mobileRequired = check.mode === 'mobile' || check.smsVerification;
  put('mobileNum', checkRule(rule('mobileNum', mobileRequired), form.mobileNum));
  if (withPassword) {
    // A member who signs up by number gets it as account name: its digits without leading zeros.
    const account =
      check.mode === 'username'
        ? form.username
        : String(form.mobileNum ?? '')
            .replace(/\D/g, '')
            .replace(/^0+/, '');
    put(
      'password',
      checkPassword(rule('password', true), form.password, typeof account === 'string' ? account : undefined),
    );
    if (isEmpty(form.confirmPassword)) put('confirmPassword', required());
    else if (form.confirmPassword !== form.password) put('confirmPassword', differ());
  }
  if (check.smsVerification) {
    const code = form.verificationCode;
    if (isEmpty(code)) put('verificationCode', required());
    else if (typeof code !== 'string' || code.length > VERIFICATION_CODE_MAX) {
      put('verificationCode', {
        key: 'invalid_verification_code',
        message: 'Enter a valid verification code.',
      });
    }
  }
  for (const field of PROFILE_FIELDS) {
    const r = rule(field, false);
    // Spec §5: the payment password is required whenever it is shown.
    put(
      field,
      checkRule(field === 'paymentPassword' && r.enabled ? { ...r, required: true } : r, form[field]),
    );
  }
  if (typeof form.paymentPassword === 'string' && form.paymentPassword) {
    const birthday = typeof form.birthday === 'string' ? parseRuleDate(form.birthday) : null;
    put('paymentPassword', checkPin(form.paymentPassword, birthday));
  }
  if (!withPassword) {
    for (const field of ['password', 'confirmPassword']) {
      if (!isEmpty(form[field])) put(field, { key: 'unknown_field', message: 'This field is not accepted.' });
    }
  }
  // An affiliate code may come from the link even when the field is hidden (spec §4), so it is
  // always accepted; the rule only decides whether it is required and its format.
  const affiliate = findRule(check.rules, 'affiliateCode') ?? fallbackRule('affiliateCode');
  put(
    'affiliateCode',
    checkRule(
      {
        ...affiliate,
        enabled: true,
        patternId: affiliate.enabled ? affiliate.patternId : 'LETTERS_OR_DIGITS',
        maxLength: affiliate.enabled ? affiliate.maxLength : 32,
      },
      form.affiliateCode,
    ),
  );
  // The captcha answer itself is checked by the server; here only its presence when shown.
  const captcha = findRule(check.rules, 'captcha');
  if (captcha?.enabled && isEmpty(form.captcha)) put('captcha', required());
  checkBirthday(form.birthday, check, put);
  if (form.agreeTerms !== true)
    put('agreeTerms', { key: 'terms_not_agreed', message: 'Please agree to the terms.' });
  return problems;
}

function checkBirthday(
  value: unknown,
  check: RegistrationCheck,
  put: (field: string, p: FieldProblem | null) => void,
) {
  if (typeof value !== 'string' || !value) return;
  const date = parseRuleDate(value);
  if (date && ageOn(date, check.today) < check.birthdayMinAge) {
    put('birthday', { key: 'age_under_limit', message: `You must be ${check.birthdayMinAge} or older.` });
  }
}

const required = (): FieldProblem => ({ key: 'input_required', message: 'Input cannot be empty.' });
const differ = (): FieldProblem => ({ key: 'entries_differ', message: 'The two entries differ.' });

/**
 * Checks a new password and its confirmation (spec §5 Change password) under the password
 * policy; `account` is the member's account name, which the password must not contain.
 */
export function validateNewPassword(
  rules: readonly ValidationRule[],
  newPassword: unknown,
  confirm: unknown,
  fields: { password: string; confirm: string } = { password: 'newPassword', confirm: 'confirmNewPassword' },
  account?: string,
): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const base = findRule(rules, 'password') ?? fallbackRule('password');
  const p = checkPassword({ ...base, enabled: true, required: true }, newPassword, account);
  if (p) problems[fields.password] = p;
  if (isEmpty(confirm)) problems[fields.confirm] = required();
  else if (confirm !== newPassword) problems[fields.confirm] = differ();
  return problems;
}

/** A rule for a field the merchant did not configure: off, or a sane default for core fields. */
export function fallbackRule(key: string): ValidationRule {
  const core: Record<string, Partial<ValidationRule>> = {
    username: { patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 },
    password: {
      patternId: 'LENGTH',
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      type: 'password',
    },
    mobileNum: { patternId: 'DIGITS', minLength: 5, maxLength: 15, type: 'tel' },
  };
  const known = core[key];
  return {
    key,
    enabled: Boolean(known),
    required: Boolean(known),
    minLength: 1,
    maxLength: 64,
    patternId: 'LENGTH',
    acceptedPattern: null,
    type: 'text',
    ...known,
  };
}

// ---------------------------------------------------------------------------------------------
// The login password policy (OWASP ASVS 5, level 2, V6.2)

/** ASVS 6.2.1: at least 8 characters, whatever a merchant's rule says. */
export const PASSWORD_MIN_LENGTH = 8;
/** ASVS 6.2.9: at least 64 characters are always allowed. */
export const PASSWORD_MAX_LENGTH_FLOOR = 64;
/** The request schemas carry at most this many characters, so no rule can allow more. */
export const PASSWORD_MAX_LENGTH = 128;
/** An account name shorter than this is not looked for inside a password (too many false hits). */
const ACCOUNT_IN_PASSWORD_MIN = 3;

export type PasswordProblemKey =
  | 'password_too_short'
  | 'password_too_long'
  | 'password_contains_account'
  | 'password_breached';

/**
 * The lengths a password rule really allows: never fewer than 8 characters at the low end, and
 * never a maximum below 64 (config validation refuses such a rule; an older stored one is
 * widened here), nor above what a request can carry.
 */
export function passwordBounds(rule: Pick<ValidationRule, 'minLength' | 'maxLength'>) {
  const min = Math.max(PASSWORD_MIN_LENGTH, rule.minLength);
  const max = Math.min(PASSWORD_MAX_LENGTH, Math.max(PASSWORD_MAX_LENGTH_FLOOR, rule.maxLength));
  return { min: Math.min(min, max), max };
}

/** True when the password holds the account name, in any letter case. */
export function passwordContainsAccount(password: string, account: string | null | undefined): boolean {
  const name = account?.trim().toLowerCase() ?? '';
  return [...name].length >= ACCOUNT_IN_PASSWORD_MIN && password.toLowerCase().includes(name);
}

/**
 * A login password under the policy: 8 characters or more, up to the rule's maximum (64 at
 * least), spaces and any Unicode allowed (lengths count code points), never the account name
 * inside. A merchant's composition rule (a patternId other than LENGTH, or an accepted pattern)
 * applies on top. The breached-password list is checked by the server only.
 */
export function checkPassword(rule: ValidationRule, value: unknown, account?: string): FieldProblem | null {
  if (isEmpty(value) || typeof value !== 'string') return required();
  const bounds = passwordBounds(rule);
  const n = length(value);
  if (n < bounds.min) {
    return { key: 'password_too_short', message: `Use at least ${bounds.min} characters.` };
  }
  if (n > bounds.max) {
    return { key: 'password_too_long', message: `Use at most ${bounds.max} characters.` };
  }
  const kind = PATTERN_KINDS[rule.patternId];
  if (!kind.test(value)) {
    const bounded = { minLength: bounds.min, maxLength: bounds.max };
    return {
      key: patternMessageKey(rule.patternId) as ProblemKey,
      message: ruleMessage(bounded, kind.message),
    };
  }
  if (rule.acceptedPattern && !acceptedPatternRegex(rule.acceptedPattern).test(value)) {
    return { key: 'not_accepted', message: 'This value is not accepted.' };
  }
  if (passwordContainsAccount(value, account)) {
    return { key: 'password_contains_account', message: 'The password must not contain your account name.' };
  }
  return null;
}

/**
 * A password rule that config validation refuses, or null: the policy needs a maximum of 64 or
 * more (up to what a request carries) and a minimum of 8 or more.
 */
export function passwordRuleProblem(rule: Pick<ValidationRule, 'minLength' | 'maxLength'>): string | null {
  if (rule.maxLength < PASSWORD_MAX_LENGTH_FLOOR) {
    return `a password rule must allow at least ${PASSWORD_MAX_LENGTH_FLOOR} characters (maxLength ${rule.maxLength})`;
  }
  if (rule.maxLength > PASSWORD_MAX_LENGTH) {
    return `a password rule allows at most ${PASSWORD_MAX_LENGTH} characters (maxLength ${rule.maxLength})`;
  }
  if (rule.minLength < PASSWORD_MIN_LENGTH) {
    return `a password rule must ask for at least ${PASSWORD_MIN_LENGTH} characters (minLength ${rule.minLength})`;
  }
  if (rule.minLength > rule.maxLength) return 'a password rule needs minLength <= maxLength';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The payment (withdraw) password: six digits that are not a repeat, a run or the birthday

export type PinProblemKey = 'pin_repeated' | 'pin_sequence' | 'pin_birthday';

const two = (n: number) => String(n).padStart(2, '0');

/** True when the digits are one block of 1 to 3 digits over and over: 111111, 121212, 123123. */
function isRepeat(pin: string): boolean {
  for (let size = 1; size <= 3; size++) {
    if (
      pin.length % size === 0 &&
      pin.length > size &&
      pin.slice(0, size).repeat(pin.length / size) === pin
    ) {
      return true;
    }
  }
  return false;
}

/** True when every digit is one more (or one less) than the one before: 012345, 654321. */
function isSequence(pin: string): boolean {
  const step = pin.charCodeAt(1) - pin.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < pin.length; i++) if (pin.charCodeAt(i) - pin.charCodeAt(i - 1) !== step) return false;
  return true;
}

/**
 * The birthday as people type it into a six-digit code: YYMMDD, DDMMYY, MMDDYY, YYDDMM, YYYYMM,
 * MMYYYY, and any code holding MMDD or DDMM.
 */
function isBirthday(pin: string, birthday: Date): boolean {
  const yyyy = String(birthday.getUTCFullYear()).padStart(4, '0');
  const yy = yyyy.slice(-2);
  const mm = two(birthday.getUTCMonth() + 1);
  const dd = two(birthday.getUTCDate());
  const whole = [yy + mm + dd, dd + mm + yy, mm + dd + yy, yy + dd + mm, yyyy + mm, mm + yyyy];
  return whole.includes(pin) || pin.includes(mm + dd) || pin.includes(dd + mm);
}

/**
 * A payment password (six digits, checked by its rule first) that is easy to guess: one digit
 * or block repeated, a run up or down, or the member's birthday (when known).
 */
export function checkPin(pin: string, birthday?: Date | null): FieldProblem | null {
  if (!/^[0-9]{2,}$/.test(pin)) return null;
  if (isRepeat(pin)) return { key: 'pin_repeated', message: 'Do not repeat the same digits.' };
  if (isSequence(pin)) return { key: 'pin_sequence', message: 'Do not use digits in a row, like 123456.' };
  if (birthday && isBirthday(pin, birthday)) {
    return { key: 'pin_birthday', message: 'Do not use your birthday.' };
  }
  return null;
}
