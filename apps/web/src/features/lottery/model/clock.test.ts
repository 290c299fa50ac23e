import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, msUntil, serverNowMs } from './clock';

describe('the countdown on the server clock', () => {
  // The device runs 90 s slow: it reads 12:00:00 when the server says 12:01:30.
  const device = Date.parse('2026-11-26T12:00:00.000Z');
  const offset = clockOffsetMs('2026-11-26T12:01:30.000Z', device);

  it('measures the offset when the menu arrives', () => {
    expect(offset).toBe(90_000);
    expect(serverNowMs(offset, device + 1_000)).toBe(Date.parse('2026-11-26T12:01:31.000Z'));
    expect(clockOffsetMs('not a time', device)).toBe(0);
  });

  it('counts to the sale close on the server clock, not the device clock', () => {
    // Sale closes at 12:02:00 server time: 30 s from now, not 120 s.
    expect(msUntil('2026-11-26T12:02:00.000Z', offset, device)).toBe(30_000);
    expect(msUntil('2026-11-26T12:02:00.000Z', offset, device + 45_000)).toBe(0);
  });

  it('shows minutes and seconds, and hours for daily games', () => {
    expect(formatCountdown(42_000)).toBe('0:42');
    expect(formatCountdown(41_001)).toBe('0:42');
    expect(formatCountdown(245_000)).toBe('4:05');
    expect(formatCountdown(3_729_000)).toBe('1:02:09');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
