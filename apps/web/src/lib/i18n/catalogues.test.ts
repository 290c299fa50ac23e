import { describe, expect, it } from 'vitest';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe.each([
  ['cn', cn],
  ['ja', ja],
  ['th', th],
  ['vi', vi],
  ['es', es],
])('%s catalogue', (_name, catalogue) => {
  it('has every key of the EN source, and no others', () => {
    expect(keys(catalogue as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('keeps the same placeholders and leaves nothing empty', () => {
    for (const key of keys(en as Tree)) {
      const text = lookup(catalogue as Tree, key) ?? '';
      expect(text, key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(lookup(en as Tree, key) ?? ''));
    }
  });
});

describe('EN catalogue', () => {
  // "a {{brand}}" reads "a Aurum": the right article depends on the value, so none goes before one.
  it('puts no article right before a placeholder', () => {
    const bad = keys(en as Tree).filter((key) => /\b(a|an)\s+\{\{/i.test(lookup(en as Tree, key) ?? ''));
    expect(bad).toEqual([]);
  });
});
