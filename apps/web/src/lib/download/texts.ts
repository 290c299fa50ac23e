import { defineNamespace } from '../i18n/namespace';
import en from './locales/en.json';

/**
 * The app-download texts (install guide, tutorials, lite app): their own namespace, shipped with
 * the lazily loaded /down screen rather than the first load.
 */
export type DownloadCatalogue = typeof en;

const downloadTexts = defineNamespace(
  'download',
  en,
  import.meta.glob(['./locales/*.json', '!./locales/en.json'], { import: 'default' }),
);

export const DOWNLOAD_NS = downloadTexts.ns;
/** `t` for the download namespace, once the current language's catalogue is in. */
export const useDownloadTexts = () => downloadTexts.useTexts();
