import { GAME_TYPES, type GameMenu, type GameType, type MerchantConfig } from '@aurum/contract';
import { Catalogue, categoryOf, isLaunchable } from './catalogue.ts';

/**
 * The merchant's game categories with their vendor cards. Vendors named in the brand's
 * esportGames, cockfightGames and inHouse lists are split out into the derived ESPORTS,
 * COCKFIGHT and INHOUSE categories; categories without vendors are left out. Each card says
 * how many of its games can be played (none for a vendor that cannot be launched).
 */
export function gameMenus(config: MerchantConfig, catalogue = new Catalogue(config)): GameMenu[] {
  const byType = new Map<GameType, GameMenu['vendors']>();
  for (const v of config.vendors) {
    const type = categoryOf(config, v.vassalage, v.gameType);
    const list = byType.get(type) ?? [];
    const entry = catalogue.vendor(v.vassalage);
    const games = entry && isLaunchable(entry) ? entry.games.filter((g) => g.engine !== undefined).length : 0;
    list.push({
      vassalage: v.vassalage,
      gameType: type,
      name: v.name,
      icon: v.icon,
      isGame: v.isGame,
      games,
    });
    byType.set(type, list);
  }
  return GAME_TYPES.filter((t) => byType.has(t)).map((t) => ({ title: t, vendors: byType.get(t)! }));
}

/** What the merchant's catalogue makes true: vendors with a game that plays, and those games. */
export function catalogueFigures(catalogue: Catalogue): { providers: number; games: number } {
  const playable = catalogue.vendors.filter(isLaunchable);
  return {
    providers: playable.length,
    games: playable.reduce((n, v) => n + v.games.filter((g) => g.engine !== undefined).length, 0),
  };
}
