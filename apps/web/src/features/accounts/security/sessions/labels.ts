import type { Device } from '@aurum/contract';
import type { TFunction } from 'i18next';
import { fromI18nCode, HTML_LANG } from '../../../../lib/i18n';

type AccountT = TFunction<'account'>;

/** "Chrome on Windows" in the reader's language; the parts the server did not recognise say so. */
export function deviceLabel(t: AccountT, device: Device): string {
  return t('sessions.device', {
    browser: device.browser ?? t('sessions.unknownBrowser'),
    os: device.os ?? t('sessions.unknownOs'),
  });
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A two-letter country by its name in the reader's language; "unknown place" for null. */
export function placeLabel(t: AccountT, i18nLanguage: string, place: string | null): string {
  if (!place) return t('sessions.unknownPlace');
  const lang = HTML_LANG[fromI18nCode(i18nLanguage)];
  if (!regionNames.has(lang)) {
    try {
      regionNames.set(lang, new Intl.DisplayNames([lang], { type: 'region' }));
    } catch {
      regionNames.set(lang, null);
    }
  }
  try {
    return regionNames.get(lang)?.of(place) ?? place;
  } catch {
    return place;
  }
}
