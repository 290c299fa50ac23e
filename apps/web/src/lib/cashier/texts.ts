import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The cashier texts (deposit, withdraw, payment password, bound accounts): their own i18next
 * namespace, shipped with the lazily loaded member-centre pages rather than the first load.
 */
export type CashierCatalogue = typeof en;

const cashierTexts = defineNamespace(
  'cashier',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const CASHIER_NS = cashierTexts.ns;
/** Loads the cashier catalogue of a language; null when it is already there (or unknown). */
export const loadCashierTexts = cashierTexts.load;
/** `t` for the cashier namespace, once the current language's catalogue is in. */
export const useCashierTexts = () => cashierTexts.useTexts();
