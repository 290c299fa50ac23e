import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../testing/fake-server';
import { renderWithApp } from '../../../testing/render';
import { PaymentPasswordForm } from './payment-password-form';

const server = (reply: () => Response) => fakeServer({ 'PUT /wps/member/password/payment': reply });

beforeEach(() => sessionStorage.setItem('token', 'tok'));
afterEach(() => vi.unstubAllGlobals());

async function submit(pin: string) {
  const user = userEvent.setup({ delay: null });
  renderWithApp(<PaymentPasswordForm hasPassword={false} />);
  await user.type(screen.getByLabelText('Login password'), 'Old-Password-1');
  await user.type(screen.getByLabelText('New withdraw password'), pin);
  await user.type(screen.getByLabelText('Confirm new withdraw password'), pin);
  await user.click(screen.getByRole('button', { name: 'Set withdraw password' }));
}

describe('PaymentPasswordForm says why a withdraw password is too easy to guess', { timeout: 15_000 }, () => {
  it.each([
    ['111111', 'pin_repeated', 'Do not repeat the same digits, like 111111.'],
    ['654321', 'pin_sequence', 'Do not use digits in a row, like 123456 or 654321.'],
    ['900724', 'pin_birthday', 'Do not use your birthday.'],
  ])('%s: %s, under the new password', async (pin, reason, text) => {
    server(() => fail(400, 'payment.password.weak', 'server text', { newPaymentPassword: reason }));
    await submit(pin);
    expect(await screen.findByText(text)).toBeTruthy();
    const field = screen.getByLabelText('New withdraw password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('a reason it does not know reads as the general one', async () => {
    server(() => fail(400, 'payment.password.weak'));
    await submit('246810');
    expect(
      await screen.findByText('This withdraw password is too easy to guess. Choose another.'),
    ).toBeTruthy();
  });
});

describe('PaymentPasswordForm with the merchant’s second-factor guard', { timeout: 15_000 }, () => {
  it('asks for the authenticator code when the server does, and sends it with the next try', async () => {
    let calls = 0;
    const fake = fakeServer({
      'PUT /wps/member/password/payment': () => {
        calls += 1;
        return calls === 1 ? fail(400, 'two.factor.code.required') : ok({ hasPaymentPassword: true });
      },
    });
    await submit('739146');
    expect(
      await screen.findByText('Enter the code of your authenticator app (or a recovery code).'),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Authenticator code or recovery code' }), '135790');
    await user.click(screen.getByRole('button', { name: 'Set withdraw password' }));
    await vi.waitFor(() => expect(fake.callsTo('PUT', '/wps/member/password/payment')).toHaveLength(2));
    expect(fake.callsTo('PUT', '/wps/member/password/payment')[0]?.body).not.toHaveProperty('twoFactorCode');
    expect(fake.callsTo('PUT', '/wps/member/password/payment')[1]?.body).toMatchObject({
      twoFactorCode: '135790',
    });
  });
});
