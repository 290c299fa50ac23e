import type { ValidationRule } from '@aurum/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../testing/i18n';
import { FormFailure } from './form-failure';
import { PasswordField } from './password-field';
import { TextField } from './text-field';
import { type FormOptions, useForm } from './use-form';

initTestI18n();

const USERNAME: ValidationRule = {
  key: 'username',
  enabled: true,
  required: true,
  minLength: 4,
  maxLength: 16,
  patternId: 'LETTER_FIRST_ALNUM',
  acceptedPattern: null,
  type: 'text',
};
const NICKNAME: ValidationRule = {
  ...USERNAME,
  key: 'nickname',
  required: false,
  minLength: 1,
  patternId: 'LENGTH',
};

type Values = { username: string; nickname: string; password: string; confirm: string };

function Sample(props: Partial<FormOptions<Values>> & { onSubmit: FormOptions<Values>['onSubmit'] }) {
  const form = useForm<Values>({
    initial: { username: '', nickname: '', password: '', confirm: '' },
    rules: { username: USERNAME, nickname: NICKNAME },
    validators: { password: (v) => (v.length < 8 ? { key: 'too_short' } : null) },
    validate: (v) => ({ confirm: v.confirm === v.password ? null : 'The two entries differ.' }),
    describe: (p, field) => `${field}: ${p.key}`,
    ...props,
  });
  return (
    <form {...form.props}>
      <TextField {...form.field('username')} label="Username" />
      <TextField {...form.field('nickname')} label="Nickname" />
      <PasswordField {...form.field('password')} label="Password" autoComplete="new-password" />
      <PasswordField {...form.field('confirm')} label="Confirm" autoComplete="new-password" />
      <FormFailure>{form.failure}</FormFailure>
      <button type="submit" disabled={false} data-submitting={form.submitting}>
        Send
      </button>
    </form>
  );
}

const invalid = () =>
  [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => el.getAttribute('name'));
const send = () => screen.getByRole('button', { name: 'Send' });

describe('useForm', () => {
  it('checks rules, field validators and the whole-form check before calling onSubmit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    render(<Sample onSubmit={onSubmit} onInvalid={onInvalid} />);
    await user.type(screen.getByLabelText(/^Nickname/), 'x');
    await user.type(screen.getByLabelText('Confirm'), 'abc');
    await user.click(send());
    expect(onSubmit).not.toHaveBeenCalled();
    // The optional nickname passes its rule; the rest fail, each with its own text.
    expect(invalid()).toEqual(['username', 'password', 'confirm']);
    expect(screen.getByText('username: input_required')).toBeTruthy();
    expect(screen.getByText('password: too_short')).toBeTruthy();
    expect(screen.getByText('The two entries differ.')).toBeTruthy();
    expect(Object.keys(onInvalid.mock.calls[0]?.[0] ?? {})).toEqual(['username', 'password', 'confirm']);
  });

  it('trims a value for its rule and submits the values once everything passes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Sample onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Username'), ' player01 ');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm'), 'secret123');
    await user.click(send());
    expect(invalid()).toEqual([]);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      username: ' player01 ',
      nickname: '',
      password: 'secret123',
      confirm: 'secret123',
    });
  });

  it('moves focus to the first field in error, in the page order', async () => {
    const user = userEvent.setup();
    render(<Sample onSubmit={() => {}} />);
    await user.type(screen.getByLabelText('Username'), 'player01');
    await user.click(send());
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it("clears a field's error on its first valid change, and only that one", async () => {
    const user = userEvent.setup();
    render(<Sample onSubmit={() => {}} />);
    await user.click(send());
    expect(invalid()).toEqual(['username', 'password']);
    const username = screen.getByLabelText('Username');
    await user.type(username, 'pla');
    expect(invalid()).toEqual(['username', 'password']);
    await user.type(username, 'y');
    expect(invalid()).toEqual(['password']);
    // A change makes no new error before the next submit, and leaves the others.
    await user.type(screen.getByLabelText('Confirm'), 'a');
    expect(invalid()).toEqual(['password']);
    await user.click(send());
    expect(invalid()).toEqual(['password', 'confirm']);
  });

  it('shows server field errors and the form failure, and focuses the field', async () => {
    const user = userEvent.setup();
    render(
      <Sample
        onSubmit={(_, form) => {
          form.setError('password', { key: 'password_breached' });
          form.setFailure('Check the fields.');
        }}
      />,
    );
    await user.type(screen.getByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm'), 'password1');
    await user.click(send());
    expect(invalid()).toEqual(['password']);
    expect(screen.getByText('password: password_breached')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Check the fields.');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    // The next submit starts without the old failure.
    await user.clear(screen.getByLabelText('Username'));
    await user.click(send());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a second submit while the first is running', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Sample onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Username'), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm'), 'secret123');
    await user.click(send());
    expect(send().dataset.submitting).toBe('true');
    await user.click(send());
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(send().dataset.submitting).toBe('false'));
    await user.click(send());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('marks fields required by their rule or by default, optional ones without the *', () => {
    render(<Sample onSubmit={() => {}} optional={['confirm']} />);
    const marked = (name: string) =>
      document.querySelector(`[data-field="${name}"] [data-required-mark]`) !== null;
    expect(marked('username')).toBe(true);
    expect(marked('nickname')).toBe(false);
    expect(marked('password')).toBe(true);
    expect(marked('confirm')).toBe(false);
    expect(screen.getByLabelText(/^Nickname/).getAttribute('aria-required')).toBeNull();
  });
});
