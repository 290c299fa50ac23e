import type { RouteBody } from '@aurum/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';
import { twoFactorStatusKey } from './two-factor-status';

/** POST /wps/member/security/twofactor/unbind (T, E): a code (or recovery code) and the password. */
export const unbindTwoFactor = (body: RouteBody<'twoFactorUnbind'>) => apiCall('twoFactorUnbind', { body });

export function useUnbindTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'twoFactor', 'unbind'],
    mutationFn: unbindTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
