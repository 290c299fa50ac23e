import { describe, expect, it } from 'vitest';
import { expectSameShape, type Tree } from '../../testing/catalogues';
import { GAME_CLASSIFY } from '../contract';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the games catalogues', () => {
  it('name a lobby filter for every classify type of the contract', () => {
    for (const classify of GAME_CLASSIFY) expect(typeof en.filters[classify], classify).toBe('string');
  });

  it.each([
    ['cn', cn],
    ['ja', ja],
    ['th', th],
    ['vi', vi],
    ['es', es],
  ])('%s has every EN key, the same placeholders, nothing empty or left in English', (_name, catalogue) => {
    // Card ranks (A, K, Q, J, 10) read the same everywhere; a few loanwords may coincide; a copied
    // catalogue would not pass.
    const same = expectSameShape(catalogue as Tree, en as Tree).filter((key) => !key.startsWith('symbols.'));
    expect(same.length).toBeLessThan(8);
  });
});
