import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshMoney, withdrawKey } from './keys';

export type WithdrawConfirmPayload = RouteBody<'withdrawConfirm'>;

/**
 * POST /wps/cashier/withdraw/confirm on a PAID withdrawal: all received, or not received with
 * what did arrive and a proof image (spec §3, §4 Withdrawal confirmation).
 */
export const confirmWithdrawal = (body: WithdrawConfirmPayload) => apiCall('withdrawConfirm', { body });

export function useConfirmWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...withdrawKey, 'confirm'],
    mutationFn: confirmWithdrawal,
    onSettled: () => refreshMoney(client),
  });
}
