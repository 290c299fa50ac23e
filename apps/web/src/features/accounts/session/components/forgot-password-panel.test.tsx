import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { ForgotPasswordPanel } from './forgot-password-panel';

const server = (reset: () => Response) => fakeServer({ 'POST /wps/member/password/verification': reset });
const resetCalls = (fake: ReturnType<typeof server>) =>
  fake.callsTo('POST', '/wps/member/password/verification');

afterEach(() => vi.unstubAllGlobals());

/** The emailed link opens the panel on the code step with the username and code filled in. */
async function resetWith(password: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <ForgotPasswordPanel inModal={false} onSwitch={() => {}} onLoggedIn={() => {}} onEmailSent={() => {}} />,
    { path: '/?username=lucky88&resetCode=ABCDEFGHJK' },
  );
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ForgotPasswordPanel (email reset) says why a new password is refused', { timeout: 15_000 }, () => {
  it('holding the username, before anything is sent', async () => {
    const fake = server(() => ok({}));
    await resetWith('my-Lucky88-pass');
    expect(await screen.findByText('The password must not contain your account name.')).toBeTruthy();
    expect(resetCalls(fake)).toEqual([]);
  });

  it('too common: the server reason, under the field', async () => {
    server(() => fail(400, 'password.invalid', 'server text', { newPassword: 'password_breached' }));
    await resetWith('qwertyuiop');
    expect(
      await screen.findByText(
        'This password is too common: it is found in lists of breached passwords. Choose another.',
      ),
    ).toBeTruthy();
  });
});
