import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { NoticeMarquee } from './notice-marquee';

afterEach(() => vi.useRealTimers());

describe('NoticeMarquee', () => {
  it('starts moving only once the page has loaded and the browser is idle', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<NoticeMarquee items={[{ id: '1', title: 'Scheduled maintenance' }]} />);
    const bar = (await screen.findByRole('region', { name: /notice/i })) as HTMLElement;
    expect(bar.dataset.moving).toBeUndefined();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(bar.dataset.moving).toBe('true');
  });

  it('shows nothing without notices', () => {
    renderWithApp(<NoticeMarquee items={[]} />);
    expect(document.querySelector('[data-notice-marquee]')).toBeNull();
  });
});
