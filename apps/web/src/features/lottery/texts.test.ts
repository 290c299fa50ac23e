import { LOTTERY_TICKET_STATUSES } from '@aurum/contract';
import { BET_TYPES, SEA4D_TIERS, VN_TIERS } from '@aurum/games';
import { describe, expect, it } from 'vitest';
import cn from '../../lib/lottery/locales/cn.json';
import en from '../../lib/lottery/locales/en.json';
import es from '../../lib/lottery/locales/es.json';
import ja from '../../lib/lottery/locales/ja.json';
import th from '../../lib/lottery/locales/th.json';
import vi from '../../lib/lottery/locales/vi.json';
import { betTypeKey } from '../../lib/lottery/texts';
import { FAMILY_KEYS } from './model/families';
import { playGroupsOf } from './model/plays';

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
const has = (path: string) => typeof lookup(en as Tree, path) === 'string';

const ALL_GROUPS = [
  ...(['ssc', 'pk10', '11x5', 'k3', 'lhc', '4d'] as const).flatMap((f) => playGroupsOf(f)),
  ...playGroupsOf('vn', 'mn'),
];

describe('the lottery catalogues', () => {
  it('name and explain every bet type of the engine', () => {
    for (const type of BET_TYPES) {
      expect(has(`plays.${betTypeKey(type.code)}`), type.code).toBe(true);
      expect(has(`rules.${betTypeKey(type.code)}`), type.code).toBe(true);
    }
  });

  it('name every tab, option, price, prize tier, family and ticket status the pages show', () => {
    for (const group of ALL_GROUPS) {
      expect(has(`groups.${group.id}`), group.id).toBe(true);
      for (const play of group.plays) {
        const { picker } = play;
        if (picker.kind === 'options') {
          for (const row of picker.rows)
            for (const option of row.options)
              if (!/^\d+$/.test(option) && option !== 'any')
                expect(has(`options.${option}`), option).toBe(true);
        } else {
          const type = BET_TYPES.find((t) => t.code === play.betType);
          for (const key of type?.keys ?? [])
            expect(has(`prices.${key === '*' ? 'each' : key}`), key).toBe(true);
        }
      }
    }
    for (const tier of [...VN_TIERS.mb, ...VN_TIERS.mn, ...SEA4D_TIERS])
      expect(has(`tiers.${tier.code}`), tier.code).toBe(true);
    for (const key of FAMILY_KEYS) expect(has(`families.${key}`), key).toBe(true);
    for (const status of LOTTERY_TICKET_STATUSES)
      expect(has(`tickets.statuses.${status}`), status).toBe(true);
  });

  it.each([
    ['cn', cn],
    ['ja', ja],
    ['th', th],
    ['vi', vi],
    ['es', es],
  ])(
    '%s has every EN key, the same placeholders, nothing empty and little left in English',
    (_name, catalogue) => {
      expect(keys(catalogue as Tree).sort()).toEqual(keys(en as Tree).sort());
      let same = 0;
      for (const key of keys(en as Tree)) {
        const text = lookup(catalogue as Tree, key);
        expect(typeof text === 'string' && text.length > 0, key).toBe(true);
        expect(marks(text as string), key).toEqual(marks(lookup(en as Tree, key) as string));
        if (text === lookup(en as Tree, key)) same++;
      }
      // The Vietnamese bet names (Đề, Bao lô…), SSC, PK10, 4D and unit figures read the same everywhere.
      expect(same).toBeLessThan(30);
    },
  );
});
