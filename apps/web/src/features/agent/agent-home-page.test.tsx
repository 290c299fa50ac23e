import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../lib/session/session-store';
import { fakeServer, ok } from '../../testing/fake-server';
import { sitePermission } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import AgentHomePage from './agent-home-page';

afterEach(() => endSession());

describe('AgentHomePage', () => {
  it('offers the agent centre to an agent account', async () => {
    startSession('tok', { account: 'agent01', isAgent: true });
    renderWithApp(<AgentHomePage />);
    expect(await screen.findByRole('button', { name: 'Agent centre' })).toBeTruthy();
  });

  it('tells a member the agent centre is for agents, and offers no button that would fail', async () => {
    startSession('tok', { account: 'demo', isAgent: false });
    renderWithApp(<AgentHomePage />);
    expect(await screen.findByText('This account is not an agent account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agent centre' })).toBeNull();
    expect(document.querySelector('[data-action="open-account-centre"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Join us' })).toBeTruthy();
  });

  it('tells an agent how many contract requests wait for an answer, by kind', async () => {
    startSession('tok', { account: 'agent01', isAgent: true });
    const request = { id: 3, type: 'new', from: 'top', createdAt: 1 };
    fakeServer({
      'GET /wps/agent/contracts/info': () =>
        ok({
          dailysalreqtype: [request],
          divtypereq: [{ ...request, id: 4, type: 'termination' }],
          contracthoursalreqs: [],
          realtimesalreqtype: [],
          enableSalary: true,
          enableContract: true,
          kinds: ['daily', 'dividend'],
        }),
    });
    renderWithApp(<AgentHomePage />, { permission: sitePermission({}, ['SIGNCONDIV3']) });
    expect(await screen.findByText('Contract requests waiting for your answer: 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Daily salary (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dividends (1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hourly/ })).toBeNull();
  });
});
