import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import TransferUplinePage from './transfer-upline-page';

// The first render loads the page's modules and catalogues: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => startSession('tok', 'demo'));

const info = (overrides: object = {}) => ({
  upline: { account: 'agent01', nickname: 'Boss' },
  minimumAmount: '1.00',
  maximumAmount: '5000.00',
  hasPaymentPassword: true,
  ...overrides,
});
const balance = {
  sumBalance: '2500.00',
  balance: [{ accountTypeId: 2, availBalance: '2500.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
const receipt = {
  transferId: 4021,
  amount: '1234.50',
  txTypeId: 13,
  createdAt: new Date(2026, 0, 5, 9, 3, 7).getTime(),
  balanceAfter: '1265.50',
};

const render = (goTo = vi.fn(), on = ['MEMTRANS3']) =>
  renderWithApp(<TransferUplinePage goTo={goTo} />, { permission: sitePermission({}, on) });

async function fill(amount: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Amount' }), amount);
  await user.type(screen.getByLabelText('Withdraw password'), password);
  return user;
}

describe('Transfer to upline', () => {
  it('sends the amount with the payment password, encrypted, then shows the receipt', async () => {
    const server = fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'POST /wps/member/transfer/upline': () => ok(receipt),
    });
    render();
    expect(await screen.findByText('agent01')).toBeTruthy();
    expect(screen.getByText('Boss')).toBeTruthy();
    expect(screen.getByText('From $1.00 to $5,000.00 per transfer. Available: $2,500.00.')).toBeTruthy();
    const user = await fill('1234.5', '123456');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    const heading = await screen.findByRole('heading', { name: 'Transfer complete' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('#4021')).toBeTruthy();
    expect(screen.getByText('2026-01-05 09:03:07')).toBeTruthy();
    expect(screen.getByText('$1,265.50')).toBeTruthy();
    const [call] = server.callsTo('POST', '/wps/member/transfer/upline');
    expect(call?.body).toEqual({
      amount: '1234.5',
      paymentPassword: '123456',
      idempotencyKey: expect.any(String),
    });
    const sent = server.fetchMock.mock.calls.find((c) => String(c[0]) === '/wps/member/transfer/upline');
    expect(String((sent![1] as RequestInit).body)).not.toContain('123456');
    await user.click(screen.getByRole('button', { name: 'Make another transfer' }));
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('');
  });

  it('says so when there is no upline', async () => {
    fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info({ upline: null })),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'You have no upline' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
  });

  it('asks for a payment password first and leads to the security centre', async () => {
    fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info({ hasPaymentPassword: false })),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    const goTo = vi.fn();
    const user = userEvent.setup();
    render(goTo);
    await user.click(await screen.findByRole('button', { name: 'Go to the security centre' }));
    expect(goTo).toHaveBeenCalledWith('securityCenter');
  });

  it('checks the limits, the balance and the password format before sending', async () => {
    const server = fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    render();
    const user = await fill('0.5', '12');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    expect(screen.getByText('The minimum is $1.00.')).toBeTruthy();
    expect(screen.getByText('The withdraw password is 6 digits.')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await user.clear(amount);
    await user.type(amount, '5000.01');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    expect(screen.getByText('The maximum is $5,000.00.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    expect(screen.getByText('That is more than the $2,500.00 available.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/member/transfer/upline')).toHaveLength(0);
  });

  it('a wrong payment password is cleared and marked on its field; a retry is a new intent', async () => {
    let attempt = 0;
    const server = fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'POST /wps/member/transfer/upline': () =>
        attempt++ === 0 ? fail(400, 'payment.password.invalid', 'wrong') : ok(receipt),
    });
    render();
    const user = await fill('10', '000000');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    const password = screen.getByLabelText('Withdraw password') as HTMLInputElement;
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.getByText('The withdraw password is wrong.')).toBeTruthy();
    await user.type(password, '123456');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    await screen.findByRole('heading', { name: 'Transfer complete' });
    const keys = server
      .callsTo('POST', '/wps/member/transfer/upline')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows other refusals in the member language', async () => {
    fakeServer({
      'GET /wps/member/transfer/upline': () => ok(info()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
      'POST /wps/member/transfer/upline': () => fail(400, 'cashier.amount.out.of.range'),
    });
    render();
    const user = await fill('10', '123456');
    await user.click(screen.getByRole('button', { name: 'Send to upline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount is outside the allowed range.');
  });

  it('is not offered when the feature is off', async () => {
    fakeServer({});
    render(vi.fn(), ['COMM3']);
    expect(await screen.findByText('Transfers to your upline are not available on this site.')).toBeTruthy();
  });
});
