import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { add, ratio, toPercent } from '../ratio.ts';
import { BET_TYPES, betType } from './bet-types.ts';
import { parseLotteryConfig } from './config.ts';
import { drawProblem } from './layouts.ts';
import {
  betTypeSummaries,
  expectedWins,
  lotteryMaxMultiples,
  lotteryReturns,
  outcomeSpace,
  pk10Places,
  pk10Space,
} from './returns.ts';

const configJson = () =>
  JSON.parse(readFileSync(new URL('../../../../config/lottery.json', import.meta.url), 'utf8'));
const config = parseLotteryConfig(configJson());
const returns = lotteryReturns(config);
const find = (type: string, board = 'LOTT', match: (s: object) => boolean = () => true) =>
  returns.find((r) => r.type === type && r.board === board && match(r.selection))!;

describe('expected returns of the configured bet types', () => {
  it('covers every bet type of the catalogue, every board and every LHC year', () => {
    expect(new Set(returns.map((r) => r.type))).toEqual(new Set(BET_TYPES.map((t) => t.code)));
    expect(new Set(returns.map((r) => r.board))).toEqual(new Set(['LOTT', 'ZY']));
    expect(new Set(returns.filter((r) => r.type === 'lhc.zodiac').map((r) => r.year)).size).toBe(12);
  });

  it('stays below 1 for every bet type with the largest rebate a member can stack', () => {
    const over = returns.filter((r) => r.total.num >= r.total.den);
    expect(over.map((r) => `${r.type} ${r.board} ${JSON.stringify(r.selection)} ${r.year ?? ''}`)).toEqual(
      [],
    );
  });

  it('returns exactly group / 2000 for every prize-group bet: each declared chance is the enumerated one', () => {
    for (const r of returns.filter((x) => betType(x.type)!.pricing === 'prizeGroup'))
      expect(r.payoutReturn, r.type).toEqual(ratio(1700n, 2000n));
  });

  it('matches figures computed by hand', () => {
    // Dragon wins 45 of 100 at 2.2; a tie loses.
    expect(
      find('ssc.dragon-tiger', 'LOTT', (s) => 'option' in s && s.option === 'dragon').payoutReturn,
    ).toEqual(ratio(99n, 100n));
    // Sum 11 pushes: 40/90 × 1.982 + 10/90.
    expect(find('pk10.sum.bsoe').payoutReturn).toEqual(ratio(40n * 1982n + 10n * 1000n, 90_000n));
    // Lô 2 số MB: 27/100 hits a point on average, 80,000 per hit for 23,000.
    expect(returns.find((r) => r.type === 'vn.lo2' && r.game.startsWith('vnmb'))!.payoutReturn).toEqual(
      ratio(27n * 80_000n, 100n * 23_000n),
    );
    // Xiên 2 MB at 17: P(both endings among 27) = 1 − 2·0.99^27 + 0.98^27.
    const both = 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
    const xien = returns.find(
      (r) => r.type === 'vn.xien2' && r.game.startsWith('vnmb') && r.board === 'LOTT',
    )!;
    expect(Number(xien.payoutReturn.num) / Number(xien.payoutReturn.den)).toBeCloseTo(17 * both, 12);
    // 4D Big: (2500 + 1000 + 500 + 10·180 + 10·60) / 10 000; Small: (3500 + 2000 + 1000) / 10 000.
    expect(find('4d.big').payoutReturn).toEqual(ratio(6400n, 10_000n));
    expect(find('4d.small').payoutReturn).toEqual(ratio(6500n, 10_000n));
    // LHC two-all: C(6,2)/C(49,2) at 65; special string: 2 · 1/49 · 6/48 at 150.
    expect(find('lhc.two-all').payoutReturn).toEqual(ratio(15n * 65n, 1176n));
    expect(find('lhc.special-string').payoutReturn).toEqual(ratio(150n, 196n));
    // The year animal has five numbers: any of seven carries it with 1 − C(44,7)/C(49,7).
    const zodiac = returns.find(
      (r) =>
        r.type === 'lhc.zodiac' &&
        r.board === 'LOTT' &&
        r.year === 'horse' &&
        (r.selection as { option: string }).option === 'horse',
    )!;
    expect(zodiac.payoutReturn).toEqual(ratio((85_900_584n - 38_320_568n) * 175n, 85_900_584n * 100n));
  });

  it('weighs every outcome space to exactly 1, each draw well formed', () => {
    const checked = new Set<unknown>(); // families enumerated in full share one space
    for (const type of BET_TYPES)
      for (const layout of type.family === 'vn' ? (['mb', 'mn'] as const) : [undefined]) {
        if (type.layouts && !type.layouts.includes(layout!)) continue;
        const space = outcomeSpace(type, type.samples()[0]!, layout, 'horse');
        if (checked.has(space)) continue;
        checked.add(space);
        const byDen = new Map<bigint, bigint>(); // numerators summed per denominator, then added
        for (const [, p] of space) byDen.set(p.den, (byDen.get(p.den) ?? 0n) + p.num);
        const total = [...byDen].reduce((sum, [den, num]) => add(sum, ratio(num, den)), ratio(0n));
        expect(total, `${type.code} ${layout ?? ''}`).toEqual(ratio(1n));
        expect(
          space.filter(([draw]) => drawProblem(draw) !== undefined),
          type.code,
        ).toEqual([]);
      }
  });

  it('reads only the PK10 places it names: filling the others in another order changes nothing', () => {
    for (const code of [
      'pk10.position',
      'pk10.sum',
      'pk10.sum.bsoe',
      'pk10.dragon-tiger',
      'pk10.top3.straight',
    ]) {
      const type = betType(code)!;
      for (const s of type.samples()) {
        const places = pk10Places(type, s);
        expect(expectedWins(config, type, s, pk10Space(places, 'descending'))).toEqual(
          expectedWins(config, type, s, pk10Space(places)),
        );
      }
    }
  });

  it('finds a configuration that pays more than it costs', () => {
    const json = configJson();
    json.pushRules.sscDragonTigerTie = 'push'; // dragon 0.99 + the tie's 0.10 back
    json.oddsBoards[1].odds['k3.sum']['10'] = '8.1'; // 27/216 × 8.1 > 1
    const over = lotteryReturns(
      parseLotteryConfig(json),
      (t) => t === 'ssc.dragon-tiger' || t.startsWith('k3.'),
    ).filter((r) => r.total.num >= r.total.den);
    expect(new Set(over.map((r) => `${r.type} ${r.board}`))).toEqual(
      new Set(['ssc.dragon-tiger LOTT', 'ssc.dragon-tiger ZY', 'k3.sum ZY']),
    );
  });
});

describe('largest multiples per bet type', () => {
  const multiples = lotteryMaxMultiples(config);

  it('names one for every bet type', () => {
    expect([...multiples.keys()].sort()).toEqual(BET_TYPES.map((t) => t.code).sort());
  });

  it('takes the highest prize group, the best board and every hit one bet can collect', () => {
    expect(multiples.get('ssc.five.straight')).toEqual(ratio(99_000n)); // 1980/2000 × 100 000
    expect(multiples.get('ssc.position')).toEqual(ratio(99n, 10n));
    expect(multiples.get('vn.lo2')).toEqual(ratio(27n * 80_000n, 23_000n)); // all 27 prizes end in it
    expect(multiples.get('vn.3cang')).toEqual(ratio(900n));
    expect(multiples.get('4d.small')).toEqual(ratio(3500n));
    expect(multiples.get('11x5.any5')).toEqual(ratio(270n));
    expect(multiples.get('lhc.three-in-two')).toEqual(ratio(100n));
  });
});

describe('docs/lottery.md', () => {
  it('lists every bet type with its pricing, highest return, largest multiple and rule as computed', () => {
    const doc = readFileSync(new URL('../../../../docs/lottery.md', import.meta.url), 'utf8');
    const pricing = { prizeGroup: 'prize group', fixed: 'fixed table', odds: 'odds board', points: 'points' };
    const rows = betTypeSummaries(config, returns).map((s) => {
      const multiple = Number((s.largestMultiple.num * 10_000n) / s.largestMultiple.den) / 10_000;
      return `| \`${s.code}\` | ${pricing[s.pricing as keyof typeof pricing]} | ${toPercent(s.highestReturn, 2)} % | ${multiple} | ${s.rule} |`;
    });
    expect(rows).toHaveLength(BET_TYPES.length);
    for (const row of rows) expect(doc).toContain(row);
  });
});
