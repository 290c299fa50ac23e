import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';

const runOps = (t: TestApp, args: Record<string, unknown>, actor = 'support:ann') =>
  t.app.inject({
    method: 'POST',
    url: '/ops/command',
    headers: { 'x-ops-token': OPS_TOKEN },
    payload: { merchant: DEMO_MERCHANT, actor, args },
    remoteAddress: '127.0.0.1',
  });

const memberInfo = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: routes.memberInfo.path,
    headers: siteHeaders({ authorization: token }),
    remoteAddress: nextIp(),
  });

const signIn = (t: TestApp, username: string, password: string) =>
  callEncrypted(t.app, 'POST', routes.login.path, { type: 'username', username, password });

async function lastAudit(t: TestApp, action: string) {
  const [row] = await t.db.database.rawTransaction((tx) =>
    tx.rows<{ actor: string; detail: Record<string, unknown>; before_state: unknown; after_state: unknown }>(
      'select actor, detail, before_state, after_state from ops_audit where action = $1 order by id desc limit 1',
      [action],
    ),
  );
  return row;
}

describe.each(engines)('the player command on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const player = async (args: Record<string, unknown>) => opsCommand(t.app, { command: 'player', ...args });

  it('finds members by account prefix, mobile, email, id and the address they signed in from', async () => {
    await loginAs(t.app, 'demo', 'Demo1234');
    const byPrefix = await player({ action: 'search', q: 'DEM' });
    expect(byPrefix).toEqual([
      expect.objectContaining({ account: 'demo', kind: 'member', status: 'active', mainBalance: '0.00' }),
    ]);
    const demo = byPrefix[0] as { id: number; lastSignInAt: string | null };
    expect(demo.lastSignInAt).not.toBeNull();
    expect(await player({ action: 'search', q: 'agent0' })).toEqual([
      expect.objectContaining({ account: 'agent01', kind: 'agent' }),
    ]);
    for (const q of ['+639171234567', '639171234567', '9171234567', 'DEMO@aurum.example', String(demo.id)]) {
      expect(
        (await player({ action: 'search', q })).map((h: { account: string }) => h.account),
        q,
      ).toEqual(['demo']);
    }
    const shown = await player({ action: 'show', account: 'demo' });
    const ip = shown.signIns[0].ip as string;
    expect((await player({ action: 'search', q: ip })).map((h: { account: string }) => h.account)).toEqual([
      'demo',
    ]);
    expect(await player({ action: 'search', q: 'nobody-by-that-name' })).toEqual([]);
    // LIKE's wildcards are searched for as text.
    expect(await player({ action: 'search', q: '%' })).toEqual([]);
  });

  it("shows a member's page: profile, status, wallets, ledger, sessions, notes", async () => {
    await opsCommand(t.app, { command: 'adjust', account: 'demo', amount: '12.50', reason: 'goodwill' });
    const page = await player({ action: 'show', account: 'Demo' });
    expect(page.profile).toMatchObject({
      account: 'demo',
      kind: 'member',
      upline: 'agent01',
      email: 'demo@aurum.example',
      mobile: '+639171234567',
      agentType: null,
    });
    expect(page.status).toMatchObject({ status: 'active', locked: false, lockReason: null });
    expect(page.balances).toContainEqual({ wallet: 'MAIN', balance: '12.50' });
    expect(page.ledger[0]).toMatchObject({
      type: 'adjustment',
      wallet: 'MAIN',
      amount: '12.50',
      balanceAfter: '12.50',
    });
    expect(page.sessions.length).toBeGreaterThan(0);
    expect(page.signIns[0]).toMatchObject({ success: true });
    for (const key of ['deposits', 'withdrawals', 'rounds', 'messages', 'notes']) {
      expect(Array.isArray(page[key]), key).toBe(true);
    }
    const agent = await player({ action: 'show', account: 'agent01' });
    expect(agent.profile).toMatchObject({ kind: 'agent', agentType: 1, upline: null });
  });

  it('keeps operator notes, newest first with their author, audited', async () => {
    const first = await runOps(t, {
      command: 'player',
      action: 'note',
      account: 'demo',
      text: 'called about a bonus',
    });
    expect(first.statusCode).toBe(200);
    await runOps(t, { command: 'player', action: 'note', account: 'demo', text: 'second call' }, 'risk:bo');
    const page = await player({ action: 'show', account: 'demo' });
    expect(page.notes.slice(0, 2)).toMatchObject([
      { kind: 'note', text: 'second call', author: 'break-glass:risk:bo' },
      { kind: 'note', text: 'called about a bonus', author: 'break-glass:support:ann' },
    ]);
    expect(await lastAudit(t, 'player-note')).toMatchObject({
      actor: 'break-glass:risk:bo',
      detail: { account: 'demo' },
      after_state: { text: 'second call' },
    });
  });

  it('locks a member: sessions end, sign-in is refused until unlocked; both audited', async () => {
    const { token } = await loginAs(t.app, 'demo', 'Demo1234');
    const locked = await runOps(t, {
      command: 'player',
      action: 'lock',
      account: 'demo',
      reason: 'chargeback',
    });
    expect(locked.json().value).toEqual({ account: 'demo', status: 'disabled', sessionsEnded: true });
    expect((await memberInfo(t, token)).statusCode).toBe(401);
    expect((await signIn(t, 'demo', 'Demo1234')).json().errorCode).toBe('login.failed');
    const page = await player({ action: 'show', account: 'demo' });
    expect(page.status).toMatchObject({
      locked: true,
      lockReason: 'chargeback',
      lockedBy: 'break-glass:support:ann',
    });
    expect(page.sessions).toEqual([]);
    expect(await lastAudit(t, 'player-lock')).toMatchObject({
      actor: 'break-glass:support:ann',
      detail: { account: 'demo', reason: 'chargeback' },
      before_state: { status: 'active' },
      after_state: { status: 'disabled' },
    });
    const again = await runOps(t, { command: 'player', action: 'lock', account: 'demo', reason: 'twice' });
    expect(again.json()).toMatchObject({ errorCode: 'ops.invalid' });

    const unlocked = await runOps(t, {
      command: 'player',
      action: 'unlock',
      account: 'demo',
      reason: 'cleared',
    });
    expect(unlocked.json().value).toMatchObject({ status: 'active' });
    await expect(loginAs(t.app, 'demo', 'Demo1234')).resolves.toMatchObject({ token: expect.any(String) });
    expect(await lastAudit(t, 'player-unlock')).toMatchObject({
      before_state: { status: 'disabled' },
      after_state: { status: 'active' },
    });
    const notes = (await player({ action: 'show', account: 'demo' })).notes;
    expect(notes.slice(0, 2)).toMatchObject([
      { kind: 'unlock', text: 'cleared' },
      { kind: 'lock', text: 'chargeback' },
    ]);
  });

  it("ends a member's sessions without locking it", async () => {
    const { token } = await loginAs(t.app, 'demo', 'Demo1234');
    const res = await runOps(t, { command: 'player', action: 'end-sessions', account: 'demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.sessionsEnded).toBeGreaterThan(0);
    expect((await memberInfo(t, token)).statusCode).toBe(401);
    await expect(loginAs(t.app, 'demo', 'Demo1234')).resolves.toBeTruthy();
    expect(await lastAudit(t, 'player-end-sessions')).toMatchObject({ after_state: { liveSessions: 0 } });
  });

  it("lists an agent's direct members with their team counts", async () => {
    const tree = await player({ action: 'tree', account: 'agent01' });
    expect(tree).toMatchObject({ account: 'agent01', directCount: 1, teamSize: 2, depth: 1 });
    expect(tree.members).toEqual([
      expect.objectContaining({
        account: 'demo',
        kind: 'member',
        upline: 'agent01',
        teamSize: 0,
        balance: '12.50',
      }),
    ]);
  });

  it.each([
    ['an unknown account', { action: 'show', account: 'nobody-here' }],
    ['a lock of an unknown account', { action: 'lock', account: 'nobody-here', reason: 'x' }],
    ['an empty reason', { action: 'lock', account: 'demo', reason: '   ' }],
    ['no reason', { action: 'lock', account: 'demo' }],
    ['an unlock of a member not locked', { action: 'unlock', account: 'demo', reason: 'not locked' }],
    ['an empty note', { action: 'note', account: 'demo', text: '' }],
    ['a note too long', { action: 'note', account: 'demo', text: 'x'.repeat(2001) }],
    ['no account', { action: 'end-sessions', account: '' }],
    ['an empty search', { action: 'search', q: ' ' }],
    ['a limit of 0', { action: 'search', q: 'demo', limit: 0 }],
    ['the tree of a member who is no agent', { action: 'tree', account: 'demo' }],
    ['a depth of 0', { action: 'tree', account: 'agent01', depth: 0 }],
    ['an unknown action', { action: 'delete', account: 'demo' }],
  ])('refuses %s and changes nothing', async (_why, args) => {
    const before = await player({ action: 'show', account: 'demo' });
    const res = await runOps(t, { command: 'player', ...args });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('ops.invalid');
    const after = await player({ action: 'show', account: 'demo' });
    expect(after.status).toEqual(before.status);
    expect(after.notes).toEqual(before.notes);
    expect(after.sessions).toEqual(before.sessions);
  });
});

describe('the player command in the console', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 8, 0, 0));
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clock });
  });
  afterAll(async () => t.close());

  const call = (path: string, body: unknown, cookie?: string) => consoleCall(t, path, body, cookie);
  const operator = (name: string, role: string) => signedInOperator(t, clock, name, role);

  it('lets a reporting operator read but not lock or write notes (403, nothing changed); support may', async () => {
    const reporting = await operator('rita', 'reporting');
    const support = await operator('sam', 'support');
    const command = (cookie: string, args: Record<string, unknown>) =>
      call('command', { args: { command: 'player', ...args } }, cookie);

    expect((await command(reporting, { action: 'search', q: 'demo' })).statusCode).toBe(200);
    expect((await command(reporting, { action: 'show', account: 'demo' })).statusCode).toBe(200);
    expect((await command(reporting, { action: 'tree', account: 'agent01' })).statusCode).toBe(200);
    for (const args of [
      { action: 'lock', account: 'demo', reason: 'x' },
      { action: 'end-sessions', account: 'demo' },
      { action: 'note', account: 'demo', text: 'x' },
    ]) {
      expect((await command(reporting, args)).statusCode, args.action).toBe(403);
    }
    const page = (await command(support, { action: 'show', account: 'demo' })).json().value;
    expect(page.status.locked).toBe(false);
    expect(page.notes).toEqual([]);
    await expect(loginAs(t.app, 'demo', 'Demo1234')).resolves.toBeTruthy();

    const locked = await command(support, { action: 'lock', account: 'demo', reason: 'ticket 7' });
    expect(locked.statusCode).toBe(200);
    expect((await command(support, { action: 'show', account: 'demo' })).json().value.status).toMatchObject({
      locked: true,
      lockedBy: 'sam',
    });
  });
});
