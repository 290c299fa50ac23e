import { PROOF_IMAGE_MAX_BYTES as CONTRACT_MAX, DEPOSIT_STATUS, WITHDRAW_STATUS } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { expectSameShape, marks, type Tree } from '../../testing/catalogues';
import { TX_TYPE } from '../contract';
import cashierCn from './locales/cashier/cn.json';
import cashierEn from './locales/cashier/en.json';
import cashierEs from './locales/cashier/es.json';
import cashierJa from './locales/cashier/ja.json';
import cashierTh from './locales/cashier/th.json';
import cashierVi from './locales/cashier/vi.json';
import fundsCn from './locales/funds/cn.json';
import fundsEn from './locales/funds/en.json';
import fundsEs from './locales/funds/es.json';
import fundsJa from './locales/funds/ja.json';
import fundsTh from './locales/funds/th.json';
import fundsVi from './locales/funds/vi.json';
import { PROOF_IMAGE_MAX_BYTES } from './proof-image';

describe('the cashier catalogues', () => {
  it('name every deposit and withdrawal status of the contract', () => {
    expect(Object.keys(cashierEn.deposit.status).sort()).toEqual([...DEPOSIT_STATUS].sort());
    expect(Object.keys(cashierEn.withdraw.status).sort()).toEqual([...WITHDRAW_STATUS].sort());
    expect(
      Object.keys(cashierEn.deposit.returned)
        .filter((k) => k.toUpperCase() === k)
        .sort(),
    ).toEqual([...DEPOSIT_STATUS].sort());
  });

  it.each([
    ['cn', cashierCn],
    ['ja', cashierJa],
    ['th', cashierTh],
    ['vi', cashierVi],
    ['es', cashierEs],
  ])('%s has every EN key, the same placeholders, nothing empty or left in English', (_name, catalogue) => {
    expect(expectSameShape(catalogue as Tree, cashierEn as Tree)).toEqual([]);
  });
});

describe('the funds catalogues', () => {
  it('name every transaction type of the contract', () => {
    expect(
      Object.keys(fundsEn.txType)
        .filter((k) => k !== 'other')
        .sort(),
    ).toEqual(Object.keys(TX_TYPE).sort());
  });

  it('say every transaction type as a sentence, in EN and CN, naming what the record names', () => {
    for (const name of Object.keys(TX_TYPE) as (keyof typeof TX_TYPE)[]) {
      const english = fundsEn.txRemark[name];
      const chinese = fundsCn.txRemark[name];
      expect(english, name).toMatch(/\s/);
      expect(chinese.length, name).toBeGreaterThan(0);
      expect(chinese, name).not.toBe(english);
      // A slug is no sentence: no bare code such as "promotion lucky-wheel" or "TIDE → MAIN".
      expect(english, name).not.toMatch(/→|[a-z]+-[a-z]+/);
    }
    expect(marks(fundsEn.txRemark.bet)).toEqual(['{{game}}', '{{time}}']);
    expect(marks(fundsCn.txRemark.win)).toEqual(['{{game}}', '{{time}}']);
    expect(marks(fundsCn.txRemark.transferToGame)).toEqual(['{{wallet}}']);
  });

  it('name the limit of every amount problem that has one', () => {
    for (const key of ['belowMin', 'aboveMax', 'overBalance'] as const) {
      expect(marks(fundsEn.amount[key]), key).toEqual(['{{amount}}']);
    }
  });

  it.each([
    ['cn', fundsCn],
    ['ja', fundsJa],
    ['th', fundsTh],
    ['vi', fundsVi],
    ['es', fundsEs],
  ])('%s has every EN key, the same placeholders, nothing empty or left in English', (_name, catalogue) => {
    // A handful of texts may coincide (a bare placeholder); a copied catalogue would not pass.
    expect(expectSameShape(catalogue as Tree, fundsEn as Tree).length).toBeLessThan(5);
  });
});

describe('the proof image limit', () => {
  it('is the contract’s', () => {
    expect(PROOF_IMAGE_MAX_BYTES).toBe(CONTRACT_MAX);
  });
});
