import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';
import { twoFactorStatusKey } from './two-factor-status';

/** POST /wps/member/security/twofactor/confirm (T, E): binds the key; the recovery codes, once. */
export const confirmTwoFactor = (body: RouteBody<'twoFactorConfirm'>) =>
  apiCall('twoFactorConfirm', { body });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'twoFactor', 'confirm'],
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
