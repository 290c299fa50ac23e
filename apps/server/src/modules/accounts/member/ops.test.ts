import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  OPS_TOKEN,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';

const runOps = (t: TestApp, args: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/command',
    headers: { 'x-ops-token': OPS_TOKEN },
    payload: { merchant: DEMO_MERCHANT, actor: 'support:ann', args },
    remoteAddress: '127.0.0.1',
  });

describe.each(engines)('operator password reset on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it.each([
    [{ command: 'reset-password', account: 'nobody-here', reason: 'x' }],
    [{ command: 'reset-password', account: 'demo' }],
    [{ command: 'reset-password', account: '', reason: 'x' }],
    [{ command: 'reset-password', account: 'demo', reason: '   ' }],
  ])('refuses %j and changes nothing', async (args) => {
    const res = await runOps(t, args);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('ops.invalid');
    await expect(loginAs(t.app, 'demo', 'Demo1234')).resolves.toMatchObject({ forceChangePassword: false });
  });

  it('answers only the operator', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': 'wrong-token-wrong-token-wrong' },
      payload: {
        merchant: DEMO_MERCHANT,
        actor: 'x',
        args: { command: 'reset-password', account: 'demo', reason: 'x' },
      },
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(401);
  });
  it('sets the default password, ends every session, and forces a change at the next sign-in', async () => {
    const before = await loginAs(t.app, 'demo', 'Demo1234');
    const res = await runOps(t, {
      command: 'reset-password',
      account: 'DEMO',
      reason: 'locked out, ticket 42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ account: 'demo', reset: true, sessionsEnded: true });

    const info = await t.app.inject({
      method: 'GET',
      url: routes.memberInfo.path,
      headers: siteHeaders({ authorization: before.token }),
      remoteAddress: nextIp(),
    });
    expect(info.statusCode).toBe(401);
    const old = await callEncrypted(t.app, 'POST', routes.login.path, {
      type: 'username',
      username: 'demo',
      password: 'Demo1234',
    });
    expect(old.json().errorCode).toBe('login.failed');
    const after = await loginAs(t.app, 'demo', '123456');
    expect(after.forceChangePassword).toBe(true);

    const [row] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ actor: string; detail: { account: string; reason: string } }>(
        "select actor, detail from ops_audit where action = 'reset-password' order by id desc limit 1",
      ),
    );
    // Without a signed-in operator the command line runs as break-glass, recorded as such.
    expect(row?.actor).toBe('break-glass:support:ann');
    expect(row?.detail).toMatchObject({ account: 'demo', reason: 'locked out, ticket 42' });
  });
});
