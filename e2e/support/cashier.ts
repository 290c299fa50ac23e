import { deflateSync } from 'node:zlib';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { freshMobile, freshUsername, type NewMember, registerByUsername } from './accounts.ts';
import { ops } from './ops.ts';

// Each browser of a journey is a visitor of its own behind the trusted local proxy (as in
// accounts.spec), in a range of its own so the two files never share a per-client limit, and per
// parallel worker too. Documentation ranges only: a real address would be placed in a country by
// the GeoIP lookup, which changes the site's dialing code and region.
let clientNo = 0;
export async function ownClientAddress(target: Page | BrowserContext): Promise<void> {
  clientNo += 1;
  await target.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${laneHost(clientNo)}` });
}

/**
 * The host part of a journey's client address: the suite's two parallel workers (Playwright's
 * TEST_PARALLEL_INDEX 0 and 1) each take half of a /24, 1-125 and 126-250.
 */
export const laneHost = (n: number) =>
  (n % 125) + 1 + 125 * (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 2);

/** Registers a fresh member through the register modal; signed in afterwards. */
export async function registerMember(page: Page, prefix: string, path = '/register'): Promise<NewMember> {
  const member = { username: freshUsername(prefix), password: 'Quiet-River-42', mobile: freshMobile() };
  await registerByUsername(page, member, path);
  return member;
}

/** Operator credit of a member's main wallet (a transfer from HOUSE:ADJUST); the balance after. */
export async function credit(account: string, amount: string, reason = 'e2e funding'): Promise<string> {
  const result = (await ops('adjust', account, amount, '--reason', reason)) as {
    amount: string;
    balanceAfter: string;
  };
  expect(result.amount).toBe(amount);
  return result.balanceAfter;
}

/**
 * The header's balance. Located by CSS, not by role: while the member centre is open the page
 * behind it leaves the accessibility tree, and the journeys watch the header right then.
 */
export const headerBalance = (page: Page): Locator => page.locator('header [data-balance-amount]');

/** The header shows this amount ("$1,250.00"): the final figure, once the count-up ends. */
export async function expectHeaderBalance(page: Page, text: string): Promise<void> {
  await expect(headerBalance(page).locator('[aria-hidden="true"]')).toHaveText(text);
}

/** Opens the member centre from the avatar at one of its pages (by the tab's name). */
export async function openMemberCentre(
  page: Page,
  tab: string,
  names = { profile: 'Open my profile', centre: 'Member centre' },
): Promise<Locator> {
  await page.getByRole('button', { name: names.profile }).click();
  const centre = page.getByRole('dialog', { name: names.centre });
  await expect(centre).toBeVisible();
  const tabButton = centre.getByRole('tab', { name: tab, exact: true });
  await tabButton.click();
  await expect(tabButton).toHaveAttribute('aria-selected', 'true');
  return centre;
}

/**
 * The session WebSocket's balance pushes as the page receives them, and a mark on the document:
 * a balance that changes while the mark stays and a push carries the new figure changed live,
 * without a reload or a navigation.
 */
export class LiveBalance {
  private readonly sums: string[] = [];
  private ready = false;
  /** Pushes before the last arm() do not count: the figure looked for must come after it. */
  private armedAt = 0;

  constructor(private readonly page: Page) {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/ws')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') return;
        const message = JSON.parse(payload) as { type: string; balance?: { sumBalance: string } };
        if (message.type === 'ready') this.ready = true;
        if (message.type === 'balance' && message.balance) this.sums.push(message.balance.sumBalance);
      });
    });
  }

  /** Waits until the socket is signed in, then marks the document; call it before the change. */
  async arm(): Promise<void> {
    await expect.poll(() => this.ready, { message: 'the session WebSocket is ready' }).toBe(true);
    this.armedAt = this.sums.length;
    await this.page.evaluate(() => {
      (window as unknown as { e2eSameDocument: boolean }).e2eSameDocument = true;
    });
  }

  /**
   * Since arm(), a push carried sumBalance `sum` ("250.00"), the header shows `text`, and no
   * reload happened.
   */
  async expectPushed(sum: string, text: string): Promise<void> {
    await expect
      .poll(() => this.sums.slice(this.armedAt).includes(sum), { message: `a balance push of ${sum}` })
      .toBe(true);
    await expectHeaderBalance(this.page, text);
    const same = await this.page.evaluate(
      () => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true,
    );
    expect(same, 'the page was not reloaded').toBe(true);
  }
}

/** Sets the withdraw password in a set form (the security centre's or the withdraw page's). */
export async function setWithdrawPassword(scope: Locator, loginPassword: string, pin: string): Promise<void> {
  const form = scope.locator('[data-form="payment-password-set"]');
  await form.getByLabel('Login password', { exact: true }).fill(loginPassword);
  await form.getByLabel('New withdraw password', { exact: true }).fill(pin);
  await form.getByLabel('Confirm new withdraw password', { exact: true }).fill(pin);
  await form.getByRole('button', { name: 'Set withdraw password' }).click();
  await expect(form).toHaveCount(0);
}

export interface PayeeAccount {
  type: 'Bank account' | 'E-wallet';
  provider: string;
  payeeName: string;
  accountNumber: string;
}

/** Fills and sends a bind-account form. */
export async function bindAccount(scope: Locator, account: PayeeAccount, pin: string): Promise<void> {
  const form = scope.locator('[data-form="bind-account"]');
  await form.getByRole('radio', { name: account.type }).check();
  const bank = account.type === 'Bank account';
  await form.getByRole('combobox', { name: bank ? 'Bank' : 'E-wallet' }).selectOption(account.provider);
  await form.getByRole('textbox', { name: 'Payee name' }).fill(account.payeeName);
  await form
    .getByRole('textbox', { name: bank ? 'Account number' : 'E-wallet number' })
    .fill(account.accountNumber);
  await form.getByLabel('Withdraw password', { exact: true }).fill(pin);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form).toHaveCount(0);
}

/** Requests a withdrawal on the withdraw page; returns its order number. */
export async function requestWithdrawal(centre: Locator, amount: string, pin: string): Promise<string> {
  const form = centre.locator('[data-form="withdraw"]');
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await form.getByLabel('Withdraw password', { exact: true }).fill(pin);
  await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const note = form.locator('[data-note="withdraw-requested"]');
  await expect(note).toBeVisible();
  const orderNo = /Withdrawal (\S+) of/.exec((await note.textContent()) ?? '')?.[1];
  expect(orderNo).toBeTruthy();
  return orderNo as string;
}

/** A withdrawal's row in the list, read again from the server (the list's refresh button). */
export async function withdrawalRow(centre: Locator, orderNo: string): Promise<Locator> {
  const list = centre.locator('[data-list="withdraw-orders"]');
  await list.getByRole('button', { name: 'Refresh' }).click();
  return list.locator(`li[data-order="${orderNo}"]`);
}

// A small real PNG (a receipt-like picture) for proof uploads, built here so no binary lives in
// the repository. CRC-32 by hand: node:zlib has crc32 only from Node 22.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A white "slip" with grey text lines, width × height pixels, RGB. */
export function receiptPng(width = 120, height = 80): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0; // filter: none
    const line = y % 12 >= 8 && y % 12 < 10 && y > 10 && y < height - 10;
    for (let x = 0; x < width; x++) {
      const ink = line && x > 10 && x < width - 10 - (y % 36);
      const edge = y < 6;
      const [r, g, b] = edge ? [16, 185, 129] : ink ? [148, 163, 184] : [255, 255, 255];
      row.writeUInt8(r as number, 1 + x * 3);
      row.writeUInt8(g as number, 2 + x * 3);
      row.writeUInt8(b as number, 3 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
