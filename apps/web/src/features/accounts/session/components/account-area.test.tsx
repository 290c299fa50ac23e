import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sitePermission } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { AccountArea } from './account-area';

describe('AccountArea', () => {
  it('shows Log in and Register to visitors when direct registration is on', () => {
    renderWithApp(<AccountArea />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('offers Free play only with FREEPLAY3', () => {
    renderWithApp(<AccountArea />, { permission: sitePermission({}, ['COMM3', 'FREEPLAY3']) });
    expect(screen.getByRole('button', { name: 'Free play' })).toBeTruthy();
  });

  it('hides Register when DIRECTREG3 is off', () => {
    renderWithApp(<AccountArea />, { permission: sitePermission({}, ['COMM3']) });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('shows the account and Log out once signed in', async () => {
    sessionStorage.setItem('token', 't0ken');
    sessionStorage.setItem('account', 'demo');
    renderWithApp(<AccountArea />);
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByTestId('member-menu').textContent).toContain('demo');
  });
});
