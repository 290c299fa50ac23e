import { GAME_TYPES, type GameMenu, type GameType, type MerchantConfig } from '@aurum/contract';
import { categoryOf } from './catalogue.ts';

/**
 * The merchant's game categories with their vendor cards. Vendors named in the brand's
 * esportGames, cockfightGames and inHouse lists are split out into the derived ESPORTS,
 * COCKFIGHT and INHOUSE categories; categories without vendors are left out.
 */
export function gameMenus(config: MerchantConfig): GameMenu[] {
  const byType = new Map<GameType, GameMenu['vendors']>();
  for (const v of config.vendors) {
    const type = categoryOf(config, v.vassalage, v.gameType);
    const list = byType.get(type) ?? [];
    list.push({ vassalage: v.vassalage, gameType: type, name: v.name, icon: v.icon, isGame: v.isGame });
    byType.set(type, list);
  }
  return GAME_TYPES.filter((t) => byType.has(t)).map((t) => ({ title: t, vendors: byType.get(t)! }));
}
