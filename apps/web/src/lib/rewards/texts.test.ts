import { describe, expect, it } from 'vitest';
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
    expect(keys(catalogue as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(en as Tree)) {
      const text = lookup(catalogue as Tree, key);
      expect(typeof text === 'string' && text.length > 0, key).toBe(true);
      expect(marks(text as string), key).toEqual(marks(lookup(en as Tree, key) as string));
    }
  });
});
