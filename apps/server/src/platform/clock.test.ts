import { describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, systemClock } from './clock.ts';

describe('clock', () => {
  it('the system clock follows real time', () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
  });

  it('a manual clock moves only when told', () => {
    const clock = new ManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(MINUTE_MS);
    expect(clock.now()).toBe(1_000 + MINUTE_MS);
    clock.set(5);
    expect(clock.now()).toBe(5);
  });
});
