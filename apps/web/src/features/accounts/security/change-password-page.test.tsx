import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORCED_CHANGE_STATE } from '../../../lib/account/forced-change';
import { endSession } from '../../../lib/session/session-store';
import { renderWithApp } from '../../../testing/render';
import { ChangePasswordPage } from './change-password-page';

beforeEach(() => {
  sessionStorage.setItem('token', 't0ken');
  sessionStorage.setItem('account', 'demo');
});
afterEach(() => endSession());

describe('ChangePasswordPage', () => {
  it('is an ordinary change of password when visited on purpose', async () => {
    renderWithApp(<ChangePasswordPage />);
    expect(await screen.findByText('Choose a new password for your account.')).toBeTruthy();
    expect(screen.queryByText('Please choose a new password before you continue.')).toBeNull();
  });

  it('says the change is required only when the login forced it', async () => {
    const { router } = renderWithApp(<ChangePasswordPage />);
    await act(() => router.navigate('/', { state: FORCED_CHANGE_STATE }));
    expect(await screen.findByText('Please choose a new password before you continue.')).toBeTruthy();
    expect(screen.queryByText('Choose a new password for your account.')).toBeNull();
  });
});
