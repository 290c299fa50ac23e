import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The support texts (feedback, messages, chat room, live support): their own namespace, shipped
 * with the lazily loaded modals and pages that use them.
 */
export type SupportCatalogue = typeof en;

const supportTexts = defineNamespace(
  'support',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const SUPPORT_NS = supportTexts.ns;
export const loadSupportTexts = supportTexts.load;
/** `t` for the support namespace, once the current language's catalogue is in. */
export const useSupportTexts = () => supportTexts.useTexts();
