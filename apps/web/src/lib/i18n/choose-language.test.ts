import { describe, expect, it } from 'vitest';
import { chooseLanguage, deviceToLanguage, type LanguageInputs, offeredLanguages } from './choose-language';

const base: LanguageInputs = {
  supported: ['EN', 'CN'],
  defaultLang: 'EN',
  forceDefaultLangDomains: ['aurum.example', 'www.aurum.example', 'm.aurum.example'],
  hostname: 'localhost',
  stored: [null, null],
  deviceLanguages: ['en-US'],
};

describe('deviceToLanguage', () => {
  it('maps device tags to product languages', () => {
    expect(deviceToLanguage('zh-CN')).toBe('CN');
    expect(deviceToLanguage('zh-Hant-TW')).toBe('CN');
    expect(deviceToLanguage('en-GB')).toBe('EN');
    expect(deviceToLanguage('ja')).toBe('JA');
    expect(deviceToLanguage('th-TH')).toBe('TH');
    expect(deviceToLanguage('vi')).toBe('VI');
    expect(deviceToLanguage('es-419')).toBe('ES');
    expect(deviceToLanguage('de-DE')).toBeNull();
    expect(deviceToLanguage('cn')).toBeNull();
  });
});

describe('chooseLanguage', () => {
  it('uses the device language when the merchant supports it', () => {
    expect(chooseLanguage({ ...base, deviceLanguages: ['zh-CN', 'en'] })).toBe('CN');
  });

  it('takes the first supported device language in order of preference', () => {
    expect(chooseLanguage({ ...base, deviceLanguages: ['ja-JP', 'zh-TW', 'en'] })).toBe('CN');
  });

  it('falls back to the configured default when no device language is supported', () => {
    expect(chooseLanguage({ ...base, deviceLanguages: ['ja-JP', 'de'] })).toBe('EN');
    expect(chooseLanguage({ ...base, defaultLang: 'CN', deviceLanguages: ['fr'] })).toBe('CN');
  });

  it('forces the default language on the configured domains', () => {
    expect(chooseLanguage({ ...base, hostname: 'www.aurum.example', deviceLanguages: ['zh-CN'] })).toBe('EN');
    expect(chooseLanguage({ ...base, hostname: 'other.example', deviceLanguages: ['zh-CN'] })).toBe('CN');
  });

  it('lets a stored choice (lang, then hisLang) win while it is supported', () => {
    expect(chooseLanguage({ ...base, stored: ['CN', null] })).toBe('CN');
    expect(chooseLanguage({ ...base, stored: [null, 'CN'] })).toBe('CN');
    expect(chooseLanguage({ ...base, stored: ['EN', 'CN'], deviceLanguages: ['zh'] })).toBe('EN');
    expect(chooseLanguage({ ...base, hostname: 'aurum.example', stored: ['CN', null] })).toBe('CN');
  });

  it('ignores a stored choice that is no longer supported', () => {
    expect(chooseLanguage({ ...base, stored: ['JA', 'TH'], deviceLanguages: ['zh-CN'] })).toBe('CN');
  });

  it('offers only supported languages that have a catalogue', () => {
    expect(offeredLanguages(['EN', 'CN', 'TY'])).toEqual(['EN', 'CN']);
    expect(offeredLanguages(['TY'])).toEqual(['EN']);
  });

  it('falls back to EN when the configured default has no catalogue', () => {
    expect(
      chooseLanguage({ ...base, supported: ['TY', 'EN'], defaultLang: 'TY', deviceLanguages: ['de'] }),
    ).toBe('EN');
  });
});
