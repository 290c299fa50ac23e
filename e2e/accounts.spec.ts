import { expect, type Page, test } from '@playwright/test';
import {
  expectSignedIn,
  freshMobile,
  freshUsername,
  handoffUrl,
  lastMessageId,
  latestMessage,
  logInWithPassword,
  logOut,
  registerByUsername,
  requestSmsCode,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { laneHost } from './support/cashier.ts';
import { ops } from './support/ops.ts';

const DEMO = { username: 'demo', password: 'Demo1234', mobile: '9171234567' };
const AGENT = { username: 'agent01', password: 'Agent1234' };

const token = (page: Page) => page.evaluate(() => sessionStorage.getItem('token'));

// Each journey is a visitor of its own: a distinct client address (forwarded by the trusted
// local proxy the test server is told about), so per-client limits such as SMS requests per
// hour count per journey as they would per person.
let clientNo = 0;
test.beforeEach(async ({ page }) => {
  clientNo += 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${laneHost(clientNo)}` });
});

test.describe('registration', () => {
  test('by username: SMS code from the outbox, signed in at once, then home', async ({ page }) => {
    const member = { username: freshUsername(), password: 'Quiet-River-42', mobile: freshMobile() };
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog.getByRole('textbox', { name: /Invitation code/ })).toBeVisible();
    // Field rules from the server: nothing is sent until the form passes them.
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(dialog.getByText('Input cannot be empty.').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Username' }).fill('1abc');
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(
      dialog.getByText('Start with a letter, then letters and digits, 4-16 characters.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await registerByUsername(page, member);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: `Welcome, ${member.username}!` })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('account'))).toBe(member.username);
  });

  test('with ?affiliateCode=AGENT01 the code is used and its field stays hidden', async ({ page }) => {
    const member = { username: freshUsername('aff'), password: 'Quiet-River-42', mobile: freshMobile() };
    await page.goto('/register?affiliateCode=AGENT01');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Invitation code/ })).toHaveCount(0);
    const sent = page.waitForRequest((r) => r.url().endsWith('/wps/member/register') && r.method() === 'PUT');
    await registerByUsername(page, member, '/register?affiliateCode=AGENT01');
    expect((await sent).postDataJSON()).toHaveProperty('value');
  });

  test('an unknown invitation code in the link shows the field and the invitation popup', async ({
    page,
  }) => {
    await page.goto('/register?affiliateCode=NOSUCH99');
    const popup = page.getByRole('dialog', { name: 'Invitation code' });
    await expect(popup).toContainText('NOSUCH99');
    await popup.getByRole('button', { name: 'OK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog.getByRole('textbox', { name: /Invitation code/ })).toHaveValue('NOSUCH99');
  });

  test('by mobile number: the number is the account', async ({ page }) => {
    const mobile = freshMobile();
    await page.goto('/register');
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await dialog.getByRole('button', { name: 'Mobile number' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Country code \+63/ })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
    const code = await requestSmsCode(dialog, mobile);
    await dialog.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await dialog.getByLabel('Password', { exact: true }).fill('Mobile-Lark-58');
    await dialog.getByLabel('Confirm password').fill('Mobile-Lark-58');
    await dialog.getByRole('checkbox', { name: /agree to the terms/ }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
    await expectSignedIn(page, `63${mobile}`);
  });
});

test.describe('signing in', () => {
  test('by username; the session survives a reload and hands off by a one-time link, never by a token in the URL', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    const dialog = await logInWithPassword(page, DEMO.username, DEMO.password);
    await expectSignedIn(page, 'demo');
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expectSignedIn(page, 'demo');
    const stored = await token(page);
    expect(stored).toBeTruthy();

    // A session token in a link signs nobody in, and leaves the address.
    const planted = await browser.newPage();
    await planted.goto(`/promotions?token=${stored}`);
    await expect(planted).toHaveURL(/\/promotions$/);
    await expect(planted.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await token(planted)).toBeNull();
    await planted.close();

    // A hand-off link: its ticket leaves the address bar at once and buys a session of its own.
    const link = await handoffUrl(page, '/promotions');
    expect(link).toMatch(/^\/promotions\?ticket=[A-Za-z0-9_-]{43}$/);
    const other = await browser.newPage();
    await other.goto(link);
    await expectSignedIn(other, 'demo');
    await expect(other).toHaveURL(/\/promotions$/);
    const handed = await token(other);
    expect(handed).toBeTruthy();
    expect(handed).not.toBe(stored);
    // Used once: the same link again signs nobody in.
    const again = await browser.newPage();
    await again.goto(link);
    await expect(again.getByText('This sign-in link is not valid. Please log in.')).toBeVisible();
    expect(await token(again)).toBeNull();
    await again.close();
    await other.close();
  });

  test('by SMS code, with the mode switch and the dialing-code picker', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('button', { name: 'Mobile number' }).click();
    const picker = dialog.getByRole('button', { name: /Country code \+63/ });
    await picker.click();
    await expect(dialog.getByRole('list', { name: 'Country codes' })).toBeVisible();
    await dialog.getByRole('searchbox', { name: 'Search countries' }).fill('Japan');
    await dialog.getByRole('button', { name: /Japan/ }).click();
    await expect(dialog.getByRole('button', { name: /Country code \+81/ })).toBeVisible();
    await dialog.getByRole('button', { name: /Country code \+81/ }).click();
    await dialog.getByRole('searchbox', { name: 'Search countries' }).fill('63');
    await dialog.getByRole('button', { name: /Philippines/ }).click();
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(DEMO.mobile);
    const code = await requestSmsCode(dialog, DEMO.mobile);
    await dialog.getByRole('textbox', { name: 'SMS code' }).fill(code);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(page, 'demo');
  });

  test('remember me: the next visit signs in with the saved token, never a stored password', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('textbox', { name: 'Username' }).fill(DEMO.username);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await dialog.getByRole('checkbox', { name: 'Remember me' }).check();
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(page, 'demo');
    const local = await page.evaluate(() => JSON.stringify(localStorage));
    expect(local).not.toContain(DEMO.password);

    const next = await context.newPage();
    await next.goto('/login');
    const again = next.getByRole('dialog', { name: 'Log in' });
    await expect(again.getByText('Welcome back, demo.')).toBeVisible();
    await again.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(next, 'demo');
  });

  test('a member on the agent page is refused; an agent lands on /agentHome', async ({ page }) => {
    await page.goto('/agentHome');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agent log in' });
    await expect(dialog.getByRole('checkbox', { name: 'Remember me' })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Username' }).fill(DEMO.username);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Only agents can sign in here.');
    expect(await token(page)).toBeNull();
    await dialog.getByRole('textbox', { name: 'Username' }).fill(AGENT.username);
    await dialog.getByLabel('Password', { exact: true }).fill(AGENT.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(page, 'agent01');
    await expect(page).toHaveURL(/\/agentHome$/);
  });

  test('empty fields show the in_incorrect_password warning and send nothing', async ({ page }) => {
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    const warning = page.getByRole('dialog').filter({ hasText: 'Incorrect account or password format.' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Enter your username.')).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('a forced change goes to /changePassword and the new password works', async ({ page }) => {
    const member = { username: freshUsername('fc'), password: 'Amber-Falcon-27', mobile: freshMobile() };
    await registerByUsername(page, member);
    await logOut(page);
    // Support resets the password to the merchant's default; signing in with it forces a change.
    await ops('reset-password', member.username, '--reason', 'member locked out');
    await logInWithPassword(page, member.username, '123456');
    await expect(page).toHaveURL(/\/changePassword$/);
    const form = page.locator('[data-form="change-password"]');
    await form.getByLabel('Current password').fill('123456');
    await form.getByLabel('New password', { exact: true }).fill('Changed123');
    await form.getByLabel('Confirm new password').fill('Changed456');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two entries differ.')).toBeVisible();
    await form.getByLabel('Confirm new password').fill('Changed123');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);
    await logInWithPassword(page, member.username, 'Changed123');
    await expectSignedIn(page, member.username);
  });

  test('forgot by email: reset email, then the emailed link sets a new password and signs in', async ({
    page,
  }) => {
    const username = freshUsername('fe');
    const email = `${username}@example.com`;
    await registerByUsername(page, { username, password: 'Amber-Falcon-27', mobile: freshMobile(), email });
    await logOut(page);
    await page.goto('/forgotPassword');
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByRole('tab', { name: 'Email' }).click();
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('someone.else@example.com');
    await dialog.getByRole('button', { name: 'Send reset email' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Username or email does not exist.');
    const before = await lastMessageId(email);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Send reset email' }).click();
    await expect(page.getByText('We have sent password reset instructions to your email.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const mail = await latestMessage(email, before);
    const link = /\/forgotPassword\?[^\s]+/.exec(mail.body)?.[0];
    expect(link, mail.body).toBeTruthy();
    await page.goto(link as string);
    const reset = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(reset.getByRole('textbox', { name: 'Reset code' })).not.toHaveValue('');
    await reset.getByLabel('New password', { exact: true }).fill('Emailed123');
    await reset.getByLabel('Confirm new password').fill('Emailed123');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expectSignedIn(page, username);
    await logOut(page);
    await logInWithPassword(page, username, 'Emailed123');
    await expectSignedIn(page, username);
  });

  test('forgot by phone: SMS code and a new password sign in', async ({ page }) => {
    const member = { username: freshUsername('fp'), password: 'Amber-Falcon-27', mobile: freshMobile() };
    await registerByUsername(page, member);
    await logOut(page);
    await page.goto('/login');
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(dialog.getByRole('tab', { name: 'Mobile number' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('textbox', { name: 'Mobile number' }).fill(member.mobile);
    const code = await requestSmsCode(dialog, member.mobile);
    await dialog.getByRole('textbox', { name: 'SMS code' }).fill(code);
    await dialog.getByLabel('New password', { exact: true }).fill('Phoned123');
    await dialog.getByLabel('Confirm new password').fill('Phoned123');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Set new password' }).click();
    await expectSignedIn(page, member.username);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the signed-in member', () => {
  test('member centre: profile and security; logout asks first and clears the session', async ({ page }) => {
    await page.goto('/');
    await logInWithPassword(page, DEMO.username, DEMO.password);
    await expectSignedIn(page, 'demo');
    await page.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre.getByRole('tab', { name: 'Security centre' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(centre).toContainText('+63917****567');
    await expect(centre).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await expectNoAxeViolations(page);
    await centre.getByRole('button', { name: 'Sign out of this device' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);
    const logout = page.waitForRequest((r) => r.url().endsWith('/wps/session/logout'));
    await logOut(page);
    const request = await logout;
    expect(request.method()).toBe('DELETE');
    expect(request.postData()).toBeNull();
    expect(await page.evaluate(() => ({ ...sessionStorage }))).toEqual({ merchant: 'AURUM' });
    await expect(page).toHaveURL(/\/$/);
  });

  test('free play: a trial session, refused by the member centre and the game launch', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Free play' }).click();
    await expect(page.locator('[data-trial="true"]')).toHaveText('Trial');
    await page.getByRole('button', { name: 'Open my profile' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre).toContainText('This needs a real account.');
    await expect(centre.getByRole('button', { name: 'Register now' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);
    // The game centre opens on the in-house lottery, which a trial plays in free play; a vendor
    // whose games need real money refuses the launch.
    const centreBlock = page.locator('[data-game-centre]');
    await centreBlock.locator('[data-vendor="TCG"]').click();
    await centreBlock.getByRole('button', { name: 'Start game' }).click();
    const launch = page.getByRole('dialog', { name: /^Start / });
    await expect(launch).toContainText('This needs a real account.');
    await expectNoAxeViolations(page);
    await launch.getByRole('button', { name: 'Register now' }).click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  });
});

test('the sign-in modals are axe-clean in the dark theme too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const path of ['/login', '/register', '/forgotPassword']) {
    await page.goto(path);
    await expect(page.getByRole('dialog').locator('form')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoAxeViolations(page);
  }
});
