import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sitePermission } from '../../../testing/fixtures';
import { switchToChineseForTest } from '../../../testing/language';
import { renderWithApp } from '../../../testing/render';
import { Footer } from './footer';

let restore: (() => Promise<void>) | undefined;
afterEach(async () => {
  await act(async () => restore?.());
  restore = undefined;
});

const copyright = () => document.querySelector('[data-copyright]')?.textContent;
const permission = sitePermission({
  copyright: '© 2026 Aurum Entertainment',
  copyrightTexts: { CN: '© 2026 Aurum 娱乐' },
});

describe('Footer copyright line', () => {
  it('is the brand copyright in English', () => {
    renderWithApp(<Footer />, { permission });
    expect(copyright()).toBe('© 2026 Aurum Entertainment');
  });

  it('is the merchant’s translation in Chinese', async () => {
    restore = await switchToChineseForTest();
    renderWithApp(<Footer />, { permission });
    expect(copyright()).toBe('© 2026 Aurum 娱乐');
    expect(screen.getByText('© 2026 Aurum 娱乐')).toBeTruthy();
  });

  it('falls back to the brand copyright where the merchant gave no translation', async () => {
    restore = await switchToChineseForTest();
    renderWithApp(<Footer />, { permission: sitePermission({ copyright: '© Brand' }) });
    expect(copyright()).toBe('© Brand');
  });
});
