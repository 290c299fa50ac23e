import { envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, SECOND_MS } from '../../../platform/clock.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { queryRows } from '../../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import { insertMember, updateMember } from '../member/repository.ts';
import { ACCOUNT_LOCK_FAILURES } from '../security/login-guard.ts';

describe.each(engines)('session hand-off on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  let seq = 0;
  /** A fresh member of `type` with a live session (no password needed). */
  const signedInMember = async (type = 0) => {
    const account = `handoff${++seq}${engine.slice(0, 2)}`;
    const member = await insertMember(t.db.database.db, {
      merchantCode: DEMO_MERCHANT,
      account,
      userName: account,
      type,
      language: 'EN',
      createdAt: new Date(clock.now()),
    });
    const merchant = (await t.app.merchants.get(DEMO_MERCHANT))!;
    const token = await t.app.accounts.sessions.start(merchant, member, { ip: nextIp() });
    return { member, token };
  };
  const issue = (token: string | null, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: routes.handoffTicket.path,
      headers: siteHeaders(token ? { authorization: token } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: nextIp(),
    });
  const ticketOf = async (token: string, payload?: unknown) => {
    const res = await issue(token, payload);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(routes.handoffTicket.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };
  const redeem = (payload: unknown, url: string = routes.handoffRedeem.path) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: siteHeaders(),
      payload: payload as object,
      remoteAddress: nextIp(),
    });
  const info = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: routes.memberInfo.path,
      headers: siteHeaders({ authorization: token }),
    });
  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode).toBe(code);
  };
  const liveSessions = async (memberId: number) => {
    const rows = await queryRows<{ n: number }>(
      t.db.database.db,
      `SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND kind = 'session' AND revoked_at IS NULL`,
      [memberId],
    );
    return Number(rows[0]!.n);
  };

  it('issues a one-time ticket that a POST exchanges for a fresh session, like a login', async () => {
    const { member, token } = await signedInMember();
    const issued = await ticketOf(token);
    expect(issued.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.url).toBe(`/?ticket=${issued.ticket}`);
    expect(issued.expiresInSeconds).toBe(60);

    const res = await redeem({ ticket: issued.ticket });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = envelopeSchema(routes.login.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    expect(body.value).toMatchObject({
      id: member.id,
      userName: member.userName,
      forceChangePassword: false,
    });
    expect(body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.value.token).not.toBe(token);
    expect((await info(body.value.token)).json().value.account).toBe(member.account);
    // The session it was made from goes on.
    expect((await info(token)).statusCode).toBe(200);
  });

  it('keeps the query of the path the link opens', async () => {
    const { token } = await signedInMember();
    const issued = await ticketOf(token, { path: '/gamelobby?tab=slot' });
    expect(issued.url).toBe(`/gamelobby?tab=slot&ticket=${issued.ticket}`);
  });

  it('stores the ticket only as its hash, in the database every process reads', async () => {
    const { member, token } = await signedInMember();
    const { ticket } = await ticketOf(token);
    const rows = await queryRows<{ token_hash: string; expires_ms: string }>(
      t.db.database.db,
      `SELECT token_hash, (extract(epoch FROM expires_at) * 1000)::bigint::text AS expires_ms
         FROM sessions WHERE member_id = $1 AND kind = 'ticket'`,
      [member.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256Hex(ticket));
    expect(Number(rows[0]!.expires_ms)).toBe(clock.now() + 60 * SECOND_MS);
  });

  it('is single use', async () => {
    const { token } = await signedInMember();
    const { ticket } = await ticketOf(token);
    expect((await redeem({ ticket })).statusCode).toBe(200);
    expectFailure(await redeem({ ticket }), 400, 'handoff.ticket.invalid');
  });

  it('works for 60 seconds and has expired after 61', async () => {
    const { token } = await signedInMember();
    const first = await ticketOf(token);
    const second = await ticketOf(token);
    clock.advance(59 * SECOND_MS);
    expect((await redeem({ ticket: first.ticket })).statusCode).toBe(200);
    clock.advance(2 * SECOND_MS);
    expectFailure(await redeem({ ticket: second.ticket }), 400, 'handoff.ticket.expired');
  });

  it('gives one session when two redeems race', async () => {
    const { member, token } = await signedInMember();
    const { ticket } = await ticketOf(token);
    const before = await liveSessions(member.id);
    const results = await Promise.all([redeem({ ticket }), redeem({ ticket }), redeem({ ticket })]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json().errorCode).toBe('handoff.ticket.invalid');
    }
    expect(await liveSessions(member.id)).toBe(before + 1);
  });

  it('refuses unknown tickets and bad input, and changes nothing', async () => {
    const { member, token } = await signedInMember();
    const { ticket } = await ticketOf(token);
    const before = await liveSessions(member.id);
    expectFailure(await redeem({ ticket: 'A'.repeat(43) }), 400, 'handoff.ticket.invalid');
    for (const bad of [
      {},
      { ticket: 42 },
      { ticket: 'short' },
      { ticket, extra: 1 },
      { ticket: `${ticket}x` },
    ]) {
      expectFailure(await redeem(bad), 400, 'request.invalid');
    }
    // Never in a query: it would land in access logs.
    expectFailure(
      await redeem({ ticket }, `${routes.handoffRedeem.path}?ticket=${ticket}`),
      400,
      'request.invalid',
    );
    expect(await liveSessions(member.id)).toBe(before);
    // Still good after all that.
    expect((await redeem({ ticket })).statusCode).toBe(200);

    // Issuing: signed-in members only, to a path of this site.
    expectFailure(await issue(null), 401, 'user.or.token.invalid');
    for (const path of ['//evil.example/', 'https://evil.example/', '/a#b', '/a\\b']) {
      expectFailure(await issue(token, { path }), 400, 'request.invalid');
    }
    expectFailure(await issue(token, { path: '/', other: 1 }), 400, 'request.invalid');
  });

  it('refuses a ticket of a member whose sessions were revoked, or who is disabled or locked', async () => {
    const revoked = await signedInMember();
    const revokedTicket = (await ticketOf(revoked.token)).ticket;
    await opsCommand(t.app, { command: 'reset-password', account: revoked.member.account, reason: 'test' });
    expectFailure(await redeem({ ticket: revokedTicket }), 400, 'handoff.ticket.invalid');

    const disabled = await signedInMember();
    const disabledTicket = (await ticketOf(disabled.token)).ticket;
    await updateMember(t.db.database.db, disabled.member.id, { status: 'disabled' });
    expectFailure(await redeem({ ticket: disabledTicket }), 400, 'handoff.ticket.invalid');
    await updateMember(t.db.database.db, disabled.member.id, { status: 'active' });
    // Refused, not spent: it is still refused for the same reason, and good once that passes.
    expect((await redeem({ ticket: disabledTicket })).statusCode).toBe(200);

    const locked = await signedInMember();
    const lockedTicket = (await ticketOf(locked.token)).ticket;
    for (let i = 0; i < ACCOUNT_LOCK_FAILURES; i++) {
      await t.app.accounts.guard.failed(DEMO_MERCHANT, locked.member.account, nextIp(), 3);
    }
    expectFailure(await redeem({ ticket: lockedTicket }), 429, 'login.locked');
  });

  it('gives trial accounts no ticket', async () => {
    const { token } = await signedInMember(4);
    expectFailure(await issue(token), 403, 'trial.forbidden');
  });
});
