import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok, type SeenCall } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import DownlineTransferPage from './downline-transfer-page';

// The first render loads the page's modules and catalogues: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => startSession('tok', 'boss'));

const memberInfo = (pwdEnabled = true) => ({
  id: 1,
  account: 'boss',
  userName: 'boss',
  nickname: null,
  type: 1,
  mobile: null,
  regDate: 0,
  email: null,
  language: 'en',
  isAgent: true,
  isTrial: false,
  pwdEnabled,
  hasPassword: true,
  hasFreePlay: false,
  showVerCodeLogin: false,
  clubLabel: null,
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: 0,
});
const balance = {
  sumBalance: '800.00',
  balance: [{ accountTypeId: 2, availBalance: '800.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
const everyone = [
  { account: 'alice', nickname: 'Al', type: 0, regDate: new Date(2026, 0, 2).getTime() },
  { account: 'bob', nickname: null, type: 41, regDate: new Date(2026, 0, 3).getTime() },
];
const downlines = (call: SeenCall) => {
  const account = call.query.get('account') ?? '';
  const content = everyone.filter((d) => d.account.includes(account));
  return ok({
    content,
    pageNum: Number(call.query.get('page')),
    totalPages: content.length ? 1 : 0,
    total: content.length,
  });
};
const receipt = {
  transferId: 55,
  amount: '120.00',
  txTypeId: 13,
  createdAt: Date.now(),
  balanceAfter: '680.00',
};

const routes = (overrides: Record<string, (c: SeenCall) => Response> = {}) => ({
  'GET /wps/member/info': () => ok(memberInfo()),
  'GET /wps/v2/wallets/balance': () => ok(balance),
  'GET /wps/agent/downlines': downlines,
  ...overrides,
});
const render = (on = ['AGEDOWNTRANS3']) =>
  renderWithApp(<DownlineTransferPage />, { permission: sitePermission({}, on) });

describe('Agent: transfer to a downline', () => {
  it('lists the downlines, picks one, sends amount and password encrypted, shows the receipt', async () => {
    const server = fakeServer(routes({ 'POST /wps/agent/downline/transfer': () => ok(receipt) }));
    const user = userEvent.setup();
    render();
    const group = await screen.findByRole('group', { name: 'Transfer to a downline' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(group.textContent).toContain('Joined 2026-01-02');
    expect(within(group).getByText('Agent')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /bob/ }));
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(screen.getByText('Available: $800.00.')).toBeTruthy();
    await user.type(amount, '120');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Send to downline' }));
    expect(await screen.findByRole('heading', { name: 'Transfer complete' })).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('#55')).toBeTruthy();
    const [call] = server.callsTo('POST', '/wps/agent/downline/transfer');
    expect(call?.body).toEqual({
      amount: '120',
      paymentPassword: '654321',
      idempotencyKey: expect.any(String),
      downlineAccount: 'bob',
    });
  });

  it('searches by account after a pause in typing, from the first page', async () => {
    const server = fakeServer(routes());
    const user = userEvent.setup();
    render();
    await screen.findAllByRole('radio');
    await user.type(screen.getByRole('searchbox', { name: 'Search by account' }), 'zed');
    expect(await screen.findByRole('heading', { name: 'No downline matches' })).toBeTruthy();
    const searched = server
      .callsTo('GET', '/wps/agent/downlines')
      .map((c) => c.query.get('account'))
      .filter(Boolean);
    // One call for the whole word, not one per keystroke.
    expect(searched).toEqual(['zed']);
    expect(server.callsTo('GET', '/wps/agent/downlines').at(-1)?.query.get('page')).toBe('1');
  });

  it('shows the server refusing a member that is not a downline', async () => {
    fakeServer(routes({ 'POST /wps/agent/downline/transfer': () => fail(403, 'transfer.not.downline') }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('radio', { name: /alice/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '10');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Send to downline' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This member is not one of your downlines.');
  });

  it('asks for a payment password first', async () => {
    fakeServer(routes({ 'GET /wps/member/info': () => ok(memberInfo(false)) }));
    render();
    expect(await screen.findByRole('heading', { name: 'Set a withdraw password first' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('is not offered when the feature is off', async () => {
    fakeServer(routes());
    render([]);
    expect(await screen.findByText('Transfers to downlines are not available on this site.')).toBeTruthy();
  });
});
