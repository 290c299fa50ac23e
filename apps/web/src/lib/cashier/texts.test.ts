import { PROOF_IMAGE_MAX_BYTES as CONTRACT_MAX, DEPOSIT_STATUS, WITHDRAW_STATUS } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import { PROOF_IMAGE_MAX_BYTES } from './proof-image';

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

describe('the cashier catalogues', () => {
  it('name every deposit and withdrawal status of the contract', () => {
    expect(Object.keys(en.deposit.status).sort()).toEqual([...DEPOSIT_STATUS].sort());
    expect(Object.keys(en.withdraw.status).sort()).toEqual([...WITHDRAW_STATUS].sort());
    expect(
      Object.keys(en.deposit.returned)
        .filter((k) => k.toUpperCase() === k)
        .sort(),
    ).toEqual([...DEPOSIT_STATUS].sort());
  });

  it.each([
    ['cn', cn],
    ['ja', ja],
    ['th', th],
    ['vi', vi],
    ['es', es],
  ])('%s has every EN key, the same placeholders, nothing empty or left in English', (_name, catalogue) => {
    expect(keys(catalogue as Tree).sort()).toEqual(keys(en as Tree).sort());
    const untranslated: string[] = [];
    for (const key of keys(en as Tree)) {
      const text = lookup(catalogue as Tree, key);
      const english = lookup(en as Tree, key) as string;
      expect(typeof text === 'string' && text.length > 0, key).toBe(true);
      expect(marks(text as string), key).toEqual(marks(english));
      // Texts made only of placeholders and symbols ("{{min}} – {{max}}") may stay as they are.
      if (text === english && /[A-Za-z]{3}/.test(english.replace(/\{\{\s*\w+\s*\}\}/g, ''))) {
        untranslated.push(key);
      }
    }
    expect(untranslated).toEqual([]);
  });
});

describe('the proof image limit', () => {
  it('is the contract’s', () => {
    expect(PROOF_IMAGE_MAX_BYTES).toBe(CONTRACT_MAX);
  });
});
