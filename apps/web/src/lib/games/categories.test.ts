import type { GameMenu } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { gameMenus } from '../../testing/fixtures';
import {
  allVendors,
  gameTypeForPath,
  hotCategories,
  inHouseVendors,
  navCategories,
  pathForGameType,
} from './categories';

describe('gameTypeForPath', () => {
  it.each([
    ['sports', 'SPORTS'],
    ['esports', 'ESPORTS'],
    ['live', 'LIVE'],
    ['lott', 'LOTT'],
    ['elott', 'ELOTT'],
    ['fish', 'FISH'],
    ['pvp', 'PVP'],
    ['rng', 'RNG'],
    ['cockfight', 'COCKFIGHT'],
    ['inHouse', 'RNG'],
  ])('/%s shows %s', (path, type) => {
    expect(gameTypeForPath(`/${path}`)).toBe(type);
    expect(gameTypeForPath(path)).toBe(type);
  });

  it('knows no other paths', () => {
    expect(gameTypeForPath('/promotions')).toBeNull();
    expect(gameTypeForPath('/')).toBeNull();
    expect(gameTypeForPath('/toString')).toBeNull();
  });

  it('links each type to its category page', () => {
    expect(pathForGameType('LIVE')).toBe('/live');
    expect(pathForGameType('INHOUSE')).toBe('/inHouse');
  });
});

describe('navCategories (header)', () => {
  it('keeps known categories that have vendors, in the server order', () => {
    expect(navCategories(gameMenus).map((c) => c.type)).toEqual([
      'RNG',
      'FISH',
      'LIVE',
      'LOTT',
      'ESPORTS',
      'COCKFIGHT',
    ]);
  });

  it('drops unknown titles and duplicates', () => {
    const menus = [
      { title: 'PROMO', vendors: [{ vassalage: 'X', gameType: 'RNG', name: 'X', icon: '', isGame: 'GAME' }] },
      ...gameMenus,
      { title: 'RNG', vendors: [{ vassalage: 'Y', gameType: 'RNG', name: 'Y', icon: '', isGame: 'GAME' }] },
    ] as unknown as GameMenu[];
    expect(navCategories(menus).map((c) => c.type)).toEqual([
      'RNG',
      'FISH',
      'LIVE',
      'LOTT',
      'ESPORTS',
      'COCKFIGHT',
    ]);
  });
});

describe('hotCategories (home tiles)', () => {
  it('uses the fixed hot order and only categories with vendors', () => {
    const reversed = [...gameMenus].reverse();
    expect(hotCategories(reversed)).toEqual(['RNG', 'FISH', 'LIVE', 'LOTT', 'ESPORTS']);
  });
});

describe('vendors', () => {
  it('lists every vendor once', () => {
    expect(allVendors([...gameMenus, ...gameMenus]).map((v) => v.vassalage)).toEqual([
      'AUR',
      'AURX',
      'TIDE',
      'AURL',
      'TCG',
      'AV',
      'DS88',
    ]);
  });

  it('finds in-house vendors from the brand list when the server does not split them out', () => {
    expect(inHouseVendors(gameMenus, ['aurx']).map((v) => v.vassalage)).toEqual(['AURX']);
  });
});
