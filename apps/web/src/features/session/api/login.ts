import type { LoginRequest, LoginValue } from '@aurum/contract';
import { apiCall } from '../../../lib/api';

/** POST /wps/session/login (N, E): username or SMS mode; the body travels as a JWE. */
export const login = (payload: LoginRequest) => apiCall('login', { body: payload });

/** POST /wps/session/login/remember: signs in with the HttpOnly remember cookie. */
export const loginWithRememberCookie = (site: 'member' | 'agent') =>
  apiCall('loginRemember', { body: { site } });

export type { LoginValue };
