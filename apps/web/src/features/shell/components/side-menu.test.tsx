import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { SideMenu } from './side-menu';

describe('SideMenu (spec §2: the side menu can be toggled)', () => {
  it('toggles between expanded and collapsed, says so, and remembers it in localStorage sideMenu', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<SideMenu />);
    const menu = screen.getByRole('complementary', { name: 'Site menu' });
    const toggle = screen.getByRole('button', { name: 'Collapse side menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('data-expanded')).toBe('true');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Expand side menu');
    expect(menu.getAttribute('data-expanded')).toBe('false');
    // Collapsed to an icon rail, the links keep their names.
    expect(screen.getByRole('link', { name: 'Points mall' })).toBeTruthy();
    expect(localStorage.getItem('sideMenu')).toBe('0');

    unmount();
    renderWithApp(<SideMenu />);
    const again = screen.getByRole('button', { name: 'Expand side menu' });
    expect(again.getAttribute('aria-expanded')).toBe('false');
    await user.click(again);
    expect(again.getAttribute('aria-expanded')).toBe('true');
    expect(localStorage.getItem('sideMenu')).toBe('1');
  });
});
