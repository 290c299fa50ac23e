import { defineNamespace } from '../i18n/namespace';
import cashierEn from './locales/cashier/en.json';
import fundsEn from './locales/funds/en.json';

/**
 * The money texts, in two i18next namespaces shipped with the lazily loaded pages that use them
 * rather than the first load: `funds` holds the kit's own texts (amounts, the payment password,
 * error codes of every money call, receipts, wallets, transfers, the account record) and `cashier`
 * the deposit, withdraw, payment password and bound account pages'.
 */
export type CashierCatalogue = typeof cashierEn;
export type FundsCatalogue = typeof fundsEn;

const cashierTexts = defineNamespace(
  'cashier',
  cashierEn,
  import.meta.glob(['./locales/cashier/*.json', '!./locales/cashier/en.json'], { import: 'default' }),
);

const fundsTexts = defineNamespace(
  'funds',
  fundsEn,
  import.meta.glob(['./locales/funds/*.json', '!./locales/funds/en.json'], { import: 'default' }),
);

export const CASHIER_NS = cashierTexts.ns;
/** Loads the cashier catalogue of a language; null when it is already there (or unknown). */
export const loadCashierTexts = cashierTexts.load;
/** `t` for the cashier namespace, once the current language's catalogue is in. */
export const useCashierTexts = () => cashierTexts.useTexts();

export const FUNDS_NS = fundsTexts.ns;
/** Loads the funds catalogue of a language; null when it is already there (or unknown). */
export const loadFundsTexts = fundsTexts.load;
/** `t` for the funds namespace, once the current language's catalogue is in. */
export const useFundsTexts = () => fundsTexts.useTexts();
