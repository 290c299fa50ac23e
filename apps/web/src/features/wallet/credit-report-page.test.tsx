import type { StatementWallet } from '@aurum/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { businessDay, periodQuery } from '../../lib/money/report-period';
import { startSession } from '../../lib/session/session-store';
import { fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import CreditReportPage from './credit-report-page';

describe('the credit report’s period', () => {
  it('sends a preset as it is', () => {
    expect(periodQuery({ preset: 'lastMonth', from: '', to: '' })).toEqual({ preset: 'lastMonth' });
  });

  it('sends custom days as the business zone’s day starts, the last day included', () => {
    expect(periodQuery({ preset: 'custom', from: '2026-03-01', to: '2026-03-31' }, '+08:00')).toEqual({
      preset: 'custom',
      startDate: Date.UTC(2026, 1, 28, 16),
      endDate: Date.UTC(2026, 2, 31, 16),
    });
    // One day: from and to the same date.
    const one = periodQuery({ preset: 'custom', from: '2026-03-05', to: '2026-03-05' }, '-04:00');
    expect(one).toEqual({
      preset: 'custom',
      startDate: Date.UTC(2026, 2, 5, 4),
      endDate: Date.UTC(2026, 2, 6, 4),
    });
  });

  it('refuses a custom period that ends before it starts or lacks a date', () => {
    expect(periodQuery({ preset: 'custom', from: '2026-03-02', to: '2026-03-01' })).toBeNull();
    expect(periodQuery({ preset: 'custom', from: '', to: '2026-03-01' })).toBeNull();
  });

  it('names a moment’s business day', () => {
    expect(businessDay(Date.UTC(2026, 1, 28, 16), '+08:00')).toBe('2026-03-01');
    expect(businessDay(Date.UTC(2026, 1, 28, 15, 59), '+08:00')).toBe('2026-02-28');
  });
});

describe('the credit report page', () => {
  const wallet = (over: Partial<StatementWallet>): StatementWallet => ({
    wallet: 'MAIN',
    vendorName: null,
    opening: '10.00',
    credits: '25.00',
    debits: '5.00',
    closing: '30.00',
    count: 2,
    types: [
      { txTypeId: 9, credits: '25.00', debits: '0.00', count: 1 },
      { txTypeId: 5, credits: '0.00', debits: '5.00', count: 1 },
    ],
    ...over,
  });
  const statement = {
    period: { from: Date.UTC(2026, 9, 31, 16), to: Date.UTC(2026, 10, 30, 16), utcOffset: '+08:00' },
    currency: 'USD',
    wallets: [wallet({}), wallet({ wallet: 'VENDOR:AURL', vendorName: 'Aurum Live', types: [], count: 0 })],
    pendingWithdrawals: wallet({
      wallet: 'HOLD',
      opening: '0.00',
      closing: '0.00',
      credits: '0.00',
      debits: '0.00',
      count: 0,
      types: [],
    }),
  };

  beforeEach(() => startSession('tok', 'demo'));

  it('shows each wallet’s balances and types, and asks for a custom period in the business zone', async () => {
    const server = fakeServer({
      'GET /wps/member/statement': () => ok(statement),
      'GET /wps/v2/wallets/balance': () =>
        ok({ sumBalance: '30.00', balance: [], currency: 'USD', currencySymbol: '$', playMoney: false }),
    });
    renderWithApp(<CreditReportPage />);
    const main = await waitFor(() => {
      const card = document.querySelector('[data-wallet="MAIN"]');
      expect(card).toBeTruthy();
      return card as HTMLElement;
    });
    expect(main.querySelector('[data-opening]')?.textContent).toBe('$10.00');
    expect(main.querySelector('[data-closing]')?.textContent).toBe('$30.00');
    expect(main.textContent).toContain('Adjustment');
    expect(document.querySelector('[data-wallet="VENDOR:AURL"]')?.textContent).toContain('Aurum Live');
    expect(document.querySelector('[data-wallet="HOLD"]')?.textContent).toContain('Pending withdrawals');
    expect(document.querySelector('[data-period]')?.textContent).toContain('2026-11-01 – 2026-11-30');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose a start date before the end date.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(
        server
          .callsTo('GET', '/wps/member/statement')
          .some((c) => c.query.get('startDate') === String(Date.UTC(2026, 10, 1, 16))),
      ).toBe(true),
    );
  });
});
