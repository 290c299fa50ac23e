import type { RouteBody, RouteValue } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session/session-store';
import { accountsKey, cashierKey, SETTINGS_STALE_MS } from './keys';

export type BoundAccounts = RouteValue<'boundAccounts'>;
export type BindAccountPayload = RouteBody<'bindAccount'>;
export type RemoveAccountPayload = RouteBody<'removeAccount'>;

/** GET /wps/cashier/accounts: the member's withdrawal accounts, numbers masked. */
export const getBoundAccounts = () => apiCall('boundAccounts');
/** PUT /wps/cashier/accounts (E): binds one; the payment password guards it. */
export const bindAccount = (body: BindAccountPayload) => apiCall('bindAccount', { body });
/** POST /wps/cashier/accounts/remove (E): removes one; the payment password guards it. */
export const removeAccount = (body: RemoveAccountPayload) => apiCall('removeAccount', { body });

export function useBoundAccounts() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...accountsKey, token],
    queryFn: getBoundAccounts,
    enabled: token !== null,
    staleTime: SETTINGS_STALE_MS,
  });
}

// Withdraw settings carry the accounts too: both are read again after a change.
export function useBindAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...accountsKey, 'bind'],
    mutationFn: bindAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: cashierKey }),
  });
}

export function useRemoveAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...accountsKey, 'remove'],
    mutationFn: removeAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: cashierKey }),
  });
}
