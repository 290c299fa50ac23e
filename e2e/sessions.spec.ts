import { expect, test } from '@playwright/test';
import { expectSignedIn, LOGIN_NAMES, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, registerMember } from './support/cashier.ts';

/** The names the journey finds on the page, per language (the account catalogue's texts). */
const TEXTS = {
  EN: {
    centre: { profile: 'Open my profile', centre: 'Member centre' },
    securityCentre: 'Security centre',
    active: 'Active sessions',
    thisDevice: 'This device',
    otherDevice: /Chrome on /,
    history: 'Sign-in history',
    password: 'Password',
    signOutOthers: 'Sign out all other sessions',
    confirmTitle: 'Sign out all other sessions?',
    staysSignedIn: 'This device stays signed in.',
    noOthers: 'No other sessions: only this device is signed in.',
  },
  CN: {
    centre: { profile: '打开我的资料', centre: '会员中心' },
    securityCentre: '安全中心',
    active: '活跃会话',
    thisDevice: '本设备',
    otherDevice: / 上的 Chrome/,
    history: '登录记录',
    password: '密码',
    signOutOthers: '退出所有其他会话',
    confirmTitle: '退出所有其他会话？',
    staysSignedIn: '本设备保持登录。',
    noOthers: '没有其他会话：只有本设备已登录。',
  },
} as const;

for (const { lang, viewport, otherViewport } of [
  { lang: 'EN', viewport: { width: 360, height: 780 }, otherViewport: { width: 1280, height: 800 } },
  { lang: 'CN', viewport: { width: 1280, height: 800 }, otherViewport: { width: 360, height: 780 } },
] as const) {
  test(`a member signed in on two browsers sees both sessions and signs the other one out (${lang})`, async ({
    page,
    browser,
  }) => {
    // Two browsers, a registration and two accessibility scans: past the 60 s default on a loaded machine.
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    await page.setViewportSize(viewport);
    await ownClientAddress(page);
    const member = await registerMember(page, 'ses');
    if (lang === 'CN') {
      await page.evaluate(() => localStorage.setItem('lang', 'CN'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    }

    // A second browser (its own cookies and storage), at the other width, signs in too.
    const other = await browser.newContext({ viewport: otherViewport });
    try {
      const second = await other.newPage();
      await ownClientAddress(second);
      await second.goto('/');
      await logInWithPassword(second, member.username, member.password);
      await expectSignedIn(second, member.username);

      const centre = await openMemberCentre(page, t.securityCentre, t.centre);
      const sessions = centre.locator('[data-section="sessions"]');
      const items = sessions.getByRole('list', { name: t.active }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(sessions.locator('[data-session="current"]')).toContainText(t.thisDevice);
      await expect(sessions.locator('[data-session="other"]')).toContainText(t.otherDevice);
      const history = centre.locator('[data-section="sign-ins"]');
      await expect(
        history.getByRole('list', { name: t.history }).getByRole('listitem').first(),
      ).toContainText(t.password);
      await expectNoAxeViolations(page);

      await sessions.getByRole('button', { name: t.signOutOthers }).click();
      const confirm = page.getByRole('dialog', { name: t.confirmTitle });
      await expect(confirm).toContainText(t.staysSignedIn);
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: t.signOutOthers }).click();
      await expect(sessions).toContainText(t.noOthers);
      await expect(items).toHaveCount(1);

      // The other browser is signed out: its socket was closed, and its next call is refused.
      await expect(
        second.getByRole('banner').getByRole('button', { name: LOGIN_NAMES.EN.logIn }),
      ).toBeVisible();
      expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      // This one goes on.
      await expect(items.first()).toContainText(t.thisDevice);
    } finally {
      await other.close();
    }
  });
}
