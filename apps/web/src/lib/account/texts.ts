import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../i18n';
import en from './locales/en.json';

/**
 * The accounts texts are their own i18next namespace, shipped with the lazily loaded sign-in,
 * register and member chunks rather than the first load. EN comes with this module; the other
 * catalogues load when their language is in use (the calling component suspends meanwhile).
 */
export const ACCOUNT_NS = 'account';
export type AccountCatalogue = typeof en;

i18next.addResourceBundle('en', ACCOUNT_NS, en, true, false);

const catalogues = import.meta.glob<AccountCatalogue>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});
const pending = new Map<string, Promise<void>>();

/** Loads the accounts catalogue of a language; null when it is already there (or unknown). */
export function loadAccountTexts(code: string): Promise<void> | null {
  if (i18next.hasResourceBundle(code, ACCOUNT_NS)) return null;
  const load = catalogues[`./locales/${code}.json`];
  if (!load) return null;
  let promise = pending.get(code);
  if (!promise) {
    promise = load().then((bundle) => {
      i18next.addResourceBundle(code, ACCOUNT_NS, bundle, true, false);
    });
    pending.set(code, promise);
  }
  return promise;
}

/** `t` for the accounts namespace, once the current language's catalogue is in. */
export function useAccountTexts() {
  const result = useTranslation(ACCOUNT_NS);
  const waiting = loadAccountTexts(result.i18n.language);
  if (waiting) use(waiting);
  return result;
}
