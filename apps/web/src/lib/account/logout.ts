import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../api';
import { endSession } from '../session/session-store';
import { removeStorage, STORAGE_KEYS } from '../storage/storage';

/** Forgets the remember-me account: the server revokes its token at logout. */
export const forgetRememberedAccount = () => removeStorage('local', STORAGE_KEYS.rememberAccount);

/**
 * DELETE /wps/session/logout (no body: the server refuses one), then ends the local session
 * either way: session storage cleared, the merchant re-stored, login and agent flags gone.
 */
export async function logout(): Promise<void> {
  try {
    await apiCall('logout');
  } catch {
    // An expired or unknown token is logged out already.
  } finally {
    endSession();
    forgetRememberedAccount();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'logout'],
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: ['member'] }),
  });
}
