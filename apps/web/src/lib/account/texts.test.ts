import { describe, expect, it } from 'vitest';
import { expectSameShape, type Tree } from '../../testing/catalogues';
import cn from './locales/cn.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import { PATTERN_IDS } from './rules';

const BOUNDS = /\{\{\s*(\w+)\s*\}\}|\((min|max)\)/g;
describe('the accounts catalogues', () => {
  it('translate every pattern kind', () => {
    expect(Object.keys(en.pattern).sort()).toEqual(PATTERN_IDS.map((id) => id.toLowerCase()).sort());
  });

  it.each([
    ['cn', cn],
    ['ja', ja],
    ['th', th],
    ['vi', vi],
    ['es', es],
  ])('%s has every EN key, the same placeholders and bounds, nothing empty', (_name, catalogue) => {
    expectSameShape(catalogue as Tree, en as Tree, BOUNDS);
  });
});
