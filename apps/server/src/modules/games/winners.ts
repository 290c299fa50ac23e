import {
  type Language,
  minorToDecimal,
  nodeIdOf,
  type Winner,
  type winnersQuerySchema,
} from '@aurum/contract';
import type { z } from 'zod';
import { type Clock, DAY_MS } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { catalogueOf, gameName } from './catalogue.ts';
import { latestWins } from './rounds-repository.ts';

type WinnersQuery = z.output<typeof winnersQuerySchema>;

/** How far back the winners board looks. */
export const WINNERS_WINDOW_MS = 7 * DAY_MS;

/**
 * An account as the public board shows it: the first two characters, three stars and the last
 * one ("de***o"). Accounts of three characters or fewer show only their first and the stars, so
 * the mask never gives the whole name away.
 */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/**
 * The winners board: the latest wins, newest first, of the last 7 days — settled real-money
 * rounds whose payout exceeds their stake, each with its net win (payout − stake); a payout
 * smaller than or equal to the stake is no win (play money never shows), of every category or one (RNG takes in
 * INHOUSE). The latest rather than the biggest: a live feed of who is winning now, read by one
 * short index scan however much is played.
 */
export class WinnersBoard {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async winners(
    merchant: MerchantState,
    query: WinnersQuery,
    language: Language,
  ): Promise<{ list: Winner[] }> {
    const catalogue = catalogueOf(merchant);
    const vendors = catalogue.vendorCodes(query.gameCategory === 'ALL' ? null : query.gameCategory);
    if (!vendors.length) return { list: [] };
    const rows = await latestWins(this.database.db, {
      merchant: merchant.code,
      since: new Date(this.clock.now() - WINNERS_WINDOW_MS),
      vendors,
      limit: query.limitNum,
    });
    return {
      list: rows.map((r) => {
        const entry = catalogue.gameOf(r.vendor, r.gameCode);
        return {
          vo: {
            account: maskAccount(r.account),
            nodeId: nodeIdOf(r.vendor, r.gameCode),
            gameName: entry ? gameName(entry.game, language) : r.gameCode,
            gameType: catalogue.vendor(r.vendor)!.category,
            winAmount: minorToDecimal(r.winMinor),
            winTime: r.settledAt,
          },
        };
      }),
    };
  }
}
