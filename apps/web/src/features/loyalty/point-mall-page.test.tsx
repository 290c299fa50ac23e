import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage/storage';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import PointMallPage from './point-mall-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  removeStorage('session', STORAGE_KEYS.pointMall);
  startSession('tok', { account: 'alice' });
});

const permission = (on = true) => (on ? sitePermission({}, ['PTSYS3']) : sitePermission({}, []));
const balance = { points: '1000', pending: '200', mainBalance: '100.00' };
const items = {
  items: [
    {
      id: 1,
      code: 'cap',
      name: 'Aurum cap',
      description: 'One size.',
      image: null,
      points: '500',
      money: '0.00',
      stock: 3,
    },
    {
      id: 2,
      code: 'phone',
      name: 'Smartphone',
      description: '',
      image: null,
      points: '300',
      money: '20.00',
      stock: 0,
    },
  ],
};
const config = {
  rate: '10',
  earnBet: [{ category: 'RNG', ratio: '1' }],
  earnDeposit: '1',
  rules: 'Points are earned on settled bets.',
  expires: false,
};
const page = <T,>(content: T[]) =>
  ok({ content, pageNum: 1, totalPages: content.length ? 1 : 0, total: content.length });
const redemption = {
  ref: 'PR00000000AB',
  itemId: 1,
  name: 'Aurum cap',
  type: 'points',
  quantity: 2,
  points: '1000',
  amount: '0.00',
  status: 'applying',
  remark: null,
  createdAt: Date.parse('2026-11-27T04:00:00Z'),
  decidedAt: null,
};
const routes = (over: Record<string, () => unknown> = {}) => ({
  'GET /wps/points/balance': () => ok(balance),
  'GET /wps/points/rewards': () => ok(items),
  'GET /wps/points/config': () => ok(config),
  'GET /wps/points/redemptions': () => page([]),
  'GET /wps/points/details': () => page([]),
  ...over,
});

describe('/pointMall', () => {
  it('shows the points, the items with their stock, and redeems one with the payment password', async () => {
    let redeemed = false;
    const server = fakeServer(
      routes({
        'GET /wps/points/redemptions': () => page(redeemed ? [redemption] : []),
        'POST /wps/points/redeem': () => {
          redeemed = true;
          return ok(redemption);
        },
      }) as never,
    );
    renderWithApp(<PointMallPage />, { permission: permission() });
    const user = userEvent.setup();
    expect(await screen.findByText('1,000')).toBeTruthy();
    expect(screen.getByText('Points waiting for wagering: 200')).toBeTruthy();
    expect(await screen.findByText('Aurum cap')).toBeTruthy();
    expect(screen.getByText('3 left')).toBeTruthy();
    expect(screen.getByText('300 points + $20.00')).toBeTruthy();
    expect(screen.getByText('Sold out')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Redeem' });
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    await user.click(buttons[0]!);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(screen.getByRole('textbox', { name: 'Recipient name' }), 'Alice');
    await user.type(screen.getByRole('textbox', { name: 'Delivery address' }), '1 Test Road');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0912345678');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    expect(screen.getByText('You pay 1000 points')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Redeem' })[0]!);
    expect(await screen.findByText(/Redemption PR00000000AB is in process/)).toBeTruthy();
    const call = server.callsTo('POST', '/wps/points/redeem')[0]!;
    expect(call.body).toMatchObject({
      itemId: 1,
      quantity: 2,
      name: 'Alice',
      address: '1 Test Road',
      mobile: '0912345678',
      paymentPassword: '654321',
    });
    await user.click(screen.getByRole('tab', { name: 'Redeem history' }));
    expect(await screen.findByText('In process')).toBeTruthy();
  });

  it('buys points with cash, shows the refusal of an amount too small, and the rules', async () => {
    const server = fakeServer(
      routes({
        'POST /wps/points/convert': () =>
          ok({ amount: '12.34', points: '123', balance: '1123', transferId: 5 }),
      }) as never,
    );
    renderWithApp(<PointMallPage />, { permission: permission() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Buy points' }));
    expect(await screen.findByText('Rate: 10 points for each 1.00')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '0.05');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Buy points' }));
    expect(await screen.findByText('This amount buys no whole point.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/points/convert')).toHaveLength(0);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '12.34');
    expect(screen.getByText('You get 123 points')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy points' }));
    expect(await screen.findByText('Added 123 points for $12.34.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/points/convert')[0]!.body).toMatchObject({
      amount: '12.34',
      paymentPassword: '654321',
    });
    await user.click(screen.getByRole('tab', { name: 'Points rules' }));
    expect(await screen.findByText('Points never expire.')).toBeTruthy();
    expect(screen.getByText('Points are earned on settled bets.')).toBeTruthy();
  });

  it('shows a refusal from the server in words', async () => {
    fakeServer(routes({ 'POST /wps/points/redeem': () => fail(409, 'points.insufficient') }) as never);
    renderWithApp(<PointMallPage />, { permission: permission() });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Redeem' }))[0]!);
    await user.type(screen.getByRole('textbox', { name: 'Recipient name' }), 'Alice');
    await user.type(screen.getByRole('textbox', { name: 'Delivery address' }), '1 Test Road');
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '0912345678');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getAllByRole('button', { name: 'Redeem' })[0]!);
    expect(await screen.findByText('You do not have enough points.')).toBeTruthy();
  });

  it('stores the mall tab when leaving for the member centre, and opens on the stored tab', async () => {
    fakeServer(routes() as never);
    const first = renderWithApp(<PointMallPage />, { permission: permission() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Buy points' }));
    await user.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(readStorage('session', STORAGE_KEYS.pointMall)).toBe('convert');
    first.unmount();
    writeStorage('session', STORAGE_KEYS.pointMall, 'details');
    renderWithApp(<PointMallPage />, { permission: permission() });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Points details' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByText('No points movements yet.')).toBeTruthy();
  });

  it('says the mall is off without PTSYS3 and calls nothing', async () => {
    const server = fakeServer(routes() as never);
    renderWithApp(<PointMallPage />, { permission: permission(false) });
    expect(await screen.findByText('The points mall is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/points/balance')).toHaveLength(0);
  });
});
