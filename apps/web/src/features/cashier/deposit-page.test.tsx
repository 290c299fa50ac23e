import type { RouteValue } from '@aurum/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fail, fakeServer, ok, type SeenCall } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import DepositPage from './deposit-page';
import { leaveFor } from './parts/gateway-deposit-form';

type Settings = RouteValue<'depositSettings'>;
type Order = RouteValue<'depositOrder'>;

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  allowDeposit: true,
  allowDepositMessage: '',
  inProgressCashInCount: 0,
  mobileVerificationType: '',
  mobileVerified: false,
  currency: 'USD',
  currencySymbol: '$',
  channels: [
    {
      id: 'SANDBOX_CARD',
      type: 'GATEWAY',
      name: 'Card & e-wallet',
      minAmount: '10.00',
      maxAmount: '20000.00',
      tutorial: 'Enter the amount.\n\nApprove the payment there.',
      icon: null,
      bank: null,
    },
    {
      id: 'BANK_TRANSFER',
      type: 'BANK',
      name: 'Bank transfer',
      minAmount: '50.00',
      maxAmount: '50000.00',
      tutorial: 'Transfer the amount.',
      icon: null,
      bank: { bankName: 'Aurum Trust Bank', accountName: 'Aurum Ltd', accountNumber: '0123 4567' },
    },
  ],
  ...overrides,
});

const order = (overrides: Partial<Order> = {}): Order => ({
  orderNo: 'D1001',
  channelId: 'SANDBOX_CARD',
  channelName: 'Card & e-wallet',
  type: 'GATEWAY',
  amount: '100.00',
  status: 'PENDING',
  reference: null,
  payUrl: 'https://pay.example/sandbox-pay/D1001',
  createdAt: new Date(2026, 0, 5, 9, 3, 7).getTime(),
  expiresAt: Date.now() + 60_000,
  completedAt: null,
  remark: null,
  ...overrides,
});

const page = (content: Order[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length });

const bodyOf = (call: SeenCall) => call.body as Record<string, unknown>;

beforeEach(() => sessionStorage.setItem('token', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('depositv2', () => {
  it('lists the channels with their range and tutorial, and pays through the gateway once', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => {});
    const created = deferred();
    const fake = fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'POST /wps/cashier/deposit': () => created.promise,
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);

    const card = await screen.findByRole('radio', { name: /Card & e-wallet/ });
    expect((card as HTMLInputElement).checked).toBe(true);
    expect(card.closest('label')?.textContent).toContain('$10.00 – $20,000.00');
    expect(screen.getByRole('complementary', { name: 'How to pay' }).querySelectorAll('li')).toHaveLength(2);
    expect(await screen.findByText('No deposits yet')).toBeTruthy();

    // A quick pick fills the amount and shows as pressed.
    const chips = screen.getByRole('group', { name: 'Quick amounts' });
    await user.click(within(chips).getByRole('button', { name: '$200' }));
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('200');
    expect(within(chips).getByRole('button', { name: '$200' }).getAttribute('aria-pressed')).toBe('true');

    // A double click sends one order.
    const pay = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(true));
    created.release(ok(order()));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/sandbox-pay/D1001'));
    const posts = fake.callsTo('POST', '/wps/cashier/deposit');
    expect(posts).toHaveLength(1);
    const body = bodyOf(posts[0] as SeenCall);
    expect(body).toMatchObject({ channelId: 'SANDBOX_CARD', amount: '200' });
    expect(String(body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Opening the secure payment page…')).toBeTruthy();
  });

  it('checks the amount against the channel before any call', async () => {
    const fake = fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('The minimum is $10.00.')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    await user.clear(amount);
    await user.type(amount, '1.234');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Enter an amount with at most 2 decimals.')).toBeTruthy();
    expect(fake.callsTo('POST', '/wps/cashier/deposit')).toEqual([]);
  });

  it('keeps the key across a retry after a network failure and renews it after a refusal', async () => {
    const keys: string[] = [];
    const replies = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => fail(409, 'cashier.deposit.too.many.pending'),
      () => ok(order()),
    ];
    vi.spyOn(leaveFor, 'go').mockImplementation(() => {});
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'POST /wps/cashier/deposit': (call) => {
        keys.push(String(bodyOf(call).idempotencyKey));
        return (replies.shift() as () => Response | Promise<Response>)();
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '250');
    const pay = screen.getByRole('button', { name: 'Continue to payment' });
    await user.click(pay);
    expect((await screen.findByRole('alert')).textContent).toContain('The network is abnormal');
    await user.click(pay);
    expect((await screen.findByRole('alert')).textContent).toContain('too many deposits in progress');
    await user.click(pay);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says so when deposits are closed, with the merchant message', async () => {
    fakeServer({
      'GET /wps/cashier/deposit/settings': () =>
        ok(settings({ allowDeposit: false, allowDepositMessage: 'Back at 18:00.' })),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
    });
    renderWithApp(<DepositPage />);
    expect(await screen.findByText('Deposits are paused')).toBeTruthy();
    expect(screen.getByText('Back at 18:00.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('takes a bank transfer with its reference and proof image, then says it is pending', async () => {
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'POST /wps/cashier/deposit': (call) => {
        sent = bodyOf(call);
        return ok(
          order({ orderNo: 'D2002', type: 'BANK', amount: '75.00', payUrl: null, reference: 'REF-9' }),
        );
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));

    // The bank details can be copied.
    await user.click(screen.getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('0123 4567');
    expect(screen.getByText('Account number copied')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Amount you sent' }), '75');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(screen.getByText('Enter the transfer reference.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Transfer reference' }), 'REF-9');
    const proof = screen.getByLabelText(/Transfer receipt/);
    await user.upload(
      proof,
      new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'x.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Choose a PNG or JPG image.')).toBeTruthy();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]);
    await user.upload(proof, new File([png], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Chosen proof image' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(/Your deposit D2002 of \$75\.00 is pending/)).toBeTruthy();
    expect(sent).toMatchObject({ channelId: 'BANK_TRANSFER', amount: '75', reference: 'REF-9' });
    expect(String(sent.proofImage)).toMatch(/^data:image\/png;base64,iVBORw0KGg/);
  });

  it('checks a bank transfer before any call, focusing the first problem, and shows the refusals', async () => {
    const keys: string[] = [];
    const replies = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => fail(400, 'cashier.reference.required'),
      () => ok(order({ orderNo: 'D3003', type: 'BANK', amount: '80.00', payUrl: null })),
    ];
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'POST /wps/cashier/deposit': (call) => {
        keys.push(String(bodyOf(call).idempotencyKey));
        return (replies.shift() as () => Response | Promise<Response>)();
      },
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    const amount = screen.getByRole('textbox', { name: 'Amount you sent' });
    const reference = screen.getByRole('textbox', { name: 'Transfer reference' });
    const submit = screen.getByRole('button', { name: 'Submit deposit' });

    // Nothing filled: both fields say what is missing, the first one has the focus.
    await user.click(submit);
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    expect(screen.getByText('Enter the transfer reference.')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    await user.type(amount, '20');
    await user.click(submit);
    expect(screen.getByText('The minimum is $50.00.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(submit);
    expect(document.activeElement).toBe(reference);
    expect(keys).toHaveLength(0);

    // No answer: the retry is the same intent; a refusal ends it.
    await user.type(reference, 'REF-3');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('The network is abnormal');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the transfer reference.');
    await user.click(submit);
    expect(await screen.findByText(/Your deposit D3003 of \$80\.00 is pending/)).toBeTruthy();
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('stays on the page and says so when the gateway gives no payment page to go to', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => {});
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'POST /wps/cashier/deposit': () => ok(order({ payUrl: 'javascript:alert(1)' })),
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '100');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment page could not be opened. Please try again.',
    );
    expect(go).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('lists recent deposits with their status and pages through them', async () => {
    const pages: Record<string, unknown> = {
      '1': {
        content: [order(), order({ orderNo: 'D0999', status: 'PAID', amount: '1234.50', payUrl: null })],
        pageNum: 1,
        totalPages: 2,
        total: 3,
      },
      '2': { content: [order({ orderNo: 'D0001', status: 'EXPIRED' })], pageNum: 2, totalPages: 2, total: 3 },
    };
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': ({ query }) => ok(pages[query.get('page') ?? '1']),
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage />);
    const list = await screen.findByRole('region', { name: 'Recent deposits' });
    const paid = await within(list).findByText('No. D0999');
    const row = paid.closest('li') as HTMLElement;
    expect(row.textContent).toContain('$1,234.50');
    expect(within(row).getByText('Paid').getAttribute('data-status')).toBe('PAID');
    const pending = within(list).getByText('No. D1001').closest('li') as HTMLElement;
    expect(within(pending).getByRole('link', { name: 'Continue payment' }).getAttribute('href')).toBe(
      'https://pay.example/sandbox-pay/D1001',
    );
    expect(within(pending).getByText('2026-01-05 09:03:07')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Next page' }));
    expect(await within(list).findByText('Expired')).toBeTruthy();
    const pager = within(list).getByRole('navigation', { name: 'Recent deposits pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers a retry when the returned order cannot be read', async () => {
    const replies = [() => fail(503, 'service.unavailable'), () => ok(order({ status: 'PAID' }))];
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'GET /wps/cashier/deposit/order': () => (replies.shift() as () => Response)(),
    });
    const user = userEvent.setup();
    renderWithApp(<DepositPage orderNo="D1001" />);
    const returned = await screen.findByRole('region', { name: 'Your payment' });
    expect(await within(returned).findByRole('alert')).toBeTruthy();
    await user.click(within(returned).getByRole('button', { name: 'Try again' }));
    expect(await within(returned).findByText(/Payment received/)).toBeTruthy();
    expect(within(returned).queryByRole('alert')).toBeNull();
  });

  it('shows the order the gateway returned with and follows it until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const statuses: Order['status'][] = ['PENDING', 'PAID'];
    fakeServer({
      'GET /wps/cashier/deposit/settings': () => ok(settings()),
      'GET /wps/cashier/deposit/orders': () => ok(page([])),
      'GET /wps/cashier/deposit/order': ({ query }) =>
        ok(order({ orderNo: query.get('orderNo') ?? '', status: statuses.shift() ?? 'PAID' })),
    });
    try {
      renderWithApp(<DepositPage orderNo="D1001" />);
      const returned = await screen.findByRole('region', { name: 'Your payment' });
      expect(await within(returned).findByText(/Waiting for the payment provider/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(3_100));
      expect(await within(returned).findByText(/Payment received/)).toBeTruthy();
      expect(returned.getAttribute('data-status')).toBe('PAID');
    } finally {
      vi.useRealTimers();
    }
  });
});
