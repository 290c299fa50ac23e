import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalRegistry, ModalTitle, useModal } from '../../components/ui';
import { startSession } from '../../lib/session/session-store';
import { fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import AccountCentreModal from './account-centre-modal';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

function Opener() {
  const modal = useModal();
  useEffect(() => modal.open('accountCenter'), [modal]);
  return null;
}

const registry = {
  accountCenter: { Body: AccountCentreModal },
  register: { Body: () => <ModalTitle>Create your account</ModalTitle> },
} as unknown as ModalRegistry;

describe('the account centre for a trial account (spec §4: blocked, told a real account is needed)', () => {
  it('shows the trial block instead of the centre, and its button leads to registration', async () => {
    startSession('tok', { account: 'trial_x', isTrial: true, isAgent: true });
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithApp(<Opener />, { registry });
    const dialog = await screen.findByRole('dialog', { name: 'Agent home' });
    expect(within(dialog).getByText('A real account is needed')).toBeTruthy();
    expect(within(dialog).getByText(/This needs a real account\./)).toBeTruthy();
    expect(dialog.querySelector('[data-trial-block]')).not.toBeNull();
    // Nothing of the centre itself is fetched for a trial account.
    expect(server.calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Register now' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agent home' })).toBeNull());
  });
});

describe('the account centre for an agent', () => {
  const overview = {
    teamSize: 3,
    directCount: 2,
    onlineNow: 1,
    teamBalance: '10.00',
    utcOffset: '+08:00',
    today: { registrations: 1, firstDeposits: 0, firstBets: 0, logins: 1 },
    yesterday: { registrations: 0, firstDeposits: 0, firstBets: 0, logins: 0 },
    thisMonth: { registrations: 2, firstDeposits: 0, firstBets: 0, logins: 2 },
  };

  it('opens on the team overview, offers only the pages whose keys are on, and switches between them', async () => {
    startSession('tok', { account: 'boss', isAgent: true });
    fakeServer({
      'GET /wps/agent/team/overview': () => ok(overview),
      'GET /wps/agent/links': () => ok([]),
    });
    const user = userEvent.setup();
    renderWithApp(<Opener />, { registry, permission: sitePermission({}, ['AGEINFO3', 'REGCEN']) });
    const dialog = await screen.findByRole('dialog', { name: 'Agent home' });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Team overview', 'Register centre']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await within(dialog).findByRole('heading', { name: 'Team overview' })).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Register centre' }));
    expect(await within(dialog).findByRole('heading', { name: 'Open a downline' })).toBeTruthy();
  });

  it('offers a tab for each team report and red envelopes while its key is on, and opens it', async () => {
    startSession('tok', { account: 'boss', isAgent: true });
    const period = { from: 0, to: 1, utcOffset: '+08:00' };
    const empty = { content: [], pageNum: 1, totalPages: 0, total: 0, period };
    fakeServer({
      'GET /wps/agent/team/overview': () => ok(overview),
      'GET /wps/agent/reports/bets': () =>
        ok({
          ...empty,
          totals: { betAmount: '0.00', validBetAmount: '0.00', winAmount: '0.00', profitAndLoss: '0.00' },
        }),
    });
    const keys = ['AGEINFO3', 'TRANSBETREPMEM3', 'AGETEAMPNL3', 'AGEREV3', 'AGENTRANSMULTDOWN3'];
    const user = userEvent.setup();
    renderWithApp(<Opener />, { registry, permission: sitePermission({}, keys) });
    const dialog = await screen.findByRole('dialog', { name: 'Agent home' });
    const tabs = await within(dialog).findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Team overview',
      'Team betting',
      'Profit and loss',
      'My income',
      'Red envelopes',
    ]);
    await user.click(within(dialog).getByRole('tab', { name: 'Team betting' }));
    expect(await within(dialog).findByText('Nothing in this period.')).toBeTruthy();
  });

  it('offers a contract tab for each kind whose keys are on and the brand offers, badged with the requests waiting', async () => {
    startSession('tok', { account: 'boss', isAgent: true });
    fakeServer({
      'GET /wps/agent/team/overview': () => ok(overview),
      'GET /wps/agent/contracts/info': () =>
        ok({
          dailysalreqtype: [{ id: 5, type: 'new', from: 'top', createdAt: 1 }],
          divtypereq: [],
          contracthoursalreqs: [],
          realtimesalreqtype: [],
          enableSalary: true,
          enableContract: false,
          // The brand offers no real-time salary (agentRealtimeSalary off).
          kinds: ['daily', 'hourly'],
        }),
      'GET /wps/agent/contracts': () => ok({ held: [], offered: [] }),
      'GET /wps/agent/downlines': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }),
    });
    // DIVIDEND is off: no dividend tab; RTSALARY3 is on but the brand does not offer the kind.
    const keys = ['AGEINFO3', 'SIGNCONDIV3', 'DAYSAL', 'DAYSALCONT3', 'HOURSAL3', 'RTSALARY3'];
    const user = userEvent.setup();
    renderWithApp(<Opener />, { registry, permission: sitePermission({}, keys) });
    const dialog = await screen.findByRole('dialog', { name: 'Agent home' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual([
        'Team overview',
        'Daily salary1Contract requests waiting for your answer: 1',
        'Hourly salary',
      ]),
    );
    await user.click(within(dialog).getByRole('tab', { name: /Daily salary/ }));
    expect(await within(dialog).findByText('You hold no contract of this kind.')).toBeTruthy();
  });
});
