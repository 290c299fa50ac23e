import { describe, expect, it } from 'vitest';
import {
  normaliseBirthday,
  PROFILE_EDIT_FIELDS,
  PROFILE_VALUE_MAX,
  type ProfileCheck,
  type ProfileEditField,
  profileRule,
  validateProfile,
} from './profile.ts';
import type { ValidationRule } from './validation-rules.ts';

const rule = (key: string, over: Partial<ValidationRule> = {}): ValidationRule => ({
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

const settings = (rules: ValidationRule[] = [], profileRules: ValidationRule[] = []) => ({
  rules,
  profileRules,
});

const check = (over: Partial<ProfileCheck> = {}, s = settings()): ProfileCheck => ({
  rules: Object.fromEntries(PROFILE_EDIT_FIELDS.map((f) => [f, profileRule(s, f)])) as Record<
    ProfileEditField,
    ValidationRule
  >,
  current: {},
  locked: [],
  birthdayMinAge: 21,
  today: new Date(Date.UTC(2026, 2, 1)),
  ...over,
});

describe('profileRule', () => {
  it('takes the profile rule, else the registration format shown and optional, else a default', () => {
    const registration = rule('nickname', { enabled: false, required: true, patternId: 'LETTERS_CHINESE' });
    const own = rule('occupation', { required: true });
    const s = settings([registration], [own]);
    expect(profileRule(s, 'nickname')).toMatchObject({
      enabled: true,
      required: false,
      patternId: 'LETTERS_CHINESE',
    });
    expect(profileRule(s, 'occupation')).toMatchObject({ enabled: true, required: true });
    expect(profileRule(s, 'qqNum')).toMatchObject({ enabled: true, required: false, patternId: 'DIGITS' });
  });

  it('never allows more than PROFILE_VALUE_MAX characters', () => {
    expect(profileRule(settings([], [rule('address', { maxLength: 1000 })]), 'address').maxLength).toBe(
      PROFILE_VALUE_MAX,
    );
  });
});

describe('validateProfile', () => {
  it('accepts a right change and checks only the fields sent', () => {
    expect(validateProfile({ nickname: 'Lucky', birthday: '1990-05-17' }, check())).toEqual({});
    // A stored value that a newer rule refuses does not block other changes.
    expect(validateProfile({ nickname: 'Lucky' }, check({ current: { qqNum: 'abc' } }))).toEqual({});
  });

  it('refuses values against their rule, hidden fields and missing required ones', () => {
    const s = settings([], [rule('wechat', { enabled: false }), rule('occupation', { required: true })]);
    expect(validateProfile({ qqNum: '12abcd', wechat: 'me' }, check({}, s))).toEqual({
      qqNum: expect.objectContaining({ key: 'pattern_digits' }),
      wechat: expect.objectContaining({ key: 'unknown_field' }),
      occupation: expect.objectContaining({ key: 'input_required' }),
    });
    // Cleared while required.
    expect(validateProfile({ occupation: null }, check({ current: { occupation: 'Chef' } }, s))).toEqual({
      occupation: expect.objectContaining({ key: 'input_required' }),
    });
  });

  it('refuses a birthday under the minimum age, counting the day itself (spec §5)', () => {
    expect(validateProfile({ birthday: '2005-03-02' }, check()).birthday?.key).toBe('age_under_limit');
    expect(validateProfile({ birthday: '2005-03-01' }, check())).toEqual({});
    expect(validateProfile({ birthday: '03-01-2005' }, check())).toEqual({});
    expect(validateProfile({ birthday: '2005-02-30' }, check()).birthday?.key).toBe('pattern_date');
  });

  it('refuses changing a locked field, and lets it pass unchanged', () => {
    const locked = check({
      current: { payeeName: 'Juan Dela Cruz', birthday: '1980-01-01' },
      locked: ['payeeName', 'birthday'],
    });
    expect(validateProfile({ payeeName: 'Other Name', birthday: null }, locked)).toEqual({
      payeeName: expect.objectContaining({ key: 'field_locked' }),
      birthday: expect.objectContaining({ key: 'field_locked' }),
    });
    expect(validateProfile({ payeeName: 'Juan Dela Cruz', birthday: '1980-01-01' }, locked)).toEqual({});
  });

  it('keeps birthdays as yyyy-MM-dd', () => {
    expect(normaliseBirthday('05-17-1990')).toBe('1990-05-17');
    expect(normaliseBirthday('1990-05-17')).toBe('1990-05-17');
  });
});
