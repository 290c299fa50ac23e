import type { RewardSummary } from '@aurum/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RewardsTabLabel } from '../../lib/rewards/unread-badge';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import RewardCenterPage from './reward-center-page';

configure({ asyncUtilTimeout: 5000 });

const NOW = Date.parse('2026-11-27T04:00:00Z');
const balance = {
  sumBalance: '10.00',
  balance: [{ accountTypeId: 2, availBalance: '10.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};
const terms = { multiple: '3', base: 'bonus' as const, expiryDays: 7 };
const summary = (signed: boolean): RewardSummary => ({
  calendar: {
    enabled: true,
    today: '2026-11-27',
    signedToday: signed,
    runDay: 2,
    days: ['1.00', '2.00', '3.00'],
    monthDays: signed ? ['2026-11-26', '2026-11-27'] : ['2026-11-26'],
    weekly: { days: 3, reward: '10.00', count: signed ? 2 : 1, paid: false },
    monthly: null,
    terms: { multiple: '1', base: 'bonus', expiryDays: 7 },
  },
  rescueEnabled: true,
  promoTerms: null,
  claimable: [
    ...(signed
      ? []
      : [
          {
            id: 'signIn:2026-11-27',
            kind: 'signIn' as const,
            day: '2026-11-27',
            category: null,
            amount: '2.00',
            runDay: 2,
            netLoss: null,
            expiresAt: NOW + 3_600_000,
            terms: { multiple: '1', base: 'bonus' as const, expiryDays: 7 },
            requirement: null,
            claimable: true,
          },
        ]),
    {
      id: 'rescue:2026-11-26:RNG',
      kind: 'rescue',
      day: '2026-11-26',
      category: 'RNG',
      amount: '160.00',
      runDay: null,
      netLoss: '3200.00',
      expiresAt: NOW + 3_600_000,
      terms,
      requirement: null,
      claimable: true,
    },
  ],
  unread: signed ? 1 : 2,
  serverTime: NOW,
});

beforeEach(() => startSession('tok', 'demo'));
const withRewards = { permission: sitePermission({}, ['COMM3', 'REWCEN3']) };

describe('Reward center page', () => {
  it('shows the calendar, and signs in today after showing the terms', async () => {
    let signed = false;
    const server = fakeServer({
      'GET /wps/reward/summary': () => ok(summary(signed)),
      'GET /wps/reward/history': () =>
        ok({
          list: signed
            ? [{ id: 1, kind: 'signIn', detail: '2026-11-27', amount: '2.00', transferId: 5, claimedAt: NOW }]
            : [],
        }),
      'POST /wps/reward/claim': () => {
        signed = true;
        return ok({
          paid: [{ kind: 'signIn', detail: '2026-11-27', amount: '2.00', transferId: 5 }],
          total: '2.00',
        });
      },
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RewardCenterPage />, withRewards);
    const button = await screen.findByRole('button', { name: 'Sign in today ($2.00)' });
    expect(document.querySelector('[data-day="1"]')?.getAttribute('data-state')).toBe('signed');
    expect(document.querySelector('[data-day="2"]')?.getAttribute('data-state')).toBe('today');
    expect(document.querySelector('[data-period="weekly"]')?.textContent).toContain(
      'Weekly reward $10.00: 1 of 3 sign-ins this week',
    );
    expect(await screen.findByText('No rewards claimed in the last 90 days.')).toBeTruthy();
    fireEvent.click(button);
    // The terms come first; nothing is sent until confirmed.
    expect(
      (
        await screen.findByText('Turnover of 1× the reward within 7 days before withdrawing.', {
          selector: '[data-terms]',
        })
      ).textContent,
    ).toBeTruthy();
    expect(server.callsTo('POST', '/wps/reward/claim')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm claim' }));
    expect(await screen.findByText('$2.00 has been paid to your main wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/reward/claim')[0]?.body).toEqual({ id: 'signIn:2026-11-27' });
    expect(
      await screen.findByText('You have signed in today. Come back tomorrow to keep your run.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-history="signIn"]')).toBeTruthy());
  });

  it('lists the rescue fund with its expiry and terms, and says when it can no longer be claimed', async () => {
    fakeServer({
      'GET /wps/reward/summary': () => ok(summary(true)),
      'GET /wps/reward/history': () => ok({ list: [] }),
      'POST /wps/reward/claim': () => fail(409, 'loyalty.reward.notClaimable'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RewardCenterPage />, withRewards);
    const item = await waitFor(() => {
      const el = document.querySelector('[data-reward="rescue:2026-11-26:RNG"]');
      expect(el).toBeTruthy();
      return el as HTMLElement;
    });
    expect(item.textContent).toContain('Rescue fund RNG for 2026-11-26: net loss $3,200.00');
    expect(item.textContent).toContain('Expires');
    expect(item.textContent).toContain('Turnover of 3× the reward within 7 days before withdrawing.');
    fireEvent.click(screen.getByRole('button', { name: 'Claim $160.00' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm claim' }));
    expect(await screen.findByText('This reward can no longer be claimed.')).toBeTruthy();
  });

  it('redeems a promo code, checks its form first, and shows why a code is refused', async () => {
    let calls = 0;
    const server = fakeServer({
      'GET /wps/reward/summary': () => ok(summary(true)),
      'GET /wps/reward/history': () => ok({ list: [] }),
      'POST /wps/reward/promo': () =>
        ++calls === 1
          ? ok({
              paid: [{ kind: 'promo', detail: 'WELCOME88', amount: '8.88', transferId: 7 }],
              total: '8.88',
            })
          : fail(409, 'loyalty.promo.used'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<RewardCenterPage />, withRewards);
    const field = await screen.findByLabelText('Enter your code');
    expect(screen.getByText('No turnover requirement: the reward is yours at once.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText('Enter 4 to 24 letters and digits.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/reward/promo')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'welcome88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText('$8.88 has been paid to your main wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/reward/promo')[0]?.body).toEqual({ code: 'welcome88' });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText('You have already redeemed this promo code.')).toBeTruthy();
  });
});

describe('REWCEN3 off', () => {
  it('says the reward center is not available and asks nothing', async () => {
    const server = fakeServer({});
    renderWithApp(<RewardCenterPage />);
    expect(await screen.findByText('The reward center is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/reward/summary')).toHaveLength(0);
  });
});

describe('the member centre reward-centre item', () => {
  it('shows the unread counter of claimable rewards', async () => {
    fakeServer({ 'GET /wps/reward/summary': () => ok(summary(false)) });
    renderWithApp(<RewardsTabLabel />, withRewards);
    await waitFor(() => expect(document.querySelector('[data-unread-badge="2"]')).toBeTruthy());
    expect(screen.getByText('2 rewards to claim')).toBeTruthy();
  });
});
