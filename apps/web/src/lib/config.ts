import type { Language } from '@aurum/contract';
import { isLanguage } from './contract';

/** The merchant this build serves (sent as the Merchant header on every call). */
export const MERCHANT: string = __MERCHANT__;

/** Brand values known at build time, used before the live site data arrives. */
export const BUILD_BRAND = {
  ...__BUILD_BRAND__,
  defaultLang: (isLanguage(__BUILD_BRAND__.defaultLang) ? __BUILD_BRAND__.defaultLang : 'EN') as Language,
  supportLanguages: __BUILD_BRAND__.supportLanguages.filter(isLanguage),
};
