import type { ValidationRule } from '@aurum/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { registerSettings, validationRule as rule } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { RegisterPanel } from './register-panel';

const settings = (password: ValidationRule) =>
  registerSettings([
    rule({ key: 'username', minLength: 4, maxLength: 16, patternId: 'LETTER_FIRST_ALNUM' }),
    password,
    rule({ key: 'mobileNum', enabled: false, required: false, patternId: 'DIGITS', type: 'tel' }),
  ]);
const open = rule({ key: 'password', minLength: 8, maxLength: 128, type: 'password' });

function server(register: () => Response, passwordRule = open) {
  return fakeServer({
    'GET /wps/system/setting/register': () => ok(settings(passwordRule)),
    'PUT /wps/member/register': register,
  });
}
const registerCalls = (fake: ReturnType<typeof server>) => fake.callsTo('PUT', '/wps/member/register');

afterEach(() => vi.unstubAllGlobals());

async function register(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<RegisterPanel inModal={false} onSwitch={() => {}} onRegistered={() => {}} />);
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPanel says why a password is refused', { timeout: 15_000 }, () => {
  it('too short, before anything is sent', async () => {
    const fake = server(() => ok({}));
    await register('lucky88', 'Ab3$xyz');
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(registerCalls(fake)).toEqual([]);
  });

  it('holding the user name, before anything is sent', async () => {
    const fake = server(() => ok({}));
    await register('lucky88', 'Lucky88-forever');
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(registerCalls(fake)).toEqual([]);
  });

  it('too common: the server reason, under the password', async () => {
    server(() => fail(400, 'validation.failed', 'server text', { password: 'password_breached' }));
    await register('lucky88', 'sunshine123');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });

  it("the merchant's composition rule", async () => {
    const digits = rule({ key: 'password', minLength: 8, maxLength: 64, patternId: 'LETTERS_AND_DIGITS' });
    const fake = server(() => ok({}), digits);
    await register('lucky88', 'only letters here');
    expect(await screen.findByText('Both letters and digits, 8-64 characters.')).toBeTruthy();
    expect(registerCalls(fake)).toEqual([]);
  });
});
