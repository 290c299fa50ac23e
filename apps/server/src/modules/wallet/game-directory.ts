import type { Language } from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';

/**
 * What the wallet needs to know of a merchant's games: which vendors can be launched (a game
 * wallet takes money only for those) and the names the account record shows. The games area
 * provides it (`gameDirectory` there) and the app hands it in, so that the wallet does not import
 * the games area, which builds on the wallet.
 */
export interface GameDirectory {
  /** Whether the vendor is the merchant's and can be launched. */
  launchable(merchant: MerchantState, vendor: string): boolean;
  /** The vendor's name as the site shows it, or undefined when the merchant has no such vendor. */
  vendorName(merchant: MerchantState, vendor: string): string | undefined;
  /** The game's name in the language, or undefined when the merchant has no such game. */
  gameName(merchant: MerchantState, vendor: string, gameCode: string, language: Language): string | undefined;
}
