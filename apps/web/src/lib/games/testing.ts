/**
 * Test helpers of the games screens (imported by their tests only): catalogue games and vendor
 * lanes in the contract's shapes, with the demo catalogue's values as defaults.
 */
import type { GameItem, Lane } from '@aurum/contract';

export function gameItem(overrides: Partial<GameItem> = {}): GameItem {
  const vassalage = overrides.vassalage ?? 'AURX';
  const gameCode = overrides.gameCode ?? 'dynasty';
  return {
    nodeId: `${vassalage}.${gameCode}`,
    vassalage,
    vendorName: 'Aurum Originals',
    gameCode,
    gameType: 'INHOUSE',
    isGame: 'GAME',
    name: 'Golden Dynasty',
    icon: `/media/games/${gameCode}.svg`,
    classify: ['SLOT'],
    tags: ['hot'],
    freePlay: true,
    maintenance: null,
    ...overrides,
  };
}

export function lane(overrides: Partial<Lane> = {}): Lane {
  return {
    vassalage: 'AURX',
    vendorName: 'Aurum Originals',
    icon: '/media/vendors/aurx.svg',
    gameType: 'INHOUSE',
    isGame: 'GAME',
    types: [
      { classify: 'SLOT', count: 1 },
      { classify: 'AC', count: 2 },
    ],
    total: 3,
    maintenance: null,
    ...overrides,
  };
}

/** A page of the paged lists (game list, favourites). */
export const pageOf = <T>(content: T[], pageNum = 1, totalPages = 1) => ({
  content,
  pageNum,
  totalPages,
  total: content.length,
});
