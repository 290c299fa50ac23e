import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.TRUSTED_PROXIES).toEqual([]);
  });
  it('lists every bad value at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', OPS_TOKEN: 'short' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      for (const key of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'OPS_TOKEN']) expect(problems).toContain(key);
    }
  });
  it('reads the trusted proxies list', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
  });
});
