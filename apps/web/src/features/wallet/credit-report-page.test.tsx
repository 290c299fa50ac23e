import { describe, expect, it } from 'vitest';
import { businessDay, statementQuery } from './credit-report-page';

describe('the credit report’s period', () => {
  it('sends a preset as it is', () => {
    expect(statementQuery({ preset: 'lastMonth', from: '', to: '' })).toEqual({ preset: 'lastMonth' });
  });

  it('sends custom days as the business zone’s day starts, the last day included', () => {
    expect(statementQuery({ preset: 'custom', from: '2026-03-01', to: '2026-03-31' }, '+08:00')).toEqual({
      preset: 'custom',
      startDate: Date.UTC(2026, 1, 28, 16),
      endDate: Date.UTC(2026, 2, 31, 16),
    });
    // One day: from and to the same date.
    const one = statementQuery({ preset: 'custom', from: '2026-03-05', to: '2026-03-05' }, '-04:00');
    expect(one).toEqual({
      preset: 'custom',
      startDate: Date.UTC(2026, 2, 5, 4),
      endDate: Date.UTC(2026, 2, 6, 4),
    });
  });

  it('refuses a custom period that ends before it starts or lacks a date', () => {
    expect(statementQuery({ preset: 'custom', from: '2026-03-02', to: '2026-03-01' })).toBeNull();
    expect(statementQuery({ preset: 'custom', from: '', to: '2026-03-01' })).toBeNull();
  });

  it('names a moment’s business day', () => {
    expect(businessDay(Date.UTC(2026, 1, 28, 16), '+08:00')).toBe('2026-03-01');
    expect(businessDay(Date.UTC(2026, 1, 28, 15, 59), '+08:00')).toBe('2026-02-28');
  });
});
