import type { RouteValue } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { depositKey, SETTINGS_STALE_MS } from './keys';

export type DepositSettings = RouteValue<'depositSettings'>;
export type DepositChannelView = DepositSettings['channels'][number];

export const depositSettingsKey = [...depositKey, 'settings'] as const;

/** GET /wps/cashier/deposit/settings: allowDeposit, the channels with limits and tutorials. */
export const getDepositSettings = () => apiCall('depositSettings');

export function useDepositSettings() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...depositSettingsKey, token],
    queryFn: getDepositSettings,
    enabled: token !== null,
    staleTime: SETTINGS_STALE_MS,
  });
}
