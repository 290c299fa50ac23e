import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { depositKey } from './keys';

export type DepositPayload = RouteBody<'deposit'>;

/**
 * POST /wps/cashier/deposit: a gateway order (the reply carries payUrl) or a manual bank
 * deposit waiting for the operator. The payload's idempotencyKey makes retries one order.
 */
export const createDeposit = (body: DepositPayload) => apiCall('deposit', { body });

export function useCreateDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...depositKey, 'create'],
    mutationFn: createDeposit,
    // The settings count deposits in progress; the list shows the new order.
    onSettled: () => client.invalidateQueries({ queryKey: depositKey }),
  });
}
