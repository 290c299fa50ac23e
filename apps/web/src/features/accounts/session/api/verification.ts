import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../../lib/api';

/** GET /wps/captcha: a one-try image challenge bound to its captchaId. */
export const getCaptcha = () => apiCall('captcha');

/** The human-check answer that travels with a request. */
export interface CaptchaAnswer {
  captcha?: string;
  captchaId?: string;
}

export interface MobileNumber {
  mobileNum: string;
  countryDialingCode: string;
}

/** POST /wps/verification/sms/noLogin: codes to register or to reset a password. */
export const requestSmsCode = (
  purpose: 'register' | 'reset',
  mobile: MobileNumber,
  answer: CaptchaAnswer = {},
) => apiCall('smsNoLogin', { body: { purpose, ...mobile, ...answer } });

/** POST /wps/verification/sms/login: a code to sign in with. */
export const requestLoginCode = (mobile: MobileNumber, answer: CaptchaAnswer = {}) =>
  apiCall('smsLoginCode', { body: { ...mobile, ...answer } });

/** GET /wps/system/countries (cacheable for a day). */
export function useCountries() {
  return useQuery({
    queryKey: ['system', 'countries'],
    queryFn: () => apiCall('countries'),
    staleTime: 24 * 60 * 60_000,
  });
}
