import { expect, type Page, test } from '@playwright/test';
import { diceRound, fairWords, plinkoRound, serverSeedHash } from '../packages/games/src/index.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { credit, expectHeaderBalance, ownClientAddress, registerMember } from './support/cashier.ts';
import { photograph, playBalance, startFreePlay } from './support/games.ts';

/**
 * The in-house game pages under /play/: the public verifier, a member's slot and dice rounds
 * (the money moves through the platform's wallet, the dice seeds verify), and a trial user's
 * free play. Every page is photographed in both languages and both themes for a person to
 * look at (/tmp/play-shots/).
 */

const MERCHANT = 'AURUM';
const SHOTS = '/tmp/play-shots';
const SEED = '3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a';

type Engine = 'slot' | 'baccarat' | 'dice' | 'plinko';
const GAMES: Record<Engine, { vassalage: string; gameId: string }> = {
  slot: { vassalage: 'AURX', gameId: 'dynasty' },
  dice: { vassalage: 'AURX', gameId: 'dice' },
  plinko: { vassalage: 'AURX', gameId: 'plinko' },
  baccarat: { vassalage: 'AURL', gameId: 'baccarat' },
};

/** The site's session token of the signed-in page. */
const siteToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

/** The game URL the launch API gives (GET /wps/game/launchGame, or /free for trial accounts). */
async function launch(page: Page, token: string, engine: Engine, free = false): Promise<string> {
  const res = await page.request.get(`/wps/game/launchGame${free ? '/free' : ''}`, {
    params: { ...GAMES[engine], language: 'EN' },
    headers: { Merchant: MERCHANT, Authorization: token },
  });
  const body = (await res.json()) as {
    success: boolean;
    value?: { content: { game_url: string; mode: string } };
  };
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(body.value?.content.mode).toBe(free ? 'play' : 'real');
  const url = body.value?.content.game_url ?? '';
  expect(url).toMatch(new RegExp(`/play/${engine}\\?token=`));
  return url;
}

/**
 * Photographs the page in English and Chinese, dark and light: the stored play session lets
 * the page reload with another `lang` without a new launch.
 */
const photographPlay = (page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) =>
  photograph(page, SHOTS, async (lang, snap) => {
    const sep = path.includes('?') ? '&' : '?';
    await page.goto(`${path}${sep}lang=${lang}`);
    await ready(page);
    await snap(`e2e-${name}`, { fullPage: true });
  });

test.beforeEach(async ({ context }) => {
  await ownClientAddress(context);
});

test('the verifier recomputes dice and plinko rounds from the address, with no session', async ({ page }) => {
  const dice = diceRound(
    { stakeMinor: 100n, target: 5000, direction: 'under' },
    fairWords(SEED, 'e2e seed', 7),
  );
  await page.goto(
    `/play/verify?game=dice&serverSeed=${SEED}&clientSeed=e2e%20seed&nonce=7&target=5000&direction=under`,
  );
  await expect(page.getByRole('heading', { name: 'Round verifier' })).toBeVisible();
  await expect(page.locator('[data-verify="roll"]')).toHaveText(
    `${Math.floor(dice.roll / 100)}.${String(dice.roll % 100).padStart(2, '0')}`,
  );
  await expect(page.locator('[data-verify="hash"]')).toHaveText(serverSeedHash(SEED));
  await expect(page.getByText(dice.win ? 'Win' : 'Loss', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Same seeds, plinko: the path and bucket the maths package gives.
  const plinko = plinkoRound({ stakeMinor: 100n, rows: 12, risk: 'high' }, fairWords(SEED, 'e2e seed', 7));
  await page.getByRole('radio', { name: 'Gold Drop' }).check();
  await page.getByRole('radio', { name: '12' }).check();
  await page.getByRole('radio', { name: 'High' }).check();
  await expect(page.locator('[data-verify="path"]')).toHaveText(plinko.path.join(' '));
  await expect(page.locator('[data-verify="bucket"]')).toHaveText(`${plinko.bucket} / 12`);

  // A wrong seed says what is wrong instead of an outcome.
  await page.getByLabel('Server seed (revealed)').fill('not-a-seed');
  await expect(page.getByText('A server seed is 64 lower-case hex characters.')).toBeVisible();
  await expect(page.locator('[data-verify="outcome"]')).toHaveCount(0);

  await photographPlay(
    page,
    'verify',
    `/play/verify?game=dice&serverSeed=${SEED}&clientSeed=e2e%20seed&nonce=7&target=5000&direction=under`,
    (p) => expect(p.locator('[data-verify="roll"]')).toBeVisible(),
  );
});

test('a member spins the slot: the round goes through the wallet and the balance follows', async ({
  page,
}) => {
  // Two axe scans, a reload and the photographs in both themes and languages: longer than most.
  test.setTimeout(120_000);
  const member = await registerMember(page, 'slot');
  await credit(member.username, '100.00');
  const url = await launch(page, await siteToken(page), 'slot');

  await page.goto(url);
  await expect(page).not.toHaveURL(/token=/);
  await expect(playBalance(page)).toHaveAttribute('data-balance', '$100.00');
  await expect(page.getByRole('group', { name: 'Stake' }).locator('output')).toHaveText('$1.00');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Spin' }).click();
  await expect(page.getByRole('button', { name: 'Spinning…' })).toBeDisabled();
  const history = page.getByRole('region', { name: 'Last rounds' }).getByRole('listitem');
  await expect(history).toHaveCount(1, { timeout: 30_000 });
  const after = await playBalance(page).getAttribute('data-balance');
  expect(after).not.toBe('$100.00');
  await expect(page.getByRole('button', { name: 'Spin' })).toBeEnabled();

  // The paytable comes from the maths package, with its exact return.
  await page.getByRole('button', { name: 'Paytable' }).click();
  const paytable = page.getByRole('dialog', { name: 'Paytable' });
  await expect(paytable.getByText(/Return to player: \d+\.\d\d %/)).toBeVisible();
  await expect(paytable.getByRole('row', { name: /Dragon/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await paytable.getByRole('button', { name: 'Close' }).click();

  // A reload carries on with the same session (the token was single-use).
  await page.reload();
  await expect(playBalance(page)).toHaveAttribute('data-balance', after ?? '');

  // The site's wallet shows the same money.
  await page.goto('/');
  await expectHeaderBalance(page, after ?? '');

  await photographPlay(page, 'slot', '/play/slot', async (p) => {
    await p.getByRole('button', { name: /Spin|旋转/ }).click();
    await expect(p.getByRole('button', { name: /^(Spin|旋转)$/ })).toBeEnabled({ timeout: 30_000 });
  });
});

test('dice with the player’s own client seed; rotating reveals the seed and the verifier agrees', async ({
  page,
  context,
}) => {
  const member = await registerMember(page, 'dice');
  await credit(member.username, '50.00');
  await page.goto(await launch(page, await siteToken(page), 'dice'));
  await expect(playBalance(page)).toHaveAttribute('data-balance', '$50.00');
  const hashBefore = (await page.locator('[data-fair="server-seed-hash"]').textContent()) ?? '';
  expect(hashBefore).toMatch(/^[0-9a-f]{64}$/);

  await page.getByLabel('Client seed').fill('my seed');
  await expect(page.getByText('Use 1–64 printable characters without spaces.')).toBeVisible();
  await page.getByLabel('Client seed').fill('e2e-lucky-7');
  await page.getByRole('button', { name: 'Save seed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Client seed saved' })).toBeVisible();
  await expect(page.locator('[data-fair="nonce"]')).toHaveText('0');

  // Two rolls under 50.00, then a third under 20.00.
  const roll = page.getByRole('button', { name: 'Roll', exact: true });
  await roll.click();
  await expect(page.locator('[data-fair="nonce"]')).toHaveText('1');
  await expect(roll).toBeEnabled();
  await roll.click();
  await expect(page.locator('[data-fair="nonce"]')).toHaveText('2');
  await page.getByRole('slider', { name: 'Target' }).fill('2000');
  await expect(page.locator('[data-dice="chance"]')).toHaveText('20.00 %');
  await expect(roll).toBeEnabled();
  await roll.click();
  await expect(page.locator('[data-fair="nonce"]')).toHaveText('3');
  await expect(page.getByRole('region', { name: 'Last rounds' }).getByRole('listitem')).toHaveCount(3);
  const shown =
    (await page.getByRole('region', { name: 'Last rounds' }).getByRole('listitem').first().textContent()) ??
    '';
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Rotate seed pair' }).click();
  const revealed = (await page.locator('[data-fair="revealed-seed"]').textContent()) ?? '';
  expect(serverSeedHash(revealed)).toBe(hashBefore);
  await expect(page.locator('[data-fair="nonce"]')).toHaveText('0');
  await expect(page.locator('[data-fair="server-seed-hash"]')).not.toHaveText(hashBefore);

  // The last roll, recomputed here with the maths package and on the verifier page.
  const last = diceRound(
    { stakeMinor: 1n, target: 2000, direction: 'under' },
    fairWords(revealed, 'e2e-lucky-7', 2),
  );
  const lastText = `${Math.floor(last.roll / 100)}.${String(last.roll % 100).padStart(2, '0')}`;
  expect(shown).toContain(lastText);
  const [verifier] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Verify on the verifier page' }).click(),
  ]);
  await expect(verifier.locator('[data-verify="roll"]')).toHaveText(lastText);
  await expect(verifier.locator('[data-verify="hash"]')).toHaveText(hashBefore);
  await expect(verifier.getByLabel('Nonce')).toHaveValue('2');
  await expect(verifier.getByLabel('Target (0.01–99.98)')).toHaveValue('20.00');
  await verifier.close();

  await photographPlay(page, 'dice', '/play/dice', async (p) => {
    await p.getByRole('button', { name: /^(Roll|掷骰)$/ }).click();
    await expect(p.getByRole('region', { name: /Last rounds|最近回合/ }).getByRole('listitem')).toHaveCount(
      1,
    );
  });
});

test('a trial user plays plinko and baccarat with play money', async ({ page }) => {
  // The site's own free-play entry makes the trial account.
  await page.goto('/');
  await startFreePlay(page);
  const trial = await siteToken(page);

  await page.goto(await launch(page, trial, 'plinko', true));
  await expect(page.locator('[data-ribbon="free-play"]')).toHaveText(
    'Free play — play money, nothing real at stake',
  );
  const start = await playBalance(page).getAttribute('data-balance');
  await page.getByRole('radio', { name: '8', exact: true }).check();
  await page.getByRole('radio', { name: 'High' }).check();
  await page.getByRole('button', { name: 'Drop ball' }).click();
  await expect(page.getByRole('region', { name: 'Last rounds' }).getByRole('listitem')).toHaveCount(1);
  await expect(playBalance(page)).not.toHaveAttribute('data-balance', start ?? '');
  await expectNoAxeViolations(page);
  await photographPlay(page, 'plinko', '/play/plinko', async (p) => {
    await p.getByRole('button', { name: /Drop ball|投球/ }).click();
    await expect(p.getByRole('region', { name: /Last rounds|最近回合/ }).getByRole('listitem')).toHaveCount(
      1,
    );
  });

  await page.goto(await launch(page, trial, 'baccarat', true));
  await expect(page.locator('[data-ribbon="free-play"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Chip $5.00' }).check();
  await page.locator('[data-bet="banker"]').click();
  await page.locator('[data-bet="banker"]').click();
  await expect(page.locator('[data-baccarat="stake-banker"]')).toHaveText('$10.00');
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  const outcome = page.getByText(/^(Player wins|Banker wins|Tie)$/);
  await expect(outcome).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Bead road' }).getByRole('img')).toHaveAttribute(
    'aria-label',
    /^(Player|Banker|Tie)$/,
  );
  await expect(page.getByRole('region', { name: 'Last rounds' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await photographPlay(page, 'baccarat', '/play/baccarat', async (p) => {
    await p.locator('[data-bet="player"]').click();
    await p.getByRole('button', { name: /^(Deal|发牌)$/ }).click();
    await expect(p.locator('[data-baccarat="banker-total"]')).not.toBeEmpty({ timeout: 15_000 });
    // The hand is over: the table is empty for the next one, and Rebet offers the last bets.
    await expect(p.getByRole('button', { name: /^(Rebet|重复下注)$/ })).toBeEnabled({ timeout: 15_000 });
  });
});
