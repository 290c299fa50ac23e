import {
  type CashierConfig,
  cashierConfigSchema,
  type MerchantConfig,
  minorToDecimal,
  parseMoney,
} from '@aurum/contract';
import { AppError } from '../../platform/errors.ts';
import type { MerchantState } from '../../platform/merchants.ts';

/** What the transfer calls need of the merchant's cashier configuration, parsed once. */
export interface TransferSettings {
  single: boolean;
  /** Transfer mode: the vendors whose games play from their own wallet (empty in single mode). */
  vendors: readonly string[];
  minMinor: bigint;
  maxMinor: bigint;
}

const cache = new WeakMap<MerchantState, TransferSettings>();

function limitOf(text: string, name: string): bigint {
  const minor = parseMoney(text);
  if (minor === null || minor <= 0n) {
    throw new Error(`cashier.transfer.${name} is not a positive amount: ${JSON.stringify(text)}`);
  }
  return minor;
}

/**
 * The merchant's wallet mode and transfer limits. A merchant stored before the cashier section
 * existed has none, so the schema's defaults apply (single wallet) until a reload-config stores
 * the file's values. A limit that is not an amount is a configuration error, not a member's.
 */
export function transferSettings(merchant: MerchantState): TransferSettings {
  let settings = cache.get(merchant);
  if (settings) return settings;
  const raw = (merchant.config as Partial<MerchantConfig>).cashier ?? {};
  const cashier: CashierConfig = cashierConfigSchema.parse(raw);
  const single = cashier.walletMode === 'single';
  settings = {
    single,
    vendors: single ? [] : [...new Set(cashier.transferVendors)],
    minMinor: limitOf(cashier.transfer.minimumAmount, 'minimumAmount'),
    maxMinor: limitOf(cashier.transfer.maximumAmount, 'maximumAmount'),
  };
  cache.set(merchant, settings);
  return settings;
}

/** Refuses an amount outside the merchant's transfer limits, saying what they are. */
export function checkTransferLimits(settings: TransferSettings, amountMinor: bigint): void {
  if (amountMinor >= settings.minMinor && amountMinor <= settings.maxMinor) return;
  throw new AppError('cashier.amount.out.of.range', undefined, {
    minimumAmount: minorToDecimal(settings.minMinor),
    maximumAmount: minorToDecimal(settings.maxMinor),
  });
}
