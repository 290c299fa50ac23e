import { randomInt } from 'node:crypto';
import type { InhouseEngine, Language, launchQuerySchema, launchSchema } from '@aurum/contract';
import type { z } from 'zod';
import type { MemberRow } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { isTrialType } from '../accounts/index.ts';
import { STAKE_LIMITS } from '../inhouse/index.ts';
import type { LaunchTokenRequest } from '../vendor/index.ts';
import { type Ledger, transferSettings, WalletService } from '../wallet/index.ts';
import { activeMaintenance, type CatalogueGame, type CatalogueVendor, catalogueOf } from './catalogue.ts';
import { touchRecent } from './member-games-repository.ts';

type LaunchQuery = z.output<typeof launchQuerySchema>;
type LaunchAnswer = z.input<typeof launchSchema>;
type Mode = LaunchTokenRequest['mode'];
/** A game with the page that plays it. */
type LaunchableGame = CatalogueGame & { engine: InhouseEngine };

/** Issues the single-use token a game page starts its vendor session with (vendor module). */
export type IssueLaunchToken = (req: LaunchTokenRequest) => Promise<string>;

export interface GameLauncherDeps {
  database: Database;
  ledger: Ledger;
  clock: Clock;
  issueLaunchToken: IssueLaunchToken;
}

/**
 * Game launch: checks who may play what, issues the vendor's launch token, records the game as
 * recent and answers the game page's URL. Real launches (members) play from the main wallet (a
 * transfer-mode vendor's games from the member's game wallet of that vendor);
 * free play (trial accounts, in-house games only) plays with play money.
 */
export class GameLauncher {
  private readonly wallet: WalletService;

  constructor(private readonly deps: GameLauncherDeps) {
    this.wallet = new WalletService(deps.database, deps.ledger);
  }

  /** A member's real-money launch (spec §4: trial accounts are told a real account is needed). */
  async launch(merchant: MerchantState, member: MemberRow, query: LaunchQuery, language: Language) {
    if (isTrialType(merchant, member.type)) throw new AppError('trial.forbidden');
    const vendor = this.launchableVendor(merchant, query);
    if (vendor.vendor.provider === 'NONE') throw new AppError('vendor.not.contracted');
    this.refuseMaintenance(vendor);
    const game = this.gameOf(merchant, vendor, query);
    // Below the game's smallest stake the player could not place one bet: the site offers a
    // deposit (or, for a transfer-mode vendor, a transfer into its game wallet) instead. The
    // wallet is the one the game plays from: the vendor's own in transfer mode, else main.
    const gameWallet = transferSettings(merchant).vendors.includes(vendor.vendor.vassalage);
    const code = gameWallet ? `VENDOR:${vendor.vendor.vassalage}` : 'MAIN';
    const wallet = (await this.deps.ledger.balances(this.deps.database.db, merchant.code, member.id)).find(
      (a) => a.code === code,
    );
    if ((wallet?.balanceMinor ?? 0n) < STAKE_LIMITS[game.engine].minMinor) {
      // details.wallet names the game wallet to move money into (a deposit alone would not do).
      throw new AppError(
        'launch_game_balance_not_enough',
        undefined,
        gameWallet ? { wallet: vendor.vendor.vassalage } : undefined,
      );
    }
    return this.open(merchant, member, game, 'real', query.language ?? language);
  }

  /** A trial account's free play of an in-house game, with play money. */
  async launchFreePlay(merchant: MerchantState, member: MemberRow, query: LaunchQuery, language: Language) {
    if (!isTrialType(merchant, member.type)) throw new AppError('game.free.play.trial.only');
    const vendor = this.launchableVendor(merchant, query);
    if (vendor.vendor.provider !== 'INHOUSE') throw new AppError('game.free.play.unavailable');
    this.refuseMaintenance(vendor);
    const game = this.gameOf(merchant, vendor, query);
    // The first look at a trial account's wallet grants its play money.
    await this.wallet.balance(merchant, member);
    return this.open(merchant, member, game, 'play', query.language ?? language);
  }

  private launchableVendor(merchant: MerchantState, query: LaunchQuery): CatalogueVendor {
    if (query.launchMode === 'GAME' && !query.gameId) {
      throw new AppError('request.invalid', undefined, { gameId: 'required to launch a game' });
    }
    const vendor = catalogueOf(merchant).vendor(query.vassalage);
    if (!vendor) throw new AppError('game.unknown');
    return vendor;
  }

  private refuseMaintenance(vendor: CatalogueVendor): void {
    const window = activeMaintenance(vendor.vendor, this.deps.clock.now());
    if (window) {
      throw new AppError('vendor_under_maintenance', undefined, {
        start: String(window.start),
        end: String(window.end),
      });
    }
  }

  /** The game asked for, or in LOBBY mode without one the vendor's first game (lobby order). */
  private gameOf(merchant: MerchantState, vendor: CatalogueVendor, query: LaunchQuery): LaunchableGame {
    const code = query.gameId ?? vendor.games[0]?.gameCode;
    const entry =
      code === undefined ? undefined : catalogueOf(merchant).offered(vendor.vendor.vassalage, code);
    // An in-house game without an engine has no page to open.
    if (!entry?.game.engine) throw new AppError('game.unknown');
    return { ...entry, engine: entry.game.engine };
  }

  private async open(
    merchant: MerchantState,
    member: MemberRow,
    { game, nodeId, engine }: LaunchableGame,
    mode: Mode,
    language: Language,
  ): Promise<LaunchAnswer> {
    const token = await this.deps.issueLaunchToken({
      merchant: merchant.code,
      memberId: member.id,
      vassalage: game.vassalage,
      gameCode: game.gameCode,
      mode,
      language,
    });
    await touchRecent(this.deps.database.db, {
      merchant: merchant.code,
      memberId: member.id,
      nodeId,
      at: new Date(this.deps.clock.now()),
    });
    const query = new URLSearchParams({ token, lang: language.toLowerCase() });
    return {
      content: { game_url: `${launchBase(merchant)}/play/${engine}?${query}`, mode },
    };
  }
}

/** A random entry of the merchant's launch CDNs (checklist), or '' for the site's own origin. */
function launchBase(merchant: MerchantState): string {
  const cdns = merchant.config.launchGameCDNs;
  if (!cdns.length) return '';
  return cdns[randomInt(cdns.length)]!.replace(/\/+$/, '');
}
