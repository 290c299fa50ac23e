import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';
import { twoFactorStatusKey } from './two-factor-status';

/** POST /wps/member/security/twofactor/recovery (T, E): new recovery codes for a code, shown once. */
export const newRecoveryCodes = (body: RouteBody<'twoFactorRecoveryCodes'>) =>
  apiCall('twoFactorRecoveryCodes', { body });

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'twoFactor', 'recovery'],
    mutationFn: newRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
