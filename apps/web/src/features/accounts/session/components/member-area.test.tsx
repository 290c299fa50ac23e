import type { WalletBalance } from '@aurum/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalBodyProps, type ModalRegistry, ModalTitle } from '../../../../components/ui';
import { MEMBER_CENTRE_PAGES } from '../../../../lib/modals/member-centre-pages';
import { FakeSocket } from '../../../../lib/realtime/testing';
import { endSession, startSession } from '../../../../lib/session/session-store';
import { fakeServer, ok } from '../../../../testing/fake-server';
import { sitePermission } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import MemberArea, { DROPDOWN_PAGES } from './member-area';

const wallet = (sumBalance: string): WalletBalance => ({
  sumBalance,
  balance: [{ accountTypeId: 2, availBalance: sumBalance }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
});

function CentreProbe({ params }: ModalBodyProps<'memberCenter'>) {
  return <ModalTitle>{`Centre ${params?.page}`}</ModalTitle>;
}

const registry = {
  announcement: null,
  notice: null,
  login: null,
  register: null,
  changePassword: null,
  forgotPassword: null,
  help: null,
  feedback: null,
  gameLaunch: null,
  chatRoom: null,
  memberCenter: { Body: CentreProbe },
  accountCenter: null,
} satisfies ModalRegistry;

const amount = () => document.querySelector('[data-balance-amount]')?.textContent ?? '';

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  sessionStorage.setItem('token', 't0ken');
  sessionStorage.setItem('account', 'demo');
  fakeServer({
    'GET /wps/v2/wallets/balance': () => ok(wallet('100')),
    'GET /wps/member/info': () => ok({ account: 'demo' }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MemberArea', () => {
  it('lists the member-centre pages of the spec dropdown that exist, in its order', async () => {
    renderWithApp(<MemberArea />, { registry });
    fireEvent.click(await screen.findByTestId('member-menu'));
    const items = screen.getAllByRole('menuitem');
    const pages = items.map((i) => i.getAttribute('data-page'));
    // REWCEN3 and PTSYS3 are off on this site: no reward center, no points.
    expect(pages).toEqual(DROPDOWN_PAGES.filter((p) => !p.vipOnly && !p.feature).map((p) => p.page));
    for (const page of pages) expect(MEMBER_CENTRE_PAGES).toContain(page);
    const order = [
      'depositv2',
      'withdraw',
      'playerRank',
      'personalHistoryCopy',
      'transactionHistory',
      'securityCenter',
    ];
    expect([...pages].sort((a, b) => order.indexOf(a!) - order.indexOf(b!))).toEqual(pages);
    expect(items.at(-1)?.textContent).toBe('My account');
  });

  it('offers the reward center with REWCEN3 and points (the mall page) with PTSYS3, before my account', async () => {
    const { router } = renderWithApp(<MemberArea />, {
      registry,
      permission: sitePermission({}, ['COMM3', 'REWCEN3', 'PTSYS3']),
      extraRoutes: [{ path: '/pointMall', element: <p>mall</p> }],
    });
    fireEvent.click(await screen.findByTestId('member-menu'));
    const pages = screen.getAllByRole('menuitem').map((i) => i.getAttribute('data-page'));
    expect(pages.slice(-3)).toEqual(['rewardCenter', 'pointMall', 'securityCenter']);
    expect(screen.getByRole('menuitem', { name: 'Reward center' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Points' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pointMall'));
  });

  it('shows the VIP label and the VIP bonus entry only with VIP', async () => {
    fakeServer({
      'GET /wps/member/info': () =>
        ok({ account: 'demo', hasVip: false, vipLabelName: null, vipRankLevel: 0 }),
    });
    const { unmount } = renderWithApp(<MemberArea />, { registry });
    fireEvent.click(await screen.findByTestId('member-menu'));
    await waitFor(() => expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0));
    expect(screen.queryByRole('menuitem', { name: 'VIP bonus' })).toBeNull();
    expect(document.querySelector('[data-vip-label]')).toBeNull();
    unmount();

    fakeServer({
      'GET /wps/v2/wallets/balance': () => ok(wallet('100')),
      'GET /wps/member/info': () =>
        ok({
          account: 'demo',
          hasVip: true,
          vipLabelName: 'VIP2',
          vipRankLevel: 2,
          clubLabel: { labelName: 'VIP2' },
        }),
    });
    renderWithApp(<MemberArea />, { registry });
    await waitFor(() => expect(document.querySelector('[data-vip-label]')?.textContent).toBe('VIP2'));
    fireEvent.click(await screen.findByTestId('member-menu'));
    const pages = screen.getAllByRole('menuitem').map((i) => i.getAttribute('data-page'));
    expect(pages.slice(0, 3)).toEqual(['depositv2', 'withdraw', 'playerRank']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'VIP bonus' }));
    expect(await screen.findByRole('dialog', { name: 'Centre playerRank' })).toBeTruthy();
  });

  it('offers a trial account no deposit or withdraw (play money only)', async () => {
    startSession('t0ken', { account: 'trial_x', isTrial: true });
    renderWithApp(<MemberArea />, { registry });
    fireEvent.click(await screen.findByTestId('member-menu'));
    const pages = screen.getAllByRole('menuitem').map((i) => i.getAttribute('data-page'));
    expect(pages).not.toContain('depositv2');
    expect(pages).not.toContain('withdraw');
    expect(pages).toContain('securityCenter');
    expect(document.querySelector('[data-action="deposit"]')).toBeNull();
  });

  it('opens the member centre on the chosen page', async () => {
    renderWithApp(<MemberArea />, { registry });
    fireEvent.click(await screen.findByTestId('member-menu'));
    const record = screen.getByRole('menuitem', { name: 'Account record' });
    fireEvent.click(record);
    expect(await screen.findByRole('dialog', { name: 'Centre transactionHistory' })).toBeTruthy();
  });

  it('updates the header balance from the session WebSocket, without a reload', async () => {
    const server = fakeServer({ 'GET /wps/v2/wallets/balance': () => ok(wallet('100')) });
    renderWithApp(<MemberArea />, { registry });
    await waitFor(() => expect(amount()).toContain('$100.00'));
    const socket = FakeSocket.last();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket.serverOpens());
    expect(socket.sent).toEqual([{ type: 'auth', merchant: 'AURUM', token: 't0ken' }]);
    act(() => {
      socket.serverSends({ type: 'ready' });
      socket.serverSends({ type: 'balance', balance: wallet('12345.6') });
    });
    await waitFor(() => expect(amount()).toContain('$12,345.60'));
    expect(server.callsTo('GET', '/wps/v2/wallets/balance')).toHaveLength(1);
  });

  it('closes the socket at logout', async () => {
    renderWithApp(<MemberArea />, { registry });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.last();
    act(() => socket.serverOpens());
    act(() => endSession());
    expect(socket.closedWith?.code).toBe(1000);
  });
});

describe('the header avatar', () => {
  it('shows the member’s own avatar with PROFPIC3 and the error image when it fails (spec §2, §10)', async () => {
    fakeServer({
      'GET /wps/v2/wallets/balance': () => ok(wallet('100')),
      'GET /wps/member/info': () => ok({ account: 'demo' }),
      'GET /wps/member/info/icon': () =>
        ok({ avatar: { url: '/wps/avatar/big.png', smallUrl: '/wps/avatar/small.png' } }),
    });
    renderWithApp(<MemberArea />, { registry, permission: sitePermission({}, ['COMM3', 'PROFPIC3']) });
    const button = await screen.findByRole('button', { name: 'Open my profile' });
    const img = button.querySelector('img')!;
    await waitFor(() => expect(img.getAttribute('src')).toBe('/wps/avatar/small.png'));
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/media/fallback/avatar.svg');
    expect(img.getAttribute('data-avatar')).toBe('fallback');
  });

  it('keeps the default picture without PROFPIC3 and asks for nothing', async () => {
    const server = fakeServer({
      'GET /wps/v2/wallets/balance': () => ok(wallet('100')),
      'GET /wps/member/info': () => ok({ account: 'demo' }),
    });
    renderWithApp(<MemberArea />, { registry });
    const button = await screen.findByRole('button', { name: 'Open my profile' });
    expect(button.querySelector('img')!.getAttribute('src')).toBe('/media/fallback/avatar.svg');
    expect(server.callsTo('GET', '/wps/member/info/icon')).toHaveLength(0);
  });
});
