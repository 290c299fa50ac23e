import type { MemberInfo } from '@aurum/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { updateSession, useSessionToken } from '../session/session-store';

export const memberInfoKey = ['member', 'info'] as const;

/** GET /wps/member/info, which also fills the session state (spec §4 Session). */
export async function getMemberInfo(): Promise<MemberInfo> {
  const info = await apiCall('memberInfo');
  updateSession({
    account: info.account,
    username: info.userName,
    nickname: info.nickname,
    customerId: info.id,
    isAgent: info.isAgent,
    isTrial: info.isTrial,
  });
  return info;
}

export function useMemberInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...memberInfoKey, token],
    queryFn: getMemberInfo,
    enabled: token !== null,
    staleTime: 60_000,
  });
}
