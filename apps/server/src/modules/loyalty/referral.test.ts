import { routes, TX_TYPE } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  lastCodeSent,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { findByAccount } from '../accounts/index.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger, memberAccount, systemAccount } from '../wallet/index.ts';

describe.each(engines)('referral (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-11-20T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  let seq = 0;
  const raw = <T>(text: string, params: unknown[] = []) => queryRows<T>(t.db.database.db, text, params);
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders({ authorization: token }),
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: nextIp(),
    });
  const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  let mobileSeq = 5000;
  /** Registers a friend through the registration call with the code; returns its member row. */
  const registerWith = async (over: Record<string, unknown>, ip = nextIp()) => {
    mobileSeq += 1;
    const mobile = { national: `0917222${mobileSeq}`, e164: `+63917222${mobileSeq}` };
    clock.advance(2 * SECOND_MS);
    const sms = await t.app.inject({
      method: 'POST',
      url: routes.smsNoLogin.path,
      headers: siteHeaders(),
      payload: { purpose: 'register', mobileNum: mobile.national, countryDialingCode: '63' },
      remoteAddress: nextIp(),
    });
    expect(sms.statusCode).toBe(200);
    const username = `friend${engine.slice(0, 2)}${mobileSeq}`;
    const verificationCode = await lastCodeSent(t, mobile.e164);
    const res = await callEncrypted(
      t.app,
      'PUT',
      routes.register.path,
      {
        username,
        password: 'Quiet-River-42',
        confirmPassword: 'Quiet-River-42',
        mobileNum: mobile.national,
        countryDialingCode: '63',
        verificationCode,
        agreeTerms: true,
        registerMethod: 'WEB',
        ...over,
      },
      { ip },
    );
    return { res, username, member: await findByAccount(t.db.database.db, DEMO_MERCHANT, username) };
  };
  const deposit = async (memberId: number, major: number) => {
    clock.advance(MINUTE_MS);
    await t.app.ledger.move({
      merchant: DEMO_MERCHANT,
      from: systemAccount('CLEARING'),
      to: memberAccount(memberId, 'MAIN'),
      amountMinor: BigInt(major * 100),
      kind: TX_TYPE.deposit,
      idempotencyKey: `rf-deposit-${engine}-${++seq}`,
      actor: 'test',
    });
  };
  const play = async (memberId: number, betMajor: number) => {
    clock.advance(MINUTE_MS);
    const round = `rf-${engine}-${++seq}`;
    await raw(
      `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
         bet_minor, win_minor, opened_at, settled_at)
       VALUES ($1, 'AUR', $2, $2, $3, 'g', 'real', 'settled', $4::bigint, 0, $5::timestamptz, $5::timestamptz)`,
      [DEMO_MERCHANT, round, memberId, String(betMajor * 100), new Date(clock.now()).toISOString()],
    );
  };
  const referralTransfers = (memberId: number) =>
    raw<{ amount: string }>(
      `SELECT amount::text FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2`,
      [DEMO_MERCHANT, `referral:${memberId}:%`],
    );

  it('registers a friend under the code: the referrer is recorded, the agent tree is not touched', async () => {
    const referrer = await newMemberSession(t);
    const summary = await ok('GET', routes.referralSummary.path, referrer.token);
    expect(summary).toMatchObject({ totalInvitations: 0, qualifiedInvitations: 0 });
    expect(summary.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(summary.promotionDomains.length).toBeGreaterThan(0);
    // The same code every time.
    expect((await ok('GET', routes.referralSummary.path, referrer.token)).referralCode).toBe(
      summary.referralCode,
    );

    const { res, member } = await registerWith({ referralCode: summary.referralCode.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    // The upline is the one of a registration without any code: the referrer places no one in the tree.
    const plain = (await registerWith({})).member!;
    expect(member!.uplineId).toBe(plain.uplineId);
    expect(member!.uplineId).not.toBe(referrer.id);
    expect(member!.path.replace(`/${member!.id}/`, '')).toBe(plain.path.replace(`/${plain.id}/`, ''));
    const [row] = await raw<{ referrer_id: string }>(
      'SELECT referrer_id::text FROM referrals WHERE invitee_id = $1',
      [member!.id],
    );
    expect(Number(row!.referrer_id)).toBe(referrer.id);
    expect((await ok('GET', routes.referralSummary.path, referrer.token)).totalInvitations).toBe(1);
    const { list } = await ok('GET', routes.referralInvitees.path, referrer.token);
    expect(list).toEqual([
      {
        account: `${member!.account.slice(0, 2)}***`,
        registeredAt: member!.createdAt.getTime(),
        status: 'registered',
        eligible: true,
        notEligibleReason: null,
        qualified: false,
      },
    ]);
  });

  it('keeps the agent’s upline when a friend of an agent’s downline registers with both codes', async () => {
    const referrer = await newMemberSession(t);
    const { referralCode } = await ok('GET', routes.referralSummary.path, referrer.token);
    const agent = await findByAccount(t.db.database.db, DEMO_MERCHANT, 'agent01');
    const { res, member } = await registerWith({ referralCode, affiliateCode: agent!.affiliateCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(member!.uplineId).toBe(agent!.id);
    const [row] = await raw<{ referrer_id: string }>(
      'SELECT referrer_id::text FROM referrals WHERE invitee_id = $1',
      [member!.id],
    );
    expect(Number(row!.referrer_id)).toBe(referrer.id);
  });

  it('refuses an unknown referral code and stores nothing', async () => {
    const before = await raw<{ n: string }>('SELECT count(*)::text AS n FROM members');
    const { res } = await registerWith({ referralCode: 'NOPE9999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'affiliate.invalid',
      details: { referralCode: 'invalid_invitation_code' },
    });
    expect(await raw<{ n: string }>('SELECT count(*)::text AS n FROM members')).toEqual(before);
  });

  it('pays invitation, achievement, deposit and bet rebates by the rules, once, as one claim each time', async () => {
    const referrer = await newMemberSession(t);
    const { referralCode } = await ok('GET', routes.referralSummary.path, referrer.token);
    const friends = [];
    for (let i = 0; i < 5; i++) friends.push((await registerWith({ referralCode })).member!);
    // Four first deposits of 100 or more qualify; one of 50 does not (its deposits still earn the rebate).
    for (const f of friends.slice(0, 4)) await deposit(f.id, 200);
    await deposit(friends[4]!.id, 50);
    await play(friends[0]!.id, 1_000);
    const nothingYet = await call('POST', routes.referralClaim.path, (await newMemberSession(t)).token, {});
    expect(nothingYet.json()).toMatchObject({ errorCode: 'loyalty.referral.nothing' });

    const summary = await ok('GET', routes.referralSummary.path, referrer.token);
    // 4 × 8.00 invitation; no achievement (5 qualified needed); 1 % of 850 deposits; 0.1 % of 1,000 bet.
    expect(summary).toMatchObject({
      totalInvitations: 5,
      qualifiedInvitations: 4,
      claimable: {
        invitation: '32.00',
        achievement: '0.00',
        depositRebate: '8.50',
        betRebate: '1.00',
        total: '41.50',
      },
    });
    const statuses = (await ok('GET', routes.referralInvitees.path, referrer.token)).list.map(
      (i: { status: string }) => i.status,
    );
    expect(statuses.sort()).toEqual(['active', 'deposited', 'deposited', 'deposited', 'deposited']);

    // Claims sent at once: one pays.
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', routes.referralClaim.path, referrer.token, {})),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ errorCode: 'loyalty.referral.nothing' });
    expect(await referralTransfers(referrer.id)).toEqual([{ amount: '4150' }]);

    // A fifth qualified friend: its invitation and the 5-invitee achievement; the rest was paid.
    const fifth = (await registerWith({ referralCode })).member!;
    await deposit(fifth.id, 100);
    const claim = await ok('POST', routes.referralClaim.path, referrer.token, {});
    expect(claim.amount).toBe('67.00'); // 8.00 + 58.00 + 1 % of 100
    const after = await ok('GET', routes.referralSummary.path, referrer.token);
    expect(after).toMatchObject({ claimed: '108.50', claimable: { total: '0.00' } });
    expect(after.rules.achievements[0]).toMatchObject({ invitees: 5, reached: true });

    // Each claim is a bonus with the default wagering requirement.
    const bonuses = await ok('GET', '/wps/bonus/details', referrer.token);
    expect(bonuses.list.filter((r: { name: string }) => r.name === 'referral rewards')).toHaveLength(2);
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });

  it('a friend sharing the referrer’s network, device or payee name earns nothing: not eligible', async () => {
    const referrer = await newMemberSession(t);
    const { referralCode } = await ok('GET', routes.referralSummary.path, referrer.token);
    // The same network: the friend registers from the address the referrer signed in from.
    await raw(
      `INSERT INTO member_sign_ins (merchant_code, member_id, method, success, ip, created_at)
       VALUES ($1, $2, 'password', true, '10.77.0.1', now())`,
      [DEMO_MERCHANT, referrer.id],
    );
    const sameNetwork = (await registerWith({ referralCode }, '10.77.0.1')).member!;
    // The same device: both have signed in with the same device cookie.
    const sameDevice = (await registerWith({ referralCode })).member!;
    for (const id of [sameDevice.id, referrer.id]) {
      await raw(
        `INSERT INTO member_devices (member_id, token_hash, first_seen_at, last_seen_at) VALUES ($1, $2, now(), now())`,
        [id, `device-${engine}-${referrer.id}`],
      );
    }
    const samePayee = (await registerWith({ referralCode })).member!;
    await raw(
      `UPDATE members SET profile = profile || '{"payeeName": "Juan Dela Cruz"}' WHERE id = ANY($1::bigint[])`,
      [[samePayee.id, referrer.id]],
    );
    for (const f of [sameNetwork, sameDevice, samePayee]) {
      await deposit(f.id, 500);
      await play(f.id, 2_000);
    }
    const { list } = await ok('GET', routes.referralInvitees.path, referrer.token);
    // Newest first.
    const [payee, device, network] = list;
    expect(network).toMatchObject({
      eligible: false,
      notEligibleReason: 'network',
      qualified: false,
    });
    expect(device).toMatchObject({ eligible: false, notEligibleReason: 'device' });
    expect(payee).toMatchObject({ eligible: false, notEligibleReason: 'payeeName' });
    const summary = await ok('GET', routes.referralSummary.path, referrer.token);
    expect(summary).toMatchObject({
      totalInvitations: 3,
      qualifiedInvitations: 0,
      claimable: { total: '0.00' },
    });
    const res = await call('POST', routes.referralClaim.path, referrer.token, {});
    expect(res.json()).toMatchObject({ errorCode: 'loyalty.referral.nothing' });
    expect(await referralTransfers(referrer.id)).toEqual([]);
  });

  it('refuses trial accounts and visitors, and bad input', async () => {
    const trial = await newMemberSession(t, { type: 4 });
    expect((await call('GET', routes.referralSummary.path, trial.token)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'GET',
      url: routes.referralSummary.path,
      headers: siteHeaders(),
    });
    expect(visitor.statusCode).toBe(401);
    const m = await newMemberSession(t);
    const bad = await call('POST', routes.referralClaim.path, m.token, { amount: '100' });
    expect(bad.statusCode).toBe(400);
  });
});
