import { type CashierConfig, parseMoney } from '@aurum/contract';
import type { MerchantState } from '../../platform/merchants.ts';
import { cashierConfig } from './deposit-config.ts';

export interface WithdrawConfig extends Omit<CashierConfig['withdraw'], 'minimumAmount' | 'maximumAmount'> {
  minimumMinor: bigint;
  maximumMinor: bigint;
}

const cache = new WeakMap<MerchantState, WithdrawConfig>();

/**
 * The merchant's withdrawal settings with the limits in minor units. A limit that is not a
 * money value is a configuration error: it fails loudly rather than letting any amount through.
 */
export function withdrawConfig(merchant: MerchantState): WithdrawConfig {
  let config = cache.get(merchant);
  if (!config) {
    const { minimumAmount, maximumAmount, ...rest } = cashierConfig(merchant).withdraw;
    const minimumMinor = parseMoney(minimumAmount);
    const maximumMinor = parseMoney(maximumAmount);
    if (minimumMinor === null || maximumMinor === null || minimumMinor <= 0n || maximumMinor < minimumMinor) {
      throw new Error(`merchant ${merchant.code}: cashier.withdraw limits are not valid amounts`);
    }
    config = { ...rest, minimumMinor, maximumMinor };
    cache.set(merchant, config);
  }
  return config;
}
