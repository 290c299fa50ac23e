import type { ActiveSession, SignInEntry } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../../../lib/api';
import { useSessionToken } from '../../../../../lib/session/session-store';

export const activeSessionsKey = ['member', 'security', 'sessions'] as const;
export const signInHistoryKey = ['member', 'security', 'signins'] as const;

/** GET /wps/member/security/sessions (T): the member's live sessions, this one marked. */
export function useActiveSessions() {
  const token = useSessionToken();
  return useQuery<ActiveSession[]>({
    queryKey: [...activeSessionsKey, token],
    queryFn: async () => (await apiCall('activeSessions')).sessions,
    enabled: token !== null,
  });
}

/** GET /wps/member/security/signins (T): the last 20 sign-ins, newest first. */
export function useSignInHistory() {
  const token = useSessionToken();
  return useQuery<SignInEntry[]>({
    queryKey: [...signInHistoryKey, token],
    queryFn: async () => (await apiCall('signInHistory')).signIns,
    enabled: token !== null,
  });
}

/** DELETE /wps/member/security/sessions?id= (T): signs out one other session. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'security', 'endSession'],
    mutationFn: (id: number) => apiCall('endSession', { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionsKey }),
  });
}

/** DELETE /wps/member/security/sessions/others (T): signs out every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'security', 'endOthers'],
    mutationFn: () => apiCall('endOtherSessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionsKey }),
  });
}

/**
 * POST /wps/member/security/signins/disown (T): "this wasn't me" — the server ends every session,
 * this one too; the caller ends the local session.
 */
export function useDisownSignIn() {
  return useMutation({
    mutationKey: ['member', 'security', 'disown'],
    mutationFn: (id: number) => apiCall('disownSignIn', { body: { id } }),
  });
}
