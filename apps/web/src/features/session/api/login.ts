import type { LoginRequest, LoginValue } from '@aurum/contract';
import { apiCall } from '../../../lib/api';

/** POST /wps/session/login (N, E): username or SMS mode; the body travels as a JWE. */
export const login = (payload: LoginRequest) => apiCall('login', { body: payload });

/** POST /wps/session/login/remember: signs in with the HttpOnly remember cookie. */
export const loginWithRememberCookie = (site: 'member' | 'agent') =>
  apiCall('loginRemember', { body: { site } });

/** The visitor's operating system, in the shape the free-play call takes. */
export function operatingSystem(userAgent = navigator.userAgent): string {
  const known: [RegExp, string][] = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return known.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
}

/** POST /wps/session/login/freeplay: a trial session (payload: os, platform W, gateway version 3). */
export const startFreePlay = () =>
  apiCall('loginFreePlay', { body: { os: operatingSystem(), platform: 'W', gatewayVersion: '3' } });

/** POST /wps/member/firstLogin: records the first sign-in (spec §4 After login). */
export const recordFirstLogin = () => apiCall('firstLogin').catch(() => undefined);

export type { LoginValue };
