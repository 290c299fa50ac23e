import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import DownlineManagementPage from './downline-management-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const row = (over: Record<string, unknown> = {}) => ({
  id: 5,
  account: 'leaf1',
  nickname: null,
  level: 1,
  type: 'player',
  upline: 'boss',
  status: 'active',
  balance: '25.50',
  teamSize: 1,
  teamBalance: '25.50',
  lastLoginAt: null,
  regDate: Date.UTC(2026, 2, 10, 4),
  mobile: null,
  email: null,
  realName: null,
  ...over,
});
const members =
  (r = row()) =>
  () =>
    ok({ content: [r], pageNum: 1, totalPages: 1, total: 1 });
const render = () =>
  renderWithApp(<DownlineManagementPage />, { permission: sitePermission({}, ['DOWNMAN']) });

async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Manage leaf1' }));
  const panel = document.querySelector('[data-downline-actions="leaf1"]') as HTMLElement;
  return { user, panel: within(panel) };
}

describe('Agent centre: downline actions', () => {
  it('disables a downline and resets its password, showing the one-time password once', async () => {
    const server = fakeServer({
      'GET /wps/agent/team/members': members(),
      'GET /wps/agent/downline/notes': () => ok([]),
      'POST /wps/agent/downline/status': () => ok({ account: 'leaf1', status: 'disabled' }),
      'POST /wps/agent/downline/password-reset': () =>
        ok({ account: 'leaf1', oneTimePassword: 'Abc234defG' }),
    });
    render();
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole('button', { name: 'Disable' }));
    expect(await panel.findByText('leaf1 is now Disabled.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/downline/status')[0]!.body).toEqual({
      account: 'leaf1',
      status: 'disabled',
    });
    expect(panel.getByRole('button', { name: 'Enable' })).toBeTruthy();
    await user.click(panel.getByRole('button', { name: 'Reset password' }));
    expect(await panel.findByText('Abc234defG')).toBeTruthy();
  });

  it('shows a refused reset (second factor) as a failure', async () => {
    fakeServer({
      'GET /wps/agent/team/members': members(),
      'GET /wps/agent/downline/notes': () => ok([]),
      'POST /wps/agent/downline/password-reset': () => fail(409, 'agent.downline.second.factor'),
    });
    render();
    const { user, panel } = await openPanel();
    await user.click(panel.getByRole('button', { name: 'Reset password' }));
    expect(await panel.findByText(/That did not work/)).toBeTruthy();
  });

  it('adds a note, sends a message and recalls from a direct downline with the payment password', async () => {
    let notes: unknown[] = [];
    const server = fakeServer({
      'GET /wps/agent/team/members': members(),
      'GET /wps/agent/downline/notes': () => ok(notes),
      'POST /wps/agent/downline/notes': () => {
        notes = [{ id: 1, body: 'VIP soon', createdAt: Date.UTC(2026, 2, 10) }];
        return ok(notes[0]);
      },
      'POST /wps/agent/downline/message': () => ok({ id: 9 }),
      'POST /wps/agent/downline/recall': () =>
        ok({ transferId: 3, amount: '20.00', txTypeId: 13, createdAt: 1, balanceAfter: '120.00' }),
    });
    render();
    const { user, panel } = await openPanel();
    expect(await panel.findByText('No notes yet.')).toBeTruthy();
    await user.type(panel.getByRole('textbox', { name: 'New note' }), 'VIP soon');
    await user.click(panel.getByRole('button', { name: 'Add note' }));
    expect(await panel.findByText(/VIP soon/)).toBeTruthy();
    await user.type(panel.getByRole('textbox', { name: 'Title' }), 'Hello');
    await user.type(panel.getByRole('textbox', { name: 'Message' }), 'Welcome');
    await user.click(panel.getByRole('button', { name: 'Send a message' }));
    expect(await panel.findByText('The message was sent.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/downline/message')[0]!.body).toEqual({
      account: 'leaf1',
      title: 'Hello',
      body: 'Welcome',
    });
    await user.type(panel.getByRole('textbox', { name: 'Amount' }), '20');
    await user.type(panel.getByLabelText('Withdraw password'), '654321');
    await user.click(panel.getByRole('button', { name: 'Recall from main wallet' }));
    expect(await panel.findByText('Recalled $20.00.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/downline/recall')[0]!.body).toMatchObject({
      account: 'leaf1',
      amount: '20',
      paymentPassword: '654321',
    });
  });

  it('offers no recall for a downline below the first level', async () => {
    fakeServer({
      'GET /wps/agent/team/members': members(row({ level: 2 })),
      'GET /wps/agent/downline/notes': () => ok([]),
    });
    render();
    const { panel } = await openPanel();
    expect(panel.queryByRole('button', { name: 'Recall from main wallet' })).toBeNull();
  });
});
