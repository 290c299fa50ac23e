import { describe, expect, it } from 'vitest';
import { bannerGroupOfMode, pagePrizeMode, sameOriginPath } from './prize-mode';

const ALL = ['LOTT', 'ZY', 'ELOTT', 'SEA'];

describe('pagePrizeMode', () => {
  it('asks each route with its own mode, /vnLottery with the §4 rule’s', () => {
    expect(pagePrizeMode('all', null, ALL, 'ELOTT')).toBe('LOTT');
    expect(pagePrizeMode('sea', null, ALL, 'ELOTT')).toBe('SEA');
    expect(pagePrizeMode('vn', null, ALL, 'ELOTT')).toBe('ELOTT');
    expect(pagePrizeMode('vn', null, ALL, 'LOTT')).toBe('LOTT');
  });

  it('takes the mode a launch names when the site offers it, and no other', () => {
    expect(pagePrizeMode('all', 'ZY', ALL, 'LOTT')).toBe('ZY');
    expect(pagePrizeMode('all', 'ZY', ['LOTT'], 'LOTT')).toBe('LOTT');
    expect(pagePrizeMode('all', 'XX', ALL, 'LOTT')).toBe('LOTT');
    // A site without the route's own mode falls back to LOTT, or to every game.
    expect(pagePrizeMode('sea', null, ['LOTT'], 'LOTT')).toBe('LOTT');
    expect(pagePrizeMode('sea', null, [], 'LOTT')).toBeUndefined();
  });

  it('names the banner group of the mode', () => {
    expect(bannerGroupOfMode('ELOTT')).toBe('elott');
    expect(bannerGroupOfMode('LOTT')).toBe('lott');
    expect(bannerGroupOfMode(undefined)).toBe('lott');
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://aurum.example';
  it('keeps a path of this site, or a URL on its origin as a path', () => {
    expect(sameOriginPath('/', origin)).toBe('/');
    expect(sameOriginPath('/elott?x=1', origin)).toBe('/elott?x=1');
    expect(sameOriginPath('https://aurum.example/lott?a=b#c', origin)).toBe('/lott?a=b#c');
  });

  it('drops anything that would leave the site', () => {
    for (const bad of [
      null,
      '',
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'http://aurum.example/',
      'javascript:alert(1)',
      'https://u:p@aurum.example/',
    ]) {
      expect(sameOriginPath(bad, origin), String(bad)).toBeNull();
    }
  });
});
