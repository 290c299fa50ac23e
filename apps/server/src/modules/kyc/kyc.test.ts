import { randomUUID } from 'node:crypto';
import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { expectFailure } from '../../testing/expect.ts';
import { asDataUrl, jpegDataUrl, pngBytes, pngDataUrl, polyglots } from '../../testing/images.ts';
import {
  bind,
  fund,
  givePin,
  makeMember,
  okValue,
  ops,
  PIN,
  type TestMember,
} from '../cashier/withdraw-testing.ts';

const GOOD = () => ({ idType: 'passport', identityImage: pngDataUrl(), addressImage: jpegDataUrl() });

/**
 * Know your customer: the member sends an identity and an address photo, checked by content; an
 * operator verifies or rejects (the member is told); a withdrawal above the merchant's amount needs
 * a verified member.
 */
describe.each(engines)('know your customer on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-08T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', m: TestMember | null, body?: unknown) =>
    t.app.inject({
      method,
      url: routes.kycInfo.path,
      headers: siteHeaders(m ? { authorization: m.token } : {}),
      remoteAddress: nextIp(),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const callWithdraw = (m: TestMember, accountId: number, amount: string) =>
    callEncrypted(
      t.app,
      'POST',
      routes.withdraw.path,
      { accountId, amount, paymentPassword: PIN, idempotencyKey: randomUUID() },
      { token: m.token },
    );
  const submissions = async (memberId: number) =>
    (
      await queryRows<{ n: unknown }>(
        t.db.database.db,
        'SELECT count(*) AS n FROM kyc_submissions WHERE member_id = $1',
        [memberId],
      )
    ).map((r) => Number(r.n))[0];
  const messages = async (memberId: number) =>
    queryRows<{ title: string; body: string }>(
      t.db.database.db,
      'SELECT title, body FROM support_messages WHERE member_id = $1 ORDER BY id',
      [memberId],
    );
  const pendingId = async (account: string) => {
    const { submissions: list } = okValue<{ submissions: { id: number; status: string }[] }>(
      await ops(t, { command: 'kyc', action: 'list', account }),
    );
    return list[0]!.id;
  };

  it('starts at none, with the amount the merchant requires it above (none: null)', async () => {
    const m = await makeMember(t, clock, 'ky');
    expect(okValue(await call('GET', m))).toEqual({
      status: 'none',
      idType: null,
      submittedAt: null,
      reviewedAt: null,
      rejectReason: null,
      // The demo merchant's cashier.json.
      requiredAbove: '20000.00',
    });
    expectFailure(await call('GET', null), 401, 'user.or.token.invalid');
    await setMerchantConfig(t.app, (c) => {
      c.cashier.withdraw.verificationAbove = null;
    });
    try {
      expect(okValue(await call('GET', m))).toMatchObject({ requiredAbove: null });
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.cashier.withdraw.verificationAbove = '20000.00';
      });
    }
  });

  it('takes a png and a jpg, refuses a second send while pending; the operator verifies and the member is told', async () => {
    const m = await makeMember(t, clock, 'ky');
    const sent = okValue<{ status: string; idType: string; submittedAt: number }>(
      await call('POST', m, GOOD()),
    );
    expect(sent).toMatchObject({ status: 'pending', idType: 'passport', submittedAt: clock.now() });
    expectFailure(await call('POST', m, GOOD()), 409, 'kyc.state');
    expect(await submissions(m.id)).toBe(1);

    const id = await pendingId(m.account);
    const photo = okValue<{ mime: string; dataUrl: string }>(
      await ops(t, { command: 'kyc', action: 'document', id, side: 'identity' }),
    );
    expect(photo).toMatchObject({ mime: 'image/png', dataUrl: pngDataUrl() });
    clock.advance(60_000);
    expect(okValue(await ops(t, { command: 'kyc', action: 'approve', id }))).toMatchObject({
      status: 'verified',
      account: m.account,
    });
    expect(okValue(await call('GET', m))).toMatchObject({ status: 'verified', reviewedAt: clock.now() });
    expect((await messages(m.id)).map((x) => x.title)).toEqual(['Your identity is verified']);
    // Decided once: a second decision is refused and changes nothing.
    expectFailure(await ops(t, { command: 'kyc', action: 'reject', id, reason: 'late' }), 400, 'ops.invalid');
    expectFailure(await call('POST', m, GOOD()), 409, 'kyc.state');
    const audit = await queryRows<{ action: string }>(
      t.db.database.db,
      `SELECT action FROM ops_audit WHERE action LIKE 'kyc-%' AND detail->>'id' = $1 ORDER BY seq`,
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['kyc-document', 'kyc-approve']);
  });

  it('a rejection carries its reason to the member, who can send again', async () => {
    const m = await makeMember(t, clock, 'ky');
    okValue(await call('POST', m, GOOD()));
    const id = await pendingId(m.account);
    expectFailure(await ops(t, { command: 'kyc', action: 'reject', id }), 400, 'ops.invalid');
    okValue(await ops(t, { command: 'kyc', action: 'reject', id, reason: 'The photo is blurred' }));
    expect(okValue(await call('GET', m))).toMatchObject({
      status: 'rejected',
      rejectReason: 'The photo is blurred',
    });
    expect((await messages(m.id))[0]!.body).toContain('The photo is blurred');
    expect(okValue(await call('POST', m, { ...GOOD(), idType: 'nationalId' }))).toMatchObject({
      status: 'pending',
      idType: 'nationalId',
      rejectReason: null,
    });
  });

  it('refuses a non-image, a polyglot, an oversized photo and bad input, storing nothing', async () => {
    const m = await makeMember(t, clock, 'ky');
    const polyglot = Object.values(polyglots())[0]!;
    for (const [body, status, code] of [
      [
        { ...GOOD(), identityImage: asDataUrl(Buffer.from('not an image at all'), 'image/png') },
        400,
        'kyc.document.invalid',
      ],
      [{ ...GOOD(), addressImage: polyglot }, 400, 'kyc.document.invalid'],
      [
        { ...GOOD(), identityImage: asDataUrl(pngBytes(4 * 1024 * 1024), 'image/png') },
        400,
        'request.invalid',
      ],
      [{ ...GOOD(), idType: 'library card' }, 400, 'request.invalid'],
      [{ ...GOOD(), extra: 1 }, 400, 'request.invalid'],
      [{ idType: 'passport', identityImage: pngDataUrl() }, 400, 'request.invalid'],
    ] as const) {
      expectFailure(await call('POST', m, body), status, code);
    }
    expect(await submissions(m.id)).toBe(0);
    expectFailure(await call('POST', null, GOOD()), 401, 'user.or.token.invalid');
  });

  it('a withdrawal above the merchant amount needs a verified member; at or below it does not', async () => {
    await setMerchantConfig(t.app, (c) => {
      c.cashier.withdraw.verificationAbove = '100.00';
    });
    try {
      const m = await makeMember(t, clock, 'ky');
      await fund(t, m, '1000.00');
      await givePin(t, m);
      const account = okValue<{ id: number }>(await bind(t, m, {}));
      expect(okValue(await call('GET', m))).toMatchObject({ requiredAbove: '100.00' });
      expectFailure(await callWithdraw(m, account.id, '100.01'), 403, 'kyc.required');
      okValue(await callWithdraw(m, account.id, '100.00'));
      okValue(await call('POST', m, GOOD()));
      okValue(await ops(t, { command: 'kyc', action: 'approve', id: await pendingId(m.account) }));
      okValue(await callWithdraw(m, account.id, '500.00'));
    } finally {
      await setMerchantConfig(t.app, (c) => {
        c.cashier.withdraw.verificationAbove = '20000.00';
      });
    }
  });

  it('operator command input is checked', async () => {
    for (const args of [
      { command: 'kyc', action: 'list', status: 'none' },
      { command: 'kyc', action: 'document', id: 1, side: 'selfie' },
      { command: 'kyc', action: 'approve', id: 'x' },
      { command: 'kyc', action: 'frobnicate' },
    ]) {
      expectFailure(await ops(t, args), 400, 'ops.invalid');
    }
    expectFailure(await ops(t, { command: 'kyc', action: 'approve', id: 999_999 }), 400, 'ops.invalid');
  });
});
