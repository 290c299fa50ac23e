import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contrast } from './colour';
import { derivePalette } from './palette';
import { getTheme, initialTheme, resetThemeForTests, setTheme, startTheme, toggleTheme } from './theme-store';

const prefersLight = (light: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation(
      (query: string) => ({ matches: light && query.includes('light'), media: query }) as MediaQueryList,
    );

beforeEach(() => resetThemeForTests());
afterEach(() => vi.restoreAllMocks());

describe('theme choice', () => {
  it('starts from the system preference when nothing is stored', () => {
    prefersLight(true);
    expect(initialTheme()).toBe('light');
    prefersLight(false);
    expect(initialTheme()).toBe('dark');
  });

  it('starts dark when the system has no preference', () => {
    prefersLight(false);
    expect(startTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('persists the choice under localStorage "theme" and it wins on the next visit', () => {
    prefersLight(true);
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    resetThemeForTests();
    expect(getTheme()).toBe('dark');
  });

  it('toggles between the two themes and applies it to <html>', () => {
    prefersLight(false);
    startTheme();
    toggleTheme();
    expect(getTheme()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('theme', 'purple');
    prefersLight(true);
    expect(initialTheme()).toBe('light');
  });
});

describe('derived palettes', () => {
  const brands = [
    { brand: '#10b981', highlight: '#f5b942' },
    { brand: '#2563eb', highlight: '#fde047' },
    { brand: '#ffffff', highlight: '#000000' },
    { brand: '#7c3aed', highlight: '#f97316' },
  ];

  it.each(brands)('keeps text readable in both themes for %o', (colours) => {
    for (const theme of ['dark', 'light'] as const) {
      const p = derivePalette(colours, theme);
      for (const surface of [p['surface-0'], p['surface-1'], p['surface-2']]) {
        expect(contrast(p.text, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p['text-muted'], surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.accent, surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p['accent-2-text'], surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.danger, surface)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(p['text-on-accent'], p.accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p['text-on-accent-2'], p['accent-2'])).toBeGreaterThanOrEqual(4.5);
    }
  });
});
