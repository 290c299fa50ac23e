import type { Avatar } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { useSessionToken } from '../session/session-store';
import { useFeature } from '../site';

export const avatarKey = ['member', 'icon'] as const;

/** Spec §10: an avatar that fails to load shows this error image instead. */
export const AVATAR_FALLBACK = '/media/fallback/avatar.svg';

/**
 * The member's avatar (GET /wps/member/info/icon, PROFPIC3): its two sizes' URLs, or null when the
 * member has none or the merchant does not offer avatars.
 */
export function useAvatar(): Avatar | null {
  const token = useSessionToken();
  const enabled = useFeature('PROFPIC3');
  const query = useQuery({
    queryKey: [...avatarKey, token],
    queryFn: async () => (await apiCall('memberIcon')).avatar,
    enabled: token !== null && enabled,
    staleTime: 5 * 60_000,
  });
  return enabled ? (query.data ?? null) : null;
}
