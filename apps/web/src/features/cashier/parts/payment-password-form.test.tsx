import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetServerKeyForTests } from '../../../lib/api/encryption';
import { renderWithApp } from '../../../testing/render';
import { PaymentPasswordForm } from './payment-password-form';

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, errorCode: string, details?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, errorCode, message: 'server text', details }), { status });

let publicJwk: JsonWebKey;
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
});

function server(reply: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      if (key === 'GET /wps/session/key') return Promise.resolve(ok({ kid: 'k1', jwk: publicJwk }));
      if (key === 'PUT /wps/member/password/payment') return Promise.resolve(reply());
      return Promise.resolve(fail(404, 'route.not.found'));
    }),
  );
}

beforeEach(() => {
  sessionStorage.setItem('token', 'tok');
  forgetServerKeyForTests();
});
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
    server(() => fail(400, 'payment.password.weak', { newPaymentPassword: reason }));
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
