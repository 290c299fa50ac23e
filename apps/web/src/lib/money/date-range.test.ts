import { describe, expect, it } from 'vitest';
import { customRange, parseDay, presetRange } from './date-range';

describe('date ranges', () => {
  const now = new Date(2026, 2, 15, 13, 30);

  it('last 7 and 30 days end today and count today', () => {
    expect(presetRange('last7', now)).toEqual({
      startTime: new Date(2026, 2, 9).getTime(),
      endTime: new Date(2026, 2, 16).getTime() - 1,
    });
    expect(presetRange('last30', now).startTime).toBe(new Date(2026, 1, 14).getTime());
  });

  it('next 7 and 30 days start today', () => {
    expect(presetRange('next7', now)).toEqual({
      startTime: new Date(2026, 2, 15).getTime(),
      endTime: new Date(2026, 2, 22).getTime() - 1,
    });
    expect(presetRange('next30', now).endTime).toBe(new Date(2026, 3, 14).getTime() - 1);
  });

  it('custom days cover both whole days and refuse reversed or impossible dates', () => {
    expect(customRange('2026-01-31', '2026-02-01')).toEqual({
      startTime: new Date(2026, 0, 31).getTime(),
      endTime: new Date(2026, 1, 2).getTime() - 1,
    });
    expect(customRange('2026-02-02', '2026-02-01')).toBeNull();
    expect(customRange('', '2026-02-01')).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
  });
});
