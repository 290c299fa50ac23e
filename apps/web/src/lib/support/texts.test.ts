import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the support catalogues', () => {
  it('name every feedback type and status the contract has', () => {
    for (const type of ['deposit', 'withdraw', 'game', 'service', 'apply', 'other']) {
      expect(typeof lookup(en as Tree, `feedback.types.${type}`), type).toBe('string');
    }
    for (const status of ['OPEN', 'ANSWERED']) {
      expect(typeof lookup(en as Tree, `feedback.status.${status}`), status).toBe('string');
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
