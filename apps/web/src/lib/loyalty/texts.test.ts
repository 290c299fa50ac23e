import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import { GAME_TYPES } from '../contract';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the loyalty catalogues', () => {
  it('name every game category and VIP condition the contract has', () => {
    for (const category of GAME_TYPES) {
      expect(typeof lookup(en as Tree, `categories.${category}`), category).toBe('string');
    }
    for (const c of ['totalDeposit', 'monthlyDeposit', 'depositCount', 'totalBet', 'monthlyBet']) {
      expect(typeof lookup(en as Tree, `conditions.${c}`), c).toBe('string');
    }
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
