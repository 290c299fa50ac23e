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
      'Overview',
      'Site settings',
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
});
