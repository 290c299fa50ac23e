import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshMoney, withdrawKey } from './keys';

export type WithdrawPayload = RouteBody<'withdraw'>;

/**
 * POST /wps/cashier/withdraw (E): the amount moves to the withdrawal hold at once. The payload's
 * idempotencyKey makes a double click one withdrawal.
 */
export const createWithdrawal = (body: WithdrawPayload) => apiCall('withdraw', { body });

export function useCreateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...withdrawKey, 'create'],
    mutationFn: createWithdrawal,
    onSettled: () => refreshMoney(client),
  });
}
