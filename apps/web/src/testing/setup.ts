import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAnalyticsForTests } from '../lib/analytics/analytics';
import { forgetServerKeyForTests } from '../lib/api/encryption';
import { resetBootData } from '../lib/boot/boot-data';
import { resetThemeForTests } from '../lib/theme/theme-store';
import { resetStartForTests } from '../play/session/start-session';
import { initTestI18n } from './i18n';

initTestI18n();

// The files of a worker share one module cache (vitest.config.ts, isolate: false): each file
// starts with the page-load state of the modules that keep one, as a fresh page would.
resetBootData();
forgetServerKeyForTests();
resetThemeForTests();
resetAnalyticsForTests();
resetStartForTests();

// jsdom lacks these browser APIs; the app only needs harmless stand-ins.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
