import { betTypesOf, parseLotteryConfig, quoteBet } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import raw from '../../../../../../config/lottery.json';
import { playOfBetType } from './describe';
import { playGroupsOf } from './plays';
import { boardOf, DEFAULT_STAKE, draftsOf, onBoard, priceDrafts, stakeProblem } from './pricing';

/** The demo merchant's configuration, as GET /lgw/lottery/config serves it. */
const lotteryConfig = parseLotteryConfig(raw);

const play = (betType: string) => {
  const p = playOfBetType(betType);
  if (!p) throw new Error(betType);
  return p;
};

describe('the slip is priced by the engine the server runs', () => {
  it('offers a play for every bet type of every family, and no other', () => {
    for (const [family, layout] of [
      ['ssc'],
      ['pk10'],
      ['11x5'],
      ['k3'],
      ['lhc'],
      ['4d'],
      ['vn', 'mb'],
      ['vn', 'mn'],
    ] as const) {
      const offered = playGroupsOf(family, layout)
        .flatMap((g) => g.plays.map((p) => p.betType))
        .sort();
      expect(offered, `${family} ${layout ?? ''}`).toEqual(
        betTypesOf(family, layout)
          .map((t) => t.code)
          .sort(),
      );
    }
  });

  it('prices SSC back three straight 345 at 0.1 ×2 as the issue vector: 0.40', () => {
    const drafts = draftsOf(
      lotteryConfig,
      'ssc1m',
      play('ssc.back3.straight'),
      [{ positions: [[3], [4], [5]] }],
      {
        ...DEFAULT_STAKE,
        unit: '0.1',
        multiplier: 2,
      },
    );
    const priced = priceDrafts(lotteryConfig, drafts);
    expect(priced.ok && priced.stakeMinor).toBe(40n);
    expect(drafts[0]?.ticket).toEqual({
      betType: 'ssc.back3.straight',
      selection: { positions: [[3], [4], [5]] },
      unit: '0.1',
      multiplier: 2,
    });
  });

  it('counts group 3 {5, 8} as two bets, and sums the tickets of a slip', () => {
    const drafts = draftsOf(
      lotteryConfig,
      'ssc1m',
      play('ssc.position'),
      [
        { at: 0, numbers: [1, 2, 3] },
        { at: 4, numbers: [9] },
      ],
      DEFAULT_STAKE,
    );
    const priced = priceDrafts(lotteryConfig, drafts);
    expect(priced.ok && [priced.bets, priced.stakeMinor]).toEqual([4, 800n]);
    const group3 = priceDrafts(
      lotteryConfig,
      draftsOf(lotteryConfig, 'ssc1m', play('ssc.back3.group3'), [{ numbers: [5, 8] }], DEFAULT_STAKE),
    );
    expect(group3.ok && group3.bets).toBe(2);
    // Each matches quoteBet itself, bet for bet.
    for (const d of drafts)
      expect(priced.ok && priced.items.find((i) => i.draft === d)?.quote.stakeMinor).toBe(
        quoteBet(lotteryConfig, d.bet).stakeMinor,
      );
  });

  it('sends odds bets with the board and the version they were priced on', () => {
    const [draft] = draftsOf(lotteryConfig, 'vnmb45s', play('vn.de'), [{ numbers: [63] }], {
      ...DEFAULT_STAKE,
      amount: '100',
    });
    const board = boardOf(lotteryConfig);
    expect(draft?.ticket).toEqual({
      betType: 'vn.de',
      selection: { numbers: [63] },
      amount: '100',
      board: board.code,
      boardVersion: board.version,
    });
    const priced = priceDrafts(lotteryConfig, draft ? [draft] : []);
    // Đề 63 for 100 at 1 ăn 99 (issue 14's vector): one winning bet pays 9,900.
    expect(priced.ok && [priced.stakeMinor, priced.topPrizeMinor]).toEqual([10_000n, 990_000n]);
  });

  it('refuses a stake the member cannot enter and a stake over the limit per bet', () => {
    expect(stakeProblem(lotteryConfig, 'amount', { ...DEFAULT_STAKE, amount: '1.005' })).toBe('amount');
    expect(stakeProblem(lotteryConfig, 'amount', { ...DEFAULT_STAKE, amount: '0' })).toBe('amount');
    expect(stakeProblem(lotteryConfig, 'units', { ...DEFAULT_STAKE, multiplier: 0 })).toBe('multiplier');
    expect(
      stakeProblem(lotteryConfig, 'units', {
        ...DEFAULT_STAKE,
        multiplier: lotteryConfig.limits.maxMultiplier + 1,
      }),
    ).toBe('multiplier');
    expect(stakeProblem(lotteryConfig, 'points', { ...DEFAULT_STAKE, points: 1.5 })).toBe('points');
    const huge = priceDrafts(
      lotteryConfig,
      draftsOf(lotteryConfig, 'vnmb45s', play('vn.de'), [{ numbers: [1] }], {
        ...DEFAULT_STAKE,
        amount: '1000000.01',
      }),
    );
    expect(huge).toEqual({ ok: false, problem: 'overLimit' });
  });
});

describe('a prize mode’s odds board', () => {
  it('prices and places odds bets on the board the menu names (ZY), and leaves the rest as it is', () => {
    expect(boardOf(lotteryConfig).code).toBe('LOTT');
    const zy = onBoard(lotteryConfig, 'ZY');
    expect(boardOf(zy).code).toBe('ZY');
    expect(zy.oddsBoards.map((b) => b.code).sort()).toEqual(
      lotteryConfig.oddsBoards.map((b) => b.code).sort(),
    );
    const sum = play('ssc.sum.bsoe');
    const [draft] = draftsOf(zy, 'ssc1m', sum, [{ option: 'big' }], DEFAULT_STAKE);
    expect(draft?.ticket).toMatchObject({ board: 'ZY', boardVersion: boardOf(zy).version });
    expect(() => quoteBet(zy, draft!.bet, false)).not.toThrow();
    expect(onBoard(lotteryConfig, 'LOTT')).toBe(lotteryConfig);
    expect(onBoard(lotteryConfig, undefined)).toBe(lotteryConfig);
    expect(onBoard(lotteryConfig, 'NOPE')).toBe(lotteryConfig);
  });
});
