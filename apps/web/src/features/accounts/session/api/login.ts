import type { LoginRequest, LoginValue } from '@aurum/contract';
import { apiCall } from '../../../../lib/api';

/** POST /wps/session/login (N, E): username or SMS mode; the body travels as a JWE. */
export const login = (payload: LoginRequest) => apiCall('login', { body: payload });

/** POST /wps/session/login/twofactor (N, E): the ticket of login.two.factor and a code. */
export const loginTwoFactor = (ticket: string, code: string) =>
  apiCall('loginTwoFactor', { body: { ticket, code } });

/** POST /wps/session/login/remember: signs in with the HttpOnly remember cookie. */
export const loginWithRememberCookie = (site: 'member' | 'agent') =>
  apiCall('loginRemember', { body: { site } });

/** POST /wps/session/unlock/request: an unlock link for a locked account name (same reply always). */
export const requestUnlockLink = (username: string) => apiCall('loginUnlockRequest', { body: { username } });

/** POST /wps/session/unlock: redeems an unlock link; the account name is no longer locked. */
export const redeemUnlockLink = (username: string, token: string) =>
  apiCall('loginUnlock', { body: { username, token } });

export type { LoginValue };
