import { apiCall } from '../../../../lib/api';

/** POST /wps/member/password/email, form-encoded (spec §7): emails a reset code. */
export const sendResetEmail = (username: string, email: string) =>
  apiCall('forgotPasswordEmail', { body: { username, email }, form: true });

/** POST /wps/member/password/verification (E) with the emailed reset code; signs in. */
export const resetWithEmailCode = (body: {
  username: string;
  resetCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => apiCall('resetPassword', { body });

/** POST /wps/member/password/verification (E) with an SMS code; signs in. */
export const resetWithSmsCode = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => apiCall('resetPassword', { body });
