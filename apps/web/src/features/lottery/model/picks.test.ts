import { describe, expect, it } from 'vitest';
import {
  applyQuickPick,
  composeNumbers,
  emptyPicks,
  importPicks,
  offersQuickPicks,
  pickNeed,
  quickValues,
  selectionsOf,
  togglePick,
} from './picks';
import { type Play, playGroupsOf, rowValues } from './plays';

const playOf = (family: Parameters<typeof playGroupsOf>[0], id: string, layout?: 'mb' | 'mn'): Play => {
  const play = playGroupsOf(family, layout)
    .flatMap((g) => g.plays)
    .find((p) => p.id === id);
  if (!play) throw new Error(`no play ${id}`);
  return play;
};

describe('quick picks', () => {
  const digits = rowValues({ label: { key: 'numbers' }, min: 0, max: 9, pad: 1 });

  it('choose the upper and lower halves, odd and even, all and none', () => {
    expect(quickValues(digits, 'big')).toEqual([5, 6, 7, 8, 9]);
    expect(quickValues(digits, 'small')).toEqual([0, 1, 2, 3, 4]);
    expect(quickValues(digits, 'odd')).toEqual([1, 3, 5, 7, 9]);
    expect(quickValues(digits, 'even')).toEqual([0, 2, 4, 6, 8]);
    expect(quickValues(digits, 'all')).toEqual(digits);
    expect(quickValues(digits, 'clear')).toEqual([]);
    // 1–49: big is 25–49.
    const lhc = rowValues({ label: { key: 'numbers' }, min: 1, max: 49, pad: 2 });
    expect(quickValues(lhc, 'big')[0]).toBe(25);
    expect(quickValues(lhc, 'small').at(-1)).toBe(24);
  });

  it('apply to the numbers on screen only, keeping picks on other pages of 000–999', () => {
    const lo3 = playOf('vn', 'vn.lo3');
    let picks = togglePick(emptyPicks(lo3.picker), lo3.picker, 0, 705);
    picks = applyQuickPick(
      picks,
      lo3.picker,
      0,
      'odd',
      rowValues({ label: { key: 'numbers' }, min: 100, max: 199, pad: 3 }),
    );
    expect(picks[0]).toHaveLength(51);
    expect(picks[0]).toContain(705);
    expect(picks[0]).toContain(101);
    // Clearing the page leaves the other page's pick.
    picks = applyQuickPick(
      picks,
      lo3.picker,
      0,
      'clear',
      rowValues({ label: { key: 'numbers' }, min: 100, max: 199, pad: 3 }),
    );
    expect(picks[0]).toEqual([705]);
  });

  it('are offered where a pool takes every number on screen, not on the pools of a few', () => {
    expect(offersQuickPicks(playOf('ssc', 'ssc.back3.straight').picker)).toBe(true);
    expect(offersQuickPicks(playOf('vn', 'vn.de').picker)).toBe(true);
    expect(offersQuickPicks(playOf('vn', 'vn.xien2').picker)).toBe(false);
    expect(offersQuickPicks(playOf('lhc', 'lhc.two-all').picker)).toBe(false);
    expect(offersQuickPicks(playOf('k3', 'k3.sum').picker)).toBe(false);
  });
});

describe('picks', () => {
  it('toggle, and a full pool takes no more', () => {
    const xien = playOf('vn', 'vn.xien2');
    let picks = emptyPicks(xien.picker);
    picks = togglePick(picks, xien.picker, 0, 46);
    picks = togglePick(picks, xien.picker, 0, 12);
    expect(picks[0]).toEqual([12, 46]);
    expect(togglePick(picks, xien.picker, 0, 78)).toBe(picks);
    expect(togglePick(picks, xien.picker, 0, 12)[0]).toEqual([46]);
  });

  it('say what they still need', () => {
    const straight = playOf('ssc', 'ssc.back3.straight');
    let picks = togglePick(emptyPicks(straight.picker), straight.picker, 0, 3);
    expect(pickNeed(straight, picks)).toEqual({ kind: 'everyRow' });
    picks = togglePick(togglePick(picks, straight.picker, 1, 4), straight.picker, 2, 5);
    expect(pickNeed(straight, picks)).toEqual({ kind: 'none' });
    expect(pickNeed(playOf('ssc', 'ssc.back3.group6'), [[1, 2]])).toEqual({ kind: 'atLeast', n: 3 });
    expect(pickNeed(playOf('vn', 'vn.xien3'), [[1]])).toEqual({ kind: 'exactly', n: 3 });
    expect(pickNeed(playOf('k3', 'k3.sum'), [[]])).toEqual({ kind: 'pick' });
    expect(pickNeed(playOf('vn', 'vn.de'), [[]])).toEqual({ kind: 'pick' });
  });
});

describe('selections (the engine shape of docs/lottery.md)', () => {
  it('straight bets: one ticket with a list per position', () => {
    expect(selectionsOf(playOf('ssc', 'ssc.back3.straight'), [[3], [4], [5, 6]])).toEqual([
      { positions: [[3], [4], [5, 6]] },
    ]);
  });

  it('pools: one ticket with its numbers, none below the minimum', () => {
    expect(selectionsOf(playOf('ssc', 'ssc.back3.group3'), [[5, 8]])).toEqual([{ numbers: [5, 8] }]);
    expect(selectionsOf(playOf('ssc', 'ssc.back3.group6'), [[5, 8]])).toEqual([]);
  });

  it('SSC position: one ticket per digit row that has picks', () => {
    expect(selectionsOf(playOf('ssc', 'ssc.position'), [[1], [], [], [7, 9], []])).toEqual([
      { at: 0, numbers: [1] },
      { at: 3, numbers: [7, 9] },
    ]);
  });

  it('options: one ticket per option picked, with its position', () => {
    const bsoe = playOf('ssc', 'ssc.position.bsoe');
    // Row 0 is the 1st digit; option 0 big, 3 even.
    expect(selectionsOf(bsoe, [[0, 3], [], [], [], [1]])).toEqual([
      { at: 0, option: 'big' },
      { at: 0, option: 'even' },
      { at: 4, option: 'small' },
    ]);
    expect(selectionsOf(playOf('k3', 'k3.any-triple'), [[0]])).toEqual([{ option: 'any' }]);
    expect(selectionsOf(playOf('pk10', 'pk10.sum'), [[8]])).toEqual([{ option: '11' }]);
  });

  it('4D: every number made of one digit per place', () => {
    expect(composeNumbers([[1], [2], [3], [4, 5]])).toEqual([1234, 1235]);
    expect(composeNumbers([[0], [0], [1], [2]])).toEqual([12]);
    expect(selectionsOf(playOf('4d', '4d.big'), [[1], [2], [3], [4]])).toEqual([{ numbers: [1234] }]);
  });
});

describe('text import', () => {
  it('picks a pool’s numbers from pasted text, whatever separates them, and says what it left out', () => {
    const de = playOf('vn', 'vn.de');
    expect(importPicks(de.picker, '63, 46 07;7\n99 100 ab 5x')).toEqual({
      picks: [[7, 46, 63, 99]],
      rejected: ['100', 'ab', '5x'],
      dropped: 0,
    });
    // 3 càng reads 000–999 as written.
    const cang = playOf('vn', 'vn.3cang');
    expect(importPicks(cang.picker, '563 007')?.picks).toEqual([[7, 563]]);
  });

  it('keeps a small pool to its most, and reports the rest', () => {
    const xien2 = playOf('vn', 'vn.xien2');
    expect(importPicks(xien2.picker, '46 78 12')).toEqual({ picks: [[12, 46]], rejected: [], dropped: 1 });
  });

  it('reads one line per row for position bets; option rows take no text', () => {
    const position = playOf('ssc', 'ssc.position');
    expect(importPicks(position.picker, '1 2\n\n9\n0\n5 5\n8')).toEqual({
      picks: [[1, 2], [], [9], [0], [5]],
      rejected: ['8'],
      dropped: 0,
    });
    const bsoe = playOf('ssc', 'ssc.sum.bsoe');
    expect(importPicks(bsoe.picker, 'big')).toBeNull();
  });
});
