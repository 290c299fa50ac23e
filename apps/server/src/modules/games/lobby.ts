import {
  GAME_CLASSIFY,
  type GameItem,
  type gameListQuerySchema,
  type hotGamesQuerySchema,
  type Lane,
  type Language,
  type lanesQuerySchema,
  type roomsQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import { type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { activeMaintenance, type CatalogueGame, catalogueOf, matchesType, presentGame } from './catalogue.ts';
import { mostPlayed } from './rounds-repository.ts';

type HotQuery = z.output<typeof hotGamesQuerySchema>;
type ListQuery = z.output<typeof gameListQuerySchema>;
type LanesQuery = z.output<typeof lanesQuerySchema>;
type RoomsQuery = z.output<typeof roomsQuerySchema>;

/** How far back "most played" looks. */
export const HOT_WINDOW_MS = 7 * DAY_MS;
/**
 * How long one count of the most played games serves a merchant's hot list. Counting a week of
 * rounds is the one lobby read whose cost grows with play, so it runs at most this often per
 * process; the lobby does not need a fresher order than that.
 */
export const HOT_COUNT_TTL_MS = 5 * MINUTE_MS;
/** How many of the most played games a count keeps; a category's hot list draws on these. */
const HOT_COUNT_LIMIT = 200;

/**
 * The game lobby: hot games, vendor lanes and the game list, read from the merchant's catalogue
 * (config/games.json) and, for hot games, from the rounds of the last week.
 */
export class GameLobby {
  private readonly counts = new Map<string, { at: number; games: { vendor: string; gameCode: string }[] }>();

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Games tagged hot first (catalogue order), then the most played of the last 7 days (real
   * money), optionally of one category, at most `limit`.
   */
  async hotGames(
    merchant: MerchantState,
    query: HotQuery,
    language: Language,
  ): Promise<{ list: GameItem[] }> {
    const catalogue = catalogueOf(merchant);
    const now = this.clock.now();
    const wanted = (g: CatalogueGame | undefined): g is CatalogueGame =>
      !!g && (!query.gameType || matchesType(query.gameType, g.vendor.category));
    const picked = new Map<string, CatalogueGame>();
    for (const g of catalogue.games) if (g.game.tags.includes('hot') && wanted(g)) picked.set(g.nodeId, g);
    for (const played of await this.mostPlayed(merchant.code, now)) {
      const g = catalogue.offered(played.vendor, played.gameCode);
      if (wanted(g) && !picked.has(g.nodeId)) picked.set(g.nodeId, g);
    }
    return {
      list: [...picked.values()].slice(0, query.limit).map((g) => presentGame(g, language, now)),
    };
  }

  /** The vendor lanes of a category (RNG takes in the INHOUSE vendors), or of every category. */
  lanes(merchant: MerchantState, query: LanesQuery): { data: { lanes: Lane[] } } {
    const now = this.clock.now();
    const lanes = catalogueOf(merchant)
      .vendors.filter((v) => !query.gameType || matchesType(query.gameType, v.category))
      .map((v): Lane => {
        const counts = new Map<string, number>();
        for (const g of v.games) for (const c of g.classify) counts.set(c, (counts.get(c) ?? 0) + 1);
        return {
          vassalage: v.vendor.vassalage,
          vendorName: v.vendor.name,
          icon: v.vendor.icon,
          gameType: v.category,
          isGame: v.vendor.isGame,
          types: GAME_CLASSIFY.filter((c) => counts.has(c)).map((c) => ({
            classify: c,
            count: counts.get(c)!,
          })),
          total: v.games.length,
          maintenance: activeMaintenance(v.vendor, now),
        };
      });
    return { data: { lanes } };
  }

  /**
   * Games by vendor, category (RNG takes in INHOUSE), classify type, tag and a name search
   * (case-insensitive, in any language's name), in lobby order, one page of them.
   */
  list(merchant: MerchantState, query: ListQuery, language: Language) {
    const now = this.clock.now();
    const search = query.name ? query.name.toLowerCase() : '';
    const matches = catalogueOf(merchant).games.filter(
      ({ game, vendor }) =>
        (!query.vassalage || game.vassalage === query.vassalage) &&
        (!query.gameType || matchesType(query.gameType, vendor.category)) &&
        (!query.classify || game.classify.includes(query.classify)) &&
        (!query.tag || game.tags.includes(query.tag)) &&
        (!search || Object.values(game.names).some((n) => n?.toLowerCase().includes(search))),
    );
    const { page, size } = query;
    return {
      content: matches.slice((page - 1) * size, page * size).map((g) => presentGame(g, language, now)),
      pageNum: page,
      totalPages: Math.ceil(matches.length / size),
      total: matches.length,
    };
  }

  /**
   * PVP rooms. No PVP game is contracted yet (checklist: the list may be empty until PVP games
   * exist), so the list is honestly empty; a vendor the merchant does not list is still refused.
   */
  rooms(merchant: MerchantState, query: RoomsQuery): { list: never[] } {
    if (query.vassalage && !catalogueOf(merchant).vendor(query.vassalage)) throw new AppError('game.unknown');
    return { list: [] };
  }

  private async mostPlayed(merchant: string, now: number) {
    const hit = this.counts.get(merchant);
    if (hit && now - hit.at < HOT_COUNT_TTL_MS && now >= hit.at) return hit.games;
    const games = await mostPlayed(
      this.database.db,
      merchant,
      new Date(now - HOT_WINDOW_MS),
      HOT_COUNT_LIMIT,
    );
    this.counts.set(merchant, { at: now, games });
    return games;
  }
}
