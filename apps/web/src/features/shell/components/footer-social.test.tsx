import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sitePermission } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { Footer } from './footer';

const withSocial = () => {
  const permission = sitePermission();
  permission.info.resources.push(
    {
      resourceType: 'YOUTUBE',
      url: 'https://youtube.example/aurum',
      name: 'YouTube',
      labelNameEn: 'YouTube',
    },
    { resourceType: 'TELEGRAM', url: 'https://t.me/aurum', name: 'Telegram', labelNameEn: 'Telegram' },
  );
  return permission;
};

describe('Footer social links (spec §2: from the configured resources)', () => {
  it('lists each social resource, opening in a new tab with rel noopener, and nothing else', () => {
    renderWithApp(<Footer />, { permission: withSocial() });
    const block = screen.getByRole('heading', { name: 'Follow us' }).parentElement as HTMLElement;
    const links = within(block).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Facebook (opens in a new tab)', 'https://facebook.example'],
      ['YouTube (opens in a new tab)', 'https://youtube.example/aurum'],
      ['Telegram (opens in a new tab)', 'https://t.me/aurum'],
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')?.split(' ')).toContain('noopener');
    }
    // The customer-service and app resources are not social links.
    expect(screen.queryByRole('link', { name: /Telegram support/ })).toBeNull();
  });

  it('shows no social block when no social resource is configured', () => {
    const permission = sitePermission();
    permission.info.resources = permission.info.resources.filter((r) => r.resourceType !== 'FACEBOOK');
    renderWithApp(<Footer />, { permission });
    expect(screen.queryByRole('heading', { name: 'Follow us' })).toBeNull();
  });
});
