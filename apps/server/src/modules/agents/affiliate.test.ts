import { envelopeSchema, failureEnvelopeSchema, type RouteDef, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';
import { type TeamMember, teamMemberMaker } from './testing.ts';

type Res = { statusCode: number; json(): unknown; body: string };
const GOOD = {
  reason: 'I run a betting community of 300 people.',
  channels: ['social', 'chat'],
  teamSize: 50,
};

/**
 * The affiliate application (AFFMAN3): a member applies once at a time, the operator approves (the
 * member becomes an agent where it stands) or rejects with a reason; the member is told either way.
 */
describe.each(engines)('affiliate application on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-08T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const add = teamMemberMaker(() => t, clock, `af${engine.slice(0, 2)}`);
  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const call = (def: RouteDef, who: TeamMember | null, body?: unknown) =>
    t.app.inject({
      method: def.method,
      url: def.path,
      headers: siteHeaders(who ? { authorization: who.token } : {}),
      remoteAddress: nextIp(),
      ...(body === undefined ? {} : { payload: body as object }),
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
  const apply = (who: TeamMember, body: unknown = GOOD) => call(routes.applyAffiliate, who, body);
  const status = async (who: TeamMember) =>
    ok(routes.affiliateApplication, await call(routes.affiliateApplication, who));
  const ops = (args: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: DEMO_MERCHANT, actor: 'test', args },
      remoteAddress: '127.0.0.1',
    });
  const applications = async (memberId: number) =>
    Number(
      (
        await raw<{ n: string }>('SELECT count(*)::text AS n FROM agent_applications WHERE member_id = $1', [
          memberId,
        ])
      )[0]!.n,
    );
  const member = async (id: number) =>
    (
      await raw<{ type: number; path: string; upline_id: string }>(
        'SELECT type, path, upline_id::text AS upline_id FROM members WHERE id = $1',
        [id],
      )
    )[0]!;
  const messages = (id: number) =>
    raw<{ title: string; body: string }>(
      'SELECT title, body FROM support_messages WHERE member_id = $1 ORDER BY id',
      [id],
    );

  it('lets a member apply once at a time; the operator approves and the member becomes an agent where it stands', async () => {
    const agent = await add('afa', 2, null);
    const m = await add('afm', 0, agent.account);
    expect(await status(m)).toEqual({ application: null, isAgent: false, canApply: true });

    const sent = ok(routes.applyAffiliate, await apply(m));
    expect(sent).toMatchObject({
      status: 'pending',
      channels: ['social', 'chat'],
      teamSize: 50,
      decisionReason: null,
    });
    expect(await status(m)).toMatchObject({
      application: { id: sent.id, status: 'pending' },
      canApply: false,
    });
    // One open application at a time.
    fails(await apply(m), 409, 'affiliate.application.pending');
    expect(await applications(m.id)).toBe(1);
    // Not an agent yet: the agent centre refuses it.
    fails(await call(routes.teamOverview, m), 403, 'agent.only');

    const listed = await opsCommand(t.app, { command: 'affiliate', action: 'list', status: 'pending' });
    expect(listed.applications).toContainEqual(expect.objectContaining({ id: sent.id, account: m.account }));

    const before = await member(m.id);
    const approved = await opsCommand(t.app, { command: 'affiliate', action: 'approve', id: sent.id });
    // Under an agent, it becomes an agent of its upline's type, in the same place of the tree.
    expect(approved).toMatchObject({
      id: sent.id,
      status: 'approved',
      agentType: 2,
      decidedBy: 'break-glass:test',
    });
    const after = await member(m.id);
    expect(after).toEqual({ ...before, type: 2 });
    expect(await status(m)).toMatchObject({
      application: { status: 'approved' },
      isAgent: true,
      canApply: false,
    });
    expect(ok(routes.teamOverview, await call(routes.teamOverview, m)).teamSize).toBe(1);
    expect((await messages(m.id)).at(-1)?.title).toMatch(/approved/);
    const [audit] = await raw<{ before: unknown; after: unknown }>(
      "SELECT before_state AS before, after_state AS after FROM ops_audit WHERE action = 'affiliate.approve' ORDER BY seq DESC LIMIT 1",
    );
    expect(audit).toMatchObject({ before: { type: 0 }, after: { type: 2 } });

    // Approving (or rejecting) twice changes nothing.
    fails(
      await ops({ command: 'affiliate', action: 'approve', id: sent.id }),
      409,
      'affiliate.application.reviewed',
    );
    fails(
      await ops({ command: 'affiliate', action: 'reject', id: sent.id, reason: 'late' }),
      409,
      'affiliate.application.reviewed',
    );
    expect((await messages(m.id)).length).toBe(1);
    // An agent cannot apply.
    fails(await apply(m), 409, 'affiliate.already.agent');
  });

  it('gives a member under the house the brand first agent type; a rejection tells the reason and allows a new application', async () => {
    const m = await add('afh', 0, null);
    const first = ok(routes.applyAffiliate, await apply(m));
    fails(await ops({ command: 'affiliate', action: 'reject', id: first.id }), 400, 'ops.invalid');
    const rejected = await opsCommand(t.app, {
      command: 'affiliate',
      action: 'reject',
      id: first.id,
      reason: 'No channel given',
    });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'No channel given' });
    expect(await status(m)).toMatchObject({
      application: { status: 'rejected', decisionReason: 'No channel given' },
      isAgent: false,
      canApply: true,
    });
    expect((await messages(m.id)).at(-1)?.body).toContain('No channel given');
    expect((await member(m.id)).type).toBe(0);

    const second = ok(routes.applyAffiliate, await apply(m));
    await opsCommand(t.app, { command: 'affiliate', action: 'approve', id: second.id });
    expect((await member(m.id)).type).toBe(1);
    fails(
      await ops({ command: 'affiliate', action: 'approve', id: 999_999 }),
      404,
      'affiliate.application.unknown',
    );
  });

  it.each([
    [{}],
    [{ ...GOOD, reason: 'short' }],
    [{ ...GOOD, reason: 'x'.repeat(501) }],
    [{ ...GOOD, channels: [] }],
    [{ ...GOOD, channels: ['social', 'social'] }],
    [{ ...GOOD, channels: ['radio'] }],
    [{ ...GOOD, teamSize: 0 }],
    [{ ...GOOD, teamSize: 1.5 }],
    [{ ...GOOD, teamSize: 100_001 }],
    [{ ...GOOD, extra: 1 }],
  ])('refuses bad input %j with a 4xx envelope, storing nothing', async (body) => {
    const m = await add('afb', 0, null);
    const res = await apply(m, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(failureEnvelopeSchema.parse(res.json()).success).toBe(false);
    expect(await applications(m.id)).toBe(0);
  });

  it('refuses a visitor, a trial account, and everything while AFFMAN3 is off', async () => {
    fails(await call(routes.applyAffiliate, null, GOOD), 401, 'user.or.token.invalid');
    // A trial account (type 4 in the demo brand) cannot sign in with a password: made one after.
    const trial = await add('aft', 0, null);
    await raw('UPDATE members SET type = 4 WHERE id = $1', [trial.id]);
    fails(await apply(trial), 403, 'trial.forbidden');
    expect((await status(trial)).canApply).toBe(false);
    expect(await applications(trial.id)).toBe(0);

    const m = await add('afo', 0, null);
    await setFeature(t.app, 'AFFMAN3', false);
    try {
      fails(await apply(m), 403, 'feature.disabled');
      fails(await call(routes.affiliateApplication, m), 403, 'feature.disabled');
      expect(await applications(m.id)).toBe(0);
    } finally {
      await setFeature(t.app, 'AFFMAN3', true);
    }
  });

  it('lets only an operator with agents.write approve or reject', async () => {
    const m = await add('afp', 0, null);
    const sent = ok(routes.applyAffiliate, await apply(m));
    const support = await signedInOperator(t, clock, `aff-sup-${engine}`, 'support');
    const refused = await consoleCall(
      t,
      'command',
      { args: { command: 'affiliate', action: 'approve', id: sent.id } },
      support,
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await status(m)).application?.status).toBe('pending');
    expect((await member(m.id)).type).toBe(0);
    const admin = await signedInOperator(t, clock, `aff-adm-${engine}`, 'admin');
    const done = await consoleCall(
      t,
      'command',
      { args: { command: 'affiliate', action: 'reject', id: sent.id, reason: 'Not now' } },
      admin,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await status(m)).application).toMatchObject({ status: 'rejected', decisionReason: 'Not now' });
  });
});
