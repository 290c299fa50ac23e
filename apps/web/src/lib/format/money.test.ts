import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeInline } from './date';
import { formatMoneyDisplay, formatWireMoney } from './money';

describe('money display', () => {
  it('shows 2 decimals, thousands separators and the currency symbol', () => {
    expect(formatMoneyDisplay(123456780n, '$')).toBe('$1,234,567.80');
    expect(formatMoneyDisplay(5n, '$')).toBe('$0.05');
    expect(formatMoneyDisplay(0n, '¥')).toBe('¥0.00');
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoneyDisplay(-150000n, '$')).toBe('-$1,500.00');
  });

  it('reads wire amounts and shows unreadable ones as zero', () => {
    expect(formatWireMoney('1234.5', '$')).toBe('$1,234.50');
    expect(formatWireMoney('abc', '$')).toBe('$0.00');
    expect(formatWireMoney(null, '$')).toBe('$0.00');
  });
});

describe('dates', () => {
  it('formats YYYY-MM-DD and YYYY-MM-DD HH:mm:ss in local time', () => {
    const ms = new Date(2026, 0, 5, 9, 3, 7).getTime();
    expect(formatDate(ms)).toBe('2026-01-05');
    expect(formatDateTime(ms)).toBe('2026-01-05 09:03:07');
    // Inside a sentence the date and time stay on one line.
    expect(formatDateTimeInline(ms)).toBe('2026-01-05\u00a009:03:07');
  });
});
