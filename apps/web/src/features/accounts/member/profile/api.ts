import type { ProfileValue } from '@aurum/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { avatarKey } from '../../../../lib/account/avatar';
import { memberInfoKey } from '../../../../lib/account/member-info';
import { apiCall } from '../../../../lib/api';
import { useSessionToken } from '../../../../lib/session/session-store';

export const profileKey = ['member', 'profile'] as const;

/** GET /wps/member/info/profile: every field with its value and its rule's state. */
export function useProfile() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...profileKey, token],
    queryFn: () => apiCall('memberProfile'),
    enabled: token !== null,
  });
}

/** POST /wps/member/info/profile: the fields sent change, the others stay. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'profile', 'save'],
    mutationFn: (change: Partial<Record<string, string | null>>) =>
      apiCall('memberProfileUpdate', { body: change }),
    onSuccess: (value: ProfileValue) => {
      queryClient.setQueriesData({ queryKey: profileKey }, value);
      // The nickname shows in the member info too.
      return queryClient.invalidateQueries({ queryKey: memberInfoKey });
    },
  });
}

/** POST or DELETE /wps/member/info/icon: a new avatar (a data URL) or none. */
export function useSaveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['member', 'icon', 'save'],
    mutationFn: (image: string | null) =>
      image === null ? apiCall('memberIconDelete') : apiCall('memberIconUpload', { body: { image } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: avatarKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}
