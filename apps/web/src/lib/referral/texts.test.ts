import { describe, expect, it } from 'vitest';
import { expectSameShape, lookup, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';

describe('the referral catalogues', () => {
  it('name every invitee status, link reason and reward kind the contract has', () => {
    for (const s of ['registered', 'deposited', 'active'])
      expect(typeof lookup(en as Tree, `status.${s}`), s).toBe('string');
    for (const r of ['device', 'network', 'mobile', 'payeeName'])
      expect(typeof lookup(en as Tree, `reason.${r}`), r).toBe('string');
    for (const k of ['invitation', 'achievement', 'depositRebate', 'betRebate'])
      expect(typeof lookup(en as Tree, `kinds.${k}`), k).toBe('string');
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
