import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The funds texts (my wallet, transfers to the upline and to downlines, the account record):
 * their own i18next namespace, shipped with the lazily loaded pages that use them.
 */
export type FundsCatalogue = typeof en;

const fundsTexts = defineNamespace(
  'funds',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const FUNDS_NS = fundsTexts.ns;
/** Loads the funds catalogue of a language; null when it is already there (or unknown). */
export const loadFundsTexts = fundsTexts.load;
/** `t` for the funds namespace, once the current language's catalogue is in. */
export const useFundsTexts = () => fundsTexts.useTexts();
