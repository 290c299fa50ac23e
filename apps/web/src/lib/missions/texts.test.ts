import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the missions catalogues', () => {
  it('name every metric and status the contract has', () => {
    for (const m of ['validBet', 'deposit', 'betCount', 'profitMultiple'])
      expect(typeof lookup(en as Tree, `metric.${m}`), m).toBe('string');
    for (const s of ['incomplete', 'claimable', 'received', 'expired', 'finished'])
      expect(typeof lookup(en as Tree, `status.${s}`), s).toBe('string');
  });

  it.each([
    ['cn', cn],
    ['es', es],
    ['ja', ja],
    ['th', th],
    ['vi', vi],
  ])('%s has every EN key with the same placeholders, none empty', (_name, catalogue) => {
    expectSameShape(catalogue as Tree, en as Tree);
  });
});
