import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../lib/i18n/locales/en.json';

/** Tests render in English, synchronously. */
export function initTestI18n() {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
}
