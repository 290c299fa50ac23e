import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { freshUsername } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { credit, ownClientAddress } from './support/cashier.ts';
import { clockPortOf, serverPort } from './support/env.ts';
import { ops } from './support/ops.ts';

/**
 * The agent contracts journey (issue 15): the demo's top agent registers a downline agent, offers
 * it a daily salary; the downline, signed in in another browser, sees the offer arrive live and
 * accepts; it plays a dice round; the server's clock moves past the business day, the day is
 * settled, and both see the bill and the money. In English on a desktop and in Chinese on a
 * phone, each on a business day of its own (a settled day is never settled again).
 *
 * The e2e server's house terms for daily salaries start with a tier of a team bet of 10.00
 * (scripts/e2e-server.mjs); its clock is the harness's (scripts/e2e-app.ts), moved here and put
 * back at the end.
 */

const MERCHANT = 'AURUM';
const AGENT = { account: 'agent01', password: 'Agent1234' };
const DAY_MS = 86_400_000;
/** The demo merchant's business zone (GMT+8). */
const ZONE_MS = 8 * 3_600_000;
/** What the agent offers: 0.5 % of a team bet of 10.00 or more (the house pays it 1.0 %). */
const OFFER = { teamBet: '10', percent: '0.5' };

async function setClock(offsetMs: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${clockPortOf(serverPort())}/offset`, {
    method: 'PUT',
    body: String(offsetMs),
  });
  expect(res.status).toBe(200);
}

const RUNS = [
  { name: 'in English on a desktop', lang: 'EN', viewport: { width: 1280, height: 860 }, day: 0 },
  { name: 'in Chinese on a phone', lang: 'CN', viewport: { width: 360, height: 780 }, day: 1 },
] as const;

/** Each journey opens its own contexts; the clock goes back even when one fails. */
test.afterEach(async () => {
  await setClock(0);
});

for (const run of RUNS) {
  test(`an agent's daily salary offer, accepted live, settled after the day ${run.name}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // This journey's business day: today, or tomorrow for the second (today's was settled).
    const base = run.day * DAY_MS;
    await setClock(base);
    const open = (who: string) => openSite(browser, run.lang, run.viewport, who);
    const agent = await open('agent');
    await signIn(agent.page, AGENT.account, AGENT.password);
    const agentCentre = await openCentre(agent.page);

    // The register centre opens a downline agent with a one-time password.
    const sub = freshUsername('ct');
    await agentCentre.locator('#agent-centre-tab-registerCenter').click();
    await agentCentre.locator('input[name="account"]').fill(sub);
    await agentCentre.locator('input[name="downline-type"][value="agent"]').check();
    await agentCentre.locator('form button[type="submit"]').first().click();
    const oneTime = (await agentCentre.locator('[data-one-time-password]').textContent()) ?? '';
    expect(oneTime).not.toBe('');

    // The downline signs in elsewhere, changes the one-time password, opens its daily salary page.
    const downline = await open('downline');
    const subPassword = 'Salary-Day-42';
    await signIn(downline.page, sub, oneTime);
    await expect(downline.page).toHaveURL(/\/changePassword$/);
    const change = downline.page.locator('[data-form="change-password"]');
    await change.locator('input[name="oldPassword"]').fill(oneTime);
    await change.locator('input[name="newPassword"]').fill(subPassword);
    await change.locator('input[name="confirmNewPassword"]').fill(subPassword);
    await change.locator('button[type="submit"]').click();
    await expect(downline.page).toHaveURL(/\/$/);
    const subCentre = await openCentre(downline.page);
    await subCentre.locator('#agent-centre-tab-agentDailyWages2').click();
    const subPage = subCentre.locator('[data-agent-page="agentDailyWages2"]');
    await expect(subPage.locator('[data-contracts="held"]')).toBeVisible();
    await expect(subPage.locator('[data-contracts="held"] [data-contract]')).toHaveCount(0);

    // The agent offers it 0.5 % from a team bet of 10.00.
    await agentCentre.locator('#agent-centre-tab-agentDailyWages2').click();
    const offerForm = agentCentre.locator('[data-contracts="offer"]');
    await offerForm.locator('select[name="downline"]').selectOption(sub);
    await offerForm.locator('input[name="tier1-teamBet"]').fill(OFFER.teamBet);
    await offerForm.locator('input[name="tier1-percent"]').fill(OFFER.percent);
    await offerForm.locator('button[type="submit"]').click();
    const given = agentCentre.locator('[data-contracts="offered"] [data-contract]').filter({ hasText: sub });
    await expect(given).toHaveAttribute('data-state', 'pending');

    // It arrives live on the downline's open page (the socket), with the tab's badge; accepted.
    const offer = subPage.locator('[data-contracts="held"] [data-contract][data-state="pending"]');
    await expect(offer).toBeVisible();
    await expect(subCentre.locator('#agent-centre-tab-agentDailyWages2 [data-requests="1"]')).toBeVisible();
    await expect(offer.locator('[data-tiers] tbody tr')).toHaveCount(1);
    await expectNoAxeViolations(downline.page);
    await offer.getByRole('button').first().click();
    await expect(subPage.locator('[data-contracts="held"] [data-contract]')).toHaveAttribute(
      'data-state',
      'active',
    );
    // The agent's page follows the answer live too.
    await expect(given).toHaveAttribute('data-state', 'active');
    await expectNoAxeViolations(agent.page);

    // The downline plays one dice round of 20.00 (a bet in the record of play of its team).
    await credit(sub, '100.00');
    const stakeMinor = await rollDice(downline, 20);
    const before = await mainBalance(downline.page);

    await agent.page.close();
    await downline.page.close();

    // The clock moves past the end of the business day; the day is settled.
    const now = Date.now() + base;
    const day = new Date(now + ZONE_MS).toISOString().slice(0, 10);
    const nextDay = Math.floor((now + ZONE_MS) / DAY_MS) * DAY_MS + DAY_MS - ZONE_MS;
    await setClock(nextDay + 10 * 60_000 - Date.now());
    await ops('contract', 'settle', 'daily', day);

    // Sessions went idle over the day: both sign in again (in a new tab: the old one's session
    // ends under it) and read their bills.
    const salary = (stakeMinor * 5n) / 1000n;
    const text = (minor: bigint) =>
      `$${(minor / 100n).toString()}.${(minor % 100n).toString().padStart(2, '0')}`;
    downline.page = await downline.context.newPage();
    await signIn(downline.page, sub, subPassword);
    expect(await mainBalance(downline.page)).toBe(before + salary);
    const subBill = await billsOf(downline.page, day, 'held');
    await expect(subBill.locator('[data-column="amount"]')).toHaveText(text(salary));
    await expect(subBill.locator('[data-column="paid"]')).toHaveText(text(salary));
    await expect(subBill).toHaveAttribute('data-bill-state', 'paid');
    await expectNoAxeViolations(downline.page);

    agent.page = await agent.context.newPage();
    await signIn(agent.page, AGENT.account, AGENT.password);
    const paidOut = await billsOf(agent.page, day, 'offered');
    await expect(paidOut.locator('[data-column="paid"]')).toHaveText(text(salary));
    await expect(paidOut).toHaveAttribute('data-bill-state', 'paid');
    // The agent's own bill from the house: 1.0 % of its team's bet (the downline's round at least).
    const own = agent.page.locator(`tr[data-role="held"]`).filter({ hasText: day });
    await expect(own).toHaveAttribute('data-bill-state', 'paid');
    const ownMinor = BigInt(
      ((await own.locator('[data-column="paid"]').textContent()) ?? '').replace(/[^\d]/g, ''),
    );
    expect(ownMinor).toBeGreaterThanOrEqual(stakeMinor / 100n);
    await expectNoAxeViolations(agent.page);

    await agent.context.close();
    await downline.context.close();
  });
}

interface Site {
  context: BrowserContext;
  page: Page;
}

async function openSite(
  browser: Browser,
  lang: 'EN' | 'CN',
  viewport: { width: number; height: number },
  _who: string,
): Promise<Site> {
  const context = await browser.newContext({ viewport, locale: lang === 'CN' ? 'zh-CN' : 'en-US' });
  await ownClientAddress(context);
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page (any language): the form's own fields, then home. */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="username"]') });
  await form.locator('input[name="username"]').fill(account);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-member-area="true"]').first()).toBeAttached();
}

/** The agent centre from /agentHome. */
async function openCentre(page: Page): Promise<Locator> {
  await page.goto('/agentHome');
  await page.locator('[data-action="open-account-centre"]').click();
  const centre = page.getByRole('dialog').filter({ has: page.locator('#agent-centre-tab-registerCenter') });
  await expect(centre).toBeVisible();
  return centre;
}

/** The member's main balance in minor units (the wallet call the header reads). */
async function mainBalance(page: Page): Promise<bigint> {
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const res = await page.request.get('/wps/v2/wallets/balance', {
    headers: { Merchant: MERCHANT, Authorization: token },
  });
  const body = (await res.json()) as { value: { sumBalance: string } };
  const [whole = '0', fraction = ''] = body.value.sumBalance.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** Plays one dice roll at the first stake of at least `units` from the stepper; its stake in minor units. */
async function rollDice(site: Site, units: number): Promise<bigint> {
  const token = await site.page.evaluate(() => sessionStorage.getItem('token') ?? '');
  const res = await site.page.request.get('/wps/game/launchGame', {
    params: { vassalage: 'AURX', gameId: 'dice', language: 'EN' },
    headers: { Merchant: MERCHANT, Authorization: token },
  });
  const body = (await res.json()) as { value: { content: { game_url: string } } };
  const game = await site.context.newPage();
  await game.goto(body.value.content.game_url);
  const stake = game.locator('[data-stake]');
  await expect(stake).toHaveText(/\$/);
  const minorOf = async () => BigInt(((await stake.textContent()) ?? '').replace(/[^\d]/g, ''));
  while ((await minorOf()) < BigInt(units * 100)) {
    const before = await stake.textContent();
    await game.getByRole('button', { name: 'Raise the stake' }).click();
    await expect(stake).not.toHaveText(before ?? '');
  }
  const stakeMinor = await minorOf();
  await game.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(game.locator('[data-fair="nonce"]')).toHaveText('1');
  await game.close();
  return stakeMinor;
}

/** The bills view of the daily salary page: the row of `day` on the given side. */
async function billsOf(page: Page, day: string, role: 'held' | 'offered'): Promise<Locator> {
  const centre = await openCentre(page);
  await centre.locator('#agent-centre-tab-agentDailyWages2').click();
  const view = centre.locator('[data-agent-page="agentDailyWages2"]');
  await view.getByRole('tab').nth(1).click();
  const row = view.locator(`tr[data-role="${role}"]`).filter({ hasText: day });
  await expect(row).toBeVisible();
  return row;
}
