import type { RebateInfo } from '@aurum/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import { formatRebate, shareOf } from './format';
import RebatePage from './rebate-page';

configure({ asyncUtilTimeout: 5000 });

const info = (over: Partial<RebateInfo> = {}): RebateInfo => ({
  level: 3,
  levelName: 'VIP3',
  autoPay: false,
  categories: [
    { category: 'LIVE', validBet: '20000.00', rate: '0.8', amount: '160.0000' },
    { category: 'RNG', validBet: '5000.00', rate: '1.0', amount: '50.0000' },
  ],
  carried: '0.0000',
  total: '210.0000',
  claimable: '210.00',
  ...over,
});
const empty = info({ categories: [], total: '0.0000', claimable: '0.00' });
const balance = {
  sumBalance: '10.00',
  balance: [{ accountTypeId: 2, availBalance: '10.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
const claim = {
  id: 7,
  mode: 'manual',
  accrued: '210.0000',
  paid: '210.00',
  carried: '0.0000',
  transferId: 99,
  createdAt: Date.parse('2026-11-27T04:00:00Z'),
};

beforeEach(() => startSession('tok', 'demo'));

describe('formatting', () => {
  it('keeps 4 decimals with separators, and bars stay within 0 and 1', () => {
    expect(formatRebate('12345.0098', '$')).toBe('$12,345.0098');
    expect(shareOf('50', '200')).toBe(0.25);
    expect(shareOf('500', '200')).toBe(1);
    expect(shareOf('1', '0')).toBe(1);
  });
});

describe('Rebate page', () => {
  it('shows the accrual per category with 4 decimals, claims once and refreshes', async () => {
    let claimed = false;
    const server = fakeServer({
      'GET /wps/rebate/info': () => ok(claimed ? empty : info()),
      'GET /wps/rebate/claims': () =>
        ok({
          content: claimed ? [claim] : [],
          pageNum: 1,
          totalPages: claimed ? 1 : 0,
          total: claimed ? 1 : 0,
        }),
      'POST /wps/rebate/claim': () => {
        claimed = true;
        return ok(claim);
      },
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RebatePage />);
    const live = await waitFor(() => {
      const row = document.querySelector('[data-category="LIVE"]');
      expect(row).toBeTruthy();
      return row as HTMLElement;
    });
    expect(live.textContent).toContain('Live casino');
    expect(live.textContent).toContain('$20,000.00');
    expect(live.textContent).toContain('0.8%');
    expect(live.querySelector('[data-amount]')?.textContent).toBe('$160.0000');
    expect(document.querySelector('[data-category="RNG"] [data-amount]')?.textContent).toBe('$50.0000');
    expect(document.querySelector('[data-total]')?.textContent).toBe('$210.0000');
    expect(await screen.findByText('No claims yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Claim $210.00' }));
    expect(await screen.findByText('$210.00 has been paid to your main wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/rebate/claim')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Nothing to claim yet' })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() => expect(document.querySelector('[data-claim="7"]')?.textContent).toContain('Claimed'));
    expect(document.querySelector('[data-claim="7"]')?.textContent).toContain('$210.00');
  });

  it('says when another claim got there first, and shows the carried rest and auto mode', async () => {
    fakeServer({
      'GET /wps/rebate/info': () => ok(info({ carried: '0.0098', autoPay: true })),
      'GET /wps/rebate/claims': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }),
      'POST /wps/rebate/claim': () => fail(409, 'loyalty.rebate.nothing'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RebatePage />);
    expect(await screen.findByText('Carried from the last claim')).toBeTruthy();
    expect(screen.getByText('$0.0098')).toBeTruthy();
    expect(screen.getByText('Unclaimed rebates are also paid to your main wallet each day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim $210.00' }));
    expect(await screen.findByText('There is no rebate to claim yet.')).toBeTruthy();
  });

  it('explains an empty rebate', async () => {
    fakeServer({
      'GET /wps/rebate/info': () => ok(empty),
      'GET /wps/rebate/claims': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RebatePage />);
    expect(await screen.findByText('No rebate yet: it accrues as your bets settle.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nothing to claim yet' })).toHaveProperty('disabled', true);
  });
});
