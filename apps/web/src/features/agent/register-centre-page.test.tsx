import { LINK_VALIDITIES } from '@aurum/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok, type SeenCall } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import RegisterCentrePage, { linkUrl, VALIDITIES } from './register-centre-page';

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => startSession('tok', { account: 'boss', isAgent: true }));

const link = (over: Record<string, unknown> = {}) => ({
  id: 1,
  code: 'ABCD2345',
  memberType: 'player',
  validity: '7d',
  expiresAt: Date.UTC(2026, 2, 17, 4),
  expired: false,
  signups: 3,
  createdAt: Date.UTC(2026, 2, 10, 4),
  ...over,
});
/** Waits for the row of a link to show. */
const linkRow = (code: string) =>
  waitFor(() => {
    const row = document.querySelector(`[data-link="${code}"]`);
    if (!row) throw new Error(`no row for ${code}`);
    return row as HTMLElement;
  });
const render = (on = ['REGCEN']) =>
  renderWithApp(<RegisterCentrePage />, { permission: sitePermission({}, on) });

describe('Agent centre: register centre', () => {
  it('opens a downline and shows its one-time password once', async () => {
    const server = fakeServer({
      'GET /wps/agent/links': () => ok([]),
      'POST /wps/agent/team/members': (c: SeenCall) =>
        ok({
          id: 9,
          account: (c.body as { account: string }).account,
          type: 'agent',
          oneTimePassword: 'Xy7kPq2mZa',
        }),
    });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByRole('textbox', { name: 'Account name' }), 'newbie1');
    await user.click(
      within(screen.getByRole('form', { name: 'Open a downline' })).getByRole('radio', { name: 'Agent' }),
    );
    await user.click(screen.getByRole('button', { name: 'Open the account' }));
    expect(await screen.findByRole('heading', { name: 'Account newbie1 is open' })).toBeTruthy();
    expect(screen.getByText('Xy7kPq2mZa')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/team/members')[0]?.body).toEqual({
      account: 'newbie1',
      type: 'agent',
    });
    // Once the agent moves on, the password is gone for good.
    await user.click(screen.getByRole('button', { name: 'Open another account' }));
    expect(screen.queryByText('Xy7kPq2mZa')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Account name' })).toBeTruthy();
  });

  it('says why an opening was refused', async () => {
    fakeServer({
      'GET /wps/agent/links': () => ok([]),
      'POST /wps/agent/team/members': () =>
        fail(409, 'account.exists', 'This account name is already taken.'),
    });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByRole('textbox', { name: 'Account name' }), 'taken1');
    await user.click(screen.getByRole('button', { name: 'Open the account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^That did not work: /);
  });

  it('lists links with their address, QR code, validity and sign-ups; creates and deletes them', async () => {
    let links = [link()];
    const server = fakeServer({
      'GET /wps/agent/links': () => ok(links),
      'POST /wps/agent/links': (c: SeenCall) => {
        const created = link({ id: 2, code: 'ZZZZ9999', ...(c.body as object), expiresAt: null, signups: 0 });
        links = [created, ...links];
        return ok(created);
      },
      'DELETE /wps/agent/links': (c: SeenCall) => {
        links = links.filter((l) => String(l.id) !== c.query.get('id'));
        return ok({ id: Number(c.query.get('id')), deleted: true });
      },
    });
    const user = userEvent.setup();
    render();
    const row = await linkRow('ABCD2345');
    expect(row.textContent).toContain(linkUrl('ABCD2345'));
    expect(linkUrl('ABCD2345', 'https://aurum.example')).toBe(
      'https://aurum.example/register?affiliateCode=ABCD2345',
    );
    expect(row.textContent).toContain('7 days');
    expect(row.textContent).toContain('Sign-ups: 3');
    expect(within(row).getByRole('button', { name: 'Copy the link ABCD2345' })).toBeTruthy();

    await user.click(
      within(screen.getByRole('form', { name: 'Create link' })).getByRole('radio', { name: 'Agent' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Valid for' }), 'No limit');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await linkRow('ZZZZ9999');
    expect(server.callsTo('POST', '/wps/agent/links')[0]?.body).toEqual({
      memberType: 'agent',
      validity: 'none',
    });
    expect((document.querySelector('[data-link="ZZZZ9999"]') as HTMLElement).textContent).toContain(
      'Never expires',
    );

    await user.click(screen.getByRole('button', { name: 'Delete the link ABCD2345' }));
    await waitFor(() => expect(document.querySelector('[data-link="ABCD2345"]')).toBeNull());
    expect(server.callsTo('DELETE', '/wps/agent/links')[0]?.query.get('id')).toBe('1');
  });

  it('offers every validity the contract has', () => {
    expect([...VALIDITIES]).toEqual([...LINK_VALIDITIES]);
  });

  it('marks an expired link', async () => {
    fakeServer({ 'GET /wps/agent/links': () => ok([link({ expired: true })]) });
    render();
    const row = await linkRow('ABCD2345');
    expect(row.textContent).toContain('Expired');
  });

  it('says the page is not available when REGCEN is off', async () => {
    const server = fakeServer({});
    render([]);
    expect(await screen.findByText('This page is not available on this site.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
