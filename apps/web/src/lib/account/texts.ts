import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The accounts texts: their own i18next namespace, shipped with the lazily loaded sign-in,
 * register and member chunks rather than the first load.
 */
export type AccountCatalogue = typeof en;

const accountTexts = defineNamespace(
  'account',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const ACCOUNT_NS = accountTexts.ns;
/** Loads the accounts catalogue of a language; null when it is already there (or unknown). */
export const loadAccountTexts = accountTexts.load;
/** `t` for the accounts namespace, once the current language's catalogue is in. */
export const useAccountTexts = () => accountTexts.useTexts();
