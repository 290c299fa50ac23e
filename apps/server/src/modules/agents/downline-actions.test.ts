import { envelopeSchema, failureEnvelopeSchema, type RouteDef, routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  loginAs,
  nextIp,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { walletOf } from '../vendor/testing/helpers.ts';
import { checkLedger } from '../wallet/index.ts';
import { TEAM_PASSWORD, teamMemberMaker } from './testing.ts';

const PASSWORD = TEAM_PASSWORD;
const PAY = '246810';
const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/**
 * Downline management's actions (DOWNMAN): enable/disable, password reset, notes, a message, and
 * recall from a direct downline's main wallet; only inside the agent's own subtree.
 */
describe.each(engines)('downline actions on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-10T04:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const _db = () => t.db.database.db;
  let seq = 0;
  const add = teamMemberMaker(() => t, clock, `d${engine.slice(0, 2)}`, PAY);
  const post = (def: RouteDef, token: string, body: unknown) =>
    def.encrypted
      ? callEncrypted(t.app, 'POST', def.path, body, { token })
      : t.app.inject({
          method: 'POST',
          url: def.path,
          headers: siteHeaders({ authorization: token }),
          payload: body as object,
          remoteAddress: nextIp(),
        });
  const get = (def: RouteDef, token: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${def.path}${query}`,
      headers: siteHeaders({ authorization: token }),
      remoteAddress: nextIp(),
    });
  const ok = <T>(def: RouteDef & { response: { parse(v: unknown): T } }, res: Res): T => {
    if (res.statusCode !== 200) throw new Error(`${def.path}: ${res.statusCode} ${res.body}`);
    const parsed = envelopeSchema(def.response).parse(res.json());
    if (!parsed.success) throw new Error(res.body);
    return parsed.value as T;
  };
  const fails = (res: Res, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const me = (who: Who) =>
    t.app.inject({
      method: 'GET',
      url: routes.uplineInfo.path,
      headers: siteHeaders({ authorization: who.token }),
      remoteAddress: nextIp(),
    });
  const rows = <T>(sql: string, params: unknown[]) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const snapshot = async () =>
    (
      await rows<{ s: string }>(
        `SELECT (SELECT count(*) FROM agent_downline_notes)::text || '/' ||
                (SELECT count(*) FROM support_messages)::text || '/' ||
                (SELECT count(*) FROM ledger_transfers)::text || '/' ||
                (SELECT string_agg(status || coalesce(password_hash, ''), ',' ORDER BY id) FROM members) AS s`,
        [],
      )
    )[0]!.s;

  // A → Ap (player), A → A1 (agent) → A1p; B → Bp.
  let A: Who;
  let Ap: Who;
  let A1: Who;
  let A1p: Who;
  let Bp: Who;
  beforeAll(async () => {
    A = await add('ag', AGENT, null);
    Ap = await add('pl', 0, A.account);
    A1 = await add('sub', AGENT, A.account);
    A1p = await add('pl', 0, A1.account);
    const B = await add('ag', AGENT, null);
    Bp = await add('pl', 0, B.account);
    for (const m of [Ap, A1p, Bp]) {
      await opsCommand(t.app, { command: 'adjust', account: m.account, amount: '50.00', reason: 'test' });
    }
  });

  it('disables a downline anywhere in the team (its sessions end) and enables it again', async () => {
    const off = ok(
      routes.setDownlineStatus,
      await post(routes.setDownlineStatus, A.token, { account: A1p.account, status: 'disabled' }),
    );
    expect(off).toEqual({ account: A1p.account, status: 'disabled' });
    expect((await me(A1p)).statusCode).toBe(401);
    await expect(loginAs(t.app, A1p.account, PASSWORD)).rejects.toThrow();
    const audit = await rows<{ actor: string; action: string }>(
      `SELECT actor, action FROM ops_audit WHERE action = 'agent-downline-status' ORDER BY seq DESC LIMIT 1`,
      [],
    );
    expect(audit[0]).toEqual({ actor: `agent:${A.account}`, action: 'agent-downline-status' });
    ok(
      routes.setDownlineStatus,
      await post(routes.setDownlineStatus, A.token, { account: A1p.account, status: 'active' }),
    );
    A1p.token = (await loginAs(t.app, A1p.account, PASSWORD)).token;
  });

  it('resets a downline’s password: a one-time password, a forced change, sessions ended, a message', async () => {
    const reset = ok(
      routes.resetDownlinePassword,
      await post(routes.resetDownlinePassword, A.token, { account: Ap.account }),
    );
    expect(reset.oneTimePassword).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await me(Ap)).statusCode).toBe(401);
    await expect(loginAs(t.app, Ap.account, PASSWORD)).rejects.toThrow();
    const login = await loginAs(t.app, Ap.account, reset.oneTimePassword);
    expect(login.forceChangePassword).toBe(true);
    Ap.token = login.token;
    const [message] = await rows<{ title: string; sent_by: string }>(
      `SELECT title, sent_by FROM support_messages WHERE member_id = $1 AND sent_by LIKE 'agent:%' ORDER BY id DESC`,
      [Ap.id],
    );
    expect(message).toEqual({ title: 'Password reset', sent_by: `agent:${A.account}` });
  });

  it('refuses a password reset for a member with a second factor', async () => {
    await rows(
      `INSERT INTO member_two_factor (member_id, merchant_code, secret_sealed, created_at, confirmed_at)
       VALUES ($1, $2, 'sealed', now(), now())`,
      [A1p.id, DEMO_MERCHANT],
    );
    const before = await snapshot();
    fails(
      await post(routes.resetDownlinePassword, A.token, { account: A1p.account }),
      409,
      'agent.downline.second.factor',
    );
    expect(await snapshot()).toBe(before);
  });

  it('keeps the agent’s own notes on a downline, and sends a downline a message', async () => {
    ok(
      routes.addDownlineNote,
      await post(routes.addDownlineNote, A.token, { account: Ap.account, body: 'VIP soon' }),
    );
    const notes = ok(
      routes.downlineNotes,
      await get(routes.downlineNotes, A.token, `?account=${Ap.account}`),
    );
    expect(notes.map((n) => n.body)).toEqual(['VIP soon']);
    // Another agent's notes on the same member are its own (A1 cannot even name Ap).
    fails(await get(routes.downlineNotes, A1.token, `?account=${Ap.account}`), 403, 'transfer.not.downline');
    const sent = ok(
      routes.messageDownline,
      await post(routes.messageDownline, A.token, {
        account: A1p.account,
        title: 'Hello',
        body: 'Welcome aboard',
      }),
    );
    const [row] = await rows<{ member_id: string; body: string }>(
      'SELECT member_id::text, body FROM support_messages WHERE id = $1',
      [sent.id],
    );
    expect(row).toEqual({ member_id: String(A1p.id), body: 'Welcome aboard' });
  });

  it('recalls from a direct downline’s main wallet with the payment password, shown in the member’s record and audited', async () => {
    const before = [await walletOf(t, A.id), await walletOf(t, Ap.id)];
    const receipt = ok(
      routes.recallFromDownline,
      await post(routes.recallFromDownline, A.token, {
        account: Ap.account,
        amount: '20.00',
        paymentPassword: PAY,
        idempotencyKey: `recall-${engine}`,
      }),
    );
    expect(receipt).toMatchObject({ amount: '20.00', txTypeId: TX_TYPE.agentTransfer });
    expect([await walletOf(t, A.id), await walletOf(t, Ap.id)]).toEqual([
      before[0]! + 2000n,
      before[1]! - 2000n,
    ]);
    // A retry with the same key moves nothing again.
    ok(
      routes.recallFromDownline,
      await post(routes.recallFromDownline, A.token, {
        account: Ap.account,
        amount: '20.00',
        paymentPassword: PAY,
        idempotencyKey: `recall-${engine}`,
      }),
    );
    expect(await walletOf(t, Ap.id)).toBe(before[1]! - 2000n);
    const [memo] = await rows<{ memo: string }>('SELECT memo FROM ledger_transfers WHERE id = $1', [
      receipt.transferId,
    ]);
    expect(memo!.memo).toBe(`recall by agent ${A.account} from ${Ap.account}`);
    const [audit] = await rows<{ before: unknown; after: unknown }>(
      `SELECT before_state AS before, after_state AS after FROM ops_audit
        WHERE action = 'agent-downline-recall' ORDER BY seq DESC LIMIT 1`,
      [],
    );
    expect(audit).toMatchObject({ before: { balance: '50.00' }, after: { balance: '30.00' } });
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });

  it('refuses a recall from a deeper downline, a wrong payment password and a short balance, moving nothing', async () => {
    const before = await snapshot();
    const body = { amount: '1.00', paymentPassword: PAY, idempotencyKey: `r2-${engine}` };
    fails(
      await post(routes.recallFromDownline, A.token, { ...body, account: A1p.account }),
      403,
      'transfer.not.downline',
    );
    fails(
      await post(routes.recallFromDownline, A.token, {
        ...body,
        account: Ap.account,
        paymentPassword: '999999',
      }),
      400,
      'payment.password.invalid',
    );
    fails(
      await post(routes.recallFromDownline, A.token, { ...body, account: Ap.account, amount: '999.00' }),
      400,
      'wallet.insufficient.funds',
    );
    expect(await snapshot()).toBe(before);
  });

  it('never acts outside the agent’s own subtree, refuses members and a switched-off key', async () => {
    const before = await snapshot();
    const calls = (token: string, target: Who) => [
      post(routes.setDownlineStatus, token, { account: target.account, status: 'disabled' }),
      post(routes.resetDownlinePassword, token, { account: target.account }),
      get(routes.downlineNotes, token, `?account=${target.account}`),
      post(routes.addDownlineNote, token, { account: target.account, body: 'x' }),
      post(routes.messageDownline, token, { account: target.account, title: 'x', body: 'x' }),
      post(routes.recallFromDownline, token, {
        account: target.account,
        amount: '1.00',
        paymentPassword: PAY,
        idempotencyKey: `out-${engine}-${++seq}`,
      }),
    ];
    // A1 on its upline, its upline's other downline, another team's member, and itself.
    for (const target of [A, Ap, Bp, A1]) {
      for (const res of await Promise.all(calls(A1.token, target))) fails(res, 403, 'transfer.not.downline');
    }
    for (const res of await Promise.all(calls(Ap.token, Bp))) fails(res, 403, 'agent.only');
    await setFeature(t.app, 'DOWNMAN', false);
    try {
      for (const res of await Promise.all(calls(A.token, Ap))) fails(res, 403, 'feature.disabled');
    } finally {
      await setFeature(t.app, 'DOWNMAN', true);
    }
    expect(await snapshot()).toBe(before);
  });

  it.each([
    [routes.setDownlineStatus, { account: 'x', status: 'frozen' }],
    [routes.setDownlineStatus, { status: 'active' }],
    [routes.resetDownlinePassword, { account: '' }],
    [routes.resetDownlinePassword, { account: 'x', password: 'mine' }],
    [routes.addDownlineNote, { account: 'x', body: '' }],
    [routes.addDownlineNote, { account: 'x', body: 'y'.repeat(1001) }],
    [routes.messageDownline, { account: 'x', title: '', body: 'b' }],
    [routes.recallFromDownline, { account: 'x', amount: '-1', paymentPassword: PAY, idempotencyKey: 'k1' }],
    [routes.recallFromDownline, { account: 'x', amount: '1.00', idempotencyKey: 'k2' }],
  ] as [RouteDef, unknown][])(
    'refuses bad input to %s with a 4xx envelope, changing nothing',
    async (def, body) => {
      const before = await snapshot();
      const res = await post(def, A.token, body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(failureEnvelopeSchema.parse(res.json()).success).toBe(false);
      expect(await snapshot()).toBe(before);
    },
  );
});
