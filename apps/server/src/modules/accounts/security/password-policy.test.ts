import { describe, expect, it } from 'vitest';
import { breachedPasswordCount, isBreachedPassword } from './breached-passwords.ts';
import { passwordPolicyProblem } from './password-policy.ts';

describe('the breached-password list', () => {
  it('holds at least 100,000 passwords the length rule alone would let through', () => {
    expect(breachedPasswordCount()).toBeGreaterThanOrEqual(100_000);
  });

  it('finds common passwords in any letter case, and not a passphrase', () => {
    for (const p of ['password1', 'PASSWORD1', 'abc12345', 'qwertyuiop', 'iloveyou2', 'Secret123']) {
      expect(isBreachedPassword(p)).toBe(true);
    }
    for (const p of ['Quiet-River-42', 'a quiet river at dawn', 'pass\nword1', '']) {
      expect(isBreachedPassword(p)).toBe(false);
    }
  });
});

describe('passwordPolicyProblem (the server part of the policy)', () => {
  it('refuses any form of the account name inside, then a breached password', () => {
    expect(passwordPolicyProblem('x-639171234567-y', ['player1', '639171234567'])?.key).toBe(
      'password_contains_account',
    );
    expect(passwordPolicyProblem('Player1Rocks!', ['player1'])?.key).toBe('password_contains_account');
    expect(passwordPolicyProblem('sunshine1', ['player1'])?.key).toBe('password_breached');
    expect(passwordPolicyProblem('Quiet-River-42', ['player1', null, undefined])).toBeNull();
  });
});
