import type { Resource } from '@aurum/contract';
import { describe, expect, it } from 'vitest';
import { appDownloads } from './app-downloads';

const resource = (resourceType: string, url: string) =>
  ({ resourceType, url, name: resourceType, labelNameEn: resourceType }) as unknown as Resource;

describe('resource → QR mapping', () => {
  it('gives an Apple code for MOBILECONFIG and an Android code for Android, Apple first', () => {
    const apps = appDownloads([
      resource('CUSTOMER_SERVICE', 'https://cs.example'),
      resource('Android', 'https://dl.example/app.apk'),
      resource('MOBILECONFIG', 'https://dl.example/app.mobileconfig'),
    ]);
    expect(apps).toEqual([
      { key: 'apple', url: 'https://dl.example/app.mobileconfig', labelKey: 'device_apple' },
      { key: 'android', url: 'https://dl.example/app.apk', labelKey: 'device_android' },
    ]);
  });

  it('leaves out a platform without its resource', () => {
    expect(appDownloads([resource('Android', 'https://dl.example/a.apk')]).map((a) => a.key)).toEqual([
      'android',
    ]);
    expect(appDownloads([resource('MOBILECONFIG', 'https://dl.example/p')]).map((a) => a.key)).toEqual([
      'apple',
    ]);
    expect(appDownloads([resource('TELEGRAM', 'https://t.me/x')])).toEqual([]);
  });

  it('is case-sensitive about the spec names and takes the first of each', () => {
    const apps = appDownloads([
      resource('ANDROID', 'https://wrong.example'),
      resource('Android', 'https://first.example'),
      resource('Android', 'https://second.example'),
    ]);
    expect(apps).toEqual([{ key: 'android', url: 'https://first.example', labelKey: 'device_android' }]);
  });
});
