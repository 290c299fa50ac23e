import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalRegistry, ModalTitle, useModal } from '../../components/ui';
import { startSession } from '../../lib/session/session-store';
import { fakeServer } from '../../testing/fake-server';
import { renderWithApp } from '../../testing/render';
import AccountCentreModal from './account-centre-modal';

// Under a loaded machine the settings fetch and lazy chunks can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

function Opener() {
  const modal = useModal();
  useEffect(() => modal.open('accountCenter'), [modal]);
  return null;
}

const registry = {
  accountCenter: { Body: AccountCentreModal },
  register: { Body: () => <ModalTitle>Create your account</ModalTitle> },
} as unknown as ModalRegistry;

describe('the account centre for a trial account (spec §4: blocked, told a real account is needed)', () => {
  it('shows the trial block instead of the centre, and its button leads to registration', async () => {
    startSession('tok', { account: 'trial_x', isTrial: true, isAgent: true });
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithApp(<Opener />, { registry });
    const dialog = await screen.findByRole('dialog', { name: 'Agent home' });
    expect(within(dialog).getByText('A real account is needed')).toBeTruthy();
    expect(within(dialog).getByText(/This needs a real account\./)).toBeTruthy();
    expect(dialog.querySelector('[data-trial-block]')).not.toBeNull();
    // Nothing of the centre itself is fetched for a trial account.
    expect(server.calls).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Register now' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agent home' })).toBeNull());
  });
});
