import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The loyalty texts (VIP ranks and rebates, docs/loyalty.md): their own namespace, shipped with
 * the lazily loaded member-centre pages that use them.
 */
export type LoyaltyCatalogue = typeof en;

const loyaltyTexts = defineNamespace(
  'loyalty',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const LOYALTY_NS = loyaltyTexts.ns;
export const loadLoyaltyTexts = loyaltyTexts.load;
/** `t` for the loyalty namespace, once the current language's catalogue is in. */
export const useLoyaltyTexts = () => loyaltyTexts.useTexts();
