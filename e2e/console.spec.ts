import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enrolAndSignIn } from './support/console.ts';
import { ops } from './support/ops.ts';

test.use({ viewport: { width: 1366, height: 860 } });

test('an administrator enrols with a second factor and invites a finance operator, who sees only what finance may', async ({
  browser,
}) => {
  const admin = `adm${Date.now().toString(36)}`;
  const created = (await ops(
    'operator',
    'create',
    admin,
    '--role',
    'admin',
    '--email',
    `${admin}@example.com`,
  )) as {
    enrolUrl: string;
  };
  const page = await enrolAndSignIn(browser, created.enrolUrl, admin);
  // The dashboard: today's figures and the two 14-day charts, each one image with its summary.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active players' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Deposits and withdrawals, 14 days from / })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Operators' }).click();
  const finance = `fin${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(finance);
  await page.getByLabel('Email').fill(`${finance}@example.com`);
  await page.getByLabel('Role', { exact: true }).selectOption('finance');
  await page.getByRole('button', { name: 'Create the enrolment link' }).click();
  const link = (await page.locator('.c-link code').textContent()) ?? '';
  expect(link).toContain('/console/enrol#');
  await expect(page.getByRole('row', { name: new RegExp(finance) })).toContainText('Invited');
  await expectNoAxeViolations(page);

  const financePage = await enrolAndSignIn(browser, link, finance);
  const nav = financePage.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Site settings',
    'Features',
    'Second approvals',
    'Withdrawals',
    'Deposits',
    'Players',
    'Promotion applications',
    'Reports',
  ]);
  await nav.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(financePage.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();

  // The administrator's audit log has every step, and its chain verifies.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'operator-enrol' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(page.getByText(/The chain of \d+ entries is intact/)).toBeVisible();
});
