import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { refreshAfterMovement } from '../../../lib/money/balance';
import { useSessionToken } from '../../../lib/session/session-store';

/** Every referral answer: the summary and the invitees. */
export const referralRootKey = ['referral'] as const;

/** GET /wps/referral/summary: the code, link domains, invitations and rewards. */
export function useReferralSummary() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...referralRootKey, 'summary', token],
    queryFn: ({ signal }) => apiCall('referralSummary', { signal }),
    enabled: token !== null,
  });
}

/** GET /wps/referral/invitees: the member's friends with status and eligibility. */
export function useReferralInvitees() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...referralRootKey, 'invitees', token],
    queryFn: ({ signal }) => apiCall('referralInvitees', { signal }),
    enabled: token !== null,
  });
}

/** POST /wps/referral/claim: pays what is claimable; the summary and the balance are read again. */
export function useReferralClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('referralClaim', { body: {} }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralRootKey }),
        refreshAfterMovement(queryClient),
      ]),
  });
}
