import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.ts';
import { readMerchantConfig } from './merchant-config.ts';

describe('merchant config validation of the password rule', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aurum-config-'));
    await cp(path.join(REPO_ROOT, 'config'), dir, { recursive: true });
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const withPasswordRule = async (change: Record<string, unknown>) => {
    const file = path.join(dir, 'accounts.json');
    const accounts = JSON.parse(await readFile(file, 'utf8'));
    const rule = accounts.rules.find((r: { key: string }) => r.key === 'password');
    Object.assign(rule, change);
    await writeFile(file, JSON.stringify(accounts));
  };

  it('the demo merchant has no composition rule: 8 to 128 characters of anything', async () => {
    const config = await readMerchantConfig(dir);
    expect(config.accounts.rules.find((r) => r.key === 'password')).toMatchObject({
      minLength: 8,
      maxLength: 128,
      patternId: 'LENGTH',
      acceptedPattern: null,
    });
  });

  it('refuses a rule capped below 64 or asking fewer than 8', async () => {
    await withPasswordRule({ maxLength: 20 });
    await expect(readMerchantConfig(dir)).rejects.toThrow(
      /accounts\.rules\.1: a password rule must allow at least 64 characters \(maxLength 20\)/,
    );
    await withPasswordRule({ maxLength: 64, minLength: 6 });
    await expect(readMerchantConfig(dir)).rejects.toThrow(/must ask for at least 8 characters/);
  });

  it('keeps composition rules available to a merchant that must have one', async () => {
    await withPasswordRule({ maxLength: 64, patternId: 'STRONG' });
    const config = await readMerchantConfig(dir);
    expect(config.accounts.rules.find((r) => r.key === 'password')?.patternId).toBe('STRONG');
  });
});

describe('merchant config validation of artwork hosts', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aurum-config-'));
    await cp(path.join(REPO_ROOT, 'config'), dir, { recursive: true });
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const edit = async (file: string, change: (json: Record<string, any>) => void) => {
    const at = path.join(dir, file);
    const json = JSON.parse(await readFile(at, 'utf8'));
    change(json);
    await writeFile(at, JSON.stringify(json));
  };
  const setBannerImage = (image: string) =>
    edit('content.json', (c) => {
      c.banners.w_home[0].image = image;
    });

  it('refuses a banner image from a host that is not one of imageCDNs (the CSP would block it)', async () => {
    await setBannerImage('https://images.elsewhere.example/a.png');
    await expect(readMerchantConfig(dir)).rejects.toThrow(
      /content\.banners\.w_home\.0\.image: https:\/\/images\.elsewhere\.example is not one of imageCDNs/,
    );
  });

  it('takes images from /media/ and from the image CDNs', async () => {
    await setBannerImage('https://CDN.example.com/banners/a.png');
    await edit('site.json', (s) => {
      s.imageCDNs = ['https://cdn.example.com/'];
    });
    const config = await readMerchantConfig(dir);
    expect(config.content.banners.w_home?.[0]?.image).toBe('https://CDN.example.com/banners/a.png');
    await setBannerImage('/media/banners/home-1.svg');
    await expect(readMerchantConfig(dir)).resolves.toBeTruthy();
  });
});
