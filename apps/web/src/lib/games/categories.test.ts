import type { GameMenu } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { gameMenus } from '../../testing/fixtures';
import {
  allVendors,
  gameTypeForPath,
  hotCategories,
  inHouseVendors,
  isLotteryVendor,
  lotteryModeOfCard,
  lotteryPrizeMode,
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

describe('lotteryPrizeMode (spec §4)', () => {
  const card = (vassalage: string, gameType: 'LOTT' | 'ELOTT') => ({
    vassalage,
    gameType,
    name: vassalage,
    icon: `/media/vendors/${vassalage}.svg`,
    isGame: 'GAME' as const,
  });
  const lott = { title: 'LOTT' as const, vendors: [card('AURLT', 'LOTT'), card('TCG', 'LOTT')] };

  it('is ELOTT while the ELOTT category holds a TCG_LOTTO_VN or LOTT card, LOTT once it does not', () => {
    const withVn: GameMenu[] = [lott, { title: 'ELOTT', vendors: [card('TCG_LOTTO_VN', 'ELOTT')] }];
    expect(lotteryPrizeMode(withVn)).toBe('ELOTT');
    expect(lotteryPrizeMode([lott, { title: 'ELOTT', vendors: [card('LOTT', 'ELOTT')] }])).toBe('ELOTT');
    // The catalogue flips: the VN card leaves ELOTT (or ELOTT holds other vendors only).
    expect(lotteryPrizeMode([lott])).toBe('LOTT');
    expect(lotteryPrizeMode([lott, { title: 'ELOTT', vendors: [card('OTHER', 'ELOTT')] }])).toBe('LOTT');
    // The same codes elsewhere (in LOTT) do not count.
    expect(lotteryPrizeMode([{ title: 'LOTT', vendors: [card('TCG_LOTTO_VN', 'LOTT')] }])).toBe('LOTT');
  });

  it('gives each in-house lottery card the mode it launches', () => {
    const menus: GameMenu[] = [lott, { title: 'ELOTT', vendors: [card('TCG_LOTTO_VN', 'ELOTT')] }];
    expect(isLotteryVendor(card('AURLT', 'LOTT'))).toBe(true);
    expect(isLotteryVendor(card('TCG_LOTTO_VN', 'ELOTT'))).toBe(true);
    expect(isLotteryVendor(card('TCG', 'LOTT'))).toBe(false);
    expect(lotteryModeOfCard(card('AURLT', 'LOTT'), menus)).toBe('LOTT');
    expect(lotteryModeOfCard(card('TCG_LOTTO_VN', 'ELOTT'), menus)).toBe('ELOTT');
  });
});
