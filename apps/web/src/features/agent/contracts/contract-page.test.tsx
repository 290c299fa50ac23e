import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitRealtimeEvent } from '../../../lib/realtime/events';
import { startSession } from '../../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../../testing/fake-server';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import ContractListener from './contract-listener';
import { DailySalaryPage, RealtimeSalaryPage } from './contract-page';
import { checkTiers } from './tiers';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const DAILY_KEYS = ['SIGNCONDIV3', 'DAYSAL', 'DAYSALCONT3'];
const HOUSE_TERMS = {
  tiers: [
    { min: { teamBet: '50000', active: '3' }, percent: '1.0' },
    { min: { teamBet: '100000', active: '5' }, percent: '1.5' },
  ],
};
const info = (over: Record<string, unknown> = {}) => ({
  dailysalreqtype: [],
  divtypereq: [],
  contracthoursalreqs: [],
  realtimesalreqtype: [],
  enableSalary: true,
  enableContract: true,
  kinds: ['daily', 'hourly', 'realtime', 'dividend'],
  ...over,
});
const contract = (over: Record<string, unknown>) => ({
  id: 1,
  kind: 'daily',
  role: 'held',
  upline: null,
  downline: 'boss',
  terms: HOUSE_TERMS,
  state: 'active',
  terminationBy: null,
  replaces: null,
  createdAt: Date.UTC(2026, 2, 1),
  acceptedAt: Date.UTC(2026, 2, 1),
  endedAt: null,
  ...over,
});
const mine = contract({});
const downlines = {
  content: [
    { account: 'sub1', nickname: null, type: 1, regDate: 1 },
    { account: 'player1', nickname: null, type: 0, regDate: 1 },
  ],
  pageNum: 1,
  totalPages: 1,
  total: 2,
};
const emptyBills = { content: [], pageNum: 1, totalPages: 0, total: 0 };

describe('Agent centre: contract pages', () => {
  it('accepts an offer from the upline, warning first when it ends a downline’s higher contract', async () => {
    const offer = contract({
      id: 7,
      upline: 'top',
      state: 'pending',
      terms: { tiers: [HOUSE_TERMS.tiers[0]] },
    });
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () =>
        ok(info({ dailysalreqtype: [{ id: 7, type: 'new', from: 'top', createdAt: 1 }] })),
      'GET /wps/agent/contracts': () => ok({ held: [offer], offered: [] }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'PUT /wps/agent/contracts': (call) =>
        (call.body as { confirm?: boolean }).confirm
          ? ok({ contract: { ...offer, state: 'active' }, warning: null, terminated: [9] })
          : ok({ contract: offer, warning: { terminates: [{ id: 9, downline: 'sub1' }] }, terminated: [] }),
    });
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, DAILY_KEYS) });
    const card = (await screen.findByText('From top')).closest('article')!;
    expect(card.getAttribute('data-state')).toBe('pending');
    expect(within(card).getByText('Waiting for an answer')).toBeTruthy();
    expect(within(card).getAllByRole('row')).toHaveLength(2); // head + one tier
    // I hold no live contract yet: nothing to offer from.
    expect(screen.getByText('You can offer contracts of this kind once you hold one yourself.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const alert = await within(card).findByRole('alert');
    expect(within(alert).getByText('sub1')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Accept and end them' }));
    await waitFor(() => expect(server.callsTo('PUT', '/wps/agent/contracts')).toHaveLength(2));
    expect(server.callsTo('PUT', '/wps/agent/contracts').map((c) => c.body)).toEqual([
      { id: 7, action: 'accept' },
      { id: 7, action: 'accept', confirm: true },
    ]);
  });

  it('offers a direct downline agent tiers checked here as the server checks them; the server’s refusal shows at its field', async () => {
    let refuse = true;
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () => ok({ held: [mine], offered: [] }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'POST /wps/agent/contracts': (call) =>
        refuse
          ? fail(400, 'contract.downline.invalid')
          : ok(
              contract({
                id: 3,
                role: 'offered',
                upline: 'boss',
                downline: 'sub1',
                state: 'pending',
                ...(call.body as object),
              }),
            ),
    });
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, DAILY_KEYS) });
    const form = (await screen.findByRole('heading', { name: 'Offer a contract' })).closest('section')!;
    const select = within(form).getByLabelText(/Direct downline agent/);
    // Only agents can hold a contract: the player is not offered.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a downline', 'sub1']),
    );
    const user = userEvent.setup();
    // The picker's search narrows the direct downlines by account.
    await user.type(within(form).getByLabelText('Find a downline by account'), 'sub');
    await waitFor(() =>
      expect(server.callsTo('GET', '/wps/agent/downlines').at(-1)!.query.get('account')).toBe('sub'),
    );
    await user.selectOptions(select, 'sub1');
    const tier1 = within(form).getByRole('group', { name: 'Tier 1' });
    await user.type(within(tier1).getByLabelText(/Team bet from/), '50000');
    await user.type(within(tier1).getByLabelText(/Active members from/), '3');
    await user.type(within(tier1).getByLabelText(/Rate/), '1.2'); // above my 1.0 % on these figures
    await user.click(within(form).getByRole('button', { name: 'Add a tier' }));
    const tier2 = within(form).getByRole('group', { name: 'Tier 2' });
    await user.type(within(tier2).getByLabelText(/Team bet from/), '40000'); // lower than tier 1
    await user.type(within(tier2).getByLabelText(/Active members from/), '3');
    await user.type(within(tier2).getByLabelText(/Rate/), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Offer the contract' }));
    expect(within(tier1).getByText('Above what your own contract pays on these figures.')).toBeTruthy();
    expect(within(tier2).getByText('This tier must ask for more than the one before it.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/contracts')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Remove tier 2' }));
    const rate = within(form)
      .getByRole('group', { name: 'Tier 1' })
      .querySelector('input[name="tier1-percent"]')!;
    await user.clear(rate);
    await user.type(rate, '0.8');
    await user.click(within(form).getByRole('button', { name: 'Offer the contract' }));
    expect(
      await within(form).findByText('That account is not one of your direct downline agents.'),
    ).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Offer the contract' }));
    expect(await within(form).findByText('Offered to sub1: it is pending until they answer.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/contracts').at(-1)!.body).toEqual({
      downline: 'sub1',
      kind: 'daily',
      terms: { tiers: [{ min: { teamBet: '50000', active: 3 }, percent: '0.8' }] },
    });
  });

  it('lets the upline withdraw an offer, ask to end a contract, and answer a termination asked of it', async () => {
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () =>
        ok({
          held: [mine],
          offered: [
            contract({ id: 4, role: 'offered', upline: 'boss', downline: 'sub1', state: 'pending' }),
            contract({ id: 5, role: 'offered', upline: 'boss', downline: 'sub2' }),
            contract({
              id: 6,
              role: 'offered',
              upline: 'boss',
              downline: 'sub3',
              state: 'termination-requested',
              terminationBy: 'downline',
            }),
          ],
        }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'PUT /wps/agent/contracts': (call) =>
        ok({ contract: contract({ id: (call.body as { id: number }).id }), warning: null, terminated: [] }),
    });
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, DAILY_KEYS) });
    const user = userEvent.setup();
    const card = async (account: string) => (await screen.findByText(`To ${account}`)).closest('article')!;
    await user.click(within(await card('sub1')).getByRole('button', { name: 'Withdraw the offer' }));
    await user.click(within(await card('sub2')).getByRole('button', { name: 'Ask to end' }));
    const sub3 = await card('sub3');
    expect(within(sub3).getByText(/The other party asks to end it/)).toBeTruthy();
    await user.click(within(sub3).getByRole('button', { name: 'Agree to end it' }));
    await waitFor(() => expect(server.callsTo('PUT', '/wps/agent/contracts')).toHaveLength(3));
    expect(server.callsTo('PUT', '/wps/agent/contracts').map((c) => c.body)).toEqual([
      { id: 4, action: 'reject' },
      { id: 5, action: 'terminate' },
      { id: 6, action: 'accept' },
    ]);
    // The house contract (my own, a top agent's) cannot be ended from here.
    const own = (await screen.findByText('From the house')).closest('article')!;
    expect(within(own).queryByRole('button')).toBeNull();
  });

  it('lists the bills with their states, asks again with the chosen period and side, and shows real-time tiers with both rates', async () => {
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () =>
        ok({
          held: [
            contract({
              kind: 'realtime',
              terms: { tiers: [{ min: { playerBet: '100' }, percent: '1.0', winPercent: '0.5' }] },
            }),
          ],
          offered: [],
        }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'GET /wps/agent/contracts/bills': () =>
        ok({
          content: [
            {
              id: 11,
              contractId: 1,
              kind: 'realtime',
              role: 'held',
              period: '2026-03-09T10:05',
              upline: null,
              downline: 'boss',
              figures: {},
              tier: 1,
              amount: '48.00',
              net: '48.00',
              paid: '20.00',
              owed: '28.00',
              state: 'partly-paid',
              createdAt: 1,
            },
          ],
          pageNum: 1,
          totalPages: 1,
          total: 1,
        }),
    });
    renderWithApp(<RealtimeSalaryPage />, { permission: sitePermission({}, ['SIGNCONDIV3', 'RTSALARY3']) });
    const held = (await screen.findByText('From the house')).closest('article')!;
    expect(within(held).getByRole('columnheader', { name: 'Loss rate' })).toBeTruthy();
    expect(within(held).getByText('0.5 %')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Bills' }));
    const row = (await screen.findByText('2026-03-09T10:05')).closest('tr')!;
    expect(row.querySelector('[data-column="owed"]')!.textContent).toBe('$28.00');
    expect(within(row).getByText('Partly paid')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo('GET', '/wps/agent/contracts/bills')[0]!.query)).toMatchObject({
      kind: 'realtime',
      preset: 'thisMonth',
    });
    await user.selectOptions(screen.getByLabelText(/Period/), 'lastMonth');
    await user.selectOptions(screen.getByRole('combobox', { name: /Paid to or by me/ }), 'offered');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.callsTo('GET', '/wps/agent/contracts/bills')).toHaveLength(2));
    expect(Object.fromEntries(server.callsTo('GET', '/wps/agent/contracts/bills')[1]!.query)).toMatchObject({
      preset: 'lastMonth',
      role: 'offered',
    });
  });

  it('is not available when a key of the kind is off or the brand does not offer the kind', async () => {
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info({ kinds: ['dividend'] })),
      'GET /wps/agent/contracts': () => ok({ held: [], offered: [] }),
    });
    const { unmount } = renderWithApp(<DailySalaryPage />, {
      permission: sitePermission({}, ['SIGNCONDIV3', 'DAYSAL']),
    });
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    unmount();
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, DAILY_KEYS) });
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/agent/contracts')).toHaveLength(0);
  });

  it('DAYSALMR: lists the daily salaries to claim with their states and claims one; no claim list while the key is off', async () => {
    const row = (over: Record<string, unknown>) => ({
      id: 1,
      period: '2026-03-09',
      upline: 'top',
      amount: '1200.00',
      state: 'claimable',
      claimUntil: Date.UTC(2026, 2, 17),
      claimedAt: null,
      reason: null,
      createdAt: Date.UTC(2026, 2, 10),
      ...over,
    });
    let claimed = false;
    const rows = () => [
      row({ id: 4, period: '2026-03-12', state: claimed ? 'claimed' : 'claimable' }),
      row({ id: 3, period: '2026-03-11', state: 'rejected', reason: 'bets under review' }),
      row({ id: 2, period: '2026-03-10', state: 'expired' }),
      row({ id: 1, period: '2026-03-09', upline: null, amount: '4800.00', state: 'claimed' }),
    ];
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () => ok({ held: [mine], offered: [] }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'GET /wps/agent/contracts/claims': () => ok({ content: rows(), pageNum: 1, totalPages: 1, total: 4 }),
      'POST /wps/agent/contracts/claims': (call) => {
        claimed = true;
        return ok(row({ id: (call.body as { id: number }).id, period: '2026-03-12', state: 'claimed' }));
      },
    });
    const { unmount } = renderWithApp(<DailySalaryPage />, {
      permission: sitePermission({}, [...DAILY_KEYS, 'DAYSALMR']),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Claims' }));
    const table = await screen.findByRole('region', { name: 'Daily salaries to claim' });
    const stateOf = (id: number) =>
      table.querySelector(`[data-claim="${id}"]`)!.getAttribute('data-claim-state');
    expect([4, 3, 2, 1].map(stateOf)).toEqual(['claimable', 'rejected', 'expired', 'claimed']);
    expect(within(table).getByText('To claim')).toBeTruthy();
    expect(within(table).getByText('Rejected')).toBeTruthy();
    expect(within(table).getByText('Reason: bets under review')).toBeTruthy();
    expect(within(table).getByText('Expired')).toBeTruthy();
    expect(within(table).getByText('Claimed')).toBeTruthy();
    expect(within(table).getByText('the house')).toBeTruthy();
    // Only the claimable row has a button.
    const buttons = within(table).getAllByRole('button', { name: /^Claim / });
    expect(buttons).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Claim $1,200.00 for 2026-03-12' }));
    expect(await screen.findByText('$1,200.00 was added to your wallet.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/contracts/claims').map((c) => c.body)).toEqual([{ id: 4 }]);
    await waitFor(() => expect(stateOf(4)).toBe('claimed'));
    expect(within(table).queryAllByRole('button', { name: /^Claim / })).toHaveLength(0);
    unmount();
    // The key off: no Claims view and no claim call.
    const before = server.callsTo('GET', '/wps/agent/contracts/claims').length;
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, DAILY_KEYS) });
    expect(await screen.findByRole('tab', { name: 'Bills' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Claims' })).toBeNull();
    expect(server.callsTo('GET', '/wps/agent/contracts/claims')).toHaveLength(before);
  });

  it('DAYSALMR: shows the server’s refusal of a claim', async () => {
    fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () => ok({ held: [mine], offered: [] }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'GET /wps/agent/contracts/claims': () =>
        ok({
          content: [
            {
              id: 9,
              period: '2026-03-09',
              upline: 'top',
              amount: '10.00',
              state: 'claimable',
              claimUntil: Date.UTC(2026, 2, 17),
              claimedAt: null,
              reason: null,
              createdAt: Date.UTC(2026, 2, 10),
            },
          ],
          pageNum: 1,
          totalPages: 1,
          total: 1,
        }),
      'POST /wps/agent/contracts/claims': () => fail(409, 'contract.claim.expired'),
    });
    renderWithApp(<DailySalaryPage />, { permission: sitePermission({}, [...DAILY_KEYS, 'DAYSALMR']) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Claims' }));
    await user.click(await screen.findByRole('button', { name: 'Claim $10.00 for 2026-03-09' }));
    expect(await screen.findByText('The time to claim this salary has passed.')).toBeTruthy();
  });

  it('reads the contracts again when the socket says one changed', async () => {
    let offers = 0;
    const server = fakeServer({
      'GET /wps/agent/contracts/info': () => ok(info()),
      'GET /wps/agent/contracts': () =>
        ok({ held: offers ? [contract({ id: 8, upline: 'top', state: 'pending' })] : [], offered: [] }),
      'GET /wps/agent/downlines': () => ok(downlines),
      'GET /wps/agent/contracts/bills': () => ok(emptyBills),
    });
    renderWithApp(
      <>
        <ContractListener />
        <DailySalaryPage />
      </>,
      { permission: sitePermission({}, DAILY_KEYS) },
    );
    expect(await screen.findByText('You hold no contract of this kind.')).toBeTruthy();
    offers = 1;
    act(() => emitRealtimeEvent({ type: 'contract', id: 8, kind: 'daily', state: 'pending' }));
    expect(await screen.findByText('From top')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/agent/contracts').length).toBeGreaterThanOrEqual(2);
  });
});

describe('checkTiers', () => {
  const draft = (teamBet: string, active: string, percent: string) => ({
    min: { teamBet, active },
    percent,
    winPercent: '',
  });
  it('finds each tier’s problem as the server’s engine would', () => {
    expect(
      checkTiers('daily', [draft('50000', '3', '1.0'), draft('100000', '5', '1.5')], HOUSE_TERMS),
    ).toEqual([null, null]);
    expect(checkTiers('daily', [draft('50000', '3', 'x')], HOUSE_TERMS)).toEqual(['invalid']);
    expect(checkTiers('daily', [draft('50000', '3', '150')], HOUSE_TERMS)).toEqual(['invalid']);
    expect(
      checkTiers('daily', [draft('50000', '3', '1.0'), draft('50000', '3', '1.0')], HOUSE_TERMS),
    ).toEqual([null, 'notHigher']);
    // The house pays nothing below 50,000 with 3 active: an offer there earns the upline nothing.
    expect(checkTiers('daily', [draft('10000', '1', '0.5')], HOUSE_TERMS)).toEqual(['aboveUpline']);
    expect(checkTiers('daily', [draft('100000', '5', '1.6')], HOUSE_TERMS)).toEqual(['aboveUpline']);
    expect(checkTiers('daily', [draft('50000', '3', '1.0')], undefined)).toEqual(['aboveUpline']);
  });
});
