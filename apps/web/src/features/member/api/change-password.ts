import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { startSession } from '../../../lib/session/session-store';

/** Spec §3 Change-password payload. */
export interface ChangePasswordPayload {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** POST /wps/member/password (T, E). */
export const changePassword = (payload: ChangePasswordPayload) =>
  apiCall('changePassword', { body: payload });

export function useChangePassword() {
  return useMutation({
    mutationKey: ['member', 'password'],
    mutationFn: changePassword,
    // A password change revokes the other sessions; the reply carries this session's new token.
    onSuccess: (value) => startSession(value.token, value.userName),
  });
}
