import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { endSession } from '../../../lib/session/session-store';

/** Logs out on the server when it can; the local session ends either way (spec §4 Session). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['session', 'logout'],
    mutationFn: async () => {
      try {
        await apiCall('logout');
      } catch {
        // An expired or unknown token is logged out already.
      }
    },
    onSettled: () => {
      endSession();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
