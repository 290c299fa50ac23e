import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { deferred, fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import MyWalletPage from './my-wallet-page';

// The first render loads the page's modules and catalogues: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => startSession('tok', 'demo'));

const transferMode = {
  isSingle: 0,
  vendors: [
    { vendor: 'TIDE', name: 'Tidecraft', icon: '/media/vendors/tide.svg' },
    { vendor: 'ARENA', name: 'Arena', icon: '' },
  ],
};
const balance = (main = '1000.00', tide = '250.00') => ({
  sumBalance: (Number(main) + Number(tide)).toFixed(2),
  balance: [
    { accountTypeId: 2, availBalance: main },
    { accountTypeId: 3, availBalance: tide, vendor: 'TIDE' },
    { accountTypeId: 3, availBalance: '0.00', vendor: 'ARENA' },
  ],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
});
const receipt = (amount: string) => ({
  transferId: 77,
  amount,
  txTypeId: 3,
  createdAt: Date.now(),
  balanceAfter: '900.00',
});

const render = (on = ['COMM3', 'FUNDTRANS3']) =>
  renderWithApp(<MyWalletPage />, { permission: sitePermission({}, on) });

describe('My wallet (transferFund)', () => {
  it('shows the total, the main wallet and each vendor wallet with 2 decimals and separators', async () => {
    fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance('12345.5', '250.00')),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Wallets' });
    expect(screen.getByText('$12,595.50')).toBeTruthy();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-wallet'))).toEqual(['MAIN', 'TIDE', 'ARENA']);
    expect(cards[0]?.textContent).toContain('$12,345.50');
    expect(cards[1]?.textContent).toContain('Tidecraft');
    expect(cards[1]?.textContent).toContain('$250.00');
    expect(screen.getByRole('button', { name: 'Return all to main' })).toBeTruthy();
  });

  it('single wallet: only the main wallet and a note that every game plays from it', async () => {
    fakeServer({
      'GET /wps/member/wallet/merchant': () => ok({ isSingle: 1, vendors: [] }),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
    });
    render();
    expect(await screen.findByText(/every game plays straight from your main wallet/)).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Return all to main' })).toBeNull();
  });

  it('keeps the merchant wallet result for the session', async () => {
    const server = fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
    });
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            toggle
          </button>
          {shown ? <MyWalletPage /> : null}
        </>
      );
    }
    const user = userEvent.setup();
    renderWithApp(<Toggle />, { permission: sitePermission({}, ['FUNDTRANS3']) });
    await screen.findByRole('list', { name: 'Wallets' });
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await screen.findByRole('list', { name: 'Wallets' });
    expect(server.callsTo('GET', '/wps/member/wallet/merchant')).toHaveLength(1);
  });

  it('offers money only into wallets of games that play; a stopped vendor’s money can only come home', async () => {
    fakeServer({
      // The server lists only vendors that can be launched; KNG stopped with money left in its wallet.
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () =>
        ok({
          ...balance(),
          balance: [...balance().balance, { accountTypeId: 3, availBalance: '12.00', vendor: 'KNG' }],
        }),
    });
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Wallets' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('data-wallet'))).toEqual(['MAIN', 'TIDE', 'ARENA', 'KNG']);
    expect(screen.queryByRole('button', { name: 'Transfer in to the KNG wallet' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Transfer out of the KNG wallet' })).toBeTruthy();
    const to = screen.getByRole('combobox', { name: 'To' }) as HTMLSelectElement;
    expect([...to.options].map((o) => o.value)).toEqual(['MAIN', 'TIDE', 'ARENA']);
    await user.click(screen.getByRole('button', { name: 'Transfer out of the KNG wallet' }));
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('KNG');
    expect(to.value).toBe('MAIN');
    expect(screen.getByRole('button', { name: 'Swap the two wallets' })).toHaveProperty('disabled', true);
  });

  it('moves money into a game wallet once, with one key, and refreshes the balances', async () => {
    const held = deferred();
    let balances = 0;
    const server = fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balances++ === 0 ? balance() : balance('900.00', '350.50')),
      'POST /wps/relay/GCS_walletTransfer': () => held.promise,
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Transfer in to the Tidecraft wallet' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('MAIN');
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLSelectElement).value).toBe('TIDE');
    await user.type(amount, '100');
    const submit = screen.getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    await user.click(submit);
    await user.keyboard('{Enter}');
    held.release(ok(receipt('100.00')));
    expect(await screen.findByText('$100.00 moved from Main wallet to Tidecraft.')).toBeTruthy();
    const posts = server.callsTo('POST', '/wps/relay/GCS_walletTransfer');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      from: 'MAIN',
      to: 'TIDE',
      amount: '100',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9][A-Za-z0-9:._-]*$/),
    });
    await waitFor(() => expect(screen.getByText('$1,250.50')).toBeTruthy());
    expect(server.callsTo('GET', '/wps/v2/wallets/balance').length).toBeGreaterThanOrEqual(2);
  });

  it('retries after a network failure with the same key; a new intent gets a new key', async () => {
    let attempt = 0;
    const server = fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
      'POST /wps/relay/GCS_walletTransfer': () =>
        attempt++ === 0 ? new Response('<html>bad gateway</html>', { status: 502 }) : ok(receipt('20.00')),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Transfer out of the Tidecraft wallet' }));
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '20');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The network is abnormal');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByText('$20.00 moved from Tidecraft to Main wallet.');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '20');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(server.callsTo('POST', '/wps/relay/GCS_walletTransfer')).toHaveLength(3));
    const keys = server
      .callsTo('POST', '/wps/relay/GCS_walletTransfer')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(server.callsTo('POST', '/wps/relay/GCS_walletTransfer')[0]?.body).toMatchObject({
      from: 'TIDE',
      to: 'MAIN',
    });
  });

  it('checks the amount against the paying wallet before sending; "All" fills its balance', async () => {
    const server = fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
      'POST /wps/relay/GCS_walletTransfer': () => ok(receipt('250.00')),
    });
    const user = userEvent.setup();
    render();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'From' }), 'TIDE');
    expect((screen.getByRole('combobox', { name: 'To' }) as HTMLSelectElement).value).toBe('MAIN');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '250.01');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByText('That is more than the $250.00 available.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.clear(amount);
    await user.type(amount, '1.234');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByText(/at most 2 decimals/)).toBeTruthy();
    expect(server.callsTo('POST', '/wps/relay/GCS_walletTransfer')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect((amount as HTMLInputElement).value).toBe('250');
  });

  it('shows a refused transfer in the member language', async () => {
    fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
      'POST /wps/relay/GCS_walletTransfer': () =>
        fail(400, 'wallet.insufficient.funds', 'The balance is not enough.'),
    });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your balance is not enough for this amount.',
    );
  });

  it('returns every game wallet to main', async () => {
    const server = fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
      'POST /wps/relay/GCS_walletRecall': () => ok({ transfers: [receipt('250.00')], total: '1250.00' }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Return all to main' }));
    expect(await screen.findByText('$1,250.00 returned to your main wallet.')).toBeTruthy();
    const recall = server.callsTo('POST', '/wps/relay/GCS_walletRecall');
    expect(recall).toHaveLength(1);
    expect(Object.keys(recall[0]?.body as object)).toEqual(['idempotencyKey']);
  });

  it('without the transfer feature: the wallets, a note, no form', async () => {
    fakeServer({
      'GET /wps/member/wallet/merchant': () => ok(transferMode),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
    });
    render(['COMM3']);
    expect(await screen.findByText(/Transfers between wallets are not available/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it('offers a retry when the wallets cannot be read', async () => {
    let calls = 0;
    fakeServer({
      'GET /wps/member/wallet/merchant': () => (calls++ === 0 ? fail(503, 'wallet.busy') : ok(transferMode)),
      'GET /wps/v2/wallets/balance': () => ok(balance()),
    });
    const user = userEvent.setup();
    render();
    expect((await screen.findByRole('alert')).textContent).toContain('Your wallet is busy');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Wallets' })).toBeTruthy();
  });
});
