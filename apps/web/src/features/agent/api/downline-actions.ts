import type { RouteBody } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';
import { teamKey } from './team';

const notesKey = ['agent', 'downlineNotes'] as const;

/** POST /wps/agent/downline/status: enable or disable a downline; the list shows the new status. */
export function useSetDownlineStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'setDownlineStatus'>) => apiCall('setDownlineStatus', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: teamKey }),
  });
}

/** POST /wps/agent/downline/password-reset: a one-time password, answered once. */
export function useResetDownlinePassword() {
  return useMutation({
    mutationFn: (body: RouteBody<'resetDownlinePassword'>) => apiCall('resetDownlinePassword', { body }),
  });
}

/** GET /wps/agent/downline/notes: the agent's own notes on one downline. */
export function useDownlineNotes(account: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...notesKey, token, account],
    queryFn: ({ signal }) => apiCall('downlineNotes', { query: { account }, signal }),
    enabled: token !== null,
  });
}

export function useAddDownlineNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'addDownlineNote'>) => apiCall('addDownlineNote', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: notesKey }),
  });
}

/** POST /wps/agent/downline/message: a message into the downline's inbox. */
export function useMessageDownline() {
  return useMutation({
    mutationFn: (body: RouteBody<'messageDownline'>) => apiCall('messageDownline', { body }),
  });
}

/** POST /wps/agent/downline/recall (E): from a direct downline's main wallet to the agent's. */
export function useRecallFromDownline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'recallFromDownline'>) => apiCall('recallFromDownline', { body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: teamKey });
      void refreshAfterMovement(client);
    },
  });
}
