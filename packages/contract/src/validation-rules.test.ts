import { describe, expect, it } from 'vitest';
import {
  acceptedPatternRegex,
  checkRule,
  PATTERN_IDS,
  PATTERN_KINDS,
  type PatternId,
  parseRuleDate,
  ruleMessage,
  type ValidationRule,
  validateNewPassword,
  validateRegistration,
} from './validation-rules.ts';

const rule = (patternId: PatternId, over: Partial<ValidationRule> = {}): ValidationRule => ({
  key: 'field',
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 50,
  patternId,
  acceptedPattern: null,
  type: 'text',
  ...over,
});

/** Each kind of spec §5 with values it must accept and values it must refuse. */
const cases: Record<PatternId, { ok: string[]; bad: string[] }> = {
  LENGTH: { ok: ['anything at all', '!@#'], bad: [] },
  LETTER_FIRST_ALNUM: { ok: ['demo', 'Agent01', 'a1b2'], bad: ['1demo', 'de mo', 'de_mo', "a' OR 1=1"] },
  LETTERS_CHINESE: { ok: ['Li', '李小龙', 'Li小龙'], bad: ['Li 1', 'Li!', '123'] },
  EMAIL: {
    ok: ['a@b.co', 'first.last+tag@mail.example.com'],
    bad: ['a@b', 'a b@c.com', '@b.com', 'a@b..com', '<x>@b.com'],
  },
  LETTERS_OR_DIGITS: { ok: ['abc', '123', 'a1B2'], bad: ['a-1', 'a 1', 'ü1'] },
  LETTERS_AND_DIGITS: { ok: ['abc123', '1a'], bad: ['abcdef', '123456', 'abc 123', 'abc-123'] },
  DIGITS: { ok: ['0', '0123456789'], bad: ['12a', '1 2', '-1', '１２'] },
  ALNUM_UPPER: { ok: ['Abc123', 'ABC'], bad: ['abc123', 'Abc-123'] },
  LETTERS_SPACES: { ok: ['John Smith', 'Anna'], bad: ['John  Smith', ' John', 'John1', 'Jöhn'] },
  NO_SPACES: { ok: ['a!b@c', 'x'], bad: ['a b', 'a\tb'] },
  CHINESE_PUNCTUATION: { ok: ['你好，世界！', '李'], bad: ['hello', '你好 world', '，。'] },
  DATE: { ok: ['2000-02-29', '12-31-1999'], bad: ['1999-02-29', '2000/01/01', '31-12-1999', '2000-13-01'] },
  TWO_LETTERS_SPACES: { ok: ['Jo', 'J o', 'Ann Lee'], bad: ['J', 'J ', 'J1 o'] },
  KOREAN: { ok: ['김민준', '한국어'], bad: ['김 민준', 'Kim', '김1'] },
  THAI: { ok: ['สมชาย'], bad: ['สมชาย ใจดี', 'Somchai'] },
  THAI_ENGLISH_SPACES: { ok: ['สมชาย ใจดี', 'Somchai ใจดี'], bad: ['สมชาย1', 'Somchai  Jaidee'] },
  UPPER_SPACES: { ok: ['JOHN SMITH', 'A'], bad: ['John', '   ', 'JOHN1'] },
  LETTERS_DIGITS_SYMBOLS: { ok: ['Ab1!@#', 'abc', '{x}'], bad: ['ab c', 'abç'] },
  STRONG: {
    ok: ['Aa1!aaaa', 'Pa$$w0rd'],
    bad: ['Aa1aaaaa', 'aa1!aaaa', 'AA1!AAAA', 'Aa!aaaaa', 'Aa1! aaaa'],
  },
  FULL_NAME: {
    ok: ['John Smith', "Mary-Jane O'Neil", 'Nguyễn Văn An'],
    bad: ['John', 'John ', ' Smith', 'J0hn Smith'],
  },
  JAPANESE: {
    ok: ['やまだ', 'ヤマダ', '山田太郎', '佐々木'],
    bad: ['yamada', 'ﾔﾏﾀﾞ', 'ﾔﾏﾀ', '山田 太郎', 'やまだ!'],
  },
  UPPER_NO_SPACES: { ok: ['ABC', 'Z'], bad: ['ABC DEF', 'Abc', 'ABC1'] },
};

describe('validation rule pattern kinds (spec §5)', () => {
  it('covers every kind', () => {
    expect(Object.keys(cases).sort()).toEqual([...PATTERN_IDS].sort());
  });

  it.each(PATTERN_IDS.map((id) => [id] as const))('%s', (id) => {
    for (const value of cases[id].ok)
      expect(checkRule(rule(id), value), `${id} should accept "${value}"`).toBeNull();
    for (const value of cases[id].bad) {
      expect(checkRule(rule(id), value)?.key, `${id} should refuse "${value}"`).toBe(
        `pattern_${id.toLowerCase()}`,
      );
    }
  });
});

describe('checkRule', () => {
  it('requires a value only when the rule is on and required', () => {
    expect(checkRule(rule('DIGITS'), '')?.key).toBe('input_required');
    expect(checkRule(rule('DIGITS'), undefined)?.key).toBe('input_required');
    expect(checkRule(rule('DIGITS', { required: false }), '')).toBeNull();
    expect(checkRule(rule('DIGITS', { enabled: false }), '')).toBeNull();
  });

  it('refuses any value for a field that is switched off', () => {
    expect(checkRule(rule('DIGITS', { enabled: false }), '123')?.key).toBe('unknown_field');
  });

  it('counts characters, not UTF-16 units, against the bounds', () => {
    const r = rule('LENGTH', { minLength: 2, maxLength: 3 });
    expect(checkRule(r, 'a')?.key).toBe('length_invalid');
    expect(checkRule(r, '😀😀😀')).toBeNull();
    expect(checkRule(r, 'abcd')?.key).toBe('length_invalid');
  });

  it('applies the accepted pattern with * as any run of characters', () => {
    const r = rule('DIGITS', { acceptedPattern: '09*|08*' });
    expect(checkRule(r, '0917')).toBeNull();
    expect(checkRule(r, '0812')).toBeNull();
    expect(checkRule(r, '0712')?.key).toBe('not_accepted');
    expect(acceptedPatternRegex('a.b*').test('a.bXYZ')).toBe(true);
    expect(acceptedPatternRegex('a.b*').test('aXbXYZ')).toBe(false);
    expect(acceptedPatternRegex('(x)*').test('(x)yz')).toBe(true);
  });

  it('fills the bounds into messages, one number when they are equal', () => {
    expect(ruleMessage({ minLength: 6, maxLength: 20 }, 'Digits, (min)-(max) digits.')).toBe(
      'Digits, 6-20 digits.',
    );
    expect(ruleMessage({ minLength: 6, maxLength: 6 }, 'Digits, (min)-(max) digits.')).toBe(
      'Digits, 6 digits.',
    );
    expect(checkRule(rule('DIGITS', { minLength: 6, maxLength: 6 }), '12345')?.message).toBe(
      'Digits only, 6 digits.',
    );
  });

  it('parses both date forms', () => {
    expect(parseRuleDate('2001-02-03')?.toISOString()).toBe('2001-02-03T00:00:00.000Z');
    expect(parseRuleDate('02-03-2001')?.toISOString()).toBe('2001-02-03T00:00:00.000Z');
    expect(PATTERN_KINDS.DATE.test('2001-2-3')).toBe(false);
  });
});

describe('validateRegistration', () => {
  const rules: ValidationRule[] = [
    rule('LETTER_FIRST_ALNUM', { key: 'username', minLength: 4, maxLength: 16 }),
    rule('LETTERS_AND_DIGITS', { key: 'password', minLength: 6, maxLength: 20 }),
    rule('DIGITS', { key: 'mobileNum', minLength: 6, maxLength: 15 }),
    rule('EMAIL', { key: 'email', required: false }),
    rule('DATE', { key: 'birthday', required: false }),
    rule('DIGITS', { key: 'paymentPassword', required: false, minLength: 6, maxLength: 6 }),
  ];
  const base = {
    username: 'player1',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    mobileNum: '09171234567',
    verificationCode: '123456',
    paymentPassword: '123456',
    agreeTerms: true,
  };
  const check = {
    rules,
    mode: 'username' as const,
    smsVerification: true,
    mobilePassword: true,
    birthdayMinAge: 21,
    today: new Date('2026-03-01T00:00:00Z'),
  };
  const keys = (form: Record<string, unknown>, over = {}) =>
    Object.fromEntries(
      Object.entries(validateRegistration(form, { ...check, ...over })).map(([f, p]) => [f, p.key]),
    );

  it('accepts a complete form', () => {
    expect(keys(base)).toEqual({});
  });

  it('requires the confirmation to match, the code with SMS on and the terms', () => {
    expect(keys({ ...base, confirmPassword: 'Other123', verificationCode: '', agreeTerms: false })).toEqual({
      confirmPassword: 'entries_differ',
      verificationCode: 'input_required',
      agreeTerms: 'terms_not_agreed',
    });
    expect(keys({ ...base, verificationCode: 'x'.repeat(256) })).toEqual({
      verificationCode: 'invalid_verification_code',
    });
    expect(keys({ ...base, verificationCode: undefined }, { smsVerification: false })).toEqual({});
  });

  it('requires the payment password whenever it is shown', () => {
    expect(keys({ ...base, paymentPassword: '' })).toEqual({ paymentPassword: 'input_required' });
  });

  it('refuses fields the merchant has not switched on', () => {
    expect(keys({ ...base, qqNum: '12345' })).toEqual({ qqNum: 'unknown_field' });
  });

  it('checks the age a birthday shows', () => {
    expect(keys({ ...base, birthday: '2005-03-02' })).toEqual({ birthday: 'age_under_limit' });
    expect(keys({ ...base, birthday: '2005-03-01' })).toEqual({});
  });

  it('in mobile mode needs no user name, and no password without the option', () => {
    const { username: _u, ...mobileForm } = base;
    expect(keys(mobileForm, { mode: 'mobile' })).toEqual({});
    const { password: _p, confirmPassword: _c, ...noPassword } = mobileForm;
    expect(keys(noPassword, { mode: 'mobile', mobilePassword: false })).toEqual({});
    expect(keys(mobileForm, { mode: 'mobile', mobilePassword: false })).toEqual({
      password: 'unknown_field',
      confirmPassword: 'unknown_field',
    });
  });

  it('accepts an affiliate code from the link even when the field is hidden', () => {
    expect(keys({ ...base, affiliateCode: 'AGENT01' })).toEqual({});
    expect(keys({ ...base, affiliateCode: 'AG-01' })).toEqual({ affiliateCode: 'pattern_letters_or_digits' });
  });
});

describe('validateNewPassword', () => {
  it('checks the password rule and the confirmation', () => {
    const rules = [rule('LETTERS_AND_DIGITS', { key: 'password', minLength: 6, maxLength: 20 })];
    expect(validateNewPassword(rules, 'Secret123', 'Secret123')).toEqual({});
    const problems = validateNewPassword(rules, 'secret', 'other');
    expect(problems.newPassword?.key).toBe('pattern_letters_and_digits');
    expect(problems.confirmNewPassword?.key).toBe('entries_differ');
  });
});
