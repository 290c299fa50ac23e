import type { WalletBalance } from '@aurum/contract';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceText } from '../../../../lib/account/balance';
import { fail, fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { COUNT_UP_MS, HeaderBalance, useCountUp } from './header-balance';

const wallet = (sumBalance: string, extra: Partial<WalletBalance> = {}): WalletBalance => ({
  sumBalance,
  balance: [{ accountTypeId: 2, availBalance: sumBalance }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
  ...extra,
});

const amount = () => document.querySelector('[data-balance-amount]')?.textContent ?? '';
const eye = () => screen.getByRole('button', { name: 'Hide balance' });

beforeEach(() => {
  sessionStorage.setItem('token', 't0ken');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('balanceText', () => {
  it('shows the symbol, 2 decimals and thousands separators; asterisks when hidden', () => {
    expect(balanceText(123_456_789n, '$', false)).toBe('$1,234,567.89');
    expect(balanceText(5n, '₱', false)).toBe('₱0.05');
    expect(balanceText(0n, '$', false)).toBe('$0.00');
    expect(balanceText(123_456_789n, '$', true)).toBe('******');
    expect(balanceText(null, '$', false)).toBeNull();
    expect(balanceText(null, '$', true)).toBe('******');
  });
});

describe('HeaderBalance', () => {
  // Values land at once (the count-up is useCountUp's test), so the assertions wait for nothing.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  });

  it('shows the balance from the balance call, starting shown', async () => {
    fakeServer({ 'GET /wps/v2/wallets/balance': () => ok(wallet('1234567.8')) });
    renderWithApp(<HeaderBalance />);
    await waitFor(() => expect(amount()).toContain('$1,234,567.80'));
    expect(eye().getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('group', { name: 'Balance' })).toBeTruthy();
  });

  it('hides behind asterisks with the eye, and keeps the choice for the session', async () => {
    fakeServer({ 'GET /wps/v2/wallets/balance': () => ok(wallet('88.5')) });
    const first = renderWithApp(<HeaderBalance />);
    await waitFor(() => expect(amount()).toContain('$88.50'));
    fireEvent.click(eye());
    expect(amount()).toContain('******');
    expect(amount()).not.toContain('88');
    expect(eye().getAttribute('aria-pressed')).toBe('true');
    expect(sessionStorage.getItem('balanceHidden')).toBe('1');
    first.unmount();
    // A new page view of the same session starts hidden.
    renderWithApp(<HeaderBalance />);
    expect(amount()).toContain('******');
    fireEvent.click(eye());
    await waitFor(() => expect(amount()).toContain('$88.50'));
    expect(sessionStorage.getItem('balanceHidden')).toBe('0');
  });

  it('labels play money for trial accounts', async () => {
    fakeServer({ 'GET /wps/v2/wallets/balance': () => ok(wallet('2000', { playMoney: true })) });
    renderWithApp(<HeaderBalance />);
    expect(await screen.findByText('Play money')).toBeTruthy();
  });

  it('refreshes on demand, and says when the balance cannot be read', async () => {
    let value = '1';
    let broken = false;
    const server = fakeServer({
      'GET /wps/v2/wallets/balance': () => (broken ? fail(500, 'system.error') : ok(wallet(value))),
    });
    renderWithApp(<HeaderBalance />);
    await waitFor(() => expect(amount()).toContain('$1.00'));
    value = '2';
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(amount()).toContain('$2.00'));
    expect(server.callsTo('GET', '/wps/v2/wallets/balance')).toHaveLength(2);
    broken = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(server.callsTo('GET', '/wps/v2/wallets/balance')).toHaveLength(3));
    // The last known balance stays rather than a blank.
    expect(amount()).toContain('$2.00');
  });
});

describe('useCountUp', () => {
  it('shows the first value at once, then counts to a new one in exact steps', () => {
    // Frames driven by hand: each call of frame(t) runs the pending animation frame at time t.
    const pending: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => pending.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const frame = (t: number) => act(() => pending.shift()?.(t));
    const { result, rerender } = renderHook(({ v }) => useCountUp(v), {
      initialProps: { v: 100n as bigint | null },
    });
    expect(result.current).toBe(100n);
    rerender({ v: 1_000_100n });
    expect(result.current).toBe(100n);
    frame(COUNT_UP_MS / 3);
    const midway = result.current!;
    expect(midway > 100n && midway < 1_000_100n).toBe(true);
    frame(COUNT_UP_MS);
    expect(result.current).toBe(1_000_100n);
    expect(pending).toHaveLength(0);
  });

  it('jumps straight there with reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    const { result, rerender } = renderHook(({ v }) => useCountUp(v), {
      initialProps: { v: 100n as bigint | null },
    });
    act(() => rerender({ v: 500n }));
    expect(result.current).toBe(500n);
  });
});
