import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetThemeForTests } from '../../../lib/theme/theme-store';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { Header } from './header';

beforeEach(() => resetThemeForTests());

describe('Header', () => {
  it('links home first, then every known category that has vendors', () => {
    renderWithApp(<Header account={null} />);
    const nav = screen.getByRole('navigation', { name: 'Game categories' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Home', 'Slots', 'Fishing', 'Live casino', 'Lottery', 'Esports', 'Cockfight']);
    expect(screen.getByRole('link', { name: 'Aurum home' }).getAttribute('href')).toBe('/');
  });

  it('offers the language selector only with more than one supported language', () => {
    const { unmount } = renderWithApp(<Header account={null} />);
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeTruthy();
    unmount();
    renderWithApp(<Header account={null} />, { permission: sitePermission({ supportLanguages: ['EN'] }) });
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
  });

  it('lists customer-service entries in a menu', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header account={null} />);
    await user.click(screen.getByRole('button', { name: 'Customer service' }));
    const menu = screen.getByRole('menu', { name: 'Customer service options' });
    expect(within(menu).getByRole('menuitem', { name: 'Telegram support' })).toBeTruthy();
  });

  it('has a theme toggle named for what it does', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header account={null} />);
    const toggle = screen.getByRole('button', { name: /Switch to (light|dark) theme/ });
    const before = toggle.getAttribute('aria-label');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-label')).not.toBe(before);
  });
});
