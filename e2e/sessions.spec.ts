import { expect, test } from '@playwright/test';
import { expectSignedIn, logInWithPassword } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openMemberCentre, ownClientAddress, registerMember } from './support/cashier.ts';

test.use({ viewport: { width: 360, height: 780 } });

test('a member signed in on two browsers sees both sessions and signs the other one out', async ({
  page,
  browser,
}) => {
  // Two browsers, a registration and two accessibility scans: past the 60 s default on a loaded machine.
  test.setTimeout(120_000);
  await ownClientAddress(page);
  const member = await registerMember(page, 'ses');

  // A second browser (its own cookies and storage), at desktop width, signs in too.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const second = await other.newPage();
    await ownClientAddress(second);
    await second.goto('/');
    await logInWithPassword(second, member.username, member.password);
    await expectSignedIn(second, member.username);

    const centre = await openMemberCentre(page, 'Security centre');
    const sessions = centre.locator('[data-section="sessions"]');
    const items = sessions.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(sessions.locator('[data-session="current"]')).toContainText('This device');
    await expect(sessions.locator('[data-session="other"]')).toContainText(/Chrome on /);
    const history = centre.locator('[data-section="sign-ins"]');
    await expect(
      history.getByRole('list', { name: 'Sign-in history' }).getByRole('listitem').first(),
    ).toContainText('Password');
    await expectNoAxeViolations(page);

    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
    await expect(confirm).toContainText('This device stays signed in.');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(sessions).toContainText('No other sessions: only this device is signed in.');
    await expect(items).toHaveCount(1);

    // The other browser is signed out: its socket was closed, and its next call is refused.
    await expect(second.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    // This one goes on.
    await expect(items.first()).toContainText('This device');
  } finally {
    await other.close();
  }
});
