import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { RightBar } from './right-bar';

afterEach(() => vi.restoreAllMocks());

describe('RightBar (spec §2: collapsible; QR codes, customer service, social links)', () => {
  it('shows the app QR codes, customer service and configured links, and collapses, remembered', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as unknown as Window);
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<RightBar />);
    const bar = screen.getByRole('complementary', { name: 'Quick links' });
    expect(within(bar).getByRole('img', { name: 'QR code to download the iOS app' })).toBeTruthy();
    expect(within(bar).getByRole('img', { name: 'QR code to download the Android app' })).toBeTruthy();
    const facebook = within(bar).getByRole('link', { name: 'Facebook' });
    expect(facebook.getAttribute('href')).toBe('https://facebook.example');
    expect(facebook.getAttribute('target')).toBe('_blank');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    await user.click(within(bar).getByRole('button', { name: 'Customer service' }));
    expect(open).toHaveBeenCalledWith('https://t.me/support', '_blank', expect.stringContaining('width=440'));

    const toggle = within(bar).getByRole('button', { name: 'Hide quick links' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Show quick links');
    expect(within(bar).queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(localStorage.getItem('rightBar')).toBe('0');

    unmount();
    renderWithApp(<RightBar />);
    expect(screen.getByRole('button', { name: 'Show quick links' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});
