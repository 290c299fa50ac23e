import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ContractRuleError,
  checkAgainstUpline,
  equalSplit,
  parseTiers,
  randomSplit,
  settleTree,
  uniformInt,
} from '../index.ts';

const A = parseTiers(
  [
    { min: { validBet: '100000', pnl: '10000', active: 5 }, percent: '10' },
    { min: { validBet: '500000', pnl: '50000', active: 10 }, percent: '20' },
  ],
  2,
);

describe('contract tiers', () => {
  it('refuses tiers whose thresholds do not go up, unknown figures and bad rates', () => {
    expect(() => parseTiers([], 2)).toThrow(/at least one tier/);
    expect(() =>
      parseTiers(
        [
          { min: { validBet: '500' }, percent: '1' },
          { min: { validBet: '400' }, percent: '2' },
        ],
        2,
      ),
    ).toThrow(/thresholds go up/);
    expect(() =>
      parseTiers(
        [
          { min: { validBet: '500' }, percent: '1' },
          { min: { validBet: '500' }, percent: '2' },
        ],
        2,
      ),
    ).toThrow(/nothing more/);
    expect(() => parseTiers([{ min: { luck: '1' }, percent: '1' }], 2)).toThrow(/unknown figure luck/);
    expect(() => parseTiers([{ min: { active: 1.5 }, percent: '1' }], 2)).toThrow(/is a count/);
    expect(() => parseTiers([{ min: { validBet: '1' }, percent: '101' }], 2)).toThrow(/above 100/);
    expect(() => parseTiers([{ min: { validBet: '1' }, percent: 'x' }], 2)).toThrow(/not a percentage/);
    expect(() => parseTiers([{ min: { validBet: '1' } }], 2)).toThrow(/percent or a fixed/);
    expect(() => parseTiers([{ min: { validBet: '1.001' }, percent: '1' }], 2)).toThrow(ContractRuleError);
  });

  it("refuses an offer whose rate is above the upline's own on the same figures", () => {
    const ok = parseTiers(
      [
        { min: { validBet: '100000', pnl: '10000', active: 5 }, percent: '5' },
        { min: { validBet: '300000', pnl: '30000', active: 8 }, percent: '10' },
      ],
      2,
    );
    expect(() => checkAgainstUpline(ok, A)).not.toThrow();
    const greedy = parseTiers([{ min: { validBet: '300000', pnl: '30000', active: 8 }, percent: '12' }], 2);
    expect(() => checkAgainstUpline(greedy, A)).toThrow(/above the upline's own rate/);
    const below = parseTiers([{ min: { validBet: '1000', pnl: '100', active: 1 }, percent: '1' }], 2);
    expect(() => checkAgainstUpline(below, A)).toThrow(/pays nothing on these figures/);
  });
});

describe('the tree', () => {
  it('refuses a cycle and an upline that holds no contract', () => {
    expect(() =>
      settleTree([
        { id: 'A', upline: 'B', amountMinor: 1n },
        { id: 'B', upline: 'A', amountMinor: 1n },
      ]),
    ).toThrow(/cycle/);
    expect(() => settleTree([{ id: 'A', upline: 'Z', amountMinor: 1n }])).toThrow(/holds no contract/);
  });

  it("nets to what the house paid: the sum of every agent net is the top agents' amounts", () => {
    const { net, payments } = settleTree([
      { id: 'A', upline: null, amountMinor: 900n },
      { id: 'B', upline: 'A', amountMinor: 500n },
      { id: 'C', upline: 'B', amountMinor: 200n },
    ]);
    expect(net).toEqual({ A: 400n, B: 300n, C: 200n });
    expect(payments.map((p) => `${p.from}>${p.to}`)).toEqual(['HOUSE>A', 'A>B', 'B>C']);
  });
});

describe('red envelopes', () => {
  it('a random split sums to the total exactly, every part at least one minor unit', () => {
    let state = 1;
    const nextWord = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 7n }), fc.integer({ min: 1, max: 50 }), (total, count) => {
        fc.pre(total >= BigInt(count));
        const parts = randomSplit(total, count, (n) => uniformInt(n, nextWord));
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        expect(parts.every((p) => p >= 1n)).toBe(true);
      }),
    );
  });

  it('refuses a split it cannot make', () => {
    expect(() => equalSplit(2n, 3)).toThrow(/at least the smallest amount/);
    expect(() => equalSplit(100n, 0)).toThrow(/at least one recipient/);
    expect(() => randomSplit(2n, 3, () => 0)).toThrow(/at least the smallest amount/);
  });
});
