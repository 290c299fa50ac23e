import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { commonErrorText, errorTextKey } from './error-messages';

describe('errorTextKey', () => {
  it('picks text by code, never by message', () => {
    expect(errorTextKey('network.abnormal')).toBe('errors.network');
    expect(errorTextKey('TOO_MANY_REQUESTS')).toBe('errors.tooManyRequests');
    expect(errorTextKey('something.new')).toBe('errors.unknown');
    expect(errorTextKey(null)).toBe('errors.unknown');
  });
});

describe('commonErrorText', () => {
  const tc = ((key: string, opts?: { count?: number }) =>
    opts?.count === undefined ? key : `${key}:${opts.count}`) as unknown as Parameters<
    typeof commonErrorText
  >[0];
  const tooMany = (retryAfterSeconds?: string) =>
    new ApiError(
      'TOO_MANY_REQUESTS',
      'Too many requests. Please try again after 5 minutes.',
      429,
      retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
    );

  it('tells the real wait of a 429: seconds under a minute and a half, else whole minutes', () => {
    expect(commonErrorText(tc, tooMany('1'))).toBe('errors.tooManyRequestsSeconds:1');
    expect(commonErrorText(tc, tooMany('45'))).toBe('errors.tooManyRequestsSeconds:45');
    expect(commonErrorText(tc, tooMany('90'))).toBe('errors.tooManyRequestsMinutes:2');
    expect(commonErrorText(tc, tooMany('300'))).toBe('errors.tooManyRequestsMinutes:5');
  });

  it('falls back to the catalogue text without a wait, and for every other code', () => {
    expect(commonErrorText(tc, tooMany())).toBe('errors.tooManyRequests');
    expect(commonErrorText(tc, tooMany('soon'))).toBe('errors.tooManyRequests');
    expect(commonErrorText(tc, new ApiError('feature.disabled', 'x', 403))).toBe('errors.featureDisabled');
    expect(commonErrorText(tc, new Error('boom'))).toBe('errors.unknown');
  });
});
