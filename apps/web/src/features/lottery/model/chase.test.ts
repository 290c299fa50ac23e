import { LOTTERY_MAX_CHASE_ISSUES } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import {
  CHASE_MAX_ISSUES,
  chaseProgress,
  chaseTotal,
  comingIssues,
  issueCancellable,
  parseIssueCount,
  planMultipliers,
  slotAfter,
} from './chase';

const fast = { cadence: { everySeconds: 45 }, utcOffset: '+07:00' } as const;
const daily = { cadence: { dailyAt: '18:15' }, utcOffset: '+07:00' } as const;

describe('the chase schedule', () => {
  it('numbers coming issues as the server does, across local midnight', () => {
    // 23:59:15 local (+07:00) is issue 1919 of the day; the one drawn at midnight keeps the day.
    const first = { issueNo: '20261126-1919', drawAt: Date.parse('2026-11-26T16:59:15Z') };
    expect(comingIssues(fast, first, 3).map((s) => s.issueNo)).toEqual([
      '20261126-1919',
      '20261126-1920',
      '20261127-0001',
    ]);
    expect(slotAfter(fast, Date.parse('2026-11-26T17:00:00Z')).drawAt).toBe(
      Date.parse('2026-11-26T17:00:45Z'),
    );
  });

  it('gives a daily game one issue a day', () => {
    const first = slotAfter(daily, Date.parse('2026-11-26T10:00:00Z'));
    expect(first.issueNo).toBe('20261126');
    expect(comingIssues(daily, first, 3).map((s) => s.issueNo)).toEqual(['20261126', '20261127', '20261128']);
  });
});

describe('the multiplier plans and the cost', () => {
  it('same: every issue at the multiplier', () => {
    expect(planMultipliers({ kind: 'same', multiplier: 3 }, 4)).toEqual([3, 3, 3, 3]);
  });

  it('doubling: the start times the factor after every K issues, capped at 10,000', () => {
    expect(planMultipliers({ kind: 'doubling', start: 1, factor: 2, every: 1 }, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(planMultipliers({ kind: 'doubling', start: 2, factor: 3, every: 2 }, 5)).toEqual([2, 2, 6, 6, 18]);
    expect(planMultipliers({ kind: 'doubling', start: 1, factor: 2, every: 1 }, 20).at(-1)).toBe(10_000);
  });

  it('totals the stake times each multiplier, in minor units', () => {
    const rows = [
      { issueNo: 'a', multiplier: 1 },
      { issueNo: 'b', multiplier: 2 },
      { issueNo: 'c', multiplier: 4 },
    ];
    expect(chaseTotal(250n, rows)).toBe(1_750n);
  });

  it('takes 1 to 120 issues, the server limit', () => {
    expect(CHASE_MAX_ISSUES).toBe(LOTTERY_MAX_CHASE_ISSUES);
    expect(parseIssueCount('120')).toBe(120);
    expect(parseIssueCount('121')).toBeNull();
    expect(parseIssueCount('0')).toBeNull();
    expect(parseIssueCount('2.5')).toBeNull();
  });
});

describe('a chase in progress', () => {
  const tickets = [
    { issueNo: '20261126-0001', status: 'won' as const },
    { issueNo: '20261126-0002', status: 'lost' as const },
    { issueNo: '20261126-0003', status: 'pending' as const },
    { issueNo: '20261126-0004', status: 'cancelled' as const },
  ];
  it('counts played, won and refunded issues', () => {
    expect(chaseProgress(tickets)).toEqual({ played: 2, won: 1, refunded: 1 });
  });
  it('lets a waiting issue on sale or coming be cancelled, not a closed one', () => {
    expect(issueCancellable(tickets[2]!, '20261126-0003')).toBe(true);
    expect(issueCancellable(tickets[2]!, '20261126-0004')).toBe(false);
    expect(issueCancellable(tickets[1]!, '20261126-0001')).toBe(false);
    expect(issueCancellable(tickets[2]!, null)).toBe(false);
  });
});
