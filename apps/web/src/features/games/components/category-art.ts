import type { GameType } from '@aurum/contract';

/** Categories that have an illustrated tile under /media/tiles. */
const TILES: readonly GameType[] = ['RNG', 'FISH', 'PVP', 'LIVE', 'LOTT', 'SPORTS', 'ESPORTS'];

export const tileArt = (type: GameType): string | undefined =>
  TILES.includes(type) ? `/media/tiles/${type.toLowerCase()}.svg` : undefined;

export const categoryIconArt = (type: string) => `/media/categories/${type.toLowerCase()}.svg`;
