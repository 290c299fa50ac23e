import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAnalytics, registerAnalyticsProvider, resetAnalyticsForTests } from './analytics';

afterEach(() => resetAnalyticsForTests());

describe('analytics loader', () => {
  it('loads nothing without an id or without a provider', async () => {
    const load = vi.fn();
    expect(await loadAnalytics('G-1')).toBe(false);
    registerAnalyticsProvider({ name: 'test', load });
    expect(await loadAnalytics(null)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('asks the provider to load the id once', async () => {
    const load = vi.fn();
    registerAnalyticsProvider({ name: 'test', load });
    expect(await loadAnalytics('G-1')).toBe(true);
    expect(await loadAnalytics('G-1')).toBe(false);
    expect(load).toHaveBeenCalledExactlyOnceWith('G-1');
  });
});
