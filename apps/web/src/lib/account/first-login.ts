import { apiCall } from '../api';

/**
 * POST /wps/member/firstLogin: records the first sign-in (spec §4 After login). Failures are
 * ignored: the member is signed in either way.
 */
export const recordFirstLogin = () => apiCall('firstLogin').catch(() => undefined);
