import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, receiptPng, registerMember } from './support/cashier.ts';

/** Spec §5 in Chinese: a birthday must show 21 or older. */
const AGE_TEXT = '您必须年满21岁。';

test('a member uploads an avatar on a desktop in English and edits the profile on a phone in Chinese', async ({
  page,
}) => {
  // A registration, an upload and four accessibility scans: past the 60 s default on a loaded machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await ownClientAddress(page);
  await registerMember(page, 'prof');

  // Desktop, English: the avatar, chosen, cropped square on the canvas and sent.
  const centre = await openMemberCentre(page, 'Security centre');
  const profile = centre.locator('[data-section="profile"]');
  await expect(profile.getByRole('button', { name: 'Save profile' })).toBeVisible();
  await profile.getByLabel('Upload a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: receiptPng(300, 200),
  });
  const crop = profile.getByRole('group', { name: 'Crop your avatar' });
  await expect(crop).toBeVisible();
  await crop.getByRole('img', { name: 'Crop your avatar' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expectNoAxeViolations(page);
  await crop.getByRole('button', { name: 'Use this picture' }).click();
  await expect(page.getByText('Avatar updated.')).toBeVisible();
  const own = profile.getByRole('img', { name: 'Your avatar' });
  await expect(own).toHaveAttribute('data-avatar', 'own');
  await expect(own).toHaveAttribute('src', /^\/wps\/avatar\/[0-9a-f]{64}\.png$/);
  // The header shows it too (64 px), served as a real picture.
  await expect(page.locator('header [data-avatar="own"]')).toHaveAttribute('src', /^\/wps\/avatar\//);
  await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  // A phone, in Chinese: the profile fields, with the birthday's age check (spec §5).
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.evaluate(() => localStorage.setItem('lang', 'CN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const cn = await openMemberCentre(page, '安全中心', { profile: '打开我的资料', centre: '会员中心' });
  const form = cn.locator('[data-form="profile"]');
  await form.getByLabel(/^昵称/).fill('幸运星');
  await form.getByLabel(/^职业/).fill('厨师');
  await form.getByLabel(/^生日/).fill('2015-01-01');
  await form.getByRole('button', { name: '保存资料' }).click();
  await expect(form.getByText(AGE_TEXT)).toBeVisible();
  await form.getByLabel(/^生日/).fill('1990-05-17');
  await form.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('资料已保存。')).toBeVisible();
  // Saved: the birthday is now locked and says so.
  await expect(form.locator('[data-field="birthday"][data-locked="true"]')).toContainText('1990-05-17');
  await expect(form.getByLabel(/^昵称/)).toHaveValue('幸运星');
  await expectNoAxeViolations(page);
});
