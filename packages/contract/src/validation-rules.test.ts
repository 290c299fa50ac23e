import { describe, expect, it } from 'vitest';
import {
  acceptedPatternRegex,
  checkPassword,
  checkPin,
  checkRule,
  PATTERN_IDS,
  PATTERN_KINDS,
  type PatternId,
  parseRuleDate,
  passwordBounds,
  passwordRuleProblem,
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
    paymentPassword: '390415',
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
    const problems = validateNewPassword(rules, 'secretword', 'other');
    expect(problems.newPassword?.key).toBe('pattern_letters_and_digits');
    expect(problems.confirmNewPassword?.key).toBe('entries_differ');
  });
});

describe('the password policy (ASVS 5 level 2)', () => {
  const open = rule('LENGTH', { key: 'password', minLength: 8, maxLength: 64, type: 'password' });
  const key = (value: unknown, r = open, account?: string) => checkPassword(r, value, account)?.key ?? null;

  it('needs 8 characters and allows 64, counting characters, not bytes', () => {
    expect(key('Xk9#mQ2')).toBe('password_too_short');
    expect(key('Xk9#mQ2z')).toBeNull();
    expect(key('界'.repeat(7))).toBe('password_too_short');
    expect(key('界'.repeat(8))).toBeNull();
    expect(key('😀'.repeat(64))).toBeNull();
    expect(key('😀'.repeat(65))).toBe('password_too_long');
    expect(key('a'.repeat(65))).toBe('password_too_long');
  });

  it('allows spaces and any Unicode', () => {
    expect(key('correct horse battery staple')).toBeNull();
    expect(key('  leading and trailing  ')).toBeNull();
    expect(key('pässwörd für мой 密码 🔑')).toBeNull();
  });

  it('never asks fewer than 8 nor caps below 64, whatever an older rule says', () => {
    const old = rule('LENGTH', { key: 'password', minLength: 6, maxLength: 20 });
    expect(passwordBounds(old)).toEqual({ min: 8, max: 64 });
    expect(key('Ab3$xyz', old)).toBe('password_too_short');
    expect(key('a long passphrase of forty characters ok', old)).toBeNull();
    expect(passwordBounds({ minLength: 10, maxLength: 1000 })).toEqual({ min: 10, max: 128 });
  });

  it('refuses the account name inside, in any letter case', () => {
    expect(key('my-Player1-pass', open, 'player1')).toBe('password_contains_account');
    expect(key('PLAYER1PLAYER1', open, 'Player1')).toBe('password_contains_account');
    expect(key('my-Playe-pass1', open, 'player1')).toBeNull();
    // A one- or two-letter name would refuse half of all passwords: not looked for.
    expect(key('xa-something-long', open, 'xa')).toBeNull();
  });

  it('keeps a merchant composition rule available on top', () => {
    const strong = rule('STRONG', { key: 'password', minLength: 8, maxLength: 64 });
    expect(checkPassword(strong, 'alllowercase1')).toEqual({
      key: 'pattern_strong',
      message: 'At least one capital letter, one small letter, one digit and one symbol, 8-64 characters.',
    });
    expect(key('Good#Pass1', strong)).toBeNull();
    const digits = rule('LETTERS_AND_DIGITS', { key: 'password', minLength: 8, maxLength: 64 });
    expect(key('onlyletters', digits)).toBe('pattern_letters_and_digits');
  });

  it('applies in registration, with the user name as the account name', () => {
    const rules = [
      rule('LETTER_FIRST_ALNUM', { key: 'username', minLength: 4, maxLength: 16 }),
      open,
      rule('DIGITS', { key: 'mobileNum', minLength: 6, maxLength: 15, required: false }),
    ];
    const form = { username: 'lucky88', agreeTerms: true };
    const check = {
      rules,
      mode: 'username' as const,
      smsVerification: false,
      mobilePassword: false,
      birthdayMinAge: 21,
      today: new Date('2026-03-01T00:00:00Z'),
    };
    const problem = (password: string) =>
      validateRegistration({ ...form, password, confirmPassword: password }, check).password?.key;
    expect(problem('Lucky88forever')).toBe('password_contains_account');
    expect(problem('short1')).toBe('password_too_short');
    expect(problem('four words with spaces')).toBeUndefined();
  });

  it('config validation refuses a password rule that caps below 64 or asks fewer than 8', () => {
    expect(passwordRuleProblem({ minLength: 8, maxLength: 64 })).toBeNull();
    expect(passwordRuleProblem({ minLength: 8, maxLength: 128 })).toBeNull();
    expect(passwordRuleProblem({ minLength: 8, maxLength: 63 })).toMatch(/at least 64/);
    expect(passwordRuleProblem({ minLength: 6, maxLength: 64 })).toMatch(/at least 8/);
    expect(passwordRuleProblem({ minLength: 8, maxLength: 129 })).toMatch(/at most 128/);
  });
});

describe('checkPin (the payment password)', () => {
  const key = (pin: string, birthday?: string) =>
    checkPin(pin, birthday ? parseRuleDate(birthday) : null)?.key ?? null;

  it('refuses repeats and runs', () => {
    for (const pin of ['111111', '000000', '121212', '123123']) expect(key(pin)).toBe('pin_repeated');
    for (const pin of ['123456', '654321', '012345', '456789', '987654'])
      expect(key(pin)).toBe('pin_sequence');
    for (const pin of ['390415', '135790', '112358']) expect(key(pin)).toBeNull();
  });

  it('refuses the birthday in the usual forms', () => {
    const birthday = '1990-07-24';
    for (const pin of ['900724', '240790', '072490', '902407', '199007', '071990', '072411', '240755']) {
      expect(key(pin, birthday)).toBe('pin_birthday');
    }
    expect(key('900724')).toBeNull();
    expect(key('390415', birthday)).toBeNull();
  });

  it('applies to the payment password of the register form, with the birthday of the form', () => {
    const rules = [
      rule('LETTER_FIRST_ALNUM', { key: 'username', minLength: 4, maxLength: 16 }),
      rule('DATE', { key: 'birthday', required: false }),
      rule('DIGITS', { key: 'paymentPassword', minLength: 6, maxLength: 6 }),
    ];
    const check = {
      rules,
      mode: 'username' as const,
      smsVerification: false,
      mobilePassword: false,
      birthdayMinAge: 21,
      today: new Date('2026-03-01T00:00:00Z'),
    };
    const form = { username: 'lucky88', password: 'Quiet-River-42', confirmPassword: 'Quiet-River-42' };
    const problem = (extra: Record<string, unknown>) =>
      validateRegistration({ ...form, agreeTerms: true, ...extra }, check).paymentPassword?.key;
    expect(problem({ paymentPassword: '222222' })).toBe('pin_repeated');
    expect(problem({ paymentPassword: '900724', birthday: '1990-07-24' })).toBe('pin_birthday');
    expect(problem({ paymentPassword: '390415', birthday: '1990-07-24' })).toBeUndefined();
  });
});
