export { apiCall, type Endpoint, REQUEST_TIMEOUT_MS, request } from './api-client';
export { ApiError, type ApiErrorCode, errorCodeOf, isApiError } from './api-error';
export { commonErrorText, type ErrorTextKey, errorTextKey } from './error-messages';
export { setRequestLanguage, setSessionEndHandler } from './request-context';
