import { LINK_VALIDITIES } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the agent-centre catalogues', () => {
  it('name every link validity the contract has', () => {
    for (const v of LINK_VALIDITIES)
      expect(typeof lookup(en as Tree, `register.validities.${v}`), v).toBe('string');
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
