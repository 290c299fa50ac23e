import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import type { PlayerPage } from './pages/players';

type Answer = { success: true; value: unknown } | { success: false; errorCode: string; message: string };
const ok = (value: unknown): Answer => ({ success: true, value });

/** The operator API as the test scripts it: `command:<name>` or the path → answer. */
function serve(routes: Record<string, Answer | ((args: Record<string, unknown>) => Answer)>) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace('/console-api/', '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const args = body?.args as Record<string, unknown> | undefined;
      if (args) calls.push(args);
      const route = routes[args ? `command:${String(args.command)}` : path];
      const answer = typeof route === 'function' ? route(args ?? {}) : route;
      if (!answer) throw new Error(`no route ${path}`);
      return new Response(JSON.stringify(answer), { status: answer.success ? 200 : 400 });
    }),
  );
  return calls;
}

const operator = (permissions: string[]) => ok({ name: 'sam', role: 'support', permissions });

const page = (over: Partial<PlayerPage['status']> = {}): PlayerPage => ({
  profile: {
    id: 3,
    account: 'demo',
    userName: 'demo',
    nickname: 'Demo',
    realName: 'Juan Cruz',
    mobile: '+639171234567',
    email: 'demo@aurum.example',
    kind: 'member',
    agentType: null,
    upline: 'agent01',
    language: 'EN',
    affiliateCode: null,
    lotteryPrizeGroup: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    firstLoginAt: '2026-11-01T08:05:00.000Z',
    passwordChangedAt: null,
    fields: { registerMethod: 'SEED' },
  },
  status: { status: 'active', locked: false, lockedBy: null, lockReason: null, twoFactor: false, ...over },
  balances: [{ wallet: 'MAIN', balance: '12.50' }],
  ledger: [
    {
      transferId: 9,
      type: 'adjustment',
      wallet: 'MAIN',
      amount: '12.50',
      balanceAfter: '12.50',
      memo: 'goodwill',
      by: 'ada',
      at: '2026-11-26T08:00:00.000Z',
    },
  ],
  deposits: [],
  withdrawals: [],
  rounds: [
    {
      vendor: 'AURX',
      game: 'dice',
      roundId: 'R1',
      mode: 'real',
      state: 'settled',
      stake: '1.00',
      payout: '1.98',
      openedAt: '2026-11-26T08:01:00.000Z',
    },
  ],
  sessions: [],
  signIns: [
    {
      method: 'password',
      success: true,
      ip: '203.0.113.9',
      place: 'PH',
      device: 'Firefox',
      at: '2026-11-26T07:00:00.000Z',
    },
  ],
  messages: [],
  notes: [
    { id: 1, kind: 'note', text: 'called about a bonus', author: 'ann', at: '2026-11-26T08:02:00.000Z' },
  ],
});

describe('the players section', () => {
  beforeEach(() => window.localStorage.setItem('aurum-console-language', 'EN'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('lists the identity documents waiting for review, oldest first; one opens at the Verification tab', async () => {
    window.history.replaceState(null, '', '/console/players');
    const waiting = (id: number, account: string, submittedAt: string) => ({
      id,
      account,
      idType: 'nationalId',
      status: 'pending',
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt,
    });
    const calls = serve({
      me: operator(['site.read', 'players.read']),
      'command:player': () => ok(page()),
      'command:kyc': () =>
        ok({
          submissions: [
            waiting(9, 'newer', '2026-11-21T08:00:00.000Z'),
            waiting(4, 'demo', '2026-11-20T08:00:00.000Z'),
          ],
        }),
    });
    render(<ConsoleApp />);
    const queue = await screen.findByRole('region', { name: 'Identity documents waiting for review' });
    const rows = await within(queue).findAllByRole('row');
    expect(rows[1]!.textContent).toContain('demo');
    expect(rows[2]!.textContent).toContain('newer');
    expect(calls).toContainEqual({ command: 'kyc', action: 'list', status: 'pending' });
    fireEvent.click(within(rows[1]!).getByRole('link', { name: 'demo' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/players/demo'));
    expect((await screen.findByRole('tab', { name: 'Verification' })).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('searches by one box and opens the player page from a result', async () => {
    window.history.replaceState(null, '', '/console/players');
    const calls = serve({
      me: operator(['site.read', 'players.read']),
      'command:kyc': () => ok({ submissions: [] }),
      'command:player': (args) =>
        args.action === 'search'
          ? ok([
              {
                id: 3,
                account: 'demo',
                kind: 'member',
                status: 'disabled',
                createdAt: '2026-11-01T08:00:00.000Z',
                lastSignInAt: null,
                mainBalance: '12.50',
              },
            ])
          : ok(page()),
    });
    render(<ConsoleApp />);
    fireEvent.change(await screen.findByLabelText('Account, mobile, email, member id or IP address'), {
      target: { value: ' 203.0.113.9 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('region', { name: 'Search results' });
    const row = (await within(results).findAllByRole('row'))[1]!;
    expect(row.textContent).toContain('Locked');
    expect(row.textContent).toContain('12.50');
    expect(calls).toContainEqual({ command: 'player', action: 'search', q: '203.0.113.9', limit: 50 });

    fireEvent.click(within(row).getByRole('link', { name: 'demo' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/players/demo'));
    expect(await screen.findByText('Juan Cruz')).toBeTruthy();
    expect(calls).toContainEqual({ command: 'player', action: 'show', account: 'demo' });
    // Records in tabs; a reader sees no action forms.
    fireEvent.click(screen.getByRole('tab', { name: 'Game rounds' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('1.98');
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByRole('tabpanel').textContent).toContain('called about a bonus');
    expect(screen.queryByRole('tab', { name: 'Downline' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Lock the account' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Adjust the balance' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'View as player' })).toBeNull();
  });

  it('locks after a confirmation with a reason, and shows an adjustment sent for a second approval', async () => {
    window.history.replaceState(null, '', '/console/players/demo');
    let locked = false;
    const calls = serve({
      me: operator(['site.read', 'players.read', 'players.write', 'money.adjust']),
      'command:player': (args) => {
        if (args.action === 'lock') {
          locked = true;
          return ok({ account: 'demo', status: 'disabled', sessionsEnded: true });
        }
        return ok(
          page(locked ? { status: 'disabled', locked: true, lockedBy: 'sam', lockReason: 'chargeback' } : {}),
        );
      },
      'command:adjust': () => ok({ pendingApproval: { id: 12, amount: '5000.00', requestedBy: 'sam' } }),
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<ConsoleApp />);
    const lock = await screen.findByRole('form', { name: 'Lock the account' });
    fireEvent.click(within(lock).getByRole('button', { name: 'Lock the account' }));
    expect(await within(lock).findByText('Fill in this field.')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(within(lock).getByLabelText('Reason'), { target: { value: 'chargeback' } });
    fireEvent.click(within(lock).getByRole('button', { name: 'Lock the account' }));
    expect(await screen.findByText('demo is locked; every session ended.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls).toContainEqual({
      command: 'player',
      action: 'lock',
      account: 'demo',
      reason: 'chargeback',
    });
    expect(await screen.findByText('Locked by sam: chargeback')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Unlock the account' })).toBeTruthy();

    const adjust = screen.getByRole('form', { name: 'Adjust the balance' });
    fireEvent.change(within(adjust).getByLabelText('Amount (negative to debit)'), {
      target: { value: '5000.00' },
    });
    fireEvent.change(within(adjust).getByLabelText('Reason'), { target: { value: 'missing win' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Adjust the balance' }));
    expect(
      await screen.findByText(
        'Above the amount one operator may adjust: request #12 for 5000.00 waits for a second operator (Second approvals).',
      ),
    ).toBeTruthy();
    expect(calls).toContainEqual({
      command: 'adjust',
      account: 'demo',
      amount: '5000.00',
      reason: 'missing win',
    });
    // No message form without messages.write.
    expect(screen.queryByRole('form', { name: 'Send a message' })).toBeNull();
  });

  it('opens a read-only view of the member for an operator allowed to, with a reason', async () => {
    window.history.replaceState(null, '', '/console/players/demo');
    const calls = serve({
      me: operator(['site.read', 'players.read', 'players.view']),
      'command:player': (args) =>
        args.action === 'view-as'
          ? ok({ account: 'demo', url: '/?ticket=abc', expiresInSeconds: 60, viewMinutes: 30 })
          : ok(page()),
    });
    render(<ConsoleApp />);
    const form = await screen.findByRole('form', { name: 'View as player' });
    fireEvent.click(within(form).getByRole('button', { name: 'View as player' }));
    expect(await within(form).findByText('Fill in this field.')).toBeTruthy();
    expect(calls.some((c) => c.action === 'view-as')).toBe(false);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'ticket 9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'View as player' }));
    const link = await screen.findByRole('link', { name: 'Open the view in a new tab' });
    expect(link.getAttribute('href')).toBe('/?ticket=abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(calls).toContainEqual({
      command: 'player',
      action: 'view-as',
      account: 'demo',
      reason: 'ticket 9',
    });
    // Not offered without the permission (the lock form needs players.write, absent here too).
    expect(screen.queryByRole('form', { name: 'Lock the account' })).toBeNull();
  });

  it("shows the member's VIP level and rebate, and sets the level with a reason", async () => {
    window.history.replaceState(null, '', '/console/players/demo');
    const calls = serve({
      me: operator(['site.read', 'players.read', 'players.write']),
      'command:player': () => ok(page()),
      'command:vip': (args) =>
        args.action === 'set'
          ? ok({ account: 'demo', from: 1, to: 3, name: 'VIP3' })
          : ok({
              account: 'demo',
              level: 1,
              name: 'VIP1',
              rebate: {
                open: [{ category: 'RNG', validBet: '5000.00', amount: '50.0000' }],
                carried: '0.0040',
                claims: 2,
              },
              changes: [
                {
                  from: 0,
                  to: 1,
                  reason: 'upgrade',
                  actor: null,
                  note: null,
                  at: '2026-11-20T08:00:00.000Z',
                },
              ],
            }),
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'VIP' }));
    expect(await screen.findByText('Level 1 (VIP1); rebate carried below a cent: 0.0040')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain('50.0000');
    const form = screen.getByRole('form', { name: 'Set the VIP level' });
    fireEvent.change(within(form).getByLabelText('Level (0 and up)'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'high roller' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set the VIP level' }));
    expect(await screen.findByText('demo is now VIP3.')).toBeTruthy();
    expect(calls).toContainEqual({
      command: 'vip',
      action: 'set',
      account: 'demo',
      level: 3,
      reason: 'high roller',
    });
  });

  it("shows the member's bonuses and forfeits an open one with a reason", async () => {
    window.history.replaceState(null, '', '/console/players/demo?tab=bonuses');
    const bonus = {
      id: 7,
      source: 'promotion',
      name: 'welcome-bonus',
      bonus: '100.00',
      required: '1000.00',
      done: '800.00',
      remaining: '200.00',
      status: 'open',
      grantedAt: Date.UTC(2026, 10, 20),
      expiresAt: Date.UTC(2026, 11, 20),
    };
    const calls = serve({
      me: operator(['site.read', 'players.read', 'players.write']),
      'command:player': () => ok(page()),
      'command:bonus': (args) =>
        args.action === 'forfeit'
          ? ok({ account: 'demo', bonus: { ...bonus, status: 'forfeited' } })
          : ok({ account: 'demo', bonuses: { remaining: '200.00', open: 1, list: [bonus] } }),
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    render(<ConsoleApp />);
    expect(await screen.findByText('1 open bonus requirements; turnover still asked: 200.00')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toContain('800.00 / 1000.00');
    expect(screen.getByRole('tabpanel').textContent).toContain('Promotion: welcome-bonus');
    const form = screen.getByRole('form', { name: 'Forfeit a bonus' });
    fireEvent.change(within(form).getByLabelText('Bonus id'), { target: { value: '7' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'member asked' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Forfeit a bonus' }));
    expect(await screen.findByText('Bonus 7 is forfeited.')).toBeTruthy();
    expect(calls).toContainEqual({
      command: 'bonus',
      action: 'forfeit',
      account: 'demo',
      id: 7,
      reason: 'member asked',
    });
  });

  it("shows the member's points, and a read-only operator gets no forfeit form", async () => {
    window.history.replaceState(null, '', '/console/players/demo?tab=points');
    serve({
      me: operator(['site.read', 'players.read']),
      'command:player': () => ok(page()),
      'command:points': () =>
        ok({
          account: 'demo',
          points: '400',
          details: [
            { kind: 'redeem', change: '-600', balance: '400', remark: null, at: '2026-11-20T08:00:00.000Z' },
          ],
          redemptions: [
            {
              ref: 'PR1',
              item: 'Smartphone',
              quantity: 2,
              points: '600',
              amount: '40.00',
              status: 'applying',
              at: '2026-11-20T08:00:00.000Z',
            },
          ],
        }),
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('Points: 400')).toBeTruthy();
    const panel = screen.getByRole('tabpanel').textContent;
    expect(panel).toContain('-600');
    expect(panel).toContain('Smartphone × 2');
    expect(panel).toContain('600 + 40.00');
    expect(panel).toContain('Waiting');
    fireEvent.click(screen.getByRole('tab', { name: 'Bonuses' }));
    expect(screen.queryByRole('form', { name: 'Forfeit a bonus' })).toBeNull();
  });

  it("shows the member's referrals with the link each friend shares", async () => {
    window.history.replaceState(null, '', '/console/players/demo?tab=referrals');
    const calls = serve({
      me: operator(['site.read', 'players.read']),
      'command:player': () => ok(page()),
      'command:referral': () =>
        ok({
          account: 'demo',
          code: 'ABCD2345',
          earned: { total: '41.50' },
          claimed: '20.00',
          claimable: { total: '21.50' },
          invitees: [
            {
              account: 'friend1',
              registeredAt: Date.parse('2026-11-20T08:00:00Z'),
              status: 'active',
              eligible: true,
              link: null,
              qualified: true,
              deposits: '200.00',
              validBet: '1000.00',
            },
            {
              account: 'friend2',
              registeredAt: Date.parse('2026-11-21T08:00:00Z'),
              status: 'deposited',
              eligible: false,
              link: 'network',
              qualified: false,
              deposits: '500.00',
              validBet: '0.00',
            },
          ],
        }),
    });
    render(<ConsoleApp />);
    expect(
      await screen.findByText('Code ABCD2345: earned 41.50, claimed 20.00, claimable 21.50'),
    ).toBeTruthy();
    const panel = screen.getByRole('tabpanel').textContent;
    expect(panel).toContain('friend1');
    expect(panel).toContain('Active');
    expect(panel).toContain('friend2');
    expect(panel).toContain('Network');
    expect(calls).toContainEqual({ command: 'referral', action: 'show', account: 'demo' });
  });

  it("shows the member's reward claims of the last 90 days", async () => {
    window.history.replaceState(null, '', '/console/players/demo?tab=rewards');
    const calls = serve({
      me: operator(['site.read', 'players.read']),
      'command:player': () => ok(page()),
      'command:rewards': () =>
        ok({
          account: 'demo',
          claims: [
            {
              id: 7,
              kind: 'promo',
              detail: 'WELCOME88',
              amount: '8.88',
              claimedAt: '2026-11-20T08:00:00.000Z',
            },
          ],
        }),
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('WELCOME88')).toBeTruthy();
    const panel = screen.getByRole('tabpanel').textContent;
    expect(panel).toContain('promo');
    expect(panel).toContain('8.88');
    expect(calls).toContainEqual({ command: 'rewards', action: 'show', account: 'demo' });
  });

  it('lists the points redemptions waiting beside the withdrawals and rejects one with a reason', async () => {
    window.history.replaceState(null, '', '/console/withdrawals');
    const waiting = {
      ref: 'PR9',
      memberId: 3,
      item: 'Aurum cap',
      quantity: 1,
      points: '500',
      amount: '0.00',
      status: 'applying',
      recipient: 'Juan Cruz',
      address: '1 Ayala Ave, Makati',
      mobile: '+639171234567',
      at: '2026-11-20T08:00:00.000Z',
    };
    let decided = false;
    const calls = serve({
      me: operator(['payments.read', 'payments.approve']),
      'command:withdraw': () => ok({ orders: [] }),
      'command:filter': () => ok({ filters: [] }),
      'command:points': (args) => {
        if (args.action === 'list') return ok({ applying: decided ? [] : [waiting] });
        decided = true;
        return ok({ ...waiting, status: 'rejected' });
      },
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    render(<ConsoleApp />);
    const queue = await screen.findByRole('region', {
      name: 'Points mall redemptions waiting for a decision',
    });
    expect(await within(queue).findByText('Juan Cruz, 1 Ayala Ave, Makati, +639171234567')).toBeTruthy();
    const form = within(queue).getByRole('form', { name: 'Reject a redemption' });
    fireEvent.change(within(form).getByLabelText('Reference'), { target: { value: 'PR9' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'out of stock' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reject a redemption' }));
    expect(
      await within(queue).findByText('Redemption PR9 is rejected; its points and money went back.'),
    ).toBeTruthy();
    expect(calls).toContainEqual({ command: 'points', action: 'reject', ref: 'PR9', reason: 'out of stock' });
  });

  it("shows a member's identity documents on request, and verifies or rejects the waiting one with a reason", async () => {
    window.history.replaceState(null, '', '/console/players/demo');
    const submission = {
      id: 12,
      account: 'demo',
      idType: 'passport',
      status: 'pending',
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt: '2026-11-20T08:00:00.000Z',
    };
    const calls = serve({
      me: operator(['site.read', 'players.read', 'players.write']),
      'command:player': () => ok(page()),
      'command:kyc': (args) =>
        args.action === 'list'
          ? ok({ submissions: [submission] })
          : args.action === 'document'
            ? ok({
                id: 12,
                side: args.side,
                mime: 'image/png',
                dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
              })
            : ok({ ...submission, status: 'rejected', reason: args.reason }),
    });
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Verification' }));
    expect(await screen.findByText('Waiting for review')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Identity photo' }));
    expect(await screen.findByRole('img', { name: 'Identity photo of submission 12' })).toBeTruthy();
    expect(calls).toContainEqual({ command: 'kyc', action: 'document', id: 12, side: 'identity' });

    const reject = screen.getByRole('form', { name: 'Reject the documents' });
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject the documents' }));
    expect(within(reject).getByText(/./, { selector: '.c-error' })).toBeTruthy();
    expect(calls.filter((c) => c.action === 'reject')).toHaveLength(0);
    fireEvent.change(within(reject).getByLabelText('Why (the member reads it)'), {
      target: { value: 'The photo is blurred' },
    });
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject the documents' }));
    expect(
      await screen.findByText(
        'The documents of demo are rejected; the member has a message with the reason.',
      ),
    ).toBeTruthy();
    expect(calls).toContainEqual({
      command: 'kyc',
      action: 'reject',
      id: 12,
      reason: 'The photo is blurred',
    });
  });

  it("shows an agent's downline", async () => {
    window.history.replaceState(null, '', '/console/players/agent01');
    const agent = page();
    agent.profile = { ...agent.profile, account: 'agent01', kind: 'agent', agentType: 1, upline: null };
    serve({
      me: operator(['site.read', 'players.read']),
      'command:player': (args) =>
        args.action === 'tree'
          ? ok({
              teamSize: 2,
              directCount: 1,
              teamBalance: '12.50',
              members: [
                {
                  account: 'demo',
                  kind: 'member',
                  status: 'active',
                  balance: '12.50',
                  teamSize: 0,
                  createdAt: '2026-11-01T08:00:00.000Z',
                },
              ],
            })
          : ok(agent),
    });
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Downline' }));
    expect(await screen.findByText('Team: 2 members, 1 direct, balance 12.50')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'demo' })).toBeTruthy();
  });
});
