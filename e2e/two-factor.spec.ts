import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectSignedIn, LOGIN_NAMES, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, registerMember } from './support/cashier.ts';

const STEP_MS = 30_000;

/** What the member's authenticator app shows for the key at a time (the same library as the server). */
const appCode = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });

/** The names the journey finds on the page, per language (the account catalogue's texts). */
const TEXTS = {
  EN: {
    centre: { profile: 'Open my profile', centre: 'Member centre' },
    securityCentre: 'Security centre',
    off: 'Off',
    bind: 'Bind an authenticator app',
    qr: 'QR code with the key for your authenticator app',
    code: 'Code from the app',
    password: 'Login password',
    turnOn: 'Turn on',
    codesTitle: 'Save your recovery codes',
    saved: 'I have saved my recovery codes',
    done: 'Done',
    onSince: /On since/,
    codesLeft: '10 recovery codes left',
    signOutDevice: 'Sign out of this device',
    logOutTitle: 'Log out',
    confirm: 'Confirm',
    checkTitle: 'Two-factor login check',
    checkCode: 'Authentication code',
    verify: 'Verify',
  },
  CN: {
    centre: { profile: '打开我的资料', centre: '会员中心' },
    securityCentre: '安全中心',
    off: '未开启',
    bind: '绑定身份验证器',
    qr: '包含身份验证器密钥的二维码',
    code: '应用中的验证码',
    password: '登录密码',
    turnOn: '开启',
    codesTitle: '保存您的恢复码',
    saved: '我已保存恢复码',
    done: '完成',
    onSince: /已于 .+ 开启/,
    codesLeft: '剩余 10 个恢复码',
    signOutDevice: '在此设备上退出',
    logOutTitle: '退出登录',
    confirm: '确认',
    checkTitle: '两步验证登录',
    checkCode: '验证码',
    verify: '验证',
  },
} as const;

for (const { lang, viewport } of [
  { lang: 'EN', viewport: { width: 390, height: 844 } },
  { lang: 'CN', viewport: { width: 1280, height: 800 } },
] as const) {
  test(`a member binds an authenticator app, signs out, and signs in with the password and its code (${lang}, ${viewport.width} px)`, async ({
    page,
  }) => {
    // A registration, a reload into the language and three accessibility scans: past the 60 s default on a loaded machine.
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    await page.setViewportSize(viewport);
    await ownClientAddress(page);
    const member = await registerMember(page, 'tfa');
    if (lang === 'CN') {
      await page.evaluate(() => localStorage.setItem('lang', 'CN'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    }

    const centre = await openMemberCentre(page, t.securityCentre, t.centre);
    const section = centre.locator('[data-section="two-factor"]');
    await expect(section).toContainText(t.off);
    await section.getByRole('button', { name: t.bind }).click();
    await expect(section.getByRole('img', { name: t.qr })).toBeVisible();
    // The key as the member would type it from the screen (groups of four).
    const secret = ((await section.locator('[data-two-factor-key]').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);

    const boundAt = Date.now();
    await section.getByRole('textbox', { name: t.code }).fill(appCode(secret, boundAt));
    await section.getByLabel(t.password).fill(member.password);
    await section.getByRole('button', { name: t.turnOn }).click();

    const codes = section.getByRole('list', { name: t.codesTitle }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await expectNoAxeViolations(page);
    await section.getByRole('checkbox', { name: t.saved }).check();
    await section.getByRole('button', { name: t.done }).click();
    await expect(section).toContainText(t.onSince);
    await expect(section).toContainText(t.codesLeft);
    // The security centre signs this device out (at phone width the bar has no Log out).
    await centre.getByRole('button', { name: t.signOutDevice }).click();
    await page.getByRole('dialog', { name: t.logOutTitle }).getByRole('button', { name: t.confirm }).click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: LOGIN_NAMES[lang].logIn }),
    ).toBeVisible();

    // The password alone opens no session: the two-factor login check comes next.
    await logInWithPassword(page, member.username, member.password, LOGIN_NAMES[lang]);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: t.checkTitle })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await expectNoAxeViolations(page);
    // The code the binding used works once: within its step, the app's next code (one step ahead is
    // still taken) stands in for the member waiting for the new one.
    const now = Date.now();
    const sameStep = Math.floor(now / STEP_MS) === Math.floor(boundAt / STEP_MS);
    await dialog
      .getByRole('textbox', { name: t.checkCode })
      .fill(appCode(secret, sameStep ? now + STEP_MS : now));
    await dialog.getByRole('button', { name: t.verify }).click();
    await expectSignedIn(page, member.username);
  });
}
