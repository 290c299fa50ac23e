import { type GameConfig, type MerchantConfig, parseMoney, WIN_MULTIPLE_DECIMALS } from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';

/**
 * The risk limits on what a round of a vendor's game may win (docs/seamless-wallet.md, Risk
 * limits): a multiple of the round's stakes per game (config/games.json `maxWinMultiple`,
 * optionally per bet type: `maxWinMultipleByBetType`) and an absolute cap per vendor
 * (config/vendors.json `maxWin`). A credit or settle that would take the round's wins above
 * the lower of the two is held for the operator's review instead of paid.
 */

/** Multiples are kept as integers of this scale: 1.95 is 19 500. */
const SCALE = 10n ** BigInt(WIN_MULTIPLE_DECIMALS);

/** Which limit held a win. */
export type LimitRule = 'GAME_MULTIPLE' | 'VENDOR_CAP';

/** A round's stake of one bet type (null: the bet named none). */
export interface TypedStake {
  betType: string | null;
  stakeMinor: bigint;
}

/** The limits of one game of one vendor, as configured. */
export class WinLimits {
  constructor(
    /** The game's multiple, scaled; null when the game has none. */
    private readonly multiple: bigint | null,
    /** Per bet type, scaled. */
    private readonly byBetType: ReadonlyMap<string, bigint>,
    /** The vendor's absolute cap in minor units; null when it has none. */
    readonly capMinor: bigint | null,
  ) {}

  /** Whether anything limits this game's wins at all (else no check is needed). */
  get any(): boolean {
    return this.multiple !== null || this.byBetType.size > 0 || this.capMinor !== null;
  }

  /** Whether the stakes' bet types change the limit (else the round's total stake is enough). */
  get typed(): boolean {
    return this.byBetType.size > 0;
  }

  /**
   * The most the round may win in all, and the rule that sets it: the lower of the vendor's
   * cap and the stakes times their multiples (each bet type's own, else the game's). Null when
   * nothing limits it (no cap, and a stake whose type has no multiple).
   */
  limitOf(stakes: readonly TypedStake[]): { limitMinor: bigint; rule: LimitRule } | null {
    let byGame: bigint | null = 0n;
    for (const { betType, stakeMinor } of stakes) {
      const m = (betType === null ? undefined : this.byBetType.get(betType)) ?? this.multiple;
      if (m === null) {
        byGame = null;
        break;
      }
      byGame += (stakeMinor * m) / SCALE;
    }
    if (byGame !== null && (this.capMinor === null || byGame < this.capMinor)) {
      return { limitMinor: byGame, rule: 'GAME_MULTIPLE' };
    }
    return this.capMinor === null ? null : { limitMinor: this.capMinor, rule: 'VENDOR_CAP' };
  }

  /**
   * Whether a round whose wins would come to `winsMinor` with these stakes must be held: the
   * limit it passes, or null when it may be paid. A zero win is never held.
   */
  exceeded(stakes: readonly TypedStake[], winsMinor: bigint, winMinor: bigint) {
    if (winMinor <= 0n || !this.any) return null;
    const limit = this.limitOf(stakes);
    return limit && winsMinor > limit.limitMinor ? limit : null;
  }
}

const scaled = (m: number) => BigInt(Math.round(m * Number(SCALE)));

/** The limits of every game and vendor of one configuration, read once. */
class MerchantLimits {
  private readonly games = new Map<string, GameConfig>();
  private readonly caps = new Map<string, bigint>();
  private readonly cache = new Map<string, WinLimits>();

  constructor(config: MerchantConfig) {
    for (const g of config.games) this.games.set(`${g.vassalage}.${g.gameCode}`, g);
    for (const v of config.vendors) {
      const cap = v.maxWin === undefined ? null : parseMoney(v.maxWin);
      if (cap !== null) this.caps.set(v.vassalage, cap);
    }
  }

  of(vendor: string, gameCode: string): WinLimits {
    const key = `${vendor}.${gameCode}`;
    let limits = this.cache.get(key);
    if (!limits) {
      const game = this.games.get(key);
      limits = new WinLimits(
        game?.maxWinMultiple === undefined ? null : scaled(game.maxWinMultiple),
        new Map(Object.entries(game?.maxWinMultipleByBetType ?? {}).map(([t, m]) => [t, scaled(m)])),
        this.caps.get(vendor) ?? null,
      );
      this.cache.set(key, limits);
    }
    return limits;
  }
}

const byMerchant = new WeakMap<MerchantState, MerchantLimits>();

/**
 * The win limits of a vendor's game at the merchant. A MerchantState is replaced when the
 * operator reloads the configuration, so the cache never serves stale limits; a game the
 * catalogue does not list has only its vendor's cap.
 */
export function winLimitsOf(merchant: MerchantState, vendor: string, gameCode: string): WinLimits {
  let limits = byMerchant.get(merchant);
  if (!limits) {
    limits = new MerchantLimits(merchant.config);
    byMerchant.set(merchant, limits);
  }
  return limits.of(vendor, gameCode);
}
