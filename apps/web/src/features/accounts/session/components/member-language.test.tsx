import type { WalletBalance } from '@aurum/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../../lib/realtime/testing';
import { fakeServer, ok } from '../../../../testing/fake-server';
import { switchToChineseForTest } from '../../../../testing/language';
import { renderWithApp } from '../../../../testing/render';
import MemberArea from './member-area';

const wallet: WalletBalance = {
  sumBalance: '100',
  balance: [{ accountTypeId: 2, availBalance: '100' }],
  currency: 'USD',
  currencySymbol: '$',
  playMoney: false,
};

/** Spec §7 (the checklist's "language update call"): the member's language is kept on the server. */
describe('the member language update call', () => {
  let back: (() => Promise<void>) | null = null;
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    sessionStorage.setItem('token', 't0ken');
    sessionStorage.setItem('account', 'demo');
  });
  afterEach(async () => {
    await back?.();
    back = null;
    vi.unstubAllGlobals();
  });

  it('sends the new language when a signed-in member switches, and nothing on the first render', async () => {
    const server = fakeServer({
      'GET /wps/v2/wallets/balance': () => ok(wallet),
      'GET /wps/member/info': () => ok({ account: 'demo' }),
      'PUT /wps/member/language': (call) => ok(call.body),
    });
    renderWithApp(<MemberArea />);
    expect(await screen.findByTestId('member-menu')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET', '/wps/v2/wallets/balance').length).toBeGreaterThan(0));
    // Rendering in the member's current language tells the server nothing.
    expect(server.callsTo('PUT', '/wps/member/language')).toEqual([]);

    await act(async () => {
      back = await switchToChineseForTest();
    });
    await waitFor(() => expect(server.callsTo('PUT', '/wps/member/language')).toHaveLength(1));
    expect(server.callsTo('PUT', '/wps/member/language')[0]!.body).toEqual({ language: 'CN' });
  });

  it('keeps the page working when the server refuses the call', async () => {
    const server = fakeServer({
      'GET /wps/v2/wallets/balance': () => ok(wallet),
      'GET /wps/member/info': () => ok({ account: 'demo' }),
      'PUT /wps/member/language': () =>
        new Response(JSON.stringify({ success: false, errorCode: 'server.error', message: '' }), {
          status: 500,
        }),
    });
    renderWithApp(<MemberArea />);
    expect(await screen.findByTestId('member-menu')).toBeTruthy();
    await act(async () => {
      back = await switchToChineseForTest();
    });
    await waitFor(() => expect(server.callsTo('PUT', '/wps/member/language')).toHaveLength(1));
    expect(screen.getByTestId('member-menu')).toBeTruthy();
  });
});
