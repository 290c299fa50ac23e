import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  loginAs,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { expectFailure } from '../../testing/expect.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';

/**
 * "View as player": an operator opens a member's own site read-only. The session reads what the
 * member would see and is refused every call that changes anything (a GET launch included), so
 * it can neither move money nor make itself a real session.
 */
describe('view as player', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 8, 0, 0));
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clock });
  });
  afterAll(async () => t.close());

  const command = (cookie: string, args: Record<string, unknown>) =>
    consoleCall(t, 'command', { args: { command: 'player', ...args } }, cookie);
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
    });
  const redeem = (ticket: string) =>
    t.app.inject({
      method: 'POST',
      url: routes.handoffRedeem.path,
      headers: siteHeaders(),
      remoteAddress: nextIp(),
      payload: { ticket },
    });
  const ticketOf = (url: string) => new URL(url, 'https://site.example').searchParams.get('ticket')!;
  const signInCount = async () =>
    ((await opsCommand(t.app, { command: 'player', action: 'show', account: 'demo' })).signIns as unknown[])
      .length;
  const audits = async () =>
    t.db.database.rawTransaction((tx) =>
      tx.rows<{ actor: string; detail: { account: string; reason: string } }>(
        "select actor, detail from ops_audit where action = 'player-view-as' order by id",
      ),
    );

  it('opens a read-only view for support, audited; reporting may not, bad input is refused', async () => {
    const support = await signedInOperator(t, clock, 'sam', 'support');
    const reporting = await signedInOperator(t, clock, 'rita', 'reporting');

    expect((await command(reporting, { action: 'view-as', account: 'demo', reason: 'x' })).statusCode).toBe(
      403,
    );
    for (const bad of [
      { action: 'view-as', account: 'demo' },
      { action: 'view-as', account: 'demo', reason: '  ' },
      { action: 'view-as', account: 'nobody-here', reason: 'x' },
    ]) {
      const res = await command(support, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await audits()).toEqual([]);

    const res = await command(support, {
      action: 'view-as',
      account: 'demo',
      reason: 'ticket 9: bonus missing',
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ account: 'demo', expiresInSeconds: 60, viewMinutes: 30 });
    expect(value.url).toMatch(/^\/\?ticket=[A-Za-z0-9_-]{43}$/);
    expect(await audits()).toEqual([
      {
        actor: 'sam',
        detail: expect.objectContaining({ account: 'demo', reason: 'ticket 9: bonus missing' }),
      },
    ]);
  });

  it('reads as the member, refuses every change (a launch and a hand-off ticket too), and leaves no sign-in', async () => {
    const own = (await loginAs(t.app, 'demo', 'Demo1234')).token;
    const before = await signInCount();
    const issued = await opsCommand(t.app, {
      command: 'player',
      action: 'view-as',
      account: 'demo',
      reason: 'check',
    });
    const ticket = ticketOf(issued.url);

    const redeemed = await redeem(ticket);
    expect(redeemed.statusCode).toBe(200);
    const view = redeemed.json().value;
    expect(view).toMatchObject({
      viewOnly: true,
      userName: 'demo',
      forceChangePassword: false,
      firstTimeLogin: false,
    });
    expect(view.lastSignIn).toBeUndefined();
    // Single use.
    expectFailure(await redeem(ticket), 400, 'handoff.ticket.invalid');

    const info = await inject('GET', routes.memberInfo.path, view.token);
    expect(info.statusCode).toBe(200);
    expect(info.json().value.account).toBe('demo');
    expect((await inject('GET', routes.walletBalance.path, view.token)).statusCode).toBe(200);
    expect((await inject('GET', routes.consolidatedFunds.path, view.token)).statusCode).toBe(200);

    expectFailure(
      await inject('GET', `${routes.launchGame.path}?vassalage=AURX&gameId=dice`, view.token),
      403,
      'session.view.only',
    );
    // A view may not mint itself a real session.
    expectFailure(await inject('POST', routes.handoffTicket.path, view.token, {}), 403, 'session.view.only');
    const withdraw = await callEncrypted(
      t.app,
      'POST',
      routes.changePassword.path,
      { oldPassword: 'Demo1234', newPassword: 'a whole new passphrase' },
      { token: view.token },
    );
    expectFailure(withdraw, 403, 'session.view.only');
    await expect(loginAs(t.app, 'demo', 'Demo1234')).resolves.toBeTruthy();

    // The member's own sign-ins: only the member's (the view is not one).
    expect(await signInCount()).toBe(before + 1);

    // Closing the view ends it alone: the member's own session goes on.
    const out = await inject('DELETE', routes.logout.path, view.token);
    expect(out.statusCode).toBe(200);
    expectFailure(await inject('GET', routes.memberInfo.path, view.token), 401, 'user.or.token.invalid');
    expect((await inject('GET', routes.memberInfo.path, own)).statusCode).toBe(200);
  });

  it('ends on its own: an unused link after 60 s, a view after 30 minutes', async () => {
    const late = await opsCommand(t.app, {
      command: 'player',
      action: 'view-as',
      account: 'demo',
      reason: 'late',
    });
    clock.advance(61 * SECOND_MS);
    expectFailure(await redeem(ticketOf(late.url)), 400, 'handoff.ticket.expired');

    const issued = await opsCommand(t.app, {
      command: 'player',
      action: 'view-as',
      account: 'demo',
      reason: 'long',
    });
    const view = (await redeem(ticketOf(issued.url))).json().value;
    for (let i = 0; i < 5; i++) {
      clock.advance(5 * MINUTE_MS);
      expect((await inject('GET', routes.memberInfo.path, view.token)).statusCode).toBe(200);
    }
    clock.advance(6 * MINUTE_MS);
    expectFailure(await inject('GET', routes.memberInfo.path, view.token), 401, 'user.or.token.invalid');
  });

  it('cannot open a locked member', async () => {
    await opsCommand(t.app, { command: 'player', action: 'lock', account: 'demo', reason: 'fraud check' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
      payload: {
        merchant: 'AURUM',
        actor: 'test',
        args: { command: 'player', action: 'view-as', account: 'demo', reason: 'x' },
      },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/locked/);
    await opsCommand(t.app, { command: 'player', action: 'unlock', account: 'demo', reason: 'cleared' });
  });
});
