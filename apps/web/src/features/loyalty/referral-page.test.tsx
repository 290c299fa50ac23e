import type { ReferralInvitee, ReferralSummary } from '@aurum/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import ReferralPage, { referralLink } from './referral-page';

configure({ asyncUtilTimeout: 5000 });

const money = (total: string) => ({
  invitation: '16.00',
  achievement: '0.00',
  depositRebate: '3.50',
  betRebate: '1.00',
  total,
});
const summary = (claimed: boolean): ReferralSummary => ({
  referralCode: 'ABCD2345',
  totalInvitations: 3,
  promotionDomains: ['aurum.example'],
  qualifiedInvitations: 2,
  earned: money('20.50'),
  claimed: claimed ? '20.50' : '0.00',
  claimable: claimed
    ? { invitation: '0.00', achievement: '0.00', depositRebate: '0.00', betRebate: '0.00', total: '0.00' }
    : money('20.50'),
  rules: {
    invitationReward: '8.00',
    qualifyingDeposit: '100.00',
    achievements: [{ invitees: 5, reward: '58.00', reached: false }],
    depositRebatePercent: '1',
    betRebatePercent: '0.1',
  },
});
const invitees: ReferralInvitee[] = [
  {
    account: 'ch***',
    registeredAt: Date.UTC(2026, 10, 20),
    status: 'active',
    eligible: true,
    notEligibleReason: null,
    qualified: true,
  },
  {
    account: 'mo***',
    registeredAt: Date.UTC(2026, 10, 21),
    status: 'deposited',
    eligible: false,
    notEligibleReason: 'network',
    qualified: false,
  },
];
const balance = {
  sumBalance: '10.00',
  balance: [{ accountTypeId: 2, availBalance: '10.00' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};

beforeEach(() => startSession('tok', 'demo'));

describe('Referral page', () => {
  it('shows the code, the link on this site, the friends with their status, and claims once', async () => {
    let claimed = false;
    const server = fakeServer({
      'GET /wps/referral/summary': () => ok(summary(claimed)),
      'GET /wps/referral/invitees': () => ok({ list: invitees }),
      'POST /wps/referral/claim': () => {
        claimed = true;
        return ok({ amount: '20.50', transferId: 9 });
      },
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<ReferralPage />);
    expect(await screen.findByText('ABCD2345')).toBeTruthy();
    const link = `${window.location.origin}/register?referralCode=ABCD2345`;
    expect(screen.getByText(link)).toBeTruthy();
    expect(screen.getByText('https://aurum.example/register?referralCode=ABCD2345')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    expect(document.querySelector('[data-invitations]')?.textContent).toBe('3');

    const friends = await screen.findByRole('list', { name: 'Your friends' });
    await waitFor(() => expect(friends.querySelectorAll('li')).toHaveLength(2));
    expect(friends.textContent).toContain('ch***');
    expect(friends.textContent).toContain('Active');
    expect(friends.textContent).toContain('Not eligible (same network)');
    expect(screen.getByText('$8.00 for each friend whose first deposit is at least $100.00.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Claim referral rewards $20.50' }));
    expect(await screen.findByText('$20.50 has been added to your main wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/referral/claim')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Nothing to claim yet' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says when there is nothing to claim after all', async () => {
    fakeServer({
      'GET /wps/referral/summary': () => ok(summary(false)),
      'GET /wps/referral/invitees': () => ok({ list: [] }),
      'POST /wps/referral/claim': () => fail(409, 'loyalty.referral.nothing'),
      'GET /wps/v2/wallets/balance': () => ok(balance),
    });
    renderWithApp(<ReferralPage />);
    expect(await screen.findByText('No friends have registered with your link yet.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Claim referral rewards $20.50' }));
    expect(await screen.findByText('There is no referral reward to claim yet.')).toBeTruthy();
  });

  it('builds the link on the site in use or on another promotion domain', () => {
    expect(referralLink('X2')).toBe(`${window.location.origin}/register?referralCode=X2`);
    expect(referralLink('X2', 'https://b.example')).toBe('https://b.example/register?referralCode=X2');
  });
});
