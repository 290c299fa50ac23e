import { describe, expect, it } from 'vitest';
import { TX_TYPE } from '../contract';
import { fundsErrorKey } from './errors';
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

describe('the funds catalogues', () => {
  it('name every transaction type of the contract', () => {
    expect(
      Object.keys(en.txType)
        .filter((k) => k !== 'other')
        .sort(),
    ).toEqual(Object.keys(TX_TYPE).sort());
  });

  it('say every transaction type as a sentence, in EN and CN, naming what the record names', () => {
    for (const name of Object.keys(TX_TYPE) as (keyof typeof TX_TYPE)[]) {
      const english = en.txRemark[name];
      const chinese = cn.txRemark[name];
      expect(english, name).toMatch(/\s/);
      expect(chinese.length, name).toBeGreaterThan(0);
      expect(chinese, name).not.toBe(english);
      // A slug is no sentence: no bare code such as "promotion lucky-wheel" or "TIDE → MAIN".
      expect(english, name).not.toMatch(/→|[a-z]+-[a-z]+/);
    }
    expect(marks(en.txRemark.bet)).toEqual(['{{game}}', '{{time}}']);
    expect(marks(cn.txRemark.win)).toEqual(['{{game}}', '{{time}}']);
    expect(marks(cn.txRemark.transferToGame)).toEqual(['{{wallet}}']);
  });

  it('have a text for every error code the funds pages translate', () => {
    const codes = [
      'wallet.insufficient.funds',
      'wallet.amount.invalid',
      'wallet.account.invalid',
      'wallet.transfer.forbidden',
      'wallet.busy',
      'cashier.amount.out.of.range',
      'payment.password.required',
      'payment.password.invalid',
      'transfer.no.upline',
      'transfer.not.downline',
      'agent.only',
      'transfer.vendor.unknown',
      'transfer.vendor.unplayable',
      'transfer.single.wallet',
      'idempotency.conflict',
    ];
    for (const code of codes) {
      const key = fundsErrorKey(code);
      expect(key, code).not.toBeNull();
      expect(typeof lookup(en as Tree, key as string), code).toBe('string');
    }
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
      if (text === lookup(en as Tree, key)) same++;
    }
    // A handful of texts may coincide (a bare placeholder); a copied catalogue would not pass.
    expect(same).toBeLessThan(5);
  });
});
