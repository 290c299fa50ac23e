import { envelopeSchema, failureEnvelopeSchema, type RouteDef, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  lastCodeSent,
  loginAs,
  nextIp,
  opsCommand,
  setFeature,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findByAccount, insertMember } from '../accounts/index.ts';

const PASSWORD = 'Quiet-River-42';
const AGENT = 1;
type Res = { statusCode: number; json(): unknown; body: string };
type Who = { id: number; account: string; token: string };

/**
 * The agent centre's calls (team overview, downlines, opening a downline, registration links):
 * each answers only about the caller's own subtree, refuses members and switched-off keys, and
 * refuses bad input with a 4xx envelope, storing nothing.
 */
describe.each(engines)('agent centre on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-10T04:00:00Z')); // 12:00 in GMT+8
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const db = () => t.db.database.db;
  let seq = 0;
  const add = async (
    prefix: string,
    type: number,
    upline: string | null,
    extra: { mobile?: string; email?: string } = {},
  ) => {
    const account = `${prefix}${++seq}x${engine.slice(0, 2)}`;
    await insertMember(db(), {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      upline: upline ? await findByAccount(db(), DEMO_MERCHANT, upline) : null,
      passwordHash: await hashPassword(PASSWORD),
      mobile: extra.mobile ?? null,
      email: extra.email ?? null,
      profile: { payeeName: 'Juan Dela Cruz' },
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const s = await loginAs(t.app, account, PASSWORD);
    return { id: s.id, account, token: s.token };
  };

  const call = (def: RouteDef, token: string | null, opts: { query?: string; body?: unknown } = {}) =>
    t.app.inject({
      method: def.method,
      url: `${def.path}${opts.query ?? ''}`,
      headers: siteHeaders(token ? { authorization: token } : {}),
      remoteAddress: nextIp(),
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
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
  const countRows = async (table: 'members' | 'agent_links') =>
    Number(
      (
        await t.db.database.rawTransaction((tx) =>
          tx.rows<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`),
        )
      )[0]!.n,
    );

  // A (top agent) → A1 (agent) → A1p (player); A → Ap (player). B (another top agent) → Bp.
  let A: Who;
  let A1: Who;
  let A1p: Who;
  let Ap: Who;
  let B: Who;
  let Bp: Who;
  beforeAll(async () => {
    A = await add('ag', AGENT, null);
    A1 = await add('sub', AGENT, A.account);
    A1p = await add('pl', 0, A1.account, { mobile: '+639171110001', email: 'leaf.player@example.com' });
    Ap = await add('pl', 0, A.account);
    B = await add('ag', AGENT, null);
    Bp = await add('pl', 0, B.account);
    await opsCommand(t.app, { command: 'adjust', account: Ap.account, amount: '100.00', reason: 'test' });
    await opsCommand(t.app, { command: 'adjust', account: A1p.account, amount: '25.50', reason: 'test' });
    await opsCommand(t.app, { command: 'adjust', account: Bp.account, amount: '999.00', reason: 'test' });
  });

  describe('the tree', () => {
    it('hangs top agents under the house node, which never signs in', async () => {
      const a = (await findByAccount(db(), DEMO_MERCHANT, A.account))!;
      const a1p = (await findByAccount(db(), DEMO_MERCHANT, A1p.account))!;
      const [house] = await t.db.database.rawTransaction((tx) =>
        tx.rows<{ id: string; path: string; kind: string }>(
          'SELECT id::text, path, kind FROM members WHERE id = $1',
          [a.uplineId],
        ),
      );
      expect(house).toMatchObject({ kind: 'house', path: `/${house!.id}/` });
      expect(a).toMatchObject({ depth: 1, path: `/${house!.id}/${a.id}/` });
      expect(a1p).toMatchObject({ depth: 3, path: `${a.path}${A1.id}/${a1p.id}/` });
      const login = await callEncrypted(t.app, 'POST', routes.login.path, {
        type: 'username',
        username: '~house',
        password: 'x',
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
      expect(login.body).not.toContain('token');
    });

    it('shows no upline to transfer to where the upline is the house', async () => {
      const info = ok(routes.uplineInfo, await call(routes.uplineInfo, A.token));
      expect(info.upline).toBeNull();
      expect(ok(routes.uplineInfo, await call(routes.uplineInfo, A1.token)).upline?.account).toBe(A.account);
    });
  });

  describe('team overview', () => {
    it('counts the team, the direct downlines, today’s sign-ups and sign-ins, and the balance', async () => {
      const v = ok(routes.teamOverview, await call(routes.teamOverview, A.token));
      expect(v).toMatchObject({ teamSize: 4, directCount: 2, teamBalance: '125.50', utcOffset: '+08:00' });
      expect(v.today).toMatchObject({ registrations: 3, logins: 4, firstDeposits: 0, firstBets: 0 });
      expect(v.yesterday).toEqual({ registrations: 0, firstDeposits: 0, firstBets: 0, logins: 0 });
      expect(v.thisMonth.registrations).toBe(3);
      expect(v.onlineNow).toBe(4);
      const sub = ok(routes.teamOverview, await call(routes.teamOverview, A1.token));
      expect(sub).toMatchObject({ teamSize: 2, directCount: 1, teamBalance: '25.50' });
    });

    it('moves today into yesterday when the business day turns (GMT+8)', async () => {
      const at = clock.now();
      clock.set(Date.parse('2026-03-10T16:00:00Z')); // 00:00 on the 11th in GMT+8
      try {
        const { token } = await loginAs(t.app, A.account, PASSWORD);
        const v = ok(routes.teamOverview, await call(routes.teamOverview, token));
        expect(v.today.registrations).toBe(0);
        expect(v.yesterday.registrations).toBe(3);
      } finally {
        clock.set(at);
      }
    });
  });

  describe('downline list', () => {
    it('lists every level below the agent with team size and balance, contact details masked', async () => {
      const v = ok(routes.teamMembers, await call(routes.teamMembers, A.token));
      expect(v.total).toBe(3);
      const byAccount = Object.fromEntries(v.content.map((r) => [r.account, r]));
      expect(Object.keys(byAccount).sort()).toEqual([A1.account, A1p.account, Ap.account].sort());
      expect(byAccount[A1.account]).toMatchObject({
        level: 1,
        type: 'agent',
        teamSize: 2,
        teamBalance: '25.50',
        upline: A.account,
      });
      expect(byAccount[A1p.account]).toMatchObject({
        level: 2,
        type: 'player',
        balance: '25.50',
        teamSize: 1,
        upline: A1.account,
        mobile: '+639******001',
        email: 'le***@example.com',
        realName: 'J*************',
      });
      expect(byAccount[A1p.account]!.lastLoginAt).toBe(clock.now());
      expect(JSON.stringify(v)).not.toContain('leaf.player@');
    });

    it('filters by account, level, type, balance, last sign-in and registration', async () => {
      const q = async (query: string) =>
        ok(routes.teamMembers, await call(routes.teamMembers, A.token, { query }))
          .content.map((r) => r.account)
          .sort();
      expect(await q('?level=1')).toEqual([A1.account, Ap.account].sort());
      expect(await q('?level=2')).toEqual([A1p.account]);
      expect(await q('?type=agent')).toEqual([A1.account]);
      expect(await q(`?account=${A1p.account.slice(0, 3).toUpperCase()}`)).toEqual([A1p.account]);
      expect(await q('?balanceMin=50')).toEqual([Ap.account]);
      expect(await q('?balanceMin=20&balanceMax=30')).toEqual([A1p.account]);
      expect(await q(`?registeredFrom=${clock.now() + 1}`)).toEqual([]);
      expect(
        await q(`?lastLoginFrom=${clock.now() - MINUTE_MS}&lastLoginTo=${clock.now()}&size=1&page=1`),
      ).toHaveLength(1);
    });
  });

  describe('opening a downline', () => {
    it('opens a player under the agent with a one-time password that must be changed', async () => {
      const account = `direct${engine.slice(0, 2)}1`;
      const v = ok(
        routes.registerDownline,
        await call(routes.registerDownline, A1.token, { body: { account, type: 'player' } }),
      );
      expect(v).toMatchObject({ account, type: 'player' });
      const row = (await findByAccount(db(), DEMO_MERCHANT, account))!;
      expect(row).toMatchObject({ uplineId: A1.id, type: 0, depth: 3, passwordChangeRequired: true });
      expect(row.path.endsWith(`/${A1.id}/${row.id}/`)).toBe(true);
      expect(JSON.stringify(row)).not.toContain(v.oneTimePassword);
      const login = await loginAs(t.app, account, v.oneTimePassword);
      expect(login.forceChangePassword).toBe(true);
    });

    it('opens an agent of the agent’s own type', async () => {
      const account = `direct${engine.slice(0, 2)}2`;
      ok(
        routes.registerDownline,
        await call(routes.registerDownline, A.token, { body: { account, type: 'agent', nickname: 'Sub' } }),
      );
      expect((await findByAccount(db(), DEMO_MERCHANT, account))!).toMatchObject({
        type: AGENT,
        uplineId: A.id,
        nickname: 'Sub',
      });
    });
  });

  describe('registration links', () => {
    let mobileSeq = 5000;
    const registerWith = async (code: string) => {
      mobileSeq += 1;
      const national = `0917222${mobileSeq}`;
      clock.advance(2 * SECOND_MS);
      const sms = await t.app.inject({
        method: 'POST',
        url: routes.smsNoLogin.path,
        headers: siteHeaders(),
        payload: { purpose: 'register', mobileNum: national, countryDialingCode: '63' },
        remoteAddress: nextIp(),
      });
      expect(sms.statusCode, sms.body).toBe(200);
      const username = `link${engine.slice(0, 2)}${mobileSeq}`;
      const res = await callEncrypted(t.app, 'PUT', routes.register.path, {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        mobileNum: national,
        countryDialingCode: '63',
        verificationCode: await lastCodeSent(t, `+63917222${mobileSeq}`),
        agreeTerms: true,
        registerMethod: 'WEB',
        affiliateCode: code,
        domain: 'aurum.example',
        login: false,
      });
      return { res, username };
    };

    it('creates, lists and deletes links; a sign-up with one lands under the agent and is counted', async () => {
      const link = ok(
        routes.createAgentLink,
        await call(routes.createAgentLink, A1.token, { body: { memberType: 'player', validity: '7d' } }),
      );
      expect(link).toMatchObject({
        memberType: 'player',
        validity: '7d',
        expiresAt: clock.now() + 7 * 86_400_000,
        signups: 0,
        expired: false,
      });
      expect(link.code).toMatch(/^[A-Z2-9]{8}$/);
      const check = await call(routes.affiliateCheck, null, { query: `?code=${link.code.toLowerCase()}` });
      expect(check.statusCode, check.body).toBe(200);

      const { res, username } = await registerWith(link.code.toLowerCase());
      expect(res.statusCode, res.body).toBe(200);
      const row = (await findByAccount(db(), DEMO_MERCHANT, username))!;
      const a1 = (await findByAccount(db(), DEMO_MERCHANT, A1.account))!;
      expect(row).toMatchObject({
        uplineId: A1.id,
        type: 0,
        depth: a1.depth + 1,
        path: `${a1.path}${row.id}/`,
      });

      const agentLink = ok(
        routes.createAgentLink,
        await call(routes.createAgentLink, A1.token, { body: { memberType: 'agent', validity: 'none' } }),
      );
      expect(agentLink.expiresAt).toBeNull();
      const second = await registerWith(agentLink.code);
      expect(second.res.statusCode, second.res.body).toBe(200);
      expect((await findByAccount(db(), DEMO_MERCHANT, second.username))!).toMatchObject({
        type: AGENT,
        uplineId: A1.id,
      });

      const listed = ok(routes.agentLinks, await call(routes.agentLinks, A1.token));
      expect(listed.map((l) => [l.code, l.signups])).toEqual([
        [agentLink.code, 1],
        [link.code, 1],
      ]);
      ok(routes.deleteAgentLink, await call(routes.deleteAgentLink, A1.token, { query: `?id=${link.id}` }));
      expect(ok(routes.agentLinks, await call(routes.agentLinks, A1.token)).map((l) => l.id)).toEqual([
        agentLink.id,
      ]);
      // A deleted link is the invitation-code error, at the check and at registration.
      fails(
        await call(routes.affiliateCheck, null, { query: `?code=${link.code}` }),
        400,
        'affiliate.invalid',
      );
      const after = await registerWith(link.code);
      fails(after.res, 400, 'affiliate.invalid');
      expect(failureEnvelopeSchema.parse(after.res.json())).toMatchObject({
        details: { affiliateCode: 'invalid_invitation_code' },
      });
    });

    it('refuses an expired link as an invalid invitation code', async () => {
      const link = ok(
        routes.createAgentLink,
        await call(routes.createAgentLink, A.token, { body: { memberType: 'player', validity: '1d' } }),
      );
      const at = clock.now();
      clock.advance(86_400_000);
      try {
        // A day later the old session is idle: sign in again.
        const { token } = await loginAs(t.app, A.account, PASSWORD);
        expect(
          ok(routes.agentLinks, await call(routes.agentLinks, token)).find((l) => l.id === link.id)?.expired,
        ).toBe(true);
        const before = await countRows('members');
        fails((await registerWith(link.code)).res, 400, 'affiliate.invalid');
        expect(await countRows('members')).toBe(before);
      } finally {
        clock.set(at);
      }
    });
  });

  describe('who may call', () => {
    const everyCall = (token: string, sibling: { linkId: number }) => [
      call(routes.teamOverview, token),
      call(routes.teamMembers, token),
      call(routes.registerDownline, token, { body: { account: `nope${++seq}`, type: 'player' } }),
      call(routes.agentLinks, token),
      call(routes.createAgentLink, token, { body: { memberType: 'player', validity: 'none' } }),
      call(routes.deleteAgentLink, token, { query: `?id=${sibling.linkId}` }),
    ];

    it('never shows or touches anything outside the agent’s own subtree', async () => {
      const bLink = ok(
        routes.createAgentLink,
        await call(routes.createAgentLink, B.token, { body: { memberType: 'player', validity: '30d' } }),
      );
      const aLink = ok(
        routes.createAgentLink,
        await call(routes.createAgentLink, A.token, { body: { memberType: 'player', validity: '30d' } }),
      );
      const outsiders = [A.account, Ap.account, B.account, Bp.account];
      // A1, a sub-agent: its overview counts only its own team.
      const ov = ok(routes.teamOverview, await call(routes.teamOverview, A1.token));
      expect(ov.teamBalance).not.toBe('999.00');
      // Its list never names its upline, its upline's other downlines or another agent's team,
      // whatever the filter asks for.
      for (const query of [
        '',
        '?level=1',
        '?type=agent',
        '?balanceMin=500',
        `?account=${B.account}`,
        `?account=${A.account}`,
      ]) {
        const names = ok(routes.teamMembers, await call(routes.teamMembers, A1.token, { query })).content.map(
          (r) => r.account,
        );
        for (const o of outsiders) expect(names).not.toContain(o);
      }
      // B's list never names A's team.
      const bNames = ok(
        routes.teamMembers,
        await call(routes.teamMembers, B.token, { query: '?size=100' }),
      ).content.map((r) => r.account);
      expect(bNames).toEqual([Bp.account]);
      // Links: A1 sees only its own; deleting A's (its upline's) or B's (a sibling's) link is unknown and changes nothing.
      const a1Links = ok(routes.agentLinks, await call(routes.agentLinks, A1.token)).map((l) => l.id);
      expect(a1Links).not.toContain(aLink.id);
      expect(a1Links).not.toContain(bLink.id);
      fails(
        await call(routes.deleteAgentLink, A1.token, { query: `?id=${aLink.id}` }),
        404,
        'agent.link.unknown',
      );
      fails(
        await call(routes.deleteAgentLink, A.token, { query: `?id=${bLink.id}` }),
        404,
        'agent.link.unknown',
      );
      expect(ok(routes.agentLinks, await call(routes.agentLinks, B.token)).map((l) => l.id)).toContain(
        bLink.id,
      );
      // A downline opened by A1 always lands under A1.
      const opened = ok(
        routes.registerDownline,
        await call(routes.registerDownline, A1.token, {
          body: { account: `mine${engine.slice(0, 2)}`, type: 'player' },
        }),
      );
      expect((await findByAccount(db(), DEMO_MERCHANT, opened.account))!.uplineId).toBe(A1.id);
    });

    it('refuses a member who is not an agent every call, storing nothing', async () => {
      const before = [await countRows('members'), await countRows('agent_links')];
      for (const res of await Promise.all(everyCall(Ap.token, { linkId: 1 }))) fails(res, 403, 'agent.only');
      for (const res of await Promise.all(everyCall('', { linkId: 1 }))) expect(res.statusCode).toBe(401);
      expect([await countRows('members'), await countRows('agent_links')]).toEqual(before);
    });

    it('refuses every call whose feature key is off, storing nothing', async () => {
      const keys: [string, [RouteDef, { query?: string; body?: unknown }][]][] = [
        ['AGEINFO3', [[routes.teamOverview, {}]]],
        ['DOWNMAN', [[routes.teamMembers, {}]]],
        [
          'REGCEN',
          [
            [routes.registerDownline, { body: { account: 'offkey1', type: 'player' } }],
            [routes.agentLinks, {}],
            [routes.createAgentLink, { body: { memberType: 'player', validity: 'none' } }],
            [routes.deleteAgentLink, { query: '?id=1' }],
          ],
        ],
      ];
      for (const [key, defs] of keys) {
        await setFeature(t.app, key, false);
        try {
          const before = [await countRows('members'), await countRows('agent_links')];
          for (const [def, opts] of defs) fails(await call(def, A.token, opts), 403, 'feature.disabled');
          expect([await countRows('members'), await countRows('agent_links')]).toEqual(before);
          // AGEINFO3 is the agent centre's root key (its children go with it); a child key alone
          // leaves the other calls answering.
          if (key !== 'AGEINFO3') expect((await call(routes.teamOverview, A.token)).statusCode).toBe(200);
          if (key === 'REGCEN') expect((await call(routes.teamMembers, A.token)).statusCode).toBe(200);
        } finally {
          await setFeature(t.app, key, true);
        }
      }
    });
  });

  describe('bad input', () => {
    const bad: [RouteDef, { query?: string; body?: unknown }][] = [
      [routes.teamOverview, { query: '?x=1' }],
      [routes.teamMembers, { query: '?level=0' }],
      [routes.teamMembers, { query: '?type=boss' }],
      [routes.teamMembers, { query: '?balanceMin=-1' }],
      [routes.teamMembers, { query: '?balanceMin=1.001' }],
      [routes.teamMembers, { query: '?balanceMin=10&balanceMax=5' }],
      [routes.teamMembers, { query: '?registeredFrom=20&registeredTo=10' }],
      [routes.teamMembers, { query: '?lastLoginFrom=abc' }],
      [routes.teamMembers, { query: '?size=1000' }],
      [routes.teamMembers, { query: '?path=/1/' }],
      [routes.registerDownline, { body: { account: 'okname1', type: 'boss' } }],
      [routes.registerDownline, { body: { account: '', type: 'player' } }],
      [routes.registerDownline, { body: { account: 'okname2', type: 'player', upline: 1 } }],
      [routes.registerDownline, { body: { account: '1bad!', type: 'player' } }],
      [routes.registerDownline, { body: { account: 'x'.repeat(40), type: 'player' } }],
      [routes.agentLinks, { query: '?agent=1' }],
      [routes.createAgentLink, { body: { memberType: 'player', validity: '2d' } }],
      [routes.createAgentLink, { body: { memberType: 'boss', validity: 'none' } }],
      [routes.createAgentLink, { body: { memberType: 'player', validity: 'none', agentId: 1 } }],
      [routes.createAgentLink, {}],
      [routes.deleteAgentLink, { query: '?id=abc' }],
      [routes.deleteAgentLink, { query: '' }],
      [routes.deleteAgentLink, { query: '?id=0' }],
    ];
    it.each(
      bad.map(([def, opts], i) => [`${i} ${def.method} ${def.path}${opts.query ?? ''}`, def, opts] as const),
    )('refuses %s with a 4xx envelope and stores nothing', async (_name, def, opts) => {
      const before = [await countRows('members'), await countRows('agent_links')];
      const res = await call(def, A.token, opts);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(failureEnvelopeSchema.parse(res.json()).success).toBe(false);
      expect([await countRows('members'), await countRows('agent_links')]).toEqual(before);
    });

    it('refuses an account name that is taken (in any case)', async () => {
      const before = await countRows('members');
      fails(
        await call(routes.registerDownline, A.token, {
          body: { account: Bp.account.toUpperCase(), type: 'player' },
        }),
        409,
        'account.exists',
      );
      expect(await countRows('members')).toBe(before);
    });
  });
});
