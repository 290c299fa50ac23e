import {
  type DepositChannel,
  type DepositChannelConfig,
  type DepositOrder,
  type DepositStatus,
  minorToDecimal,
} from '@aurum/contract';
import type { DepositOrderRow } from '../../db/schema.ts';
import type { MerchantState } from '../../platform/merchants.ts';
import { type ChannelLimits, cashierConfig, localised } from './deposit-config.ts';

/**
 * What the order is now: a gateway order past its expiry is EXPIRED even before the expiry job
 * has marked it, since its webhook would be refused.
 */
export function effectiveStatus(order: DepositOrderRow, now: number): DepositStatus {
  if (order.status === 'PENDING' && order.expiresAt && order.expiresAt.getTime() <= now) return 'EXPIRED';
  return order.status;
}

export function presentChannel(
  channel: DepositChannelConfig,
  limits: ChannelLimits,
  language: string,
): DepositChannel {
  return {
    id: channel.id,
    type: channel.type,
    name: localised(channel.name, language),
    minAmount: minorToDecimal(limits.minMinor),
    maxAmount: minorToDecimal(limits.maxMinor),
    tutorial: localised(channel.tutorial, language),
    icon: channel.icon ?? null,
    bank: channel.type === 'BANK' ? (channel.bank ?? null) : null,
  };
}

export function presentOrder(
  merchant: MerchantState,
  order: DepositOrderRow,
  language: string,
  now: number,
): DepositOrder {
  const channel = cashierConfig(merchant).deposit.channels.find((c) => c.id === order.channelId);
  const status = effectiveStatus(order, now);
  return {
    orderNo: order.orderNo,
    channelId: order.channelId,
    // A channel the merchant has since removed still has its orders: they show its id.
    channelName: channel ? localised(channel.name, language) : order.channelId,
    type: order.type,
    amount: minorToDecimal(order.amount),
    status,
    reference: order.reference,
    // Only a payment that can still be made is offered.
    payUrl: status === 'PENDING' ? order.payUrl : null,
    createdAt: order.createdAt.getTime(),
    expiresAt: order.expiresAt?.getTime() ?? null,
    completedAt:
      order.completedAt?.getTime() ?? (status === 'EXPIRED' ? (order.expiresAt?.getTime() ?? null) : null),
    remark: order.remark,
  };
}
