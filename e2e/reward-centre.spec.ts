import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectHeaderBalance, ownClientAddress, registerMember } from './support/cashier.ts';

/** The names the journey finds on the page, per language (the account and rewards catalogues). */
const TEXTS = {
  EN: {
    centre: 'Member centre',
    openMenu: 'Open menu',
    menu: 'Menu',
    entry: 'Reward center',
    calendar: 'Sign-in calendar',
    today: 'Today',
    signed: 'Signed',
    signIn: 'Sign in today ($1.00)',
    termsTitle: 'Terms',
    terms: 'Turnover of 1× the reward within 7 days before withdrawing.',
    confirm: 'Confirm claim',
    signedToday: 'You have signed in today. Come back tomorrow to keep your run.',
    signInPaid: '$1.00 has been paid to your main wallet.',
    history: 'Claim history (90 days)',
    signInKind: 'Daily sign-in',
    promoKind: 'Promo code',
    promoLabel: 'Enter your code',
    redeem: 'Redeem code',
    promoPaid: '$8.88 has been paid to your main wallet.',
    promoUsed: 'You have already redeemed this promo code.',
  },
  CN: {
    centre: '会员中心',
    openMenu: '打开菜单',
    menu: '菜单',
    entry: '奖励中心',
    calendar: '签到日历',
    today: '今天',
    signed: '已签到',
    signIn: '今日签到（$1.00）',
    termsTitle: '条款',
    terms: '提款前需在 7 天内完成奖励 1 倍的流水。',
    confirm: '确认领取',
    signedToday: '今日已签到，明天再来保持连续签到。',
    signInPaid: '$1.00 已发放到您的主钱包。',
    history: '领取记录（90 天）',
    signInKind: '每日签到',
    promoKind: '优惠码',
    promoLabel: '输入优惠码',
    redeem: '兑换优惠码',
    promoPaid: '$8.88 已发放到您的主钱包。',
    promoUsed: '您已兑换过该优惠码。',
  },
} as const;

/**
 * The reward centre (issue 16, REWCEN3): a new member opens it from the header's member dropdown,
 * signs in for today on the calendar after reading the terms, sees the day marked signed and the
 * amount in the balance and the claim history, redeems the demo promo code WELCOME88 and is refused
 * a second time — in EN at desktop and in CN at 360 px, without an accessibility fault.
 */
for (const { lang, viewport } of [
  { lang: 'EN', viewport: { width: 1280, height: 800 } },
  { lang: 'CN', viewport: { width: 360, height: 800 } },
] as const) {
  test(`a new member signs in on the calendar and redeems a promo code once (${lang}, ${viewport.width} px)`, async ({
    page,
  }) => {
    // A registration, a reload into the language and three accessibility scans.
    test.setTimeout(180_000);
    const t = TEXTS[lang];
    await page.setViewportSize(viewport);
    await ownClientAddress(page);
    await registerMember(page, 'rew');
    if (lang === 'CN') {
      await page.evaluate(() => localStorage.setItem('lang', 'CN'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    }
    await expectHeaderBalance(page, '$0.00');

    // The header's member dropdown opens the member centre at the reward centre. Below 380 px the
    // dropdown is in the header's drawer (its account area), not in the bar.
    let account = page.getByRole('banner');
    if (viewport.width < 380) {
      await page.getByRole('banner').getByRole('button', { name: t.openMenu }).click();
      account = page.getByRole('dialog', { name: t.menu });
    }
    await account.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: t.entry }).click();
    const centre = page.getByRole('dialog', { name: t.centre });
    const rewards = centre.locator('[data-page="rewardCenter"]');
    const calendar = rewards.getByRole('region', { name: t.calendar });
    await expect(calendar).toBeVisible();
    await expect(calendar.locator('[data-day]')).toHaveCount(7);
    await expect(calendar.locator('[data-day="1"]')).toHaveAttribute('data-state', 'today');
    await expect(calendar.locator('[data-day="1"]')).toContainText(t.today);
    await expect(rewards.getByRole('region', { name: t.history }).locator('[data-history]')).toHaveCount(0);
    if (viewport.width === 360) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await expectNoAxeViolations(page);

    // Today's sign-in: its terms come first, then the claim.
    await calendar.getByRole('button', { name: t.signIn }).click();
    const terms = page.getByRole('dialog', { name: t.termsTitle });
    await expect(terms.locator('[data-terms]')).toHaveText(t.terms);
    await expectNoAxeViolations(page);
    await terms.getByRole('button', { name: t.confirm }).click();
    await expect(terms).toHaveCount(0);
    await expect(rewards.getByText(t.signInPaid)).toBeVisible();
    await expect(calendar.locator('[data-day="1"]')).toHaveAttribute('data-state', 'signed');
    await expect(calendar.locator('[data-day="1"]')).toContainText(t.signed);
    await expect(calendar.getByText(t.signedToday)).toBeVisible();
    await expect(calendar.getByRole('button', { name: t.signIn })).toHaveCount(0);
    const history = rewards.getByRole('region', { name: t.history });
    const signInRow = history.locator('[data-history="signIn"]');
    await expect(signInRow).toHaveCount(1);
    await expect(signInRow).toContainText(t.signInKind);
    await expect(signInRow).toContainText('$1.00');
    await expectHeaderBalance(page, '$1.00');

    // The demo promo code pays once; the second time it is refused with the page's message.
    const promo = rewards.locator('[data-section="promo"]');
    await promo.getByRole('textbox', { name: t.promoLabel }).fill('WELCOME88');
    await promo.getByRole('button', { name: t.redeem }).click();
    await expect(rewards.getByText(t.promoPaid)).toBeVisible();
    const promoRow = history.locator('[data-history="promo"]');
    await expect(promoRow).toHaveCount(1);
    await expect(promoRow).toContainText(t.promoKind);
    await expect(promoRow).toContainText('$8.88');
    await expectHeaderBalance(page, '$9.88');

    await promo.getByRole('button', { name: t.redeem }).click();
    await expect(rewards.getByText(t.promoUsed)).toBeVisible();
    await expect(rewards.getByText(t.promoPaid)).toHaveCount(0);
    await expect(promoRow).toHaveCount(1);
    await expectHeaderBalance(page, '$9.88');
    if (viewport.width === 360) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await expectNoAxeViolations(page);
  });
}
