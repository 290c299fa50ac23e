import { describe, expect, it } from 'vitest';
import { errorTextKey } from './error-messages';

describe('errorTextKey', () => {
  it('picks text by code, never by message', () => {
    expect(errorTextKey('network.abnormal')).toBe('errors.network');
    expect(errorTextKey('TOO_MANY_REQUESTS')).toBe('errors.tooManyRequests');
    expect(errorTextKey('something.new')).toBe('errors.unknown');
    expect(errorTextKey(null)).toBe('errors.unknown');
  });
});
