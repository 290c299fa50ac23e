import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../lib/session/session-store';
import { fail, fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import AgentHomePage from './agent-home-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => endSession());

const on = () => sitePermission({}, ['COMM3', 'DIRECTREG3', 'REG3', 'AFFMAN3']);
const application = (status: string, decisionReason: string | null = null) => ({
  id: 7,
  reason: 'I run a community of players.',
  channels: ['social'],
  teamSize: 30,
  status,
  decisionReason,
  createdAt: Date.UTC(2026, 2, 10, 4),
  decidedAt: status === 'pending' ? null : Date.UTC(2026, 2, 11, 4),
});

describe('Agent home: the affiliate application', () => {
  it('lets a member apply (why, channels, team size) and then shows the application under review', async () => {
    startSession('tok', { account: 'demo', isAgent: false });
    let sent = false;
    const server = fakeServer({
      'GET /wps/agent/application': () =>
        ok(
          sent
            ? { application: application('pending'), isAgent: false, canApply: false }
            : { application: null, isAgent: false, canApply: true },
        ),
      'POST /wps/agent/application': () => {
        sent = true;
        return ok(application('pending'));
      },
    });
    renderWithApp(<AgentHomePage />, { permission: on() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    // Checked in the page first: nothing is sent.
    expect(await screen.findByText('Tell us why in at least 10 characters.')).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/application')).toHaveLength(0);

    await user.type(
      screen.getByLabelText('Why do you want to become an agent?'),
      'I run a community of players.',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Choose at least one channel.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Social media' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chat groups' }));
    await user.type(screen.getByRole('textbox', { name: 'How many members do you expect to bring?' }), '30');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/is being reviewed\./)).toBeTruthy();
    expect(server.callsTo('POST', '/wps/agent/application')[0]!.body).toEqual({
      reason: 'I run a community of players.',
      channels: ['social', 'chat'],
      teamSize: 30,
    });
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('shows a rejection with its reason and the form again; a refusal of the server is shown', async () => {
    startSession('tok', { account: 'demo', isAgent: false });
    fakeServer({
      'GET /wps/agent/application': () =>
        ok({ application: application('rejected', 'No channel given'), isAgent: false, canApply: true }),
      'POST /wps/agent/application': () => fail(409, 'affiliate.application.pending'),
    });
    renderWithApp(<AgentHomePage />, { permission: on() });
    const user = userEvent.setup();
    expect(await screen.findByText(/was not approved\. Reason: No channel given/)).toBeTruthy();
    await user.type(screen.getByLabelText('Why do you want to become an agent?'), 'A second, better reason.');
    await user.click(screen.getByRole('checkbox', { name: 'Website or blog' }));
    await user.type(screen.getByRole('textbox', { name: 'How many members do you expect to bring?' }), '5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your application is already being reviewed.')).toBeTruthy();
  });

  it('is hidden, and asks nothing of the server, while AFFMAN3 is off', async () => {
    startSession('tok', { account: 'demo', isAgent: false });
    const server = fakeServer({});
    renderWithApp(<AgentHomePage />, { permission: sitePermission({}, ['COMM3', 'DIRECTREG3', 'REG3']) });
    expect(await screen.findByText('This account is not an agent account')).toBeTruthy();
    expect(screen.queryByText('Become an agent')).toBeNull();
    expect(server.callsTo('GET', '/wps/agent/application')).toHaveLength(0);
  });

  it('turns the session into an agent one once the application is approved', async () => {
    startSession('tok', { account: 'demo', isAgent: false });
    const server = fakeServer({
      'GET /wps/agent/application': () =>
        ok({ application: application('approved'), isAgent: true, canApply: false }),
      'GET /wps/member/info': () =>
        ok({ account: 'demo', userName: 'demo', id: 3, isAgent: true, isTrial: false }),
    });
    renderWithApp(<AgentHomePage />, { permission: on() });
    expect(await screen.findByRole('button', { name: 'Agent centre' })).toBeTruthy();
    expect(server.callsTo('GET', '/wps/member/info').length).toBeGreaterThan(0);
  });
});
