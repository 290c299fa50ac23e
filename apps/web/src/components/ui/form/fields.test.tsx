import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../testing/i18n';
import { FormFailure } from './form-failure';
import { PasswordField } from './password-field';
import { RequiredNote } from './required-note';
import { TextField } from './text-field';

initTestI18n();

describe('form fields', () => {
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

  it('describe the input by its hint and error, and say it is invalid only with an error', () => {
    const { rerender } = render(
      <TextField name="code" label="Code" hint="Six digits" value="" onChange={() => {}} />,
    );
    const input = screen.getByLabelText('Code');
    const described = () =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
    expect(described()).toEqual(['Six digits']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(
      <TextField name="code" label="Code" hint="Six digits" error="Wrong" value="" onChange={() => {}} />,
    );
    expect(described()).toEqual(['Wrong', 'Six digits']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('show and hide a password with its own toggle', async () => {
    const user = userEvent.setup();
    render(
      <PasswordField
        name="password"
        label="Password"
        autoComplete="current-password"
        value="x"
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('say what the * means, and announce a form failure only when there is one', () => {
    const { rerender } = render(
      <>
        <RequiredNote />
        <FormFailure>{null}</FormFailure>
      </>,
    );
    expect(screen.getByText('Fields marked * are required.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <>
        <RequiredNote />
        <FormFailure>Try again later.</FormFailure>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Try again later.');
  });
});
