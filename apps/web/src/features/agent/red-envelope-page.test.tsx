import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import RedEnvelopePage from './red-envelope-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const downlines = () =>
  ok({
    content: [
      { account: 'alice', nickname: null, type: 0, regDate: 0 },
      { account: 'bob', nickname: null, type: 0, regDate: 0 },
    ],
    pageNum: 1,
    totalPages: 1,
    total: 2,
  });
const envelope = {
  id: 3,
  split: 'equal',
  total: '100.00',
  parts: [
    { account: 'bob', amount: '50.00' },
    { account: 'alice', amount: '50.00' },
  ],
  createdAt: Date.UTC(2026, 2, 10, 4),
};
const permission = () => sitePermission({}, ['AGENTRANSMULTDOWN3']);

describe('Agent centre: red envelopes', () => {
  it('sends an envelope to the chosen direct downlines with the payment password and lists it', async () => {
    let sent = false;
    const server = fakeServer({
      'GET /wps/agent/downlines': downlines,
      'GET /wps/agent/envelopes': () =>
        ok({ content: sent ? [envelope] : [], pageNum: 1, totalPages: sent ? 1 : 0, total: sent ? 1 : 0 }),
      'POST /wps/agent/envelopes': () => {
        sent = true;
        return ok(envelope);
      },
    });
    renderWithApp(<RedEnvelopePage />, { permission: permission() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'bob' }));
    await user.click(screen.getByRole('checkbox', { name: 'alice' }));
    await user.type(screen.getByRole('textbox', { name: 'Total amount' }), '100');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent $100.00 to 2 downlines.')).toBeTruthy();
    const call = server.callsTo('POST', '/wps/agent/envelopes')[0]!;
    expect(call.body).toMatchObject({
      recipients: ['bob', 'alice'],
      total: '100',
      split: 'equal',
      paymentPassword: '654321',
    });
    expect(typeof (call.body as { idempotencyKey: string }).idempotencyKey).toBe('string');
    expect(await screen.findByText(/bob: \$50\.00, alice: \$50\.00/)).toBeTruthy();
  });

  it('asks for a recipient before sending, and shows a refusal', async () => {
    const server = fakeServer({
      'GET /wps/agent/downlines': downlines,
      'GET /wps/agent/envelopes': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }),
      'POST /wps/agent/envelopes': () => fail(400, 'wallet.insufficient.funds'),
    });
    renderWithApp(<RedEnvelopePage />, { permission: permission() });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'bob' });
    await user.type(screen.getByRole('textbox', { name: 'Total amount' }), '5');
    await user.type(screen.getByLabelText('Withdraw password'), '654321');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose at least one recipient.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/envelopes')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'bob' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/That did not work/)).toBeTruthy();
  });

  it('asks the agent to set up a payment password first', async () => {
    fakeServer({
      'GET /wps/agent/envelopes': () => ok({ content: [], pageNum: 1, totalPages: 0, total: 0 }),
      'GET /wps/member/info': () =>
        ok({
          id: 1,
          account: 'boss',
          userName: 'boss',
          nickname: null,
          type: 1,
          mobile: null,
          regDate: 0,
          email: null,
          language: 'en',
          isAgent: true,
          isTrial: false,
          pwdEnabled: false,
          hasPassword: true,
          hasFreePlay: false,
          showVerCodeLogin: false,
          clubLabel: null,
          hasVip: false,
          vipLabelName: null,
          vipRankLevel: 0,
        }),
    });
    renderWithApp(<RedEnvelopePage />, { permission: permission() });
    expect(await screen.findByRole('heading', { name: 'Set a withdraw password first' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('says the page is not available when AGENTRANSMULTDOWN3 is off', async () => {
    const server = fakeServer({});
    renderWithApp(<RedEnvelopePage />, { permission: sitePermission({}, []) });
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.callsTo('GET', '/wps/agent/envelopes')).toHaveLength(0);
  });
});
