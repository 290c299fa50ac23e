import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { ownClientAddress, registerMember } from './support/cashier.ts';
import { newOperator } from './support/console.ts';
import { ops } from './support/ops.ts';

/** Screenshots for a person to look at; test-results/ is not committed. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/console-${name}.png`, fullPage: true });
const unique = () => Math.random().toString(36).slice(2, 8);

test('a support operator answers a live chat: the member writes on the site, the console shows it, the answer arrives', async ({
  browser,
  page: member,
  context,
}) => {
  test.setTimeout(120_000);
  await ownClientAddress(context);
  const { username } = await registerMember(member, 'live');
  await member.getByTestId('customer-service-menu').getByRole('button', { name: 'Customer service' }).click();
  await member.getByRole('menuitem', { name: 'Live support' }).click();
  const question = `Where is my deposit? ${unique()}`;
  await member.getByRole('textbox', { name: 'Your message' }).fill(question);
  await member.getByRole('button', { name: 'Send' }).click();
  const log = member.getByRole('list', { name: 'Chat messages' });
  await expect(log.getByText(question)).toBeVisible();

  const { name: operator, page: desk } = await newOperator(browser, 'sup', 'support');
  const nav = desk.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Support' }).click();
  const conversations = desk.getByRole('navigation', { name: 'Conversations' });
  const entry = conversations.getByRole('button', { name: new RegExp(username) });
  await expect(entry).toContainText('Waiting for an answer');
  await entry.click();
  const conversation = desk.getByRole('article', { name: `Conversation with ${username}` });
  await expect(conversation.getByText(question)).toBeVisible();
  await expectNoAxeViolations(desk);
  await shot(desk, 'support-en');

  // The member writes again: the open conversation shows it without a reload.
  const more = `It was 500.00 by bank transfer. ${unique()}`;
  await member.getByRole('textbox', { name: 'Your message' }).fill(more);
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByText(more)).toBeVisible();

  const answer = `Credited a minute ago, please check. ${unique()}`;
  await conversation.getByLabel('Answer').fill(answer);
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByText(answer)).toBeVisible();
  // Delivered live to the member's open chat page.
  await expect(log.locator('li[data-mine="false"]').filter({ hasText: answer })).toBeVisible();
  await expect(entry).toContainText('Answered');

  // The reply is recorded under the operator's name.
  const audit = (await ops('audit', '--action', 'support-reply', '--by', operator)) as { actor: string }[];
  expect(audit).toHaveLength(1);

  await desk.getByRole('button', { name: 'Switch the console to Chinese' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: '客服' })).toBeVisible();
  await shot(desk, 'support-cn');
});

test('an administrator opens every new console page without an accessibility fault (EN and CN)', async ({
  browser,
}) => {
  // Seven pages checked by axe, on a shared machine.
  test.setTimeout(180_000);
  const { page } = await newOperator(browser, 'pag', 'admin');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  const pages: [string, string, string][] = [
    ['Site settings', '站点设置', 'site'],
    ['Game vendors', '游戏厂商', 'games'],
    ['Content', '内容', 'content'],
    ['Promotion applications', '优惠申请', 'promotions'],
    ['Support', '客服', 'support'],
    ['Lottery', '彩票', 'lottery'],
    ['Agent contracts', '代理合约', 'agents'],
  ];
  for (const [en, , id] of pages) {
    await nav.getByRole('link', { name: en }).click();
    await expect(page.getByRole('heading', { level: 1, name: en })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, `${id}-en`);
  }
  await page.getByRole('button', { name: 'Switch the console to Chinese' }).click();
  // The same pages in Chinese (the structure axe checked above is the same: one check is enough).
  const navCn = page.getByRole('navigation', { name: '后台栏目' });
  for (const [, cn, id] of pages) {
    await navCn.getByRole('link', { name: cn }).click();
    await expect(page.getByRole('heading', { level: 1, name: cn })).toBeVisible();
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await shot(page, `${id}-cn`);
  }
  await expectNoAxeViolations(page);
  // At tablet width the pages still fit.
  await page.setViewportSize({ width: 768, height: 1024 });
  await navCn.getByRole('link', { name: '内容' }).click();
  await shot(page, 'content-cn-768');
});
