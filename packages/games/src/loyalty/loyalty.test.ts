import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accrueRebate,
  addRebate,
  claimRebate,
  LoyaltyRuleError,
  NO_REBATE,
  parseRescueTiers,
  parseVipRules,
  rebateTotal,
  redeemItem,
  requiredTurnover,
  vipProgress,
  wageringProgress,
} from '../index.ts';

const LEVELS = {
  mode: 'AND',
  levels: [
    { level: 1, name: 'VIP1', upgrade: { totalDeposit: '1000', totalBet: '10000' }, upgradeBonus: '18' },
    { level: 2, name: 'VIP2', upgrade: { totalDeposit: '5000', depositCount: '3' } },
  ],
};
const ZERO = { totalDeposit: 0n, monthlyDeposit: 0n, depositCount: 0n, totalBet: 0n, monthlyBet: 0n };

describe('rebates', () => {
  it('pays every accrued unit over any sequence of bets and claims: paid + carried = accrued', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bet: fc.bigInt({ min: 0n, max: 10n ** 9n }), claim: fc.boolean() }), {
          maxLength: 30,
        }),
        fc.constantFrom('0.05', '0.3', '0.85', '1.2'),
        (steps, rate) => {
          let balance = NO_REBATE;
          let accrued = 0n;
          let paid = 0n;
          for (const s of steps) {
            const a = accrueRebate(s.bet, rate, 2);
            accrued += a;
            balance = addRebate(balance, 'RNG', a);
            if (s.claim) {
              const c = claimRebate(balance, 2);
              paid += c.paidMinor;
              balance = c.balance;
              expect(c.balance.carried).toBeLessThan(100n);
            }
          }
          expect(paid * 100n + rebateTotal(balance)).toBe(accrued);
        },
      ),
    );
  });

  it('refuses a malformed rate and a currency with more than 4 decimals', () => {
    expect(() => accrueRebate(100n, '0,8', 2)).toThrow(LoyaltyRuleError);
    expect(() => accrueRebate(100n, '0.8', 5)).toThrow(/5 decimals/);
  });
});

describe('VIP rules', () => {
  it('refuses configurations it cannot apply', () => {
    expect(() => parseVipRules({ ...LEVELS, mode: 'XOR' }, 2)).toThrow(/AND or OR/);
    expect(() => parseVipRules({ mode: 'OR', levels: [] }, 2)).toThrow(/need levels/);
    expect(() => parseVipRules({ mode: 'OR', levels: [{ ...LEVELS.levels[0], level: 2 }] }, 2)).toThrow(
      /must be 1/,
    );
    expect(() =>
      parseVipRules({ mode: 'OR', levels: [{ level: 1, name: 'V', upgrade: { luck: '1' } }] }, 2),
    ).toThrow(/unknown condition luck/);
    expect(() => parseVipRules({ mode: 'OR', levels: [{ level: 1, name: 'V', upgrade: {} }] }, 2)).toThrow(
      /at least one condition/,
    );
    expect(() =>
      parseVipRules({ mode: 'OR', levels: [{ level: 1, name: 'V', upgrade: { totalBet: '1.001' } }] }, 2),
    ).toThrow(/not an amount/);
  });

  it("shows the next level's conditions, actual against expected", () => {
    const rules = parseVipRules(LEVELS, 2);
    const p = vipProgress(rules, 1, { ...ZERO, totalDeposit: 600000n, depositCount: 2n });
    expect(p.next?.name).toBe('VIP2');
    expect(p.conditions).toEqual([
      { condition: 'totalDeposit', actual: 600000n, expected: 500000n, met: true },
      { condition: 'depositCount', actual: 2n, expected: 3n, met: false },
    ]);
    expect(vipProgress(rules, 2, ZERO)).toEqual({ next: null, conditions: [] });
  });
});

describe('wagering, the mall and the rescue fund', () => {
  it('refuses what it cannot compute', () => {
    const rule = { multiple: 'ten', base: 'bonus' as const, contributions: {} };
    expect(() => requiredTurnover(rule, 100n)).toThrow(/not a multiple/);
    expect(() => requiredTurnover({ ...rule, multiple: '1' }, -1n)).toThrow(/never negative/);
    expect(wageringProgress({ ...rule, multiple: '1' }, 0n, []).complete).toBe(true);
    const item = { pricePoints: 10n, priceMinor: 0n, stock: 2 };
    expect(() => redeemItem(item, 0, { points: 100n, moneyMinor: 0n })).toThrow(/whole number/);
    expect(() => redeemItem(item, 1.5, { points: 100n, moneyMinor: 0n })).toThrow(/whole number/);
    expect(() => redeemItem({ ...item, priceMinor: 1n }, 1, { points: 100n, moneyMinor: 0n })).toThrow(
      /not enough money/,
    );
    expect(() => parseRescueTiers([{ minLoss: '1', percent: '5', fixed: '2' }], 2)).toThrow(
      /percent or a fixed/,
    );
    expect(() => parseRescueTiers([], 2)).toThrow(/non-empty/);
    expect(() => parseRescueTiers([{ minLoss: 'x', fixed: '2' }], 2)).toThrow(/minLoss is not an amount/);
  });
});
