import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeProblem, problemText } from './rules';

/** Answers the catalogue key itself, so the test reads which text was chosen. */
const t = ((key: string) => key) as unknown as TFunction<'account'>;

describe('problem texts (spec §5 messages)', () => {
  it('says the real name format is incorrect for the payee name', () => {
    expect(problemText(t, 'pattern_chinese_english', 'payeeName', [])).toBe('problems.real_name');
    expect(problemText(t, 'length_invalid', 'payeeName', [])).toBe('problems.real_name');
  });

  it('says the account, password or email format is incorrect for the email', () => {
    expect(problemText(t, 'pattern_email', 'email', [])).toBe('problems.email_format');
  });

  it('says the verification is incomplete for an empty code or captcha, and input required elsewhere', () => {
    expect(problemText(t, 'input_required', 'verificationCode', [])).toBe('errors.verificationIncomplete');
    expect(problemText(t, 'input_required', 'captcha', [])).toBe('errors.verificationIncomplete');
    expect(problemText(t, 'input_required', 'username', [])).toBe('problems.input_required');
  });

  it('reads a new password by the password rule in the form kit', () => {
    const rule = {
      key: 'password',
      enabled: true,
      required: true,
      minLength: 10,
      maxLength: 64,
      patternId: 'LENGTH' as const,
      acceptedPattern: null,
      type: 'password' as const,
    };
    const withBounds = ((key: string, o?: object) =>
      `${key} ${JSON.stringify(o)}`) as unknown as TFunction<'account'>;
    const describe = describeProblem(withBounds, [rule]);
    expect(describe({ key: 'password_too_short' }, 'newPassword')).toBe(
      'problems.password_too_short {"min":10,"max":64}',
    );
    expect(describeProblem(t, [])({ key: 'account_exists' }, 'username')).toBe('problems.account_exists');
  });
});
