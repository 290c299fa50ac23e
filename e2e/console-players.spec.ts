import { expect, test } from '@playwright/test';
import { expectSignedIn, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ownClientAddress } from './support/cashier.ts';
import { newOperator } from './support/console.ts';
import { ops } from './support/ops.ts';

test.use({ viewport: { width: 1366, height: 860 } });

// The demo member, signed in: locked in the journey, unlocked again whatever happens.
const member = { username: 'demo', password: 'Demo1234', mobile: '+639171234567' };

test.afterAll(async () => {
  const page = (await ops('player', 'show', member.username)) as { status: { locked: boolean } };
  if (page.status.locked)
    await ops('player', 'unlock', member.username, '--reason', 'end of the e2e journey');
});

test('an operator finds a member, reads its page, notes and locks it; the lock ends its session', async ({
  browser,
}, testInfo) => {
  // Two browsers, an enrolment and a member's sign-in: a long journey on a shared machine.
  test.slow();
  const memberContext = await browser.newContext();
  await ownClientAddress(memberContext);
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/');
  await logInWithPassword(memberPage, member.username, member.password);
  await expectSignedIn(memberPage, member.username);

  const { page } = await newOperator(browser, 'adm', 'admin');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Players' })
    .click();
  await page.getByLabel('Account, mobile, email, member id or IP address').fill(member.mobile);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('row')).toHaveCount(2);
  await expect(results.getByRole('row').nth(1)).toContainText(member.username);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('players-search-en.png') });

  await results.getByRole('link', { name: member.username }).click();
  await expect(page).toHaveURL(new RegExp(`/console/players/${member.username}$`));
  await expect(page.getByRole('heading', { name: new RegExp(member.username) })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(member.mobile);

  const note = page.getByRole('form', { name: 'Add a note' });
  await note.getByLabel('Note (operators only)').fill('Asked about the welcome bonus by phone.');
  await note.getByRole('button', { name: 'Add a note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Asked about the welcome bonus by phone.');

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByRole('tabpanel').getByRole('table').first()).toBeVisible();
  const lock = page.getByRole('form', { name: 'Lock the account' });
  await lock.getByLabel('Reason').fill('chargeback under review');
  page.once('dialog', (d) => void d.accept());
  await lock.getByRole('button', { name: 'Lock the account' }).click();
  await expect(page.getByText(`${member.username} is locked; every session ended.`)).toBeVisible();
  await expect(page.getByText(/^Locked by .*: chargeback under review$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('players-page-en.png'), fullPage: true });

  // The member's session is gone: the site signs it out.
  await memberPage.reload();
  await expect(memberPage.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.getByRole('button', { name: 'Switch the console to Chinese' }).click();
  await expect(page.getByRole('tab', { name: '资料' })).toBeVisible();
  await page.getByRole('tab', { name: '资料' }).click();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('players-page-cn.png'), fullPage: true });
  await page.setViewportSize({ width: 768, height: 1000 });
  await page.screenshot({ path: testInfo.outputPath('players-page-cn-768.png'), fullPage: true });
  await memberContext.close();
});
