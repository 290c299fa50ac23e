import {
  type CashierConfig,
  cashierConfigSchema,
  type DepositChannelConfig,
  type MerchantConfig,
  parseMoney,
} from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';

const cache = new WeakMap<MerchantState, CashierConfig>();

/**
 * The merchant's cashier settings. A merchant stored before the cashier section existed has
 * none, so the schema's defaults fill in (a reload-config stores the file's values).
 */
export function cashierConfig(merchant: MerchantState): CashierConfig {
  let config = cache.get(merchant);
  if (!config) {
    config = cashierConfigSchema.parse((merchant.config as Partial<MerchantConfig>).cashier ?? {});
    cache.set(merchant, config);
  }
  return config;
}

export interface ChannelLimits {
  minMinor: bigint;
  maxMinor: bigint;
}

/** The channel's min and max in minor units; null when the configuration's values are not money. */
export function channelLimits(channel: DepositChannelConfig): ChannelLimits | null {
  const minMinor = parseMoney(channel.minAmount);
  const maxMinor = parseMoney(channel.maxAmount);
  if (minMinor === null || maxMinor === null || minMinor <= 0n || maxMinor < minMinor) return null;
  return { minMinor, maxMinor };
}

/** A text of the channel in the language, else English, else any. */
export function localised(texts: Record<string, string>, language: string): string {
  return texts[language] ?? texts.EN ?? Object.values(texts)[0] ?? '';
}
