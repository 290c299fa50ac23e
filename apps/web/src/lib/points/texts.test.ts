import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the points mall catalogues', () => {
  it('name every points movement and redeem status the contract has', () => {
    for (const kind of ['bet', 'deposit', 'convert', 'redeem', 'refund', 'adjust']) {
      expect(typeof lookup(en as Tree, `details.${kind}`), kind).toBe('string');
    }
    for (const status of ['applying', 'rejected', 'approved']) {
      expect(typeof lookup(en as Tree, `history.${status}`), status).toBe('string');
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
