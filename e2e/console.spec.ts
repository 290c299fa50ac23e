import { type Browser, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  bindAccount,
  credit,
  openMemberCentre,
  ownClientAddress,
  registerMember,
  requestWithdrawal,
  setWithdrawPassword,
} from './support/cashier.ts';
import { enrolAndSignIn, newOperator } from './support/console.ts';
import { ops, opsCall } from './support/ops.ts';

const PIN = '246810';

/** A new member with money and a bound bank account asks for two withdrawals: one small, one above the four-eyes threshold. */
async function memberWithTwoWithdrawals(browser: Browser): Promise<{ small: string; large: string }> {
  const context = await browser.newContext();
  await ownClientAddress(context);
  const page = await context.newPage();
  const member = await registerMember(page, 'fe');
  await credit(member.username, '20000.00');
  const centre = await openMemberCentre(page, 'Security centre');
  await setWithdrawPassword(centre.locator('[data-security="payment-password"]'), member.password, PIN);
  const accounts = centre.locator('[data-security="bound-accounts"]');
  await accounts.getByRole('button', { name: 'Add account' }).click();
  await bindAccount(
    accounts,
    {
      type: 'Bank account',
      provider: 'BDO Unibank',
      payeeName: 'Maria Santos',
      accountNumber: '0042 8765 4321',
    },
    PIN,
  );
  await centre.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  const small = await requestWithdrawal(centre, '150', PIN);
  const large = await requestWithdrawal(centre, '12500', PIN);
  await context.close();
  return { small, large };
}

/** The status a member's withdrawal has now, read with the operator command line. */
async function withdrawalStatus(orderNo: string): Promise<string | undefined> {
  // Polled: straight to the operator API (opsCall), as a Node start per look would outlast the poll.
  const { orders } = (await opsCall({ command: 'withdraw', action: 'list', limit: 500 })) as {
    orders: { orderNo: string; status: string }[];
  };
  return orders.find((o) => o.orderNo === orderNo)?.status;
}

test.use({ viewport: { width: 1366, height: 860 } });

test('an administrator enrols with a second factor and invites a finance operator, who sees only what finance may, approves a withdrawal, and a second finance operator approves the large one', async ({
  browser,
}) => {
  // Three operators enrol and a member sets up two withdrawals: a long journey.
  test.setTimeout(180_000);
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

  // Four-eyes: the finance operator approves a member's small withdrawal; the large one waits for a
  // second finance operator, whom the first cannot stand in for.
  const { small, large } = await memberWithTwoWithdrawals(browser);
  financePage.on('dialog', (d) => d.accept());
  await financePage.getByRole('button', { name: 'Refresh' }).click();
  await financePage
    .getByRole('row', { name: new RegExp(small) })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(financePage.getByText(`Done: ${small} is now`)).toBeVisible();
  await expect.poll(() => withdrawalStatus(small)).toBe('PAID');
  await financePage
    .getByRole('row', { name: new RegExp(large) })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(
    financePage.getByText(new RegExp(`${large} is above the amount one operator may approve`)),
  ).toBeVisible();
  expect(await withdrawalStatus(large)).toBe('PENDING');
  await nav.getByRole('link', { name: 'Second approvals' }).click();
  const ownRequest = financePage.getByRole('row', { name: new RegExp(large) });
  await expect(ownRequest).toContainText('12500.00');
  await expect(ownRequest.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const second = await newOperator(browser, 'fib', 'finance');
  second.page.on('dialog', (d) => d.accept());
  await second.page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Second approvals' })
    .click();
  const request = second.page.getByRole('row', { name: new RegExp(large) });
  await expect(request).toContainText(finance);
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(second.page.getByText(/Request #\d+ approved and carried out/)).toBeVisible();
  await expect.poll(() => withdrawalStatus(large)).toBe('PAID');

  // The administrator's audit log has every step, and its chain verifies.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'operator-enrol' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Verify the chain' }).click();
  await expect(page.getByText(/The chain of \d+ entries is intact/)).toBeVisible();
});
