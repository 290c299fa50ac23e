import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The referral page's texts (docs/loyalty.md "Referral"): their own namespace, shipped with the
 * lazily loaded page that uses them.
 */
export type ReferralCatalogue = typeof en;

const referralTexts = defineNamespace(
  'referral',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const REFERRAL_NS = referralTexts.ns;
export const loadReferralTexts = referralTexts.load;
/** `t` for the referral namespace, once the current language's catalogue is in. */
export const useReferralTexts = () => referralTexts.useTexts();
