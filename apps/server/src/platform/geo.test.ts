import { describe, expect, it } from 'vitest';
import { buildBlockList, countryOf, inBlockList, normaliseIp } from './geo.ts';

describe('geo', () => {
  it('knows countries and not private addresses', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(countryOf('127.0.0.1')).toBeNull();
  });
  it('matches addresses and ranges of both families', () => {
    const list = buildBlockList(['10.0.0.0/8', '203.0.113.7', '2001:db8::/32']);
    expect(inBlockList(list, '10.20.30.40')).toBe(true);
    expect(inBlockList(list, '::ffff:10.1.1.1')).toBe(true);
    expect(inBlockList(list, '203.0.113.7')).toBe(true);
    expect(inBlockList(list, '203.0.113.8')).toBe(false);
    expect(inBlockList(list, '2001:db8::1')).toBe(true);
    expect(inBlockList(list, 'not-an-ip')).toBe(false);
    expect(normaliseIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
  });
  it('rejects bad entries, naming them', () => {
    expect(() => buildBlockList(['10.0.0.0/33'])).toThrow('10.0.0.0/33');
    expect(() => buildBlockList(['banana'])).toThrow('banana');
  });
});
