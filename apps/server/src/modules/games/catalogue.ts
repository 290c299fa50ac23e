import {
  type GameConfig,
  type GameItem,
  type GameType,
  type Language,
  type MaintenanceWindow,
  type MerchantConfig,
  nodeIdOf,
  type Vendor,
} from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';
import type { GameDirectory } from '../wallet/index.ts';

/**
 * The category a vendor's games belong to: vendors named in the brand's esportGames,
 * cockfightGames and inHouse lists are split out into ESPORTS, COCKFIGHT and INHOUSE (spec §3);
 * the others keep the vendor's own game type.
 */
export function categoryOf(config: MerchantConfig, vassalage: string, own: GameType): GameType {
  const { esportGames, cockfightGames, inHouse } = config.brand;
  if (esportGames.includes(vassalage)) return 'ESPORTS';
  if (cockfightGames.includes(vassalage)) return 'COCKFIGHT';
  if (inHouse.includes(vassalage)) return 'INHOUSE';
  return own;
}

/** Whether a category answers a filter: RNG also takes INHOUSE ("/inHouse maps to RNG", spec §2). */
export const matchesType = (filter: GameType, category: GameType) =>
  category === filter || (filter === 'RNG' && category === 'INHOUSE');

/** The vendor's maintenance window when `now` is inside it (start included, end excluded). */
export function activeMaintenance(vendor: Vendor, now: number): MaintenanceWindow | null {
  const w = vendor.maintenance;
  return w && now >= w.start && now < w.end ? w : null;
}

/**
 * Whether a member can play the vendor at all: it is contracted (a provider other than NONE)
 * and has at least one game with a page that plays it. Maintenance is a pause, not a "no".
 */
export const isLaunchable = (v: CatalogueVendor): boolean =>
  v.vendor.provider !== 'NONE' && v.games.some((g) => g.engine !== undefined);

/** A vendor of the merchant with what lists need of it. */
export interface CatalogueVendor {
  vendor: Vendor;
  category: GameType;
  /** Position in the merchant's vendor list: ties of game sort order follow it. */
  order: number;
  /** The vendor's games in lobby order (those switched off left out). */
  games: GameConfig[];
}

/** A game of the catalogue with its vendor. */
export interface CatalogueGame {
  game: GameConfig;
  nodeId: string;
  vendor: CatalogueVendor;
}

/**
 * The merchant's vendors and games indexed once per configuration (a MerchantState is replaced
 * when the operator reloads the configuration, so the WeakMap never serves a stale catalogue).
 */
export class Catalogue {
  readonly vendors: CatalogueVendor[];
  /**
   * Every game whose vendor the merchant lists and that is not switched off, in lobby order: sort,
   * vendor order, code.
   */
  readonly games: CatalogueGame[];
  private readonly byVendor = new Map<string, CatalogueVendor>();
  private readonly byNode = new Map<string, CatalogueGame>();

  constructor(config: MerchantConfig) {
    this.vendors = config.vendors.map((vendor, order) => ({
      vendor,
      category: categoryOf(config, vendor.vassalage, vendor.gameType),
      order,
      games: [],
    }));
    for (const v of this.vendors) this.byVendor.set(v.vendor.vassalage, v);
    const games: CatalogueGame[] = [];
    for (const game of config.games) {
      const vendor = this.byVendor.get(game.vassalage);
      if (vendor) games.push({ game, nodeId: nodeIdOf(game.vassalage, game.gameCode), vendor });
    }
    games.sort(
      (a, b) =>
        a.game.sort - b.game.sort ||
        a.vendor.order - b.vendor.order ||
        a.game.gameCode.localeCompare(b.game.gameCode),
    );
    this.games = games.filter((g) => !g.game.disabled);
    for (const g of games) this.byNode.set(g.nodeId, g);
    for (const g of this.games) g.vendor.games.push(g.game);
  }

  vendor(vassalage: string): CatalogueVendor | undefined {
    return this.byVendor.get(vassalage);
  }

  /** A game a member may list, favourite or launch (not switched off). */
  game(nodeId: string): CatalogueGame | undefined {
    const entry = this.byNode.get(nodeId);
    return entry?.game.disabled ? undefined : entry;
  }

  /** A game offered now (not switched off), by vendor and code. */
  offered(vassalage: string, gameCode: string): CatalogueGame | undefined {
    return this.game(nodeIdOf(vassalage, gameCode));
  }

  /** Any game of the catalogue, switched off or not: for records, names and settlement. */
  gameOf(vassalage: string, gameCode: string): CatalogueGame | undefined {
    return this.byNode.get(nodeIdOf(vassalage, gameCode));
  }

  /** Whether the vendor (by code) is the merchant's and can be launched (see isLaunchable). */
  launchable(vassalage: string): boolean {
    const v = this.byVendor.get(vassalage);
    return v !== undefined && isLaunchable(v);
  }

  /** Codes of the vendors whose category answers the filter (every vendor for null). */
  vendorCodes(filter: GameType | null): string[] {
    return this.vendors
      .filter((v) => filter === null || matchesType(filter, v.category))
      .map((v) => v.vendor.vassalage);
  }
}

const catalogues = new WeakMap<MerchantState, Catalogue>();

/** The merchant's catalogue, built on first use of each configuration. */
export function catalogueOf(merchant: MerchantState): Catalogue {
  let catalogue = catalogues.get(merchant);
  if (!catalogue) {
    catalogue = new Catalogue(merchant.config);
    catalogues.set(merchant, catalogue);
  }
  return catalogue;
}

/** A game's name in the language asked for, EN when it has none in that language. */
export const gameName = (game: GameConfig, language: Language): string =>
  game.names[language] ?? game.names.EN!;

/** A game as every list shows it (spec §3 Game item). */
export function presentGame(entry: CatalogueGame, language: Language, now: number): GameItem {
  const { game, vendor } = entry;
  return {
    nodeId: entry.nodeId,
    vassalage: game.vassalage,
    vendorName: vendor.vendor.name,
    gameCode: game.gameCode,
    gameType: vendor.category,
    isGame: vendor.vendor.isGame,
    name: gameName(game, language),
    icon: game.icon,
    classify: game.classify,
    tags: game.tags,
    freePlay: vendor.vendor.provider === 'INHOUSE',
    maintenance: activeMaintenance(vendor.vendor, now),
  };
}

/** The games area's answer to what the wallet asks of the merchant's games. */
export const gameDirectory: GameDirectory = {
  launchable: (merchant, vendor) => catalogueOf(merchant).launchable(vendor),
  vendorName: (merchant, vendor) => catalogueOf(merchant).vendor(vendor)?.vendor.name,
  gameName(merchant, vendor, gameCode, language) {
    const entry = catalogueOf(merchant).gameOf(vendor, gameCode);
    return entry ? gameName(entry.game, language) : undefined;
  },
};
