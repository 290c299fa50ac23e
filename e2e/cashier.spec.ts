import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectSignedIn, handoffUrl } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  bindAccount,
  credit,
  expectHeaderBalance,
  LiveBalance,
  openMemberCentre,
  ownClientAddress,
  receiptPng,
  registerMember,
  requestWithdrawal,
  setWithdrawPassword,
  withdrawalRow,
} from './support/cashier.ts';
import { CspWatch } from './support/csp.ts';
import { ops } from './support/ops.ts';

const AGENT = { username: 'agent01', password: 'Agent1234' };
const PIN = '246810';

/** "$1,234.50" from a wire amount ("1234.50"), as the site shows US dollars. */
const dollars = (wire: string) => {
  const [whole = '0', cents = '00'] = wire.replace('-', '').split('.');
  return `${wire.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
};

/** Screenshots for a person to look at; test-results/ is not committed. */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/cashier-${name}.png` });

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test.describe('deposits', () => {
  test('through the sandbox gateway: paid on return, and the open page’s balance rises live', async ({
    page,
    context,
  }) => {
    // The site and the sandbox gateway's page (its form post and redirect) run under the CSP.
    const csp = await CspWatch.start(context);
    const live = new LiveBalance(page);
    const member = await registerMember(page, 'gw');
    await expectHeaderBalance(page, '$0.00');
    await live.arm();

    // The member pays in a second tab of the same browser, signed in by a hand-off link; the
    // first tab stays as it is.
    const link = await handoffUrl(page);
    const payer = await context.newPage();
    await payer.goto(link);
    await expectSignedIn(payer, member.username);
    const centre = await openMemberCentre(payer, 'Deposit');
    await centre.getByRole('radio', { name: /Card & e-wallet/ }).check();
    await expect(centre.getByRole('complementary', { name: 'How to pay' })).toContainText(
      'An unpaid order expires after 30 minutes.',
    );
    await expectNoAxeViolations(payer);
    const form = centre.locator('[data-form="deposit-gateway"]');
    await form.getByRole('textbox', { name: 'Amount' }).fill('5');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(form.getByText('The minimum is $10.00.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Amount' }).fill('150');
    await form.getByRole('button', { name: 'Continue to payment' }).click();

    // The gateway's hosted page, then back to the site.
    await expect(payer).toHaveURL(/\/sandbox-pay\/pay\/sp_/);
    await expect(payer.locator('.amount')).toHaveText('150.00USD');
    await payer.getByRole('button', { name: 'Approve' }).click();
    await expect(payer).toHaveURL(/\/$/);
    const returned = payer.getByRole('dialog', { name: 'Member centre' }).locator('[data-returned-order]');
    await expect(returned).toHaveAttribute('data-status', 'PAID');
    await expect(returned).toContainText('Payment received. The amount is in your main wallet.');
    await expect(returned).toContainText('$150.00 by Card & e-wallet (instant)');
    await expectHeaderBalance(payer, '$150.00');

    // The first tab was not touched: the session WebSocket brought the new balance.
    await live.expectPushed('150.00', '$150.00');
    csp.expectNone();
  });

  test('by bank transfer with a receipt: pending, approved by the operator, balance rises live', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const live = new LiveBalance(page);
    const member = await registerMember(page, 'bank');
    const centre = await openMemberCentre(page, 'Deposit');
    await centre.getByRole('radio', { name: /Bank transfer/ }).check();
    await expect(centre.locator('[data-bank="accountNumber"]')).toContainText('0123 4567 8901');
    const form = centre.locator('[data-form="deposit-bank"]');
    await form.getByRole('textbox', { name: 'Amount you sent' }).fill('250');
    const reference = `TRX${Date.now()}`;
    await form.getByRole('textbox', { name: 'Transfer reference' }).fill(reference);
    await form
      .getByLabel(/^Transfer receipt/)
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await expect(form.getByRole('img', { name: 'Chosen proof image' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page);
    await shot(page, 'bank-deposit-dark');
    await form.getByRole('button', { name: 'Submit deposit' }).click();

    const pending = centre.locator('[data-note="deposit-pending"]');
    await expect(pending).toContainText('of $250.00 is pending');
    const orderNo = /deposit (\S+) of/.exec((await pending.textContent()) ?? '')?.[1] as string;
    expect(orderNo).toBeTruthy();
    const row = centre.locator(`[data-list="deposit-orders"] li[data-order="${orderNo}"]`);
    await expect(row).toHaveAttribute('data-status', 'PENDING');
    await expect(row).toContainText(`Reference ${reference}`);

    // The operator finds it (with the reference and the stored receipt) and approves it.
    const listed = (await ops('deposit', 'list', '--status', 'PENDING', '--limit', '200')) as {
      orders: { orderNo: string; account: string; reference: string | null; proofKey: string | null }[];
    };
    expect(listed.orders.find((o) => o.orderNo === orderNo)).toMatchObject({
      account: member.username,
      amount: '250.00',
      reference,
      proofKey: expect.any(String),
    });
    await live.arm();
    await ops('deposit', 'approve', orderNo);
    await live.expectPushed('250.00', '$250.00');
    await centre.locator('[data-list="deposit-orders"]').getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toHaveAttribute('data-status', 'PAID');
    await expect(row).toContainText('Paid');
  });
});

test.describe('withdrawals', () => {
  test('set up in the security centre, approved by the operator, then confirmed received', async ({
    page,
  }) => {
    const live = new LiveBalance(page);
    const member = await registerMember(page, 'wd');
    await live.arm();
    await credit(member.username, '500.00');
    await live.expectPushed('500.00', '$500.00');

    // Security centre: the withdraw password, then a bank account.
    const centre = await openMemberCentre(page, 'Security centre');
    const password = centre.locator('[data-security="payment-password"]');
    await expect(password.locator('[data-has-password]')).toHaveText('Not set');
    await setWithdrawPassword(password, member.password, PIN);
    await expect(password.locator('[data-has-password]')).toHaveText('Set');
    const accounts = centre.locator('[data-security="bound-accounts"]');
    await accounts.getByRole('button', { name: 'Add account' }).click();
    const account = {
      type: 'Bank account',
      provider: 'BDO Unibank',
      payeeName: 'Juan Dela Cruz',
      accountNumber: '0042 1234 5678',
    } as const;
    await bindAccount(accounts, account, PIN);
    await expect(accounts.getByRole('listitem')).toHaveCount(1);
    await expect(accounts.getByRole('listitem')).toContainText('BDO Unibank');

    await centre.getByRole('tab', { name: 'Withdraw', exact: true }).click();
    await expect(centre.locator('[data-available]')).toHaveText('$500.00');
    await expect(centre.getByRole('radio', { name: /BDO Unibank/ })).toBeChecked();
    await expectNoAxeViolations(page);
    const orderNo = await requestWithdrawal(centre, '120', PIN);
    // On hold at once.
    await expectHeaderBalance(page, '$380.00');
    const row = centre.locator(`[data-list="withdraw-orders"] li[data-order="${orderNo}"]`);
    await expect(row).toHaveAttribute('data-status', 'PENDING');
    await expect(row).toContainText('In review');

    const { orders: pending } = (await ops('withdraw', 'list', '--status', 'PENDING', '--limit', '500')) as {
      orders: { orderNo: string; amount: string }[];
    };
    expect(pending.find((o) => o.orderNo === orderNo)).toMatchObject({ amount: '120.00' });
    await ops('withdraw', 'approve', orderNo);
    await withdrawalRow(centre, orderNo);
    await expect(row).toHaveAttribute('data-status', 'PAID');
    await expect(row).toContainText('Paid out');
    await expect(row).toContainText('Did the money arrive?');

    await row.getByRole('button', { name: 'All received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm you received it' });
    await expect(confirm).toContainText(`Confirm that the full $120.00 of withdrawal ${orderNo}`);
    await confirm.getByRole('button', { name: 'All received' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveAttribute('data-status', 'RECEIVED');
    await expect(row).toContainText('Received');
    await expect(row.getByRole('button', { name: 'All received' })).toHaveCount(0);
    await expectHeaderBalance(page, '$380.00');
  });

  test('rejected by the operator: the hold is released to the main wallet', async ({ page }) => {
    const live = new LiveBalance(page);
    const member = await registerMember(page, 'wr');
    await live.arm();
    await credit(member.username, '300.00');
    await live.expectPushed('300.00', '$300.00');

    // Everything from the withdraw page itself: password, account, amount.
    const centre = await openMemberCentre(page, 'Withdraw');
    await expect(centre.getByText('Set a withdraw password first')).toBeVisible();
    await setWithdrawPassword(centre.locator('[data-needs="payment-password"]'), member.password, PIN);
    await expect(centre.getByText('Add a withdrawal account')).toBeVisible();
    await bindAccount(
      centre,
      { type: 'E-wallet', provider: 'GCash', payeeName: 'Maria Santos', accountNumber: '0917 555 0101' },
      PIN,
    );
    await expect(centre.getByRole('radio', { name: /GCash/ })).toBeChecked();
    const orderNo = await requestWithdrawal(centre, '100', PIN);
    await expectHeaderBalance(page, '$200.00');

    await live.arm();
    const reason = 'The payee name does not match the account';
    await ops('withdraw', 'reject', orderNo, '--reason', reason);
    await live.expectPushed('300.00', '$300.00');
    // The open withdraw page follows the push too: its available balance and the order's status.
    await expect(centre.locator('[data-available]')).toHaveText('$300.00');
    const row = centre.locator(`[data-list="withdraw-orders"] li[data-order="${orderNo}"]`);
    await expect(row).toHaveAttribute('data-status', 'REJECTED');
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText(reason);
  });
});

test('an agent sends money to a downline, whose open page sees it arrive', async ({ page, browser }) => {
  const live = new LiveBalance(page);
  const downline = await registerMember(page, 'dl', '/register?affiliateCode=AGENT01');
  await live.arm();

  const agentContext = await browser.newContext();
  await ownClientAddress(agentContext);
  const agent = await agentContext.newPage();
  await agent.goto('/agentHome');
  await agent.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = agent.getByRole('dialog', { name: 'Agent log in' });
  await login.getByRole('textbox', { name: 'Username' }).fill(AGENT.username);
  await login.getByLabel('Password', { exact: true }).fill(AGENT.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectSignedIn(agent, AGENT.username);
  const funded = await credit(AGENT.username, '1000.00', 'e2e agent float');

  await agent.getByRole('button', { name: 'Agent centre' }).click();
  const centre = agent.getByRole('dialog', { name: 'Agent home' });
  // The centre opens on the team overview; the downline transfer is a tab of its own.
  await centre.getByRole('tab', { name: 'Transfer' }).click();
  const picker = centre.locator('[data-section="downlines"]');
  const prompt = centre.getByRole('button', { name: 'Go to the security centre' });
  await expect(picker.or(prompt)).toBeVisible();
  if (await prompt.isVisible()) {
    // The demo agent has no withdraw password yet (a fresh database): set it on the way.
    await prompt.click();
    const security = agent.getByRole('dialog', { name: 'Member centre' });
    await setWithdrawPassword(security.locator('[data-security="payment-password"]'), AGENT.password, PIN);
    await agent.keyboard.press('Escape');
    await expect(security).toHaveCount(0);
  }
  await picker.getByRole('searchbox', { name: 'Search by account' }).fill(downline.username);
  await picker.getByRole('radio', { name: new RegExp(downline.username, 'i') }).check();
  const form = centre.locator('[data-form="downline-transfer"]');
  await expect(form.locator(`[data-downline="${downline.username}"]`)).toBeVisible();
  await form.getByRole('textbox', { name: 'Amount' }).fill('75');
  await form.getByLabel('Withdraw password', { exact: true }).fill(PIN);
  await form.getByRole('button', { name: 'Send to downline' }).click();
  const receipt = centre.locator('[data-receipt]');
  await expect(receipt).toContainText('Transfer complete');
  await expect(receipt).toContainText('$75.00');
  await expect(receipt).toContainText(downline.username);
  const after = (Number(funded) - 75).toFixed(2);
  await expect(receipt).toContainText(dollars(after));

  await live.expectPushed('75.00', '$75.00');
  await agentContext.close();
});

/**
 * The account record's rows as [type, wallet, amount, balance after], newest transfer first; the
 * two rows of one transfer (both of the member's wallets) in text order, as their order is not
 * part of the contract.
 */
async function recordRows(centre: Locator): Promise<string[][]> {
  const rows = await centre.locator('table[data-records="transactions"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      transfer: tr.getAttribute('data-transfer-id') ?? '',
      cells: Array.from(tr.querySelectorAll('td'))
        .slice(1, 5)
        .map((td) => td.textContent?.trim() ?? ''),
    })),
  );
  const groups: { transfer: string; cells: string[] }[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last?.[0]?.transfer === row.transfer) last.push(row);
    else groups.push([row]);
  }
  return groups.flatMap((g) =>
    g
      .map((r) => r.cells)
      .sort((a, b) => (a.join('|') < b.join('|') ? -1 : a.join('|') > b.join('|') ? 1 : 0)),
  );
}

test('the account record lists every movement of the member, in English and in Chinese', async ({ page }) => {
  const live = new LiveBalance(page);
  const member = await registerMember(page, 'rec');
  await live.arm();
  await credit(member.username, '400.00', 'welcome credit');
  await live.expectPushed('400.00', '$400.00');

  // A bank deposit the operator approves.
  let centre = await openMemberCentre(page, 'Deposit');
  await centre.getByRole('radio', { name: /Bank transfer/ }).check();
  const deposit = centre.locator('[data-form="deposit-bank"]');
  await deposit.getByRole('textbox', { name: 'Amount you sent' }).fill('100');
  await deposit.getByRole('textbox', { name: 'Transfer reference' }).fill(`REC${Date.now()}`);
  await deposit.getByRole('button', { name: 'Submit deposit' }).click();
  const pending = centre.locator('[data-note="deposit-pending"]');
  await expect(pending).toBeVisible();
  const depositNo = /deposit (\S+) of/.exec((await pending.textContent()) ?? '')?.[1] as string;
  await live.arm();
  await ops('deposit', 'approve', depositNo);
  await live.expectPushed('500.00', '$500.00');

  // One withdrawal paid out, one rejected.
  await centre.getByRole('tab', { name: 'Withdraw', exact: true }).click();
  await setWithdrawPassword(centre.locator('[data-needs="payment-password"]'), member.password, PIN);
  await bindAccount(
    centre,
    { type: 'Bank account', provider: 'Metrobank', payeeName: 'Ana Reyes', accountNumber: '7788 9900' },
    PIN,
  );
  const paidNo = await requestWithdrawal(centre, '150', PIN);
  await ops('withdraw', 'approve', paidNo);
  const rejectedNo = await requestWithdrawal(centre, '50', PIN);
  await live.arm();
  await ops('withdraw', 'reject', rejectedNo, '--reason', 'Account closed');
  await live.expectPushed('350.00', '$350.00');

  // My wallet agrees with the header.
  await centre.getByRole('tab', { name: 'My wallet', exact: true }).click();
  await expect(centre.locator('[data-funds-page="transferFund"]')).toContainText('Main wallet');
  await expect(centre.locator('[data-funds-page="transferFund"]')).toContainText('$350.00');
  await expectNoAxeViolations(page);

  await centre.getByRole('tab', { name: 'Account record', exact: true }).click();
  // The member's side once: no second leg on a withdrawal-hold wallet.
  await expect(centre.getByRole('status').filter({ hasText: '1–5 of 5' })).toBeVisible();
  expect(await recordRows(centre)).toEqual([
    ['Hold released', 'Main wallet', '+$50.00', '$350.00'],
    ['Withdrawal hold', 'Main wallet', '-$50.00', '$300.00'],
    ['Withdrawal hold', 'Main wallet', '-$150.00', '$350.00'],
    ['Deposit', 'Main wallet', '+$100.00', '$500.00'],
    ['Adjustment', 'Main wallet', '+$400.00', '$400.00'],
  ]);
  await expect(centre.locator('table[data-records="transactions"]')).toContainText(
    'Balance corrected by customer service',
  );
  await expect(centre.locator('table[data-records="transactions"] td').first()).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  // The type filter narrows it to the holds.
  await centre.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Withdrawal hold' });
  await expect(centre.getByRole('status').filter({ hasText: '1–2 of 2' })).toBeVisible();
  await centre.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
  await expect(centre.getByRole('status').filter({ hasText: '1–5 of 5' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'account-record-light');

  // The same record in Chinese.
  await page.keyboard.press('Escape');
  await expect(centre).toHaveCount(0);
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  centre = await openMemberCentre(page, '账户记录', { profile: '打开我的资料', centre: '会员中心' });
  await expect(centre.getByRole('heading', { name: '账户记录' })).toBeVisible();
  await expect(centre.getByRole('status').filter({ hasText: '共 5 条' })).toBeVisible();
  const cn = await recordRows(centre);
  expect(cn.map(([type, wallet]) => `${type}/${wallet}`)).toEqual([
    '解除冻结/主钱包',
    '取款冻结/主钱包',
    '取款冻结/主钱包',
    '存款/主钱包',
    '调整/主钱包',
  ]);
  // Remarks are sentences in Chinese too, not the operator's memo.
  await expect(centre.locator('table[data-records="transactions"]')).toContainText('客服调整余额');
  await centre.getByRole('tab', { name: '取款', exact: true }).click();
  await expect(centre.getByRole('heading', { name: '取款', exact: true })).toBeVisible();
  await expect(centre.locator(`li[data-order="${rejectedNo}"]`)).toContainText('已拒绝');
});
