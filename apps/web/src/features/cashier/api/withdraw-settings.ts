import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { SETTINGS_STALE_MS, withdrawKey } from './keys';

export type WithdrawSettings = RouteValue<'withdrawSettings'>;
export type BoundAccountView = WithdrawSettings['accounts'][number];

export const withdrawSettingsKey = [...withdrawKey, 'settings'] as const;

/**
 * GET /wps/cashier/withdraw/settings: limits, the available balance, whether a payment password
 * is set, the bound accounts and the banks and e-wallets a member may bind.
 */
export const getWithdrawSettings = () => apiCall('withdrawSettings');

export function useWithdrawSettings() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...withdrawSettingsKey, token],
    queryFn: getWithdrawSettings,
    enabled: token !== null,
    staleTime: SETTINGS_STALE_MS,
  });
}
