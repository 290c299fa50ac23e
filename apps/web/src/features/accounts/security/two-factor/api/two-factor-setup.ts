import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';

/** POST /wps/member/security/twofactor/setup (T): a new key, not active until confirmed. */
export const startTwoFactorSetup = () => apiCall('twoFactorSetup', { body: {} });

export function useTwoFactorSetup() {
  return useMutation({ mutationKey: ['member', 'twoFactor', 'setup'], mutationFn: startTwoFactorSetup });
}
