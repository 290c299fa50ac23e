import type { LoginRequest, LoginValue } from '@aurum/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { startSession } from '../../../lib/session/session-store';

/**
 * POST /wps/session/login (spec §7: N, E — the body travels as a JWE). Username mode; the
 * accounts issue adds SMS mode, the captcha and the human check.
 */
export const login = (payload: LoginRequest) => apiCall('login', { body: payload });

export function useLogin() {
  return useMutation({
    mutationKey: ['session', 'login'],
    mutationFn: login,
    onSuccess: (value, payload) =>
      startSession(
        value.token,
        value.userName || (payload.type === 'username' ? payload.username : undefined),
      ),
  });
}

export type { LoginValue };
