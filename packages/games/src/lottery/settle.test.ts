import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BET_TYPES, betType, betTypesOf } from './bet-types.ts';
import { formatExactMinor, formatMinor, LotteryConfigError, parseLotteryConfig, toMinor } from './config.ts';
import type { LotteryDraw } from './layouts.ts';
import {
  type LotteryBet,
  LotteryBetError,
  placedPriceOf,
  placedPriceText,
  quoteBet,
  settleBet,
} from './settle.ts';

const configJson = () =>
  JSON.parse(readFileSync(new URL('../../../../config/lottery.json', import.meta.url), 'utf8'));
const config = parseLotteryConfig(configJson());

const ssc = (...balls: number[]): LotteryDraw => ({ family: 'ssc', balls });
const count = (type: string, selection: object) => betType(type)!.count(selection);

describe('bet counting', () => {
  it('counts the bets a selection makes', () => {
    expect(count('ssc.back3.group3', { numbers: [5, 8] })).toBe(2);
    expect(count('ssc.back3.group3', { numbers: [1, 2, 3] })).toBe(6);
    expect(count('ssc.back3.group6', { numbers: [1, 2, 3, 4] })).toBe(4);
    expect(count('ssc.back3.straight', { positions: [[1, 2], [3], [4, 5, 6]] })).toBe(6);
    expect(
      count('pk10.top2.straight', {
        positions: [
          [1, 2],
          [1, 2],
        ],
      }),
    ).toBe(2);
    expect(count('11x5.any2', { numbers: [1, 2, 3, 4] })).toBe(6);
    expect(count('11x5.any7', { numbers: [1, 2, 3, 4, 5, 6, 7, 8] })).toBe(8);
    expect(count('lhc.three-in-two', { numbers: [1, 2, 3, 4] })).toBe(4);
    expect(count('vn.lo2', { numbers: [46, 78] })).toBe(2);
  });

  it('pays every winning bet of a compound selection', () => {
    // any-2 of {08, 04, 11, 01}: the pairs among 08, 04, 11 are drawn, 3 of 6 bets win.
    const draw: LotteryDraw = { family: '11x5', balls: [8, 4, 11, 5, 3] };
    const evaluation = betType('11x5.any2')!.evaluate({ numbers: [8, 4, 11, 1] }, draw, config.pushRules);
    expect(evaluation.wins).toEqual({ win: 3 });
    // any-7 of eight numbers holding all five drawn: the 7-subsets containing the five: C(3, 2) = 3.
    const seven = betType('11x5.any7')!.evaluate(
      { numbers: [8, 4, 11, 5, 3, 1, 2, 6] },
      draw,
      config.pushRules,
    );
    expect(seven.wins).toEqual({ win: 3 });
  });
});

describe('selection validation', () => {
  const refused = (bet: Partial<LotteryBet>) => () =>
    quoteBet(config, { game: 'ssc1m', type: 'ssc.position', selection: { at: 0, numbers: [1] }, ...bet });

  it('refuses a selection outside the grid with a clear problem', () => {
    expect(refused({ selection: { at: 0, numbers: [10] } })).toThrow('numbers are 0 to 9; 10 is outside');
    expect(refused({ selection: { at: 5, numbers: [1] } })).toThrow('choose a position 1 to 5');
    expect(refused({ selection: { at: 0, numbers: [1, 1] } })).toThrow('a number is chosen twice');
    expect(refused({ type: 'ssc.back3.group3', selection: { numbers: [5] } })).toThrow('at least 2');
    expect(refused({ type: 'pk10.position', selection: { at: 0, option: '1' } })).toThrow('does not offer');
    expect(refused({ type: 'nope' })).toThrow('unknown bet type');
    expect(refused({ unitDivisor: 1000 })).toThrow('unit');
    expect(refused({ multiplier: 0 })).toThrow('multiplier');
    expect(refused({ prizeGroup: 1990, memberGroup: 1980 })).toThrow("member's");
    expect(refused({ prizeGroup: 1950, memberGroup: 1900 })).toThrow(LotteryBetError);
  });

  it('refuses odds on a board that changed since the bet saw it', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.sum.bsoe',
      selection: { option: 'big' },
      amountMinor: 100_00n,
      board: 'LOTT',
      boardVersion: 1,
    };
    expect(quoteBet(config, bet).stakeMinor).toBe(100_00n);
    expect(() => quoteBet(config, { ...bet, boardVersion: 2 })).toThrow('odds changed');
    expect(() => quoteBet(config, { ...bet, board: 'XX' })).toThrow('unknown odds board');
  });

  it('refuses a stake over the limit per bet', () => {
    expect(() =>
      quoteBet(config, {
        game: 'ssc1m',
        type: 'ssc.sum.bsoe',
        selection: { option: 'big' },
        amountMinor: 10n ** 12n,
      }),
    ).toThrow('limit');
  });

  it('accepts only amounts with the currency decimals', () => {
    expect(toMinor('0.19', 2)).toBe(19n);
    expect(() => toMinor('0.195', 2)).toThrow(RangeError);
    expect(formatMinor(19n, 2)).toBe('0.19');
    expect(formatMinor(240_000_000n, 2)).toBe('2400000');
    expect(formatExactMinor({ num: 39n, den: 2n }, 2)).toBe('0.195');
  });
});

describe('prize groups', () => {
  it('prices a bet so that it returns its group / 2000 and rebates (own − bet group) / 2000', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.position',
      selection: { at: 0, numbers: [1] },
      prizeGroup: 1800,
      memberGroup: 1950,
      multiplier: 10,
    };
    const quote = quoteBet(config, bet);
    expect(quote.stakeMinor).toBe(20_00n);
    expect(quote.prices.get('win')).toEqual({ num: 180_00n, den: 1n }); // 2 × 10 × 0.9 × 10
    expect(quote.rebateMinor).toBe(1_50n); // 20.00 × 150 / 2000
  });

  it('defaults the bet group to the merchant default', () => {
    const quote = quoteBet(config, {
      game: 'ssc1m',
      type: 'ssc.position',
      selection: { at: 0, numbers: [1] },
    });
    expect(quote.prices.get('win')).toEqual({ num: 19_00n, den: 1n });
    expect(quote.rebateMinor).toBe(0n);
  });
});

describe('settlement', () => {
  it('rounds the prize down to the minor unit per ticket', () => {
    const s = settleBet(
      config,
      {
        game: 'ssc1m',
        type: 'ssc.position',
        selection: { at: 0, numbers: [1] },
        unitDivisor: 100,
        prizeGroup: 1950,
      },
      ssc(1, 3, 4, 5, 6),
    );
    expect(s).toMatchObject({ outcome: 'won', stakeMinor: 2n, payoutMinor: 19n, hits: 1 });
    expect(formatExactMinor(s.prizeExact, 2)).toBe('0.195');
  });

  it('pushes per the merchant rule and loses when the rule says lose', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.dragon-tiger',
      selection: { option: 'dragon' },
      amountMinor: 100_00n,
    };
    expect(settleBet(config, bet, ssc(2, 1, 3, 5, 2)).outcome).toBe('lost');
    const pushing = parseLotteryConfig({
      ...configJson(),
      pushRules: { ...configJson().pushRules, sscDragonTigerTie: 'push' },
    });
    expect(settleBet(pushing, bet, ssc(2, 1, 3, 5, 2))).toMatchObject({
      outcome: 'push',
      payoutMinor: 100_00n,
    });
  });

  it('settles a ticket accepted under limits the merchant has since lowered', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.position',
      selection: { at: 0, numbers: [1] },
      multiplier: 1000,
      prizeGroup: 1700,
    };
    const json = configJson();
    json.limits.maxStakePerBet = '100';
    json.limits.maxMultiplier = 10;
    json.prizeGroups = { min: 1800, max: 1950, default: 1900 };
    const lowered = parseLotteryConfig(json);
    expect(() => quoteBet(lowered, bet)).toThrow(LotteryBetError);
    expect(settleBet(lowered, bet, ssc(1, 0, 0, 0, 0))).toMatchObject({
      stakeMinor: 2000_00n,
      payoutMinor: 17000_00n,
    });
  });

  it('settles at the price kept when the ticket was placed, whatever the board says since', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.sum.bsoe',
      selection: { option: 'big' },
      amountMinor: 1000n,
      board: 'LOTT',
    };
    const kept = placedPriceOf(JSON.parse(placedPriceText(quoteBet(config, bet))));
    expect(kept.stakeMinor).toBe(1000n);
    const json = configJson();
    json.oddsBoards[0].version = 2;
    json.oddsBoards[0].odds['ssc.sum.bsoe'] = { '*': '1.5' };
    const changed = parseLotteryConfig(json);
    const draw = ssc(9, 9, 9, 9, 9);
    expect(settleBet(changed, bet, draw).payoutMinor).toBe(1500n);
    expect(settleBet(changed, bet, draw, kept).payoutMinor).toBe(settleBet(config, bet, draw).payoutMinor);
    expect(settleBet(config, bet, draw).payoutMinor).toBe(1982n);
  });

  it('refuses a draw of another family or a malformed one', () => {
    const bet: LotteryBet = {
      game: 'ssc1m',
      type: 'ssc.sum.bsoe',
      selection: { option: 'big' },
      amountMinor: 1n,
    };
    expect(() => settleBet(config, bet, { family: 'k3', balls: [1, 2, 3] })).toThrow(RangeError);
    expect(() => settleBet(config, bet, ssc(1, 2, 3, 4))).toThrow('malformed');
  });

  it('settles the same ticket and draw alike every time', () => {
    const bet: LotteryBet = {
      game: 'k3-1m',
      type: 'k3.sum',
      selection: { option: '10' },
      amountMinor: 100_00n,
    };
    const draw: LotteryDraw = { family: 'k3', balls: [1, 3, 6] };
    expect(settleBet(config, bet, draw)).toEqual(settleBet(config, bet, draw));
    expect(settleBet(config, bet, draw).payoutMinor).toBe(560_00n);
  });
});

describe('catalogue and configuration', () => {
  it('names a pricing, a rule and samples for every bet type, codes unique', () => {
    expect(new Set(BET_TYPES.map((t) => t.code)).size).toBe(BET_TYPES.length);
    for (const t of BET_TYPES) {
      expect(t.rule.length, t.code).toBeGreaterThan(20);
      expect(t.samples().length, t.code).toBeGreaterThan(0);
      for (const s of t.samples()) expect(t.problem(s), `${t.code} ${JSON.stringify(s)}`).toBeUndefined();
      expect(t.pricing === 'prizeGroup', t.code).toBe(t.chance !== undefined);
    }
    expect(betTypesOf('vn', 'mb').map((t) => t.code)).not.toContain('vn.da');
    expect(betTypesOf('vn', 'mn').map((t) => t.code)).toContain('vn.da');
  });

  it('refuses a configuration missing a price, with its name', () => {
    const json = configJson();
    delete json.oddsBoards[1].odds['k3.pair'];
    expect(() => parseLotteryConfig(json)).toThrow(new LotteryConfigError('ZY.odds.k3.pair.* is missing'));
    expect(() =>
      parseLotteryConfig({ ...configJson(), prizeGroups: { min: 1700, max: 2000, default: 1900 } }),
    ).toThrow(LotteryConfigError);
  });

  it('reads each prize mode as families on a board; a mode left out offers all on the first board', () => {
    expect(config.prizeModes.get('ZY')).toEqual({
      board: 'ZY',
      families: ['ssc', 'pk10', '11x5', 'k3', 'lhc'],
    });
    expect(config.prizeModes.get('SEA')).toEqual({ board: 'LOTT', families: ['4d', 'vn'] });
    const { prizeModes: _, ...rest } = configJson();
    expect(parseLotteryConfig(rest).prizeModes.get('ELOTT')).toEqual({
      board: 'LOTT',
      families: ['vn', 'ssc', 'pk10', '11x5', 'k3', 'lhc', '4d'],
    });
    const bad = (prizeModes: unknown) => () => parseLotteryConfig({ ...configJson(), prizeModes });
    expect(bad({ XX: { board: 'LOTT', families: [] } })).toThrow('prizeModes.XX: unknown prize mode');
    expect(bad({ ZY: { board: 'NO', families: [] } })).toThrow('prizeModes.ZY.board: no odds board NO');
    expect(bad({ ZY: { board: 'ZY', families: ['bingo'] } })).toThrow('prizeModes.ZY: unknown family bingo');
  });
});
