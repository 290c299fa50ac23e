import type { BonusDetails, BonusRequirement, PersonalProfit } from '@aurum/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { moneyErrorText } from '../../lib/money/errors';
import { FUNDS_NS, loadFundsTexts } from '../../lib/money/texts';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import BonusDetailsPage from './bonus-details-page';
import PersonalProfitPage from './personal-profit-page';

configure({ asyncUtilTimeout: 5000 });

const balance = {
  sumBalance: '600.00',
  balance: [{ accountTypeId: 2, availBalance: '600.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
/** The vector: a bonus of 100 at 10x; 600 of slots and 2,000 of live at 10 % make 800 of 1,000. */
const bonus = (over: Partial<BonusRequirement> = {}): BonusRequirement => ({
  id: 5,
  source: 'promotion',
  name: 'app-gift',
  bonus: '100.00',
  deposit: '0.00',
  multiple: '10',
  base: 'bonus',
  contributions: [
    { category: 'RNG', percent: '100' },
    { category: 'LIVE', percent: '10' },
    { category: 'LOTT', percent: '0' },
  ],
  required: '1000.00',
  done: '800.00',
  remaining: '200.00',
  status: 'open',
  grantedAt: Date.parse('2026-11-10T04:00:00Z'),
  expiresAt: Date.parse('2026-11-17T04:00:00Z'),
  closedAt: null,
  removed: null,
  transferId: 9,
  ...over,
});
const open: BonusDetails = { remaining: '200.00', open: 1, list: [bonus()] };
const forfeited: BonusDetails = {
  remaining: '0.00',
  open: 0,
  list: [bonus({ status: 'forfeited', removed: '100.00', closedAt: Date.parse('2026-11-11T04:00:00Z') })],
};

beforeEach(() => startSession('tok', 'demo'));

describe('Bonus details page', () => {
  it('shows the requirement, progress and expiry, and forfeits after asking', async () => {
    let state = open;
    const server = fakeServer({
      'GET /wps/bonus/details': () => ok(state),
      'POST /wps/bonus/forfeit': () => {
        state = forfeited;
        return ok(forfeited.list[0]);
      },
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<BonusDetailsPage />);
    const card = await waitFor(() => {
      const c = document.querySelector('[data-bonus="5"]');
      expect(c).toBeTruthy();
      return c as HTMLElement;
    });
    expect(card.dataset.status).toBe('open');
    expect(card.querySelector('[data-progress]')?.textContent).toBe('$800.00 of $1,000.00');
    expect(card.querySelector('[data-remaining]')?.textContent).toBe('$200.00');
    expect(card.textContent).toContain('10× the bonus');
    expect(card.textContent).toContain('Slots 100% · Live casino 10% · Lottery 0%');
    expect(card.textContent).toContain('In progress');
    expect(screen.getByText(/1 bonus\(es\) still ask \$200\.00 of turnover/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Forfeit bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit this bonus?' });
    expect(dialog.textContent).toContain('Your deposit stays.');
    expect(server.callsTo('POST', '/wps/bonus/forfeit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() =>
      expect(document.querySelector('[data-bonus="5"]')?.getAttribute('data-status')).toBe('forfeited'),
    );
    expect(server.callsTo('POST', '/wps/bonus/forfeit')[0]?.body).toEqual({ id: 5 });
    expect(document.querySelector('[data-bonus="5"]')?.textContent).toContain('Taken back');
    expect(screen.getByText('No bonus is waiting for turnover: withdrawals are open.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forfeit bonus' })).toBeNull();
  });

  it('says when the bonus closed meanwhile', async () => {
    fakeServer({
      'GET /wps/bonus/details': () => ok(open),
      'POST /wps/bonus/forfeit': () => fail(409, 'loyalty.bonus.closed'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<BonusDetailsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forfeit bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit this bonus?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forfeit' }));
    expect(await within(dialog).findByText('This bonus has no open requirement any more.')).toBeTruthy();
  });

  it('explains a member without bonuses', async () => {
    fakeServer({
      'GET /wps/bonus/details': () => ok({ remaining: '0.00', open: 0, list: [] }),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<BonusDetailsPage />);
    expect(await screen.findByText('No bonuses yet.')).toBeTruthy();
  });
});

describe('Personal profit page', () => {
  const profit = (over: Partial<PersonalProfit> = {}): PersonalProfit => ({
    period: {
      from: Date.parse('2026-11-09T16:00:00Z'),
      to: Date.parse('2026-11-10T16:00:00Z'),
      utcOffset: '+08:00',
    },
    categories: [
      { category: 'RNG', validBet: '100.00', payout: '250.00', profit: '150.00', rounds: 1 },
      { category: 'LIVE', validBet: '50.00', payout: '19.50', profit: '-30.50', rounds: 2 },
    ],
    validBet: '150.00',
    payout: '269.50',
    gameProfit: '119.50',
    bonuses: '18.00',
    rebates: '1.25',
    total: '138.75',
    ...over,
  });

  it('shows the profit per category and the totals, for the preset chosen', async () => {
    const server = fakeServer({
      'GET /wps/profit/personal': (call) =>
        ok(call.query.get('preset') === 'lastMonth' ? profit({ categories: [], total: '0.00' }) : profit()),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<PersonalProfitPage />);
    await waitFor(() => expect(document.querySelector('[data-category="RNG"]')).toBeTruthy());
    expect(document.querySelector('[data-category="RNG"]')?.textContent).toContain('$150.00');
    expect(document.querySelector('[data-category="LIVE"]')?.textContent).toContain(
      '1 rounds'.replace('1', '2'),
    );
    expect(document.querySelector('[data-total]')?.textContent).toBe('$138.75');
    expect(document.querySelector('[data-period]')?.textContent).toContain('2026-11-10 – 2026-11-10');
    expect(server.callsTo('GET', '/wps/profit/personal')[0]?.query.get('preset')).toBe('today');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'lastMonth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No settled bets in this period.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/profit/personal').at(-1)?.query.get('preset')).toBe('lastMonth');
  });
});

describe('the withdrawal refusal', () => {
  it('names the remaining turnover', async () => {
    await loadFundsTexts('en');
    const t = i18next.getFixedT('en', FUNDS_NS);
    const tc = i18next.getFixedT('en');
    const error = new ApiError('loyalty.wagering.open', 'x', 409, {
      remainingTurnover: '200.00',
      openBonuses: '1',
    });
    expect(moneyErrorText(t, tc, error)).toBe(
      'A bonus still needs 200.00 of turnover. Complete it, or forfeit the bonus in Bonus details, to withdraw.',
    );
  });
});
