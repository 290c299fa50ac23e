import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { ownClientAddress, registerMember } from './support/cashier.ts';
import { ops } from './support/ops.ts';

/** Screenshots for a person to look at; test-results/ is not committed. */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/support-${name}.png` });

/** A tiny but real png (1 x 1, red). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const unique = () => Math.random().toString(36).slice(2, 8);

async function openSupportEntry(page: Page, name: string) {
  await page.getByTestId('customer-service-menu').getByRole('button', { name: 'Customer service' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test('feedback answered by the operator arrives as an unread message, live', async ({ page }) => {
  await registerMember(page, 'fb');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  await openSupportEntry(page, 'Feedback');
  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  await expect(dialog).toBeVisible();
  const text = `My deposit ${unique()} has not arrived yet.`;
  await dialog.getByLabel('Question type').selectOption({ label: 'Deposit' });
  const content = dialog.getByLabel('Describe the problem');
  await content.fill('short');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText(/Please write at least 10 characters/)).toBeVisible();
  await content.fill(text);
  await expect(dialog.getByText(`${text.length} / 500`)).toBeVisible();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'feedback-form');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  const mine = dialog.locator('[data-feedback-list] li').filter({ hasText: text });
  await expect(mine).toContainText('Waiting for an answer');
  await expect(mine).toContainText('Images: 1');

  const open = (await ops('feedback-list', '--status', 'OPEN')) as { id: number; content: string }[];
  const feedback = open.find((f) => f.content === text);
  expect(feedback, JSON.stringify(open)).toBeTruthy();
  const answer = `Paid at 10:00, reference ${unique()}.`;
  await ops('feedback-answer', String(feedback!.id), '--text', answer);

  // The badge in the header rises without a reload (the session WebSocket's `messages` event).
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const badge = header.getByRole('button', { name: 'Messages, 1 unread' });
  await expect(badge).toBeVisible();
  await badge.click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await expect(centre.getByRole('tab', { name: /Messages/ })).toHaveAttribute('aria-selected', 'true');
  const message = centre.getByRole('button', {
    name: new RegExp(`Answer to your feedback #${feedback!.id}`),
  });
  await message.click();
  await expect(centre.getByText(answer)).toBeVisible();
  await expect(page.locator('header [data-action="open-messages"]')).toHaveAttribute('data-unread', '0');
  await expectNoAxeViolations(page);
  await shot(page, 'messages');

  // The operator's answer is in my feedback list too.
  await page.keyboard.press('Escape');
  await openSupportEntry(page, 'Feedback');
  await page.getByRole('dialog', { name: 'Feedback' }).getByRole('tab', { name: 'My feedback' }).click();
  await expect(page.getByRole('dialog', { name: 'Feedback' }).getByText(answer)).toBeVisible();
});

test('two members chat in the room; a deleted message disappears for both', async ({ browser }) => {
  const [contextA, contextB] = await Promise.all([browser.newContext(), browser.newContext()]);
  await ownClientAddress(contextA);
  await ownClientAddress(contextB);
  const [a, b] = await Promise.all([contextA.newPage(), contextB.newPage()]);
  try {
    await registerMember(a, 'cha');
    await registerMember(b, 'chb');
    for (const page of [a, b]) await openSupportEntry(page, 'Chat room');
    const roomA = a.getByRole('dialog', { name: 'Lobby' });
    const roomB = b.getByRole('dialog', { name: 'Lobby' });
    await expect(roomA.getByRole('textbox', { name: 'Your message' })).toBeVisible();
    await expect(roomB.getByRole('textbox', { name: 'Your message' })).toBeVisible();

    const hello = `hello from A ${unique()} <b>not bold</b>`;
    await roomA.getByRole('textbox', { name: 'Your message' }).fill(hello);
    await roomA.getByRole('button', { name: 'Send' }).click();
    const seenByB = roomB.locator('li[data-mine="false"]').filter({ hasText: hello });
    await expect(seenByB).toBeVisible();
    await expect(roomA.locator('li[data-mine="true"]').filter({ hasText: hello })).toContainText('You');
    await expect(roomB.locator('b')).toHaveCount(0);

    const reply = `hi A, B here ${unique()}`;
    await roomB.getByRole('textbox', { name: 'Your message' }).fill(reply);
    await roomB.getByRole('button', { name: 'Send' }).click();
    await expect(roomA.locator('li[data-mine="false"]').filter({ hasText: reply })).toBeVisible();
    await expectNoAxeViolations(a);
    await shot(a, 'chat-room');

    const id = await seenByB.getAttribute('data-chat-id');
    await ops('chat-delete', String(id));
    await expect(roomB.getByText(hello)).toHaveCount(0);
    await expect(roomA.getByText(hello)).toHaveCount(0);
  } finally {
    await Promise.all([contextA.close(), contextB.close()]);
  }
});
