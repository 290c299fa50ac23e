import { describe, expect, it } from 'vitest';
import {
  dividendPeriodOf,
  lastClosedFiveMinutes,
  lastClosedSlot,
  parsePeriodKey,
  previousPeriodKey,
} from './periods.ts';

const GMT8 = 8 * 3_600_000;

describe('settlement periods in the business zone', () => {
  it('names days, Sunday weeks, half-months and months as UTC ranges of the zone', () => {
    expect(parsePeriodKey('daily', '2026-03-09', GMT8)).toMatchObject({
      fromMs: Date.parse('2026-03-08T16:00:00Z'),
      toMs: Date.parse('2026-03-09T16:00:00Z'),
    });
    expect(parsePeriodKey('dividend', 'W2026-03-08', GMT8)).toMatchObject({
      fromMs: Date.parse('2026-03-07T16:00:00Z'),
      toMs: Date.parse('2026-03-14T16:00:00Z'),
      dividendPeriod: 'weekly',
    });
    expect(parsePeriodKey('dividend', '2026-02-H2', 0)).toMatchObject({
      fromMs: Date.parse('2026-02-16T00:00:00Z'),
      toMs: Date.parse('2026-03-01T00:00:00Z'),
    });
    expect(parsePeriodKey('dividend', '2026-12', 0)).toMatchObject({
      toMs: Date.parse('2027-01-01T00:00:00Z'),
    });
  });

  it('refuses what is not a period of the kind', () => {
    for (const key of ['2026-02-30', 'W2026-03-09', '2026-13', '2026-03-H3', 'yesterday'])
      expect(parsePeriodKey('dividend', key, 0), key).toBeNull();
    expect(parsePeriodKey('daily', '2026-03-H1', 0)).toBeNull();
  });

  it('finds the previous period and the last one ended', () => {
    expect(previousPeriodKey('dividend', '2026-04-H1')).toBe('2026-03-H2');
    expect(previousPeriodKey('dividend', '2026-03-H2')).toBe('2026-03-H1');
    expect(previousPeriodKey('dividend', '2026-01')).toBe('2025-12');
    expect(previousPeriodKey('dividend', 'W2026-03-08')).toBe('W2026-03-01');
    const now = Date.parse('2026-03-16T04:00:00Z'); // the 16th, 12:00 GMT+8
    expect(dividendPeriodOf('half-monthly', now, GMT8)).toBe('2026-03-H1');
    expect(dividendPeriodOf('monthly', now, GMT8)).toBe('2026-02');
    expect(dividendPeriodOf('weekly', now, GMT8)).toBe('W2026-03-08');
    expect(dividendPeriodOf('daily', now, GMT8)).toBe('2026-03-15');
  });

  it('names hourly and half-hourly salary slots', () => {
    expect(parsePeriodKey('hourly', '2026-03-09T10', GMT8)).toMatchObject({
      fromMs: Date.parse('2026-03-09T02:00:00Z'),
      toMs: Date.parse('2026-03-09T03:00:00Z'),
      slot: 'hour',
    });
    expect(parsePeriodKey('hourly', '2026-03-09T10:30', GMT8)).toMatchObject({
      fromMs: Date.parse('2026-03-09T02:30:00Z'),
      toMs: Date.parse('2026-03-09T03:00:00Z'),
      slot: 'half-hour',
    });
    for (const key of ['2026-03-09T24', '2026-03-09T10:15', '2026-03-09'])
      expect(parsePeriodKey('hourly', key, 0)).toBeNull();
    const now = Date.parse('2026-03-09T03:10:00Z'); // 11:10 GMT+8
    expect(lastClosedSlot('hour', now, GMT8)).toBe('2026-03-09T10');
    expect(lastClosedSlot('half-hour', now, GMT8)).toBe('2026-03-09T10:30');
  });

  it('names five-minute real-time salary runs', () => {
    expect(parsePeriodKey('realtime', '2026-03-09T10:05', GMT8)).toMatchObject({
      fromMs: Date.parse('2026-03-09T02:05:00Z'),
      toMs: Date.parse('2026-03-09T02:10:00Z'),
    });
    for (const key of ['2026-03-09T10:07', '2026-03-09T10', '2026-03-09'])
      expect(parsePeriodKey('realtime', key, 0)).toBeNull();
    expect(lastClosedFiveMinutes(Date.parse('2026-03-09T02:06:00Z'), GMT8)).toBe('2026-03-09T10:00');
  });
});
