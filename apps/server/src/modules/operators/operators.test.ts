import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS } from '../../platform/clock.ts';
import { totpCode } from '../../platform/totp.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  nextIp,
  opsCommand,
  type TestApp,
} from '../../testing/app.ts';
import { bind, fund, givePin, makeMember, okValue, PIN } from '../cashier/withdraw-testing.ts';
import { COMMAND_PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES, type Role } from './index.ts';

const PASSWORD = 'quiet-harbour-lantern-42';
const HEADERS = { merchant: DEMO_MERCHANT, 'x-console-request': '1' };

describe('operators and the operator API', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 8, 0, 0));
  /** Each code is taken once: moving a step on makes the next one fresh. */
  const nextCode = (secret: string) => {
    clock.advance(30_000);
    return totpCode(secret, clock.now());
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { clock });
  });
  afterAll(async () => t.close());

  const call = (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    ip?: string,
  ) =>
    t.app.inject({
      method,
      url: `/console-api/${path}`,
      headers: { ...HEADERS, ...extra },
      ...(body === undefined ? {} : { payload: body as object }),
      remoteAddress: ip ?? '198.51.100.7',
    });

  /** Creates an operator by the operator command and enrols it; returns its key and codes. */
  async function enrol(name: string, role: Role) {
    const created = await opsCommand(t.app, {
      command: 'operator',
      action: 'create',
      name,
      role,
      email: `${name}@example.com`,
    });
    const token = String(created.enrolUrl).split('#')[1]!;
    const start = await call('POST', 'enrol/start', { token });
    expect(start.statusCode).toBe(200);
    const secret = start.json().value.secret as string;
    const finish = await call('POST', 'enrol/finish', { token, password: PASSWORD, code: nextCode(secret) });
    expect(finish.statusCode).toBe(200);
    return { token, secret, recoveryCodes: finish.json().value.recoveryCodes as string[] };
  }

  async function signIn(name: string, secret: string, ip?: string) {
    const res = await call('POST', 'sign-in', { name, password: PASSWORD, code: nextCode(secret) }, {}, ip);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { cookie, res };
  }

  it('enrols an invited operator with a password and an authenticator, once', async () => {
    const created = await opsCommand(t.app, {
      command: 'operator',
      action: 'create',
      name: 'ada',
      role: 'admin',
      email: 'ada@example.com',
    });
    expect(created.enrolUrl).toMatch(/\/console\/enrol#[A-Za-z0-9_-]{43}$/);
    const token = String(created.enrolUrl).split('#')[1]!;
    // Another site's page cannot call it: the console's own header is missing.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/console-api/enrol/start',
          headers: { merchant: DEMO_MERCHANT },
          payload: { token },
        })
      ).json(),
    ).toMatchObject({ errorCode: 'console.request.foreign' });
    const start = (await call('POST', 'enrol/start', { token })).json().value;
    expect(start).toMatchObject({ name: 'ada', role: 'admin' });
    expect(start.uri).toContain('otpauth://totp/');
    // The same key until enrolment ends (a reload of the page shows the same QR code).
    expect((await call('POST', 'enrol/start', { token })).json().value.secret).toBe(start.secret);
    const weak = await call('POST', 'enrol/finish', {
      token,
      password: 'password',
      code: nextCode(start.secret),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details).toHaveProperty('password');
    const named = await call('POST', 'enrol/finish', {
      token,
      password: 'ada-is-my-name-2026',
      code: nextCode(start.secret),
    });
    expect(named.json().details).toHaveProperty('password');
    const wrong = await call('POST', 'enrol/finish', { token, password: PASSWORD, code: '000000' });
    expect(wrong.json().details).toHaveProperty('code');
    const done = await call('POST', 'enrol/finish', {
      token,
      password: PASSWORD,
      code: nextCode(start.secret),
    });
    expect(done.json().value.recoveryCodes).toHaveLength(10);
    expect((await call('POST', 'enrol/start', { token })).json()).toMatchObject({
      errorCode: 'console.enrolment.invalid',
    });
    const list = await opsCommand(t.app, { command: 'operator', action: 'list' });
    expect(list).toEqual([expect.objectContaining({ name: 'ada', role: 'admin', status: 'active' })]);
  });

  it('signs in with the password and a fresh code; a code or a recovery code is taken once', async () => {
    const { secret, recoveryCodes } = await enrol('bea', 'support');
    const code = nextCode(secret);
    const ok = await call('POST', 'sign-in', { name: 'bea', password: PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(
      /aurum_console=.+; Path=\/console-api; HttpOnly; SameSite=Strict/,
    );
    expect(ok.json().value.operator).toMatchObject({ name: 'bea', role: 'support' });
    const cookie = String(ok.headers['set-cookie']).split(';')[0]!;
    const me = await call('GET', 'me', undefined, { cookie });
    expect(me.json().value).toMatchObject({
      name: 'bea',
      role: 'support',
      permissions: ROLE_PERMISSIONS.support,
    });
    // The same code again: refused.
    expect((await call('POST', 'sign-in', { name: 'bea', password: PASSWORD, code })).json()).toMatchObject({
      errorCode: 'console.login.failed',
    });
    const recovery = recoveryCodes[0]!.toLowerCase();
    expect(
      (await call('POST', 'sign-in', { name: 'bea', password: PASSWORD, code: recovery })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', 'sign-in', { name: 'bea', password: PASSWORD, code: recovery })).json(),
    ).toMatchObject({ errorCode: 'console.login.failed' });
    // Signing out ends the session.
    expect((await call('POST', 'sign-out', undefined, { cookie })).statusCode).toBe(200);
    expect((await call('GET', 'me', undefined, { cookie })).json()).toMatchObject({
      errorCode: 'console.session.invalid',
    });
  });

  it('locks the account after five failed sign-ins, for fifteen minutes, saying how long', async () => {
    const { secret } = await enrol('cid', 'content');
    for (let i = 0; i < 4; i++)
      expect(
        (
          await call('POST', 'sign-in', { name: 'cid', password: 'not-the-password', code: nextCode(secret) })
        ).json(),
      ).toMatchObject({ errorCode: 'console.login.failed' });
    const fifth = await call('POST', 'sign-in', { name: 'cid', password: PASSWORD, code: '123456' });
    expect(fifth.json()).toMatchObject({ errorCode: 'console.locked', details: { minutes: '15' } });
    const locked = await call('POST', 'sign-in', { name: 'cid', password: PASSWORD, code: nextCode(secret) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toContain('15 more minutes');
    clock.advance(15 * MINUTE_MS);
    await signIn('cid', secret);
  });

  it('ends a session after 15 idle minutes and after 8 hours however busy', async () => {
    const { secret } = await enrol('dan', 'reporting');
    const idle = await signIn('dan', secret);
    clock.advance(14 * MINUTE_MS);
    expect((await call('GET', 'me', undefined, { cookie: idle.cookie })).statusCode).toBe(200);
    clock.advance(16 * MINUTE_MS);
    expect((await call('GET', 'me', undefined, { cookie: idle.cookie })).statusCode).toBe(401);
    const busy = await signIn('dan', secret);
    for (let i = 0; i < 48; i++) {
      clock.advance(10 * MINUTE_MS);
      const res = await call('GET', 'me', undefined, { cookie: busy.cookie });
      expect(res.statusCode).toBe(i < 47 ? 200 : 401);
    }
  });

  it('works only from the networks an operator is allowed, and not once disabled', async () => {
    const { secret } = await enrol('eve', 'risk');
    await opsCommand(t.app, {
      command: 'operator',
      action: 'update',
      name: 'eve',
      allowedRanges: ['10.20.0.0/16'],
    });
    expect(
      (
        await call(
          'POST',
          'sign-in',
          { name: 'eve', password: PASSWORD, code: nextCode(secret) },
          {},
          '192.0.2.1',
        )
      ).json(),
    ).toMatchObject({ errorCode: 'console.network.refused' });
    const { cookie } = await signIn('eve', secret, '10.20.3.4');
    expect((await call('GET', 'me', undefined, { cookie }, '192.0.2.1')).json()).toMatchObject({
      errorCode: 'console.network.refused',
    });
    await opsCommand(t.app, { command: 'operator', action: 'update', name: 'eve', status: 'disabled' });
    expect((await call('GET', 'me', undefined, { cookie }, '10.20.3.4')).statusCode).toBe(401);
    expect(
      (
        await call(
          'POST',
          'sign-in',
          { name: 'eve', password: PASSWORD, code: nextCode(secret) },
          {},
          '10.20.3.4',
        )
      ).json(),
    ).toMatchObject({ errorCode: 'console.login.failed' });
  });

  it('refuses bad input with the envelope and changes nothing', async () => {
    for (const [path, body] of [
      ['sign-in', { name: 'ada' }],
      ['sign-in', { name: 'ada', password: PASSWORD, code: '1', extra: true }],
      ['enrol/start', { token: 'short' }],
      ['enrol/finish', { token: 'x'.repeat(43), password: PASSWORD }],
    ] as const) {
      const res = await call('POST', path, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
    expect((await call('GET', 'me')).json()).toMatchObject({ errorCode: 'console.session.invalid' });
    for (const bad of [
      { command: 'operator', action: 'create', name: 'X', role: 'admin', email: 'x@example.com' },
      { command: 'operator', action: 'create', name: 'fay', role: 'owner', email: 'x@example.com' },
      { command: 'operator', action: 'create', name: 'ada', role: 'admin', email: 'ada@example.com' },
      { command: 'operator', action: 'update', name: 'ada', allowedRanges: ['not-a-range'] },
      { command: 'operator', action: 'update', name: 'nobody', role: 'admin' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/command',
        headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
        payload: { merchant: DEMO_MERCHANT, actor: 'test', args: bad },
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const list = (await opsCommand(t.app, { command: 'operator', action: 'list' })) as {
      name: string;
      allowedRanges: string[];
    }[];
    expect(list.map((o) => o.name)).not.toContain('fay');
    expect(list.find((o) => o.name === 'ada')?.allowedRanges).toEqual([]);
  });

  it('has a permission for every operator command, and every role names only real ones', () => {
    const names = t.app.ops.commandNames();
    for (const name of names) expect(COMMAND_PERMISSIONS, name).toHaveProperty([name]);
    // A command with a permission per action has one for each of its actions.
    for (const name of names) {
      const entry = COMMAND_PERMISSIONS[name];
      const actions = t.app.ops.actionsOf(name);
      if (typeof entry === 'object' && actions)
        expect(Object.keys(entry).sort(), name).toEqual(actions.sort());
    }
    expect(t.app.ops.actionsOf('content')).toContain('banner');
    for (const role of ROLES)
      for (const p of ROLE_PERMISSIONS[role]) expect(ROLE_PERMISSIONS.admin).toContain(p);
  });

  it('checks the role on the server for every command: a role without the right gets 403 and nothing is done', async () => {
    const cookies = {} as Record<Role, string>;
    for (const role of ROLES) {
      const name = `m-${role}`;
      const { secret } = await enrol(name, role);
      cookies[role] = (await signIn(name, secret, nextIp())).cookie;
    }
    const cases: { args: Record<string, unknown>; permission: Permission }[] = [];
    for (const [command, entry] of Object.entries(COMMAND_PERMISSIONS)) {
      if (typeof entry === 'string') cases.push({ args: { command }, permission: entry });
      else
        for (const [action, permission] of Object.entries(entry))
          cases.push({ args: { command, action }, permission });
    }
    // The rows of the operators' actions (the break-glass reads of this test's helpers aside).
    const auditRows = async () => {
      const [row] = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ n: string }>("SELECT count(*) AS n FROM ops_audit WHERE action <> 'break-glass'"),
      );
      return Number(row?.n);
    };
    for (const role of ROLES) {
      for (const { args, permission } of cases) {
        const before = await auditRows();
        const res = await call('POST', 'command', { args }, { cookie: cookies[role] });
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        if (allowed)
          expect(res.json().errorCode, `${role} ${JSON.stringify(args)}`).not.toBe('console.forbidden');
        else {
          expect(res.statusCode, `${role} ${JSON.stringify(args)}`).toBe(403);
          expect(res.json()).toMatchObject({ success: false, errorCode: 'console.forbidden' });
          // Nothing was written (reading the log writes nothing either).
          expect(await auditRows()).toBe(before);
        }
      }
    }
    // A money command refused to support moves nothing.
    const adjust = { command: 'adjust', account: 'demo', amount: '5.00', reason: 'test' };
    expect((await call('POST', 'command', { args: adjust }, { cookie: cookies.support })).statusCode).toBe(
      403,
    );
    const done = await call('POST', 'command', { args: adjust }, { cookie: cookies.finance });
    expect(done.statusCode, done.body).toBe(200);
    const log = await opsCommand(t.app, { command: 'audit', action: 'adjust', limit: 10 });
    expect(log).toEqual([expect.objectContaining({ actor: 'm-finance', action: 'adjust' })]);
    expect((await opsCommand(t.app, { command: 'audit-verify' })).ok).toBe(true);
  });

  it('reloads config/ from the console as the command line does, and shows the vendors for the games page', async () => {
    const { secret } = await enrol('site-admin', 'admin');
    const { cookie } = await signIn('site-admin', secret, nextIp());
    const reload = await call('POST', 'command', { args: { command: 'reload-config' } }, { cookie });
    expect(reload.statusCode, reload.body).toBe(200);
    const log = await opsCommand(t.app, { command: 'audit', action: 'reload-config', limit: 5 });
    expect(log[0]).toMatchObject({ actor: 'site-admin', action: 'reload-config' });
    const status = await call('POST', 'command', { args: { command: 'status' } }, { cookie });
    const vendors = status.json().value.vendors as { vendor: string; maintenance: unknown }[];
    expect(vendors.length).toBeGreaterThan(0);
    for (const v of vendors) expect(v).toHaveProperty('maintenance');
  });

  it('needs a second operator for an adjustment above the merchant threshold: never the one who asked, and it runs once', async () => {
    const a = await enrol('fin-a', 'finance');
    const b = await enrol('fin-b', 'finance');
    const s = await enrol('sup-a', 'support');
    const ca = (await signIn('fin-a', a.secret, nextIp())).cookie;
    const cb = (await signIn('fin-b', b.secret, nextIp())).cookie;
    const cs = (await signIn('sup-a', s.secret, nextIp())).cookie;
    const command = (cookie: string, args: Record<string, unknown>) =>
      call('POST', 'command', { args }, { cookie });
    const adjusts = async () =>
      (await opsCommand(t.app, { command: 'audit', action: 'adjust', limit: 50 })).length as number;
    const before = await adjusts();
    // 1,000.00 is the demo threshold: at it, one operator is enough; above it, a request.
    const small = await command(ca, {
      command: 'adjust',
      account: 'demo',
      amount: '1000.00',
      reason: 'goodwill',
    });
    expect(small.json().value, small.body).toHaveProperty('transferId');
    const big = await command(ca, {
      command: 'adjust',
      account: 'demo',
      amount: '2500.00',
      reason: 'missing win',
    });
    const pending = big.json().value.pendingApproval;
    expect(pending).toMatchObject({ amount: '2500.00', requestedBy: 'fin-a' });
    expect(await adjusts()).toBe(before + 1);
    const list = (await command(cb, { command: 'approval', action: 'list' })).json().value;
    expect(list).toEqual([
      expect.objectContaining({ id: pending.id, status: 'pending', requestedBy: 'fin-a' }),
    ]);
    // The one who asked cannot approve it; a role without the command's permission cannot either.
    expect(
      (await command(ca, { command: 'approval', action: 'approve', id: pending.id })).json(),
    ).toMatchObject({
      errorCode: 'console.approval.own',
    });
    expect((await command(cs, { command: 'approval', action: 'approve', id: pending.id })).statusCode).toBe(
      403,
    );
    expect(await adjusts()).toBe(before + 1);
    // A second finance operator approves: the adjustment runs, once, under both names.
    const approved = await command(cb, { command: 'approval', action: 'approve', id: pending.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value.result).toMatchObject({ amount: '2500.00', account: 'demo' });
    expect((await command(cb, { command: 'approval', action: 'approve', id: pending.id })).statusCode).toBe(
      400,
    );
    const log = await opsCommand(t.app, { command: 'audit', action: 'adjust', limit: 1 });
    expect(log[0]).toMatchObject({ actor: 'fin-a, approved by fin-b' });
    expect(await adjusts()).toBe(before + 2);
    // A command that fails when approved (more than the balance) stays pending, nothing moved.
    const tooMuch = (
      await command(ca, { command: 'adjust', account: 'demo', amount: '-99999999.00', reason: 'error' })
    ).json().value.pendingApproval;
    expect(
      (await command(cb, { command: 'approval', action: 'approve', id: tooMuch.id })).json(),
    ).toMatchObject({
      errorCode: 'wallet.insufficient.funds',
    });
    const stillPending = (await command(cb, { command: 'approval', action: 'list' })).json().value;
    expect(stillPending).toContainEqual(expect.objectContaining({ id: tooMuch.id, status: 'pending' }));
    expect(await adjusts()).toBe(before + 2);
    // A rejected request moves nothing.
    const again = (
      await command(ca, { command: 'adjust', account: 'demo', amount: '3000.00', reason: 'bonus' })
    ).json().value.pendingApproval;
    const rejected = await command(cb, {
      command: 'approval',
      action: 'reject',
      id: again.id,
      reason: 'no ticket',
    });
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      decidedBy: 'fin-b',
      reason: 'no ticket',
    });
    expect(await adjusts()).toBe(before + 2);
    for (const bad of [
      { command: 'approval', action: 'approve' },
      { command: 'approval', action: 'approve', id: 'x' },
      { command: 'approval', action: 'reject', id: again.id },
      { command: 'approval', action: 'approve', id: 999999 },
    ])
      expect((await command(cb, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await opsCommand(t.app, { command: 'audit-verify' })).ok).toBe(true);
  });

  it('needs a second operator to pay out a withdrawal above the merchant threshold', async () => {
    const a = await enrol('pay-a', 'finance');
    const b = await enrol('pay-b', 'finance');
    const ca = (await signIn('pay-a', a.secret, nextIp())).cookie;
    const cb = (await signIn('pay-b', b.secret, nextIp())).cookie;
    const command = (cookie: string, args: Record<string, unknown>) =>
      call('POST', 'command', { args }, { cookie });
    const m = await makeMember(t, clock, 'fe');
    await givePin(t, m);
    const account = okValue<{ id: number }>(await bind(t, m, {}));
    await fund(t, m, '20000.00');
    const placed = await callEncrypted(
      t.app,
      'POST',
      routes.withdraw.path,
      { paymentPassword: PIN, accountId: account.id, amount: '12000.00', idempotencyKey: 'fe-12000' },
      { token: m.token },
    );
    const { orderNo } = okValue<{ orderNo: string }>(placed);
    const status = async () =>
      (
        (await command(cb, { command: 'withdraw', action: 'list', status: 'PENDING' })).json().value
          .orders as {
          orderNo: string;
        }[]
      ).some((o) => o.orderNo === orderNo)
        ? 'PENDING'
        : 'not pending';
    const asked = (await command(ca, { command: 'withdraw', action: 'approve', orderNo })).json().value;
    expect(asked.pendingApproval).toMatchObject({ amount: '12000.00', requestedBy: 'pay-a' });
    expect(await status()).toBe('PENDING');
    const done = await command(cb, { command: 'approval', action: 'approve', id: asked.pendingApproval.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value.result).toMatchObject({
      orderNo,
      status: 'PAID',
      reviewedBy: 'pay-a, approved by pay-b',
    });
    expect(await status()).toBe('not pending');
  });

  describe('the command line (npm run ops)', () => {
    const OPS = { 'x-ops-token': 'test-ops-token-0123456789abcdef' };
    const cli = (route: string, payload: Record<string, unknown>, ip = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: route, headers: OPS, payload, remoteAddress: ip });
    const audit = async (action: string, actor?: string) =>
      (await opsCommand(t.app, { command: 'audit', action, actor, limit: 5 })) as {
        actor: string;
        action: string;
        detail: Record<string, unknown>;
      }[];

    it('runs as a signed-in operator: its role, its four-eyes rules and its name in the audit', async () => {
      const f = await enrol('cli-fin', 'finance');
      const r = await enrol('cli-rep', 'reporting');
      const signedIn = async (name: string, secret: string) => {
        const res = await cli('/ops/sign-in', {
          merchant: DEMO_MERCHANT,
          name,
          password: PASSWORD,
          code: nextCode(secret),
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().value.token as string;
      };
      const fin = await signedIn('cli-fin', f.secret);
      const rep = await signedIn('cli-rep', r.secret);
      const run = (session: string, args: Record<string, unknown>) =>
        cli('/ops/command', { merchant: DEMO_MERCHANT, actor: 'ignored', args, session });
      // The role's permissions, as in the console: reporting may not move money.
      const refused = await run(rep, { command: 'adjust', account: 'demo', amount: '5.00', reason: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'console.forbidden' });
      const done = await run(fin, {
        command: 'adjust',
        account: 'demo',
        amount: '5.00',
        reason: 'cli goodwill',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect((await audit('adjust'))[0]).toMatchObject({
        actor: 'cli-fin',
        detail: expect.objectContaining({ reason: 'cli goodwill' }),
      });
      // Four-eyes: above the threshold the command line asks too, and cannot approve its own.
      const big = (
        await run(fin, { command: 'adjust', account: 'demo', amount: '4000.00', reason: 'cli big' })
      ).json().value.pendingApproval;
      expect(big).toMatchObject({ requestedBy: 'cli-fin', amount: '4000.00' });
      expect((await run(fin, { command: 'approval', action: 'approve', id: big.id })).json()).toMatchObject({
        errorCode: 'console.approval.own',
      });
      // Break-glass cannot approve either: a second approval needs a named operator.
      const glass = await cli('/ops/command', {
        merchant: DEMO_MERCHANT,
        actor: 'root',
        args: { command: 'approval', action: 'approve', id: big.id },
      });
      expect(glass.statusCode).toBe(400);
      expect(
        (await run(fin, { command: 'approval', action: 'reject', id: big.id, reason: 'test' })).statusCode,
      ).toBe(200);
      // Signed out (or a made-up session): refused, never run as break-glass.
      expect((await cli('/ops/sign-out', { merchant: DEMO_MERCHANT, session: fin })).statusCode).toBe(200);
      const after = await run(fin, { command: 'status' });
      expect(after.json()).toMatchObject({ errorCode: 'console.session.invalid' });
      expect((await run('x'.repeat(43), { command: 'status' })).json()).toMatchObject({
        errorCode: 'console.session.invalid',
      });
    });

    it('refuses a wrong code, bad input and any caller off the machine', async () => {
      const o = await enrol('cli-bad', 'support');
      const wrong = await cli('/ops/sign-in', {
        merchant: DEMO_MERCHANT,
        name: 'cli-bad',
        password: PASSWORD,
        code: '000000',
      });
      expect(wrong.json()).toMatchObject({ errorCode: 'console.login.failed' });
      const remote = await cli(
        '/ops/sign-in',
        { merchant: DEMO_MERCHANT, name: 'cli-bad', password: PASSWORD, code: nextCode(o.secret) },
        '198.51.100.9',
      );
      expect(remote.statusCode).toBe(401);
      for (const [route, body] of [
        ['/ops/sign-in', { merchant: DEMO_MERCHANT, name: 'cli-bad', password: PASSWORD }],
        [
          '/ops/sign-in',
          { merchant: DEMO_MERCHANT, name: 'cli-bad', password: PASSWORD, code: 'x', extra: 1 },
        ],
        ['/ops/sign-out', { merchant: DEMO_MERCHANT }],
        ['/ops/command', { merchant: DEMO_MERCHANT, actor: 'a', args: { command: 'status' }, session: 'no' }],
        ['/ops/command', { merchant: DEMO_MERCHANT, args: { command: 'status' } }],
      ] as const) {
        const res = await cli(route, body);
        expect(res.statusCode, `${route} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'ops.invalid' });
      }
      expect(
        (
          await cli('/ops/sign-in', {
            merchant: 'NOPE',
            name: 'cli-bad',
            password: PASSWORD,
            code: nextCode(o.secret),
          })
        ).json(),
      ).toMatchObject({ success: false });
    });

    it('runs without a signed-in operator only as break-glass, recorded as such', async () => {
      const res = await cli('/ops/command', {
        merchant: DEMO_MERCHANT,
        actor: 'root',
        args: { command: 'maintenance', on: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await audit('break-glass', 'break-glass:root'))[0]).toMatchObject({
        actor: 'break-glass:root',
        detail: { command: 'maintenance', action: null },
      });
      expect((await audit('maintenance'))[0]).toMatchObject({ actor: 'break-glass:root' });
      // Reads are recorded too: break-glass is never silent.
      await cli('/ops/command', {
        merchant: DEMO_MERCHANT,
        actor: 'root',
        args: { command: 'withdraw', action: 'list' },
      });
      expect((await audit('break-glass', 'break-glass:root'))[0]).toMatchObject({
        detail: { command: 'withdraw', action: 'list' },
      });
      expect((await opsCommand(t.app, { command: 'audit-verify' })).ok).toBe(true);
    });
  });
});
