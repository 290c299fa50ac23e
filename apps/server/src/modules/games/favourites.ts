import type { favouritesQuerySchema, GameItem, Language } from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type CatalogueGame, catalogueOf, presentGame } from './catalogue.ts';
import { addFavourite, favouriteIds, recentIds, removeFavourite } from './member-games-repository.ts';

type FavouritesQuery = z.output<typeof favouritesQuerySchema>;

/** The most favourites a member keeps: one more is game.favourites.full. */
export const FAVOURITES_CAP = 200;
/** How many recently launched games the recent list shows. */
export const RECENT_LIMIT = 20;

/**
 * A member's favourite games and recently launched games. Rows name games by node id; a game
 * the catalogue no longer has is left out of every answer (its row stays, harmless).
 */
export class MemberGames {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** The favourites as games, newest first, one page of them. */
  async favourites(merchant: MerchantState, member: MemberRow, query: FavouritesQuery, language: Language) {
    const games = await this.favouriteGames(merchant, member);
    const { page, size } = query;
    const now = this.clock.now();
    return {
      content: games.slice((page - 1) * size, page * size).map((g) => presentGame(g, language, now)),
      pageNum: page,
      totalPages: Math.ceil(games.length / size),
      total: games.length,
    };
  }

  /** The favourites' node ids, newest first. */
  async ids(merchant: MerchantState, member: MemberRow): Promise<{ nodeIds: string[] }> {
    return { nodeIds: (await this.favouriteGames(merchant, member)).map((g) => g.nodeId) };
  }

  /** Adds a catalogue game to the favourites; adding one already there changes nothing. */
  async add(merchant: MerchantState, member: MemberRow, nodeId: string): Promise<{ nodeIds: string[] }> {
    if (!catalogueOf(merchant).game(nodeId)) throw new AppError('game.unknown');
    const outcome = await this.database.db.transaction((tx) =>
      addFavourite(tx, {
        merchant: merchant.code,
        memberId: member.id,
        nodeId,
        at: new Date(this.clock.now()),
        cap: FAVOURITES_CAP,
      }),
    );
    if (outcome === 'full') {
      throw new AppError('game.favourites.full', undefined, { max: String(FAVOURITES_CAP) });
    }
    return this.ids(merchant, member);
  }

  /** Removes a favourite; removing one that is not there changes nothing. */
  async remove(merchant: MerchantState, member: MemberRow, nodeId: string): Promise<{ nodeIds: string[] }> {
    if (!catalogueOf(merchant).game(nodeId)) throw new AppError('game.unknown');
    await removeFavourite(this.database.db, merchant.code, member.id, nodeId);
    return this.ids(merchant, member);
  }

  /** The last RECENT_LIMIT games the member launched, newest first. */
  async recent(
    merchant: MerchantState,
    member: MemberRow,
    language: Language,
  ): Promise<{ list: GameItem[] }> {
    const catalogue = catalogueOf(merchant);
    const ids = await recentIds(this.database.db, merchant.code, member.id, RECENT_LIMIT);
    const now = this.clock.now();
    return {
      list: ids
        .map((id) => catalogue.game(id))
        .filter((g): g is CatalogueGame => !!g)
        .map((g) => presentGame(g, language, now)),
    };
  }

  private async favouriteGames(merchant: MerchantState, member: MemberRow): Promise<CatalogueGame[]> {
    const catalogue = catalogueOf(merchant);
    const ids = await favouriteIds(this.database.db, merchant.code, member.id);
    return ids.map((id) => catalogue.game(id)).filter((g): g is CatalogueGame => !!g);
  }
}
