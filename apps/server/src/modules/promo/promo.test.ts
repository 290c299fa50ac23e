import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders, ledgerTransfers, promoApplications, promoParticipations } from '../../db/schema.ts';
import { HOUR_MS, ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { jpegDataUrl, pngBytes, pngDataUrl, polyglots, storedFileCount } from '../../testing/images.ts';
import { findById } from '../accounts/index.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { creditOrder } from '../cashier/index.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const TRIAL_TYPE = 4;

/** A real png of `size` bytes (a 1×1 image padded with a private chunk). */
const bigPng = (size: number) => pngDataUrl(size - pngBytes().length - 12);
const textAsPng = () =>
  `data:image/png;base64,${Buffer.from('just some text, not an image').toString('base64')}`;

describe.each(engines)('promotions (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, opts: { token?: string; payload?: unknown } = {}) =>
    t.app.inject({
      method,
      url,
      headers: siteHeaders(opts.token ? { authorization: opts.token } : {}),
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
      remoteAddress: nextIp(),
    });

  const mainBalance = async (memberId: number) => {
    const rows = await t.app.ledger.balances(t.db.database.db, DEMO_MERCHANT, memberId);
    return rows.find((r) => r.code === 'MAIN')?.balanceMinor ?? 0n;
  };
  const bonusTransfers = async (key: string) =>
    t.db.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.merchantCode, DEMO_MERCHANT), eq(ledgerTransfers.idempotencyKey, key)));
  const applicationsOf = (memberId: number) =>
    t.db.database.db.select().from(promoApplications).where(eq(promoApplications.memberId, memberId));
  const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
  };

  it('lists categories and promotions for a visitor, with the statuses of a member without history', async () => {
    const res = await call('GET', '/wps/promotion/list');
    expect(res.statusCode).toBe(200);
    const { categories, promotions } = res.json().value;
    expect(categories.map((c: { id: string }) => c.id)).toEqual(['new-members', 'daily', 'vip', 'seasonal']);
    const byId = Object.fromEntries(promotions.map((p: { id: string }) => [p.id, p]));
    expect(byId['welcome-bonus']).toMatchObject({ status: 'JOIN_NOW', action: 'JOIN', reward: '18.00' });
    expect(byId['app-gift']).toMatchObject({ status: 'CLAIM_REWARD', action: 'CLAIM' });
    expect(byId['lucky-wheel']).toMatchObject({ status: 'CLAIM_REWARD', action: 'DRAW', reward: '88.00' });
    expect(byId['share-big-win']).toMatchObject({ status: 'JOIN_NOW', action: 'APPLY' });
    expect(byId['autumn-cashback']).toMatchObject({ status: 'REGISTRATION_CLOSED', action: null });
    expect(byId['new-year-countdown']).toMatchObject({ status: 'COMING_SOON', action: null });
    const cn = await t.app.inject({
      method: 'GET',
      url: '/wps/promotion/list',
      headers: siteHeaders({ language: 'CN' }),
      remoteAddress: nextIp(),
    });
    expect(cn.json().value.categories[0].name).toBe('新会员');
  });

  it('counts the running promotions for a visitor and the actionable ones for a member', async () => {
    const visitor = await call('GET', '/wps/promotion/available-count');
    expect(visitor.json().value).toEqual({ availablePromoCount: 7 });
    const m = await newMemberSession(t);
    const before = (await call('GET', '/wps/promotion/available-count', { token: m.token })).json().value;
    expect(before).toEqual({ availablePromoCount: 5 });
    await call('POST', '/wps/promotion/claim', { token: m.token, payload: { id: 'app-gift' } });
    const after = (await call('GET', '/wps/promotion/available-count', { token: m.token })).json().value;
    expect(after).toEqual({ availablePromoCount: 4 });
  });

  it('serves the detail with sanitised HTML; an unknown id is promo.unknown', async () => {
    const res = await call('GET', '/wps/promotion/detail?id=lucky-wheel');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ id: 'lucky-wheel', prizes: ['0.88', '1.88', '8.88', '88.00'] });
    expect(res.json().value.detailHtml).toContain('<table>');
    expectError(await call('GET', '/wps/promotion/detail?id=no-such-promo'), 404, 'promo.unknown');
    expectError(await call('GET', '/wps/promotion/detail?id=../etc'), 400, 'request.invalid');
  });

  it('claims once: a second claim is refused and pays nothing', async () => {
    const m = await newMemberSession(t);
    const first = await call('POST', '/wps/promotion/claim', { token: m.token, payload: { id: 'app-gift' } });
    expect(first.json().value).toEqual({ id: 'app-gift', status: 'CLAIMED', amount: '5.00' });
    expect(await mainBalance(m.id)).toBe(500n);
    const second = await call('POST', '/wps/promotion/claim', {
      token: m.token,
      payload: { id: 'app-gift' },
    });
    expectError(second, 409, 'promo.already.claimed');
    expect(await mainBalance(m.id)).toBe(500n);
    expect(await bonusTransfers(`promo:claim:app-gift:${m.id}`)).toHaveLength(1);
    const list = (await call('GET', '/wps/promotion/list', { token: m.token })).json().value;
    expect(list.promotions.find((p: { id: string }) => p.id === 'app-gift')).toMatchObject({
      status: 'CLAIMED',
      action: null,
    });
  });

  it('pays once when the same claim arrives twice at the same time', async () => {
    const m = await newMemberSession(t);
    const claim = () => call('POST', '/wps/promotion/claim', { token: m.token, payload: { id: 'app-gift' } });
    const codes = (await Promise.all([claim(), claim()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(await mainBalance(m.id)).toBe(500n);
    expect(await bonusTransfers(`promo:claim:app-gift:${m.id}`)).toHaveLength(1);
  });

  it('refuses claims of the wrong kind, closed or coming promotions, unknown ids', async () => {
    const m = await newMemberSession(t);
    const claim = (id: string) => call('POST', '/wps/promotion/claim', { token: m.token, payload: { id } });
    expectError(await claim('welcome-bonus'), 400, 'promo.action.invalid');
    expectError(await claim('new-year-countdown'), 400, 'promo.not.open');
    expectError(await claim('nope'), 404, 'promo.unknown');
    expectError(
      await call('POST', '/wps/promotion/claim', { token: m.token, payload: { id: 'app-gift', x: 1 } }),
      400,
      'request.invalid',
    );
    expect(await mainBalance(m.id)).toBe(0n);
  });

  it('draws the raffle once a day from the prize table', async () => {
    const m = await newMemberSession(t);
    let token = m.token;
    const draw = () => call('POST', '/wps/promotion/raffle', { token, payload: { id: 'lucky-wheel' } });
    const first = (await draw()).json().value;
    expect(['0.88', '1.88', '8.88', '88.00']).toContain(first.amount);
    expectError(await draw(), 409, 'promo.already.claimed');
    const won = BigInt(first.amount.replace('.', ''));
    expect(await mainBalance(m.id)).toBe(won);
    clock.advance(13 * HOUR_MS); // the next UTC day
    try {
      // A new sign-in on the new day (the first session may have gone idle).
      const member = await findById(t.db.database.db, DEMO_MERCHANT, m.id);
      const merchant = await t.app.merchants.get(DEMO_MERCHANT);
      token = await t.app.accounts.sessions.start(merchant!, member!, { ip: '10.255.255.2' });
      const next = await draw();
      expect(next.statusCode).toBe(200);
      expect(await mainBalance(m.id)).toBe(won + BigInt(next.json().value.amount.replace('.', '')));
    } finally {
      clock.set(NOW);
    }
  });

  it('joins a sign-up promotion once, and pays the reward once the deposits reach the minimum', async () => {
    const m = await newMemberSession(t);
    const post = (path: string) =>
      call('POST', `/wps/promotion/${path}`, { token: m.token, payload: { id: 'welcome-bonus' } });
    expectError(await post('reward'), 400, 'promo.not.joined');
    expect((await post('join')).json().value).toEqual({
      id: 'welcome-bonus',
      status: 'SIGNED_UP',
      amount: null,
    });
    expectError(await post('join'), 409, 'promo.already.joined');
    expectError(await post('reward'), 400, 'promo.condition.unmet');

    const deposit = async (orderNo: string, amount: bigint) => {
      const [order] = await t.db.database.db
        .insert(depositOrders)
        .values({
          merchantCode: DEMO_MERCHANT,
          orderNo,
          memberId: m.id,
          channelId: 'bank',
          type: 'BANK',
          amount,
          currency: 'USD',
          reference: `REF${orderNo}`,
          idempotencyKey: orderNo,
          requestHash: 'x',
          createdAt: new Date(NOW),
        })
        .returning();
      await t.app.ledger.run((tx) => creditOrder(t.app.ledger, tx, order!, 'test', NOW + 1000));
    };
    await deposit(`P${m.id}a`, 2000n);
    const detail = (await call('GET', '/wps/promotion/detail?id=welcome-bonus', { token: m.token })).json()
      .value;
    expect(detail).toMatchObject({ status: 'IN_PROGRESS', progress: '20.00', minDeposit: '50.00' });
    expectError(await post('reward'), 400, 'promo.condition.unmet');
    await deposit(`P${m.id}b`, 3000n);
    const ready = (await call('GET', '/wps/promotion/detail?id=welcome-bonus', { token: m.token })).json()
      .value;
    expect(ready).toMatchObject({ status: 'CLAIM_REWARD', action: 'REQUEST_REWARD' });
    expect((await post('reward')).json().value).toEqual({
      id: 'welcome-bonus',
      status: 'ISSUED',
      amount: '18.00',
    });
    expectError(await post('reward'), 409, 'promo.already.claimed');
    expect(await mainBalance(m.id)).toBe(5000n + 1800n);
    expect(await bonusTransfers(`promo:signup:welcome-bonus:${m.id}`)).toHaveLength(1);
  });

  it('refuses joining outside the registration window', async () => {
    const m = await newMemberSession(t);
    const res = await call('POST', '/wps/promotion/join', {
      token: m.token,
      payload: { id: 'autumn-cashback' },
    });
    expectError(res, 400, 'promo.not.open');
    const rows = await t.db.database.db
      .select()
      .from(promoParticipations)
      .where(eq(promoParticipations.memberId, m.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses visitors and trial accounts; a trial account sees application forbidden', async () => {
    for (const path of ['join', 'reward', 'claim', 'raffle']) {
      expectError(
        await call('POST', `/wps/promotion/${path}`, { payload: { id: 'app-gift' } }),
        401,
        'user.or.token.invalid',
      );
    }
    expectError(
      await call('POST', '/wps/promotion/apply', { payload: { id: 'share-big-win', remark: 'hi' } }),
      401,
      'user.or.token.invalid',
    );
    expectError(await call('GET', '/wps/promotion/applications'), 401, 'user.or.token.invalid');
    const trial = await newMemberSession(t, { type: TRIAL_TYPE });
    expectError(
      await call('POST', '/wps/promotion/claim', { token: trial.token, payload: { id: 'app-gift' } }),
      403,
      'trial.forbidden',
    );
    expectError(
      await call('POST', '/wps/promotion/apply', {
        token: trial.token,
        payload: { id: 'share-big-win', remark: 'my win', images: [pngDataUrl()] },
      }),
      403,
      'trial.forbidden',
    );
    expect(await applicationsOf(trial.id)).toHaveLength(0);
    const list = (await call('GET', '/wps/promotion/list', { token: trial.token })).json().value;
    expect(list.promotions.find((p: { id: string }) => p.id === 'app-gift')).toMatchObject({
      status: 'APPLICATION_FORBIDDEN',
      action: null,
    });
    expect(
      (await call('GET', '/wps/promotion/available-count', { token: trial.token })).json().value,
    ).toEqual({
      availablePromoCount: 0,
    });
  });

  it('refuses bad applications and stores nothing', async () => {
    const m = await newMemberSession(t);
    const apply = (payload: Record<string, unknown>) =>
      call('POST', '/wps/promotion/apply', { token: m.token, payload: { id: 'share-big-win', ...payload } });
    expectError(await apply({ remark: 'x'.repeat(141) }), 400, 'request.invalid');
    expectError(await apply({ remark: '   ' }), 400, 'request.invalid');
    expectError(
      await apply({ remark: 'ok', images: [1, 2, 3, 4].map(() => pngDataUrl()) }),
      400,
      'request.invalid',
    );
    const text = await apply({ remark: 'ok', images: [pngDataUrl(), textAsPng()] });
    expectError(text, 400, 'promo.image.invalid');
    expect(text.json().details).toEqual({ index: '1' });
    const stored = await storedFileCount();
    for (const [name, polyglot] of Object.entries(polyglots())) {
      const res = await apply({ remark: 'ok', images: [pngDataUrl(), jpegDataUrl(), polyglot] });
      expectError(res, 400, 'promo.image.invalid');
      expect(res.json(), name).toMatchObject({
        details: { index: '2' },
        message: expect.stringMatching(/png or jpg/),
      });
    }
    expect(await storedFileCount()).toBe(stored);
    expectError(
      await apply({ remark: 'ok', images: [bigPng(5 * 1024 * 1024 + 1)] }),
      400,
      'promo.image.invalid',
    );
    expectError(
      await apply({ remark: 'ok', images: ['data:image/gif;base64,R0lGOD=='] }),
      400,
      'request.invalid',
    );
    expectError(
      await call('POST', '/wps/promotion/apply', {
        token: m.token,
        payload: { id: 'app-gift', remark: 'ok' },
      }),
      400,
      'promo.action.invalid',
    );
    expectError(
      await call('POST', '/wps/promotion/apply', { token: m.token, payload: { id: 'nope', remark: 'ok' } }),
      404,
      'promo.unknown',
    );
    expect(await applicationsOf(m.id)).toHaveLength(0);
  });

  it('takes an application, lets the operator approve it once and pays once', async () => {
    const m = await newMemberSession(t);
    const other = await newMemberSession(t);
    const res = await call('POST', '/wps/promotion/apply', {
      token: m.token,
      payload: {
        id: 'share-big-win',
        remark: 'x'.repeat(140),
        images: [pngDataUrl(), jpegDataUrl(), bigPng(5 * 1024 * 1024)],
      },
    });
    expect(res.statusCode).toBe(200);
    const application = res.json().value;
    expect(application).toMatchObject({ promotionId: 'share-big-win', status: 'PENDING', imageCount: 3 });
    expectError(
      await call('POST', '/wps/promotion/apply', {
        token: m.token,
        payload: { id: 'share-big-win', remark: 'again' },
      }),
      409,
      'promo.application.pending',
    );
    // Another member sees none of it.
    expect(
      (await call('GET', '/wps/promotion/applications', { token: other.token })).json().value.list,
    ).toEqual([]);

    const pending = (await opsCommand(t.app, { command: 'promo-applications', status: 'PENDING' })) as {
      id: number;
      imageKeys: string[];
    }[];
    const mine = pending.find((a) => a.id === application.id)!;
    expect(mine.imageKeys).toHaveLength(3);
    const stored = await t.app.storage.get(mine.imageKeys[1]!);
    expect(stored?.mime).toBe('image/jpeg');

    const heard: unknown[] = [];
    const stop = t.app.events.subscribe(DEMO_MERCHANT, m.id, (e) => {
      if (e.type === 'promotion') heard.push(e);
    });
    const approved = await opsCommand(t.app, { command: 'promo-approve', id: application.id });
    stop();
    expect(approved).toMatchObject({ status: 'APPROVED', amount: '8.88' });
    // The member's open browsers hear the review, so the card leaves "Applying" at once.
    expect(heard).toEqual([{ type: 'promotion', applicationId: application.id, status: 'APPROVED' }]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': 'test-ops-token-0123456789abcdef' },
      payload: {
        merchant: DEMO_MERCHANT,
        actor: 'test',
        args: { command: 'promo-approve', id: application.id },
      },
      remoteAddress: '127.0.0.1',
    });
    expect(again.json()).toMatchObject({ success: false, errorCode: 'promo.application.reviewed' });
    expect(await mainBalance(m.id)).toBe(888n);
    expect(await bonusTransfers(`promo:application:${application.id}`)).toHaveLength(1);

    const mineNow = (await call('GET', '/wps/promotion/applications', { token: m.token })).json().value.list;
    expect(mineNow).toMatchObject([{ id: application.id, status: 'APPROVED', amount: '8.88' }]);
    const detail = (await call('GET', '/wps/promotion/detail?id=share-big-win', { token: m.token })).json()
      .value;
    expect(detail).toMatchObject({ status: 'ISSUED', action: null });
    expectError(
      await call('POST', '/wps/promotion/apply', {
        token: m.token,
        payload: { id: 'share-big-win', remark: 'more' },
      }),
      403,
      'promo.application.forbidden',
    );
  });

  it('rejects with a reason; the member may apply again only when the promotion allows it', async () => {
    const m = await newMemberSession(t);
    const apply = (id: string) =>
      call('POST', '/wps/promotion/apply', { token: m.token, payload: { id, remark: 'rank 5 reached' } });
    const vip = (await apply('vip-upgrade')).json().value;
    const win = (await apply('share-big-win')).json().value;
    const heard: unknown[] = [];
    const stop = t.app.events.subscribe(DEMO_MERCHANT, m.id, (e) => heard.push(e));
    const rejected = await opsCommand(t.app, {
      command: 'promo-reject',
      id: vip.id,
      reason: 'No screenshot attached',
    });
    stop();
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'No screenshot attached' });
    expect(heard).toEqual([{ type: 'promotion', applicationId: vip.id, status: 'REJECTED' }]);
    await opsCommand(t.app, { command: 'promo-reject', id: win.id, reason: 'Win below 50x' });
    const detail = (await call('GET', '/wps/promotion/detail?id=vip-upgrade', { token: m.token })).json()
      .value;
    expect(detail).toMatchObject({
      status: 'REJECTED',
      action: null,
      rejectReason: 'No screenshot attached',
    });
    expectError(await apply('vip-upgrade'), 403, 'promo.application.forbidden');
    const retry = (await call('GET', '/wps/promotion/detail?id=share-big-win', { token: m.token })).json()
      .value;
    expect(retry).toMatchObject({ status: 'REJECTED', action: 'APPLY' });
    expect((await apply('share-big-win')).statusCode).toBe(200);
    expect(await mainBalance(m.id)).toBe(0n);
  });

  it('approves with the operator amount; unknown application ids are refused', async () => {
    const m = await newMemberSession(t);
    const app = (
      await call('POST', '/wps/promotion/apply', {
        token: m.token,
        payload: { id: 'vip-upgrade', remark: 'VIP 3' },
      })
    ).json().value;
    expect(await opsCommand(t.app, { command: 'promo-approve', id: app.id, amount: '12.50' })).toMatchObject({
      amount: '12.50',
    });
    expect(await mainBalance(m.id)).toBe(1250n);
    await expect(opsCommand(t.app, { command: 'promo-approve', id: 99_999_999 })).rejects.toThrow(
      /promo.application.unknown/,
    );
    await expect(opsCommand(t.app, { command: 'promo-reject', id: app.id, reason: '' })).rejects.toThrow(
      /ops/,
    );
  });
});
