import type { RegisterMobileRequest, RegisterRequest } from '@aurum/contract';
import { apiCall } from '../../../../lib/api';

/** PUT /wps/member/register (E): username registration. */
export const registerByUsername = (body: RegisterRequest) => apiCall('register', { body });

/** PUT /wps/member/register/mobile (E): the mobile number is the username. */
export const registerByMobile = (body: RegisterMobileRequest) => apiCall('registerMobile', { body });

/** GET /wps/agent/affiliate: whether an invitation (affiliate) code names an active agent. */
export const checkAffiliateCode = (code: string) =>
  apiCall('affiliateCheck', { query: { code, domain: window.location.hostname } });
