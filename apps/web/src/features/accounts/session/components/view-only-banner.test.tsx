import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginSession } from '../../../../lib/account/sign-in';
import { fakeServer, ok } from '../../../../testing/fake-server';
import { renderWithApp } from '../../../../testing/render';
import { ViewOnlyBanner } from './view-only-banner';

const brand = { agentType: [1, 2], trialType: [9] };
const login = (viewOnly?: boolean) => ({
  token: 'v1ewT0ken',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  id: 7,
  userName: 'demo',
  customerType: 0,
  ...(viewOnly === undefined ? {} : { viewOnly }),
});

describe('ViewOnlyBanner', () => {
  it("says on every page that an operator's view is read-only, and closes it by signing the view out", async () => {
    const server = fakeServer({ 'DELETE /wps/session/logout': () => ok({ loggedOut: true }) });
    beginSession(login(true), brand);
    renderWithApp(<ViewOnlyBanner />);
    expect(screen.getByRole('status').textContent).toContain('Read-only view of demo.');
    fireEvent.click(screen.getByRole('button', { name: 'Close view' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(server.callsTo('DELETE', '/wps/session/logout')).toHaveLength(1);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("shows nothing in a member's own session", () => {
    beginSession(login(), brand);
    renderWithApp(<ViewOnlyBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    beginSession(login(false), brand);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
