import type { RouteValue } from '@aurum/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyRealtimeEvent } from '../../lib/realtime/use-realtime';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import CashierSecurity from './security-cashier';
import WithdrawPage from './withdraw-page';

type Settings = RouteValue<'withdrawSettings'>;
type Order = RouteValue<'withdrawConfirm'>;
type Account = Settings['accounts'][number];

const account = (overrides: Partial<Account> = {}): Account => ({
  id: 7,
  type: 'BANK',
  provider: 'Metrobank',
  payeeName: 'Demo Player',
  accountNumber: '******6789',
  createdAt: 0,
  ...overrides,
});

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  minimumAmount: '20.00',
  maximumAmount: '50000.00',
  hasPaymentPassword: true,
  confirmTimeoutMinutes: 1440,
  maxAccounts: 5,
  banks: ['Metrobank', 'BDO Unibank'],
  ewallets: ['GCash', 'Maya'],
  accounts: [account()],
  availableBalance: '1250.75',
  ...overrides,
});

const order = (overrides: Partial<Order> = {}): Order => ({
  orderNo: 'W5001',
  amount: '300.00',
  status: 'PENDING',
  account: { type: 'BANK', provider: 'Metrobank', accountNumber: '******6789' },
  createdAt: new Date(2026, 1, 2, 10, 0, 0).getTime(),
  paidAt: null,
  confirmBy: null,
  receivedAmount: null,
  remainingAmount: null,
  hasProof: false,
  remark: null,
  ...overrides,
});

const page = (content: Order[]) => ({ content, pageNum: 1, totalPages: 1, total: content.length });

beforeEach(() => sessionStorage.setItem('token', 'tok'));
afterEach(() => vi.unstubAllGlobals());

describe('withdraw', () => {
  it('says before anything is typed that larger withdrawals need a verified identity, and leads to it', async () => {
    const kyc = {
      status: 'pending',
      idType: 'passport',
      submittedAt: 1,
      reviewedAt: null,
      rejectReason: null,
      requiredAbove: '20000.00',
    };
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'GET /wps/member/kyc': () => ok(kyc),
    });
    const goTo = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage goTo={goTo} />);
    expect(
      await screen.findByText(
        'Withdrawals above $20,000.00 need a verified identity (yours: under review). Smaller withdrawals are open to you now.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Verification incomplete/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify my identity' }));
    expect(goTo).toHaveBeenCalledWith('securityCenter');
  });

  it('asks for a withdraw password first and sets it with the login password', async () => {
    let current = settings({ hasPaymentPassword: false, accounts: [] });
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(current),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'PUT /wps/member/password/payment': (call) => {
        sent = call.body as Record<string, unknown>;
        current = settings({ accounts: [] });
        return ok({ hasPaymentPassword: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    expect(await screen.findByText('Set a withdraw password first')).toBeTruthy();
    expect(screen.getByText('$1,250.75')).toBeTruthy();

    await user.type(screen.getByLabelText('Login password'), 'secret-login');
    await user.type(screen.getByLabelText('New withdraw password'), '12a34');
    await user.click(screen.getByRole('button', { name: 'Set withdraw password' }));
    expect(screen.getByText('Enter exactly 6 digits.')).toBeTruthy();
    expect((screen.getByLabelText('New withdraw password') as HTMLInputElement).value).toBe('1234');
    expect(document.activeElement).toBe(screen.getByLabelText('New withdraw password'));

    await user.type(screen.getByLabelText('New withdraw password'), '56');
    await user.type(screen.getByLabelText('Confirm new withdraw password'), '123457');
    await user.click(screen.getByRole('button', { name: 'Set withdraw password' }));
    expect(screen.getByText('The two entries differ.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm new withdraw password'));
    await user.type(screen.getByLabelText('Confirm new withdraw password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set withdraw password' }));
    // Then the page asks for a withdrawal account.
    expect(await screen.findByText('Add a withdrawal account')).toBeTruthy();
    expect(sent).toEqual({
      loginPassword: 'secret-login',
      newPaymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
  });

  it('binds an e-wallet from the merchant list', async () => {
    let current = settings({ accounts: [] });
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(current),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'PUT /wps/cashier/accounts': (call) => {
        sent = call.body as Record<string, unknown>;
        const bound = account({ id: 9, type: 'EWALLET', provider: 'GCash', accountNumber: '*******4321' });
        current = settings({ accounts: [bound] });
        return ok(bound);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    await user.click(await screen.findByRole('radio', { name: 'E-wallet' }));
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Choose a provider.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'E-wallet' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'E-wallet' }), 'GCash');
    await user.type(screen.getByRole('textbox', { name: 'Payee name' }), ' Demo Player ');
    await user.type(screen.getByRole('textbox', { name: 'E-wallet number' }), '0917 765 4321');
    await user.type(screen.getByLabelText('Withdraw password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByRole('radio', { name: /GCash/ })).toBeTruthy();
    expect(sent).toEqual({
      type: 'EWALLET',
      provider: 'GCash',
      payeeName: 'Demo Player',
      accountNumber: '0917 765 4321',
      paymentPassword: '123456',
    });
  });

  it("shows the server's refusal of a payee name (the real-name rule) at the payee field", async () => {
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings({ accounts: [] })),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'PUT /wps/cashier/accounts': () =>
        fail(400, 'validation.failed', 'server text', { payeeName: 'pattern_two_letters_spaces' }),
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bank' }), 'Metrobank');
    await user.type(screen.getByRole('textbox', { name: 'Payee name' }), '<b>x</b>');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '1234 5678');
    await user.type(screen.getByLabelText('Withdraw password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(
      await screen.findByText(
        'Enter the name exactly as the account has it: letters and spaces, no symbols or markup.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Payee name' }));
  });

  it('focuses the first problem of a new account, and shows the server refusals at the field or the form', async () => {
    const replies = [() => fail(409, 'cashier.account.exists'), () => fail(409, 'cashier.account.limit')];
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings({ accounts: [] })),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'PUT /wps/cashier/accounts': () => (replies.shift() as () => Response)(),
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Bank' }), 'Metrobank');
    const number = screen.getByRole('textbox', { name: 'Account number' });
    await user.type(number, '12');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(screen.getByText('Enter the payee name.')).toBeTruthy();
    expect(screen.getByText('Use 4 to 40 letters, digits, spaces or dashes.')).toBeTruthy();
    expect(screen.getByText('Enter your 6-digit withdraw password.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Payee name' }));

    await user.type(screen.getByRole('textbox', { name: 'Payee name' }), 'Demo Player');
    await user.type(number, '34 5678');
    await user.type(screen.getByLabelText('Withdraw password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('This account is already added.')).toBeTruthy();
    expect(document.activeElement).toBe(number);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(number);
    await user.type(number, '9999 0000');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot add more withdrawal accounts.');
  });

  it('withdraws to a bound account with one key per intent, and shows a wrong password at its field', async () => {
    const sent: Record<string, unknown>[] = [];
    const replies = [
      () => fail(400, 'payment.password.invalid'),
      () => ok(order({ orderNo: 'W6001', amount: '1250.75' })),
    ];
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () => ok(page([])),
      'POST /wps/cashier/withdraw': (call) => {
        sent.push(call.body as Record<string, unknown>);
        return (replies.shift() as () => Response)();
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    expect(((await screen.findByRole('radio', { name: /Metrobank/ })) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '2000');
    await user.type(screen.getByLabelText('Withdraw password'), '111111');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('That is more than the $1,250.75 available.')).toBeTruthy();

    // "All" is the balance here (below the merchant's maximum).
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('1250.75');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The withdraw password is wrong.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Withdraw password'));
    await user.type(screen.getByLabelText('Withdraw password'), '123456');
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(/Withdrawal W6001 of \$1,250\.75 is on hold/)).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ accountId: 7, amount: '1250.75', paymentPassword: '123456' });
    // The refusal ended the first intent: the second attempt is a new one.
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('drops the "on hold" notice when the withdrawal is paid out, as the session WebSocket says', async () => {
    let orders: Order[] = [];
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () => ok(page(orders)),
      'POST /wps/cashier/withdraw': () => {
        orders = [order({ orderNo: 'W7001', amount: '100.00' })];
        return ok(orders[0]);
      },
    });
    const user = userEvent.setup();
    const { client } = renderWithApp(<WithdrawPage />);
    await screen.findByRole('radio', { name: /Metrobank/ });
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '100');
    await user.type(screen.getByLabelText('Withdraw password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(/Withdrawal W7001 of \$100\.00 is on hold/)).toBeTruthy();
    // The operator pays it out (and later the member confirms receipt): the event refreshes the orders.
    orders = [order({ orderNo: 'W7001', amount: '100.00', status: 'PAID', paidAt: 1, confirmBy: 2 })];
    act(() => applyRealtimeEvent(client, 'tok', { type: 'withdrawal', orderNo: 'W7001', status: 'PAID' }));
    await waitFor(() => expect(screen.queryByText(/is on hold/)).toBeNull());
  });

  it('confirms a paid withdrawal as all received', async () => {
    const confirmBy = new Date(2026, 1, 3, 10, 0, 0).getTime();
    let sent: Record<string, unknown> = {};
    let orders = [order({ status: 'PAID', paidAt: confirmBy - 86_400_000, confirmBy })];
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () => ok(page(orders)),
      'POST /wps/cashier/withdraw/confirm': (call) => {
        sent = call.body as Record<string, unknown>;
        orders = [order({ status: 'RECEIVED' })];
        return ok(orders[0]);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    const list = await screen.findByRole('region', { name: 'Withdrawals' });
    expect(
      await within(list).findByText('If you do not answer, it counts as received on 2026-02-03 10:00:00.'),
    ).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'All received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received it' });
    await user.click(within(dialog).getByRole('button', { name: 'All received' }));
    expect(await within(list).findByText('Received')).toBeTruthy();
    expect(sent).toEqual({ orderNo: 'W5001', result: 'RECEIVED' });
  });

  it("shows the server's refusal of a confirmation in the dialog", async () => {
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () =>
        ok(page([order({ status: 'PAID', confirmBy: Date.now() + 3_600_000 })])),
      'POST /wps/cashier/withdraw/confirm': () => fail(409, 'cashier.order.state'),
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    const list = await screen.findByRole('region', { name: 'Withdrawals' });
    await user.click(await within(list).findByRole('button', { name: 'All received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you received it' });
    await user.click(within(dialog).getByRole('button', { name: 'All received' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This order has changed meanwhile. The list has been refreshed.',
    );
  });

  it('focuses the first problem of a missing-payment report, and shows the server refusal', async () => {
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () =>
        ok(page([order({ status: 'PAID', confirmBy: Date.now() + 3_600_000 })])),
      'POST /wps/cashier/withdraw/confirm': () => fail(400, 'cashier.proof.invalid'),
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    const list = await screen.findByRole('region', { name: 'Withdrawals' });
    await user.click(await within(list).findByRole('button', { name: 'Not received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a missing payment' });
    const received = within(dialog).getByRole('textbox', { name: 'Amount that arrived' });
    const proof = within(dialog).getByLabelText(/Proof image/);
    const send = within(dialog).getByRole('button', { name: 'Send report' });

    await user.click(send);
    expect(within(dialog).getByText('Enter the amount that arrived (0 if nothing).')).toBeTruthy();
    expect(document.activeElement).toBe(received);
    await user.type(received, '0');
    await user.click(send);
    expect(within(dialog).queryByText('Enter the amount that arrived (0 if nothing).')).toBeNull();
    expect(within(dialog).getByText('Upload a proof image.')).toBeTruthy();
    expect(document.activeElement).toBe(proof);

    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]);
    await user.upload(proof, new File([jpeg], 'statement.jpg', { type: 'image/jpeg' }));
    await within(dialog).findByRole('img', { name: 'Chosen proof image' });
    await user.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The proof image must be a plain PNG or JPG file, with nothing else in it, of at most 5 MB.',
    );
  });

  it('reports a paid withdrawal as not received with what arrived and a proof image', async () => {
    let sent: Record<string, unknown> = {};
    let orders = [order({ status: 'PAID', confirmBy: Date.now() + 3_600_000 })];
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/withdraw/orders': () => ok(page(orders)),
      'POST /wps/cashier/withdraw/confirm': (call) => {
        sent = call.body as Record<string, unknown>;
        orders = [
          order({
            status: 'NOT_RECEIVED',
            receivedAmount: '120.00',
            remainingAmount: '180.00',
            hasProof: true,
          }),
        ];
        return ok(orders[0]);
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WithdrawPage />);
    const list = await screen.findByRole('region', { name: 'Withdrawals' });
    await user.click(await within(list).findByRole('button', { name: 'Not received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a missing payment' });
    const received = within(dialog).getByRole('textbox', { name: 'Amount that arrived' });

    await user.type(received, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(/This must be less than \$300\.00/)).toBeTruthy();
    expect(within(dialog).getByText('Upload a proof image.')).toBeTruthy();

    await user.clear(received);
    await user.type(received, '120');
    expect(within(dialog).getByText('$180.00')).toBeTruthy();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2]);
    await user.upload(
      within(dialog).getByLabelText(/Proof image/),
      new File([jpeg], 'statement.jpg', { type: 'image/jpeg' }),
    );
    await within(dialog).findByRole('img', { name: 'Chosen proof image' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(list).findByText('Not received, in review')).toBeTruthy();
    expect(within(list).getByText('Received $120.00')).toBeTruthy();
    expect(within(list).getByText('Remaining $180.00')).toBeTruthy();
    expect(sent).toMatchObject({ orderNo: 'W5001', result: 'NOT_RECEIVED', receivedAmount: '120' });
    expect(String(sent.proofImage)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });
});

describe('security centre: cashier sections', () => {
  it('changes the withdraw password with the current one', async () => {
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/accounts': () => ok([account()]),
      'PUT /wps/member/password/payment': (call) => {
        sent = call.body as Record<string, unknown>;
        return sent.oldPaymentPassword === '000000'
          ? fail(400, 'payment.password.invalid')
          : ok({ hasPaymentPassword: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<CashierSecurity />);
    const section = await screen.findByRole('region', { name: 'Withdraw password' });
    expect(await within(section).findByText('Set')).toBeTruthy();
    expect(within(section).queryByLabelText('Login password')).toBeNull();
    await user.type(within(section).getByLabelText('Current withdraw password'), '000000');
    await user.type(within(section).getByLabelText('New withdraw password'), '654321');
    await user.type(within(section).getByLabelText('Confirm new withdraw password'), '654321');
    await user.click(within(section).getByRole('button', { name: 'Change withdraw password' }));
    expect(await within(section).findByText('The current withdraw password is wrong.')).toBeTruthy();
    await user.clear(within(section).getByLabelText('Current withdraw password'));
    await user.type(within(section).getByLabelText('Current withdraw password'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Change withdraw password' }));
    await waitFor(() =>
      expect((within(section).getByLabelText('New withdraw password') as HTMLInputElement).value).toBe(''),
    );
    expect(sent).toEqual({
      oldPaymentPassword: '123456',
      newPaymentPassword: '654321',
      confirmPaymentPassword: '654321',
    });
  });

  it('resets a forgotten withdraw password with a code sent to the bound mobile', async () => {
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings()),
      'GET /wps/cashier/accounts': () => ok([account()]),
      'POST /wps/member/password/payment/reset/code': () =>
        ok({ destination: '+63917****567', expiredMinutes: 5 }),
      'PUT /wps/member/password/payment/reset': (call) => {
        sent = call.body as Record<string, unknown>;
        return sent.smsCode === '111111' ? fail(400, 'sms.code.invalid') : ok({ hasPaymentPassword: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<CashierSecurity />);
    const section = await screen.findByRole('region', { name: 'Withdraw password' });
    await user.click(await within(section).findByRole('button', { name: 'Forgot your withdraw password?' }));
    await user.click(within(section).getByRole('button', { name: 'Set new withdraw password' }));
    expect(within(section).getByText('Enter the code.')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Send code' }));
    expect(await within(section).findByText('A code was sent to +63917****567.')).toBeTruthy();
    await user.type(within(section).getByLabelText('Code from the SMS'), '111111');
    await user.type(within(section).getByLabelText('New withdraw password'), '806142');
    await user.type(within(section).getByLabelText('Confirm new withdraw password'), '806142');
    await user.click(within(section).getByRole('button', { name: 'Set new withdraw password' }));
    expect(await within(section).findByText('The code is wrong or has expired.')).toBeTruthy();
    await user.clear(within(section).getByLabelText('Code from the SMS'));
    await user.type(within(section).getByLabelText('Code from the SMS'), '246810');
    await user.click(within(section).getByRole('button', { name: 'Set new withdraw password' }));
    // Done: back to the change form.
    expect(await within(section).findByLabelText('Current withdraw password')).toBeTruthy();
    expect(sent).toEqual({
      smsCode: '246810',
      newPaymentPassword: '806142',
      confirmPaymentPassword: '806142',
    });
  });

  it('lists bound accounts masked and removes one with the withdraw password', async () => {
    let accounts = [
      account(),
      account({ id: 8, type: 'EWALLET', provider: 'Maya', accountNumber: '*******1111' }),
    ];
    let sent: Record<string, unknown> = {};
    fakeServer({
      'GET /wps/cashier/withdraw/settings': () => ok(settings({ accounts })),
      'GET /wps/cashier/accounts': () => ok(accounts),
      'POST /wps/cashier/accounts/remove': (call) => {
        sent = call.body as Record<string, unknown>;
        if (sent.paymentPassword === '000000') return fail(400, 'payment.password.invalid');
        accounts = accounts.filter((a) => a.id !== sent.id);
        return ok({ removed: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<CashierSecurity />);
    const section = await screen.findByRole('region', { name: 'Withdrawal accounts' });
    expect(await within(section).findByText('2 of 5')).toBeTruthy();
    expect(within(section).getByText('*******1111')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Remove Maya *******1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove withdrawal account' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Enter your 6-digit withdraw password.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Withdraw password'));
    // A wrong password is marked at its field.
    await user.type(within(dialog).getByLabelText('Withdraw password'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('The withdraw password is wrong.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Withdraw password'));
    await user.clear(within(dialog).getByLabelText('Withdraw password'));
    await user.type(within(dialog).getByLabelText('Withdraw password'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(section).queryByText('*******1111')).toBeNull());
    expect(sent).toEqual({ id: 8, paymentPassword: '123456' });
    expect(within(section).getByText('1 of 5')).toBeTruthy();
  });
});
