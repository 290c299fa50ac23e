import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStillBefore } from './use-still-before';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useStillBefore', () => {
  it('is true until the moment passes, then false without any other render', () => {
    const until = Date.now() + 60_000;
    const { result } = renderHook(() => useStillBefore(until));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1_001));
    expect(result.current).toBe(false);
  });

  it('is false for no moment or one already past', () => {
    expect(renderHook(() => useStillBefore(null)).result.current).toBe(false);
    expect(renderHook(() => useStillBefore(Date.now() - 1)).result.current).toBe(false);
  });

  it('follows a moment beyond the longest timer', () => {
    const until = Date.now() + 40 * 86_400_000;
    const { result } = renderHook(() => useStillBefore(until));
    act(() => vi.advanceTimersByTime(30 * 86_400_000));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(10 * 86_400_000 + 1));
    expect(result.current).toBe(false);
  });
});
