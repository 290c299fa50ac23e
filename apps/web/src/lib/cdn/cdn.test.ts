import { describe, expect, it } from 'vitest';
import { pickCdn, withCdn } from './cdn';

describe('CDNs', () => {
  it('picks one of the configured CDNs at random', () => {
    const list = ['https://a.cdn', 'https://b.cdn', 'https://c.cdn'];
    expect(pickCdn(list, () => 0)).toBe('https://a.cdn');
    expect(pickCdn(list, () => 0.5)).toBe('https://b.cdn');
    expect(pickCdn(list, () => 0.999)).toBe('https://c.cdn');
    expect(pickCdn([], () => 0.5)).toBeNull();
  });

  it('prefixes relative URLs only', () => {
    expect(withCdn('/media/x.svg', 'https://a.cdn/')).toBe('https://a.cdn/media/x.svg');
    expect(withCdn('https://other/x.svg', 'https://a.cdn')).toBe('https://other/x.svg');
    expect(withCdn('data:image/png;base64,AA', 'https://a.cdn')).toBe('data:image/png;base64,AA');
    expect(withCdn('/media/x.svg', null)).toBe('/media/x.svg');
  });
});
