import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage/storage';
import type { ThemeName } from './palette';

const listeners = new Set<() => void>();
let current: ThemeName | null = null;

const isTheme = (v: unknown): v is ThemeName => v === 'dark' || v === 'light';

/** A stored choice wins; otherwise the system preference; dark when the system says nothing. */
export function initialTheme(): ThemeName {
  const stored = readStorage('local', STORAGE_KEYS.theme);
  if (isTheme(stored)) return stored;
  const prefersLight =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
}

export function getTheme(): ThemeName {
  current ??= initialTheme();
  return current;
}

function apply(theme: ThemeName) {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: ThemeName): void {
  current = theme;
  writeStorage('local', STORAGE_KEYS.theme, theme);
  apply(theme);
  for (const l of listeners) l();
}

export const toggleTheme = () => setTheme(getTheme() === 'dark' ? 'light' : 'dark');

/** Puts the start-up theme on <html> without storing it (the visitor has not chosen yet). */
export function startTheme(): ThemeName {
  const theme = getTheme();
  apply(theme);
  return theme;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The server's prerender of the home page cannot know the visitor's theme: the page's default. */
const serverTheme = (): ThemeName => 'dark';

export function useTheme(): ThemeName {
  return useSyncExternalStore(subscribe, getTheme, serverTheme);
}

/** For tests: forget the in-memory choice. */
export function resetThemeForTests(): void {
  current = null;
}
