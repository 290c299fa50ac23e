import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../testing/i18n';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

initTestI18n();

describe('account fields', () => {
  it('mark required fields with * (spec §5) and leave optional ones unmarked, names unchanged', () => {
    const { container } = render(
      <>
        <TextField name="username" label="Username" value="" onChange={() => {}} />
        <TextField name="email" label="Email" optional value="" onChange={() => {}} />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          value=""
          onChange={() => {}}
        />
      </>,
    );
    const marked = (name: string) =>
      container.querySelector(`[data-field="${name}"] [data-required-mark]`)?.textContent ?? null;
    expect(marked('username')).toBe('*');
    expect(marked('password')).toBe('*');
    expect(marked('email')).toBeNull();
    // The mark is for the eye: the accessible names stay the labels, the inputs say aria-required.
    expect(screen.getByLabelText('Username').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-required')).toBe('true');
  });
});
