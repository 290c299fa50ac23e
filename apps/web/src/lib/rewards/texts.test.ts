import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the reward-centre catalogues', () => {
  it('name every reward kind the contract has', () => {
    for (const k of ['signIn', 'signInWeek', 'signInMonth', 'rescue', 'promo'])
      expect(typeof lookup(en as Tree, `kind.${k}`), k).toBe('string');
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
