import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './console-app';
import { ok, serve } from './testing';

const admin = {
  name: 'ada',
  role: 'admin',
  permissions: [
    'site.read',
    'site.write',
    'payments.read',
    'payments.approve',
    'operators.manage',
    'audit.read',
    'risk.read',
  ],
};
const status = ok({
  maintenance: { on: false, end: null },
  region: { on: false, countries: [], ranges: [] },
  version: 1,
});

describe('the operator console', () => {
  beforeEach(() => window.localStorage.setItem('aurum-console-language', 'EN'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('signs in with name, password and code, then shows the sections the role may open', async () => {
    window.history.replaceState(null, '', '/console/sign-in');
    const calls = serve({
      'sign-in': ok({
        operator: { name: 'bea', role: 'support', permissions: ['site.read', 'payments.read'] },
        expiresAt: '',
      }),
      me: ok({ name: 'bea', role: 'support', permissions: ['site.read', 'payments.read'] }),
      'command:status': status,
    });
    render(<ConsoleApp />);
    fireEvent.change(screen.getByLabelText('Operator name'), { target: { value: 'bea' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'quiet-harbour-lantern-42' } });
    fireEvent.change(screen.getByLabelText('Authenticator code or recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The site is open.')).toBeTruthy();
    expect(window.location.pathname).toBe('/console');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Site settings',
      'Features',
      'Second approvals',
      'Withdrawals',
      'Deposits',
    ]);
    // Support may not switch maintenance: the button is not there (and the server refuses it).
    expect(screen.queryByRole('button', { name: 'Start maintenance' })).toBeNull();
    expect(calls[0]).toMatchObject({ path: 'sign-in', body: { name: 'bea', code: '123456' } });
    expect(calls[0]!.headers).toMatchObject({ 'x-console-request': '1' });
  });

  it('shows why a sign-in failed and keeps the operator on the form', async () => {
    window.history.replaceState(null, '', '/console/sign-in');
    serve({
      'sign-in': {
        success: false,
        errorCode: 'console.locked',
        message: 'Too many failed sign-ins: the account is locked for 15 more minutes.',
      },
    });
    render(<ConsoleApp />);
    fireEvent.change(screen.getByLabelText('Operator name'), { target: { value: 'bea' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Authenticator code or recovery code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('15 more minutes');
    expect(window.location.pathname).toBe('/console/sign-in');
  });

  it('returns to the sign-in with a notice when the session has ended', async () => {
    window.history.replaceState(null, '', '/console/withdrawals');
    serve({
      me: ok(admin),
      'command:withdraw': { success: false, errorCode: 'console.session.invalid', message: 'ended' },
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('Your session ended. Please sign in again.')).toBeTruthy();
    expect(window.location.pathname).toBe('/console/sign-in');
  });

  it('approves a pending withdrawal after a confirmation, and rejects one with a reason', async () => {
    window.history.replaceState(null, '', '/console/withdrawals');
    const order = {
      orderNo: 'W1',
      member: 'demo',
      amount: '50.00',
      status: 'PENDING',
      createdAt: '2026-11-26T08:00:00Z',
      account: { provider: 'BDO', payeeName: 'Juan', accountNumber: '1234' },
    };
    const calls = serve({
      me: ok(admin),
      'command:withdraw': (body) => {
        const args = (body as { args: { action: string } }).args;
        return args.action === 'list'
          ? ok({ orders: [order] })
          : ok({ ...order, status: args.action === 'approve' ? 'PAID' : 'REJECTED' });
      },
    });
    vi.stubGlobal('confirm', () => true);
    vi.stubGlobal('prompt', () => 'name does not match');
    render(<ConsoleApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Done: W1 is now Paid.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Done: W1 is now Rejected.')).toBeTruthy();
    const actions = calls.filter((c) => c.path === 'command').map((c) => (c.body as { args: unknown }).args);
    expect(actions).toContainEqual({ command: 'withdraw', action: 'approve', orderNo: 'W1' });
    expect(actions).toContainEqual({
      command: 'withdraw',
      action: 'reject',
      orderNo: 'W1',
      reason: 'name does not match',
    });
  });

  it('shows a bank deposit’s proof image when asked, and the gateways’ webhook log', async () => {
    window.history.replaceState(null, '', '/console/deposits');
    const order = {
      orderNo: 'D1',
      account: 'demo',
      type: 'BANK',
      amount: '75.25',
      status: 'PENDING',
      createdAt: '2026-11-26T08:00:00Z',
      proofKey: 'deposit-proof/ab/x.png',
    };
    const calls = serve({
      me: ok(admin),
      'command:deposit': (body) => {
        const args = (body as { args: { action: string } }).args;
        if (args.action === 'list')
          return ok({ orders: [order, { ...order, orderNo: 'D2', proofKey: null }] });
        if (args.action === 'proof')
          return ok({ orderNo: 'D1', mime: 'image/png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
        return ok({
          webhooks: [
            {
              id: 7,
              gateway: 'sandbox',
              receivedAt: '2026-11-26T08:01:00Z',
              orderNo: 'D9',
              txnId: 'TXN9',
              outcome: 'PAID',
              amount: '20.00',
              currency: 'USD',
              result: 'refused',
              errorCode: 'cashier.webhook.mismatch',
              message: 'The amount or currency is not the order’s.',
            },
          ],
        });
      },
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('The amount or currency is not the order’s.')).toBeTruthy();
    expect(screen.getByText('Refused')).toBeTruthy();
    // Only the order with a proof offers it; the image is fetched when asked for.
    const buttons = await screen.findAllByRole('button', { name: /^Proof image of/ });
    expect(buttons).toHaveLength(1);
    expect(calls.some((c) => (c.body as { args?: { action?: string } })?.args?.action === 'proof')).toBe(
      false,
    );
    fireEvent.click(buttons[0]!);
    const image = await screen.findByRole('img', { name: 'Proof image of D1' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('shows large wins and withdrawals, and finds the accounts linked to a member', async () => {
    window.history.replaceState(null, '', '/console/risk');
    const calls = serve({
      me: ok(admin),
      'command:risk': ok([]),
      'command:risk-alerts': ok({
        winAbove: '5000.00',
        withdrawAbove: '5000.00',
        days: 7,
        alerts: [
          {
            kind: 'withdrawal',
            at: '2026-11-26T08:00:00Z',
            account: 'bob',
            amount: '8000.00',
            reference: 'W77',
            detail: 'PENDING',
          },
        ],
      }),
      'command:risk-links': ok({
        account: 'amy',
        linked: [{ account: 'cat', status: 'active', shared: [{ kind: 'payee', value: 'BDO 5555' }] }],
      }),
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('W77')).toBeTruthy();
    expect(screen.getByText('Wins of 5000.00 or more and withdrawals of 5000.00 or more.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Linked accounts' });
    fireEvent.change(form.querySelector('input')!, { target: { value: ' amy ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find links' }));
    expect(await screen.findByText('BDO 5555')).toBeTruthy();
    expect(calls.map((c) => (c.body as { args?: unknown })?.args)).toContainEqual({
      command: 'risk-links',
      account: 'amy',
    });
  });

  it('switches a feature flag live after a confirmation, and shows a branch a parent turned off', async () => {
    window.history.replaceState(null, '', '/console/features');
    let hot = true;
    const calls = serve({
      me: ok(admin),
      'command:feature': (body) => {
        const args = (body as { args: { action: string; on?: boolean } }).args;
        if (args.action === 'set') hot = args.on ?? hot;
        const rows = [
          { modId: 'GAMELO3', enabled: true, effective: true, parents: [] },
          { modId: 'GAMELOHOT3', enabled: hot, effective: hot, parents: ['GAMELO3'] },
          { modId: 'COMM3', enabled: false, effective: false, parents: [] },
          { modId: 'FEEDBACK3', enabled: true, effective: false, parents: ['COMM3'] },
        ];
        return args.action === 'set' ? ok(rows[1]) : ok(rows);
      },
    });
    vi.stubGlobal('confirm', () => true);
    render(<ConsoleApp />);
    expect(await screen.findByText('Off (a parent is off)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn GAMELOHOT3 off' }));
    expect(await screen.findByText('GAMELOHOT3 is off.')).toBeTruthy();
    expect(calls.map((c) => (c.body as { args?: unknown })?.args)).toContainEqual({
      command: 'feature',
      action: 'set',
      modId: 'GAMELOHOT3',
      on: false,
    });
    expect(await screen.findByRole('button', { name: 'Turn GAMELOHOT3 on' })).toBeTruthy();
  });

  it('enrols from the link: the token leaves the address bar, and the recovery codes are shown once', async () => {
    const token = 'a'.repeat(43);
    window.history.replaceState(null, '', `/console/enrol#${token}`);
    const calls = serve({
      'enrol/start': ok({
        name: 'cid',
        email: 'cid@example.com',
        role: 'finance',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
      }),
      'enrol/finish': ok({ name: 'cid', recoveryCodes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'] }),
    });
    render(<ConsoleApp />);
    expect(await screen.findByText('Account cid (Finance)')).toBeTruthy();
    expect(window.location.hash).toBe('');
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'quiet-harbour-lantern-42' },
    });
    fireEvent.change(screen.getByLabelText('Repeat the password'), {
      target: { value: 'quiet-harbour-lantern-43' },
    });
    fireEvent.change(screen.getByLabelText('Six-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByText('The passwords differ.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Repeat the password'), {
      target: { value: 'quiet-harbour-lantern-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByText('AAAA-BBBB-CCCC')).toBeTruthy();
    expect(calls.find((c) => c.path === 'enrol/finish')?.body).toEqual({
      token,
      password: 'quiet-harbour-lantern-42',
      code: '123456',
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them: sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/console/sign-in'));
  });

  it('speaks Chinese when chosen, and remembers it', async () => {
    window.history.replaceState(null, '', '/console/sign-in');
    serve({});
    render(<ConsoleApp />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch the console to Chinese' }));
    expect(await screen.findByRole('heading', { name: '登录运营后台' })).toBeTruthy();
    expect(window.localStorage.getItem('aurum-console-language')).toBe('CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('sends a large approval for a second operator, and lets only another operator carry one out', async () => {
    window.history.replaceState(null, '', '/console/approvals');
    const request = (id: number, by: string) => ({
      id,
      command: { command: 'adjust', account: 'demo', amount: '2500.00', reason: 'missing win' },
      amount: '2500.00',
      requestedBy: by,
      requestedAt: '2026-11-26T08:00:00Z',
      status: 'pending',
    });
    const calls = serve({
      me: ok(admin),
      'command:approval': (body) => {
        const args = (body as { args: { action: string } }).args;
        return args.action === 'list'
          ? ok([request(7, 'ada'), request(8, 'finn')])
          : ok({ approval: {}, result: {} });
      },
    });
    vi.stubGlobal('confirm', () => true);
    render(<ConsoleApp />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]?.textContent).toContain('Waiting for a second operator');
    expect(rows[2]?.textContent).toContain('finn');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request #8 approved and carried out.')).toBeTruthy();
    expect(calls.map((c) => c.body)).toContainEqual({
      args: { command: 'approval', action: 'approve', id: 8 },
    });
  });
  const dashboard = {
    businessDay: '2026-11-26',
    utcOffset: '+08:00',
    today: {
      deposits: { amount: '12345.60', count: 3 },
      withdrawals: { amount: '120.50', count: 1 },
      ggr: '-5.00',
      ngr: '-10.00',
      activePlayers: 7,
    },
    pendingApprovals: 2,
    pendingDeposits: { count: 1, amount: '55.25' },
    pendingWithdrawals: { count: 0, amount: '0.00' },
    heldRiskCredits: { count: 1, amount: '900.00' },
    breakGlass: {
      days: 7,
      count: 1,
      latest: [{ at: '2026-11-25T10:00:00.000Z', actor: 'break-glass:root', action: 'adjust' }],
    },
    series: Array.from({ length: 14 }, (_, i) => ({
      day: `2026-11-${String(13 + i).padStart(2, '0')}`,
      deposits: i === 13 ? '12345.60' : '100.00',
      withdrawals: '0.00',
      ggr: i === 13 ? '-5.00' : '10.00',
      ngr: '5.00',
    })),
  };
  const reporter = {
    name: 'rae',
    role: 'reporting',
    permissions: ['site.read', 'payments.read', 'reports.read'],
  };

  it("shows the dashboard: today's figures, what waits, break-glass use and accessible charts", async () => {
    window.history.replaceState(null, '', '/console');
    serve({ me: ok(reporter), 'command:status': status, 'command:dashboard': ok(dashboard) });
    render(<ConsoleApp />);
    expect(await screen.findByText('Today, 2026-11-26 (business day, UTC+08:00)')).toBeTruthy();
    const deposits = screen.getByRole('heading', { name: 'Deposits' }).closest('article')!;
    expect(deposits.textContent).toBe('Deposits12,345.603 orders');
    expect(screen.getByText('-10.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open second approvals' }).getAttribute('href')).toBe(
      '/console/approvals',
    );
    expect(screen.getByRole('status').textContent).toContain('Break-glass command line used 1 times');
    expect(screen.getByRole('status').textContent).toContain('break-glass:root');
    const charts = screen.getAllByRole('img');
    expect(charts).toHaveLength(2);
    expect(charts[0]!.getAttribute('aria-label')).toBe(
      'Deposits and withdrawals, 14 days from 2026-11-13 to 2026-11-26. Deposits: 13,645.60 in all, highest 12,345.60 on 2026-11-26. Withdrawals: 0.00 in all, highest 0.00 on 2026-11-13.',
    );
    // The same figures as a table for screen readers.
    const table = screen.getByRole('table', { name: 'GGR and NGR, 14 days' });
    expect(table.textContent).toContain('2026-11-26-5.005.00');
    // The site tiles stay.
    expect(screen.getByText('Maintenance')).toBeTruthy();
  });

  it('shows no figures to a role without reports.read, and no reports section', async () => {
    window.history.replaceState(null, '', '/console/reports');
    const calls = serve({ me: ok(admin), 'command:status': status });
    render(<ConsoleApp />);
    expect(await screen.findByText('Maintenance')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(calls.some((c) => c.path === 'command' && JSON.stringify(c.body).includes('dashboard'))).toBe(
      false,
    );
  });

  it('runs a report by range and grouping, shows the total, and downloads it as CSV', async () => {
    window.history.replaceState(null, '', '/console/reports');
    const ggr = {
      rows: [
        { category: 'LIVE', stakes: '70.00', bets: 2, payouts: '10.00', ggr: '60.00' },
        { category: 'INHOUSE', stakes: '33.00', bets: 4, payouts: '46.00', ggr: '-13.00' },
      ],
      total: { stakes: '103.00', bets: 6, payouts: '56.00', ggr: '47.00', ngr: '42.00' },
    };
    const calls = serve({
      me: ok(reporter),
      'command:report': (body) => {
        const args = (body as { args: Record<string, unknown> }).args;
        if (args.format === 'csv') return ok({ filename: 'aurum-ggr-by-category.csv', csv: 'category\r\n' });
        if (String(args.from) > String(args.to))
          return { success: false, errorCode: 'ops.invalid', message: 'from is after to' };
        return ok(args.by === 'category' ? ggr : { rows: [], total: {} });
      },
    });
    const created: Blob[] = [];
    const clicked: string[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => {
        created.push(b);
        return 'blob:x';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render(<ConsoleApp />);
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-22' } });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'category' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('LIVE')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('47.00')).toBeTruthy();
    const reports = calls.filter((c) => c.path === 'command').map((c) => (c.body as { args: unknown }).args);
    expect(reports).toContainEqual({
      command: 'report',
      action: 'ggr',
      from: '2026-11-20',
      to: '2026-11-22',
      by: 'category',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['aurum-ggr-by-category.csv']));
    expect(created[0]!.type).toBe('text/csv;charset=utf-8');
    // The server refuses a bad range: its reason shows.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toContain('from is after to');
    click.mockRestore();
  });
});
