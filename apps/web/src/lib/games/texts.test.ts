import { describe, expect, it } from 'vitest';
import { GAME_CLASSIFY } from '../contract';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );

const lookup = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);

const marks = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[0]).sort();

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
    expect(keys(catalogue as Tree).sort()).toEqual(keys(en as Tree).sort());
    let same = 0;
    for (const key of keys(en as Tree)) {
      const text = lookup(catalogue as Tree, key);
      expect(typeof text === 'string' && text.length > 0, key).toBe(true);
      expect(marks(text as string), key).toEqual(marks(lookup(en as Tree, key) as string));
      // Card ranks (A, K, Q, J, 10) read the same everywhere.
      if (!key.startsWith('symbols.') && text === lookup(en as Tree, key)) same++;
    }
    // A few loanwords and bare placeholders may coincide; a copied catalogue would not pass.
    expect(same).toBeLessThan(8);
  });
});
