import i18next from 'i18next';
import cn from '../lib/i18n/locales/cn.json';

/**
 * Switches the test i18n to Chinese (the base catalogue; namespaces fall back to English) and
 * returns the way back to English, for tests of what a CN reader sees.
 */
export async function switchToChineseForTest(): Promise<() => Promise<void>> {
  if (!i18next.hasResourceBundle('cn', 'translation')) i18next.addResourceBundle('cn', 'translation', cn);
  await i18next.changeLanguage('cn');
  return async () => {
    await i18next.changeLanguage('en');
  };
}
