import type { RewardCenterConfig } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  nextIp,
  OPS_TOKEN,
  opsCommand,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { consoleCall, signedInOperator } from '../../testing/operators.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';

const NOW = Date.parse('2026-11-11T04:00:00Z');

describe.each(engines)('loyalty: the rewards operator command (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    await setMerchantConfig(t.app, (c) => {
      c.loyalty.rewardCenter.promoCodes = {
        codes: [
          {
            code: 'WELCOME88',
            amount: '8.88',
            cap: 1000,
            expiresAt: '2030-01-01T00:00:00+08:00',
            enabled: true,
          },
        ],
        wagering: null,
      } as RewardCenterConfig['promoCodes'];
    });
  });
  afterAll(async () => t.close());

  const raw = <T>(sql: string, params: unknown[] = []) =>
    t.db.database.rawTransaction((tx) => tx.rows<T>(sql, params));
  const ops = (args: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/ops/command',
      headers: { 'x-ops-token': OPS_TOKEN },
      payload: { merchant: DEMO_MERCHANT, actor: 'test', args: { command: 'rewards', ...args } },
      remoteAddress: '127.0.0.1',
    });
  const codeRows = () =>
    raw<{ code: string; enabled: boolean }>(
      `SELECT code, enabled FROM loyalty_promo_codes WHERE merchant_code = $1 ORDER BY code`,
      [DEMO_MERCHANT],
    );
  const audits = (code: string) =>
    raw<{ action: string; before_state: unknown; after_state: unknown; actor: string }>(
      `SELECT action, actor, before_state, after_state FROM ops_audit
        WHERE merchant_code = $1 AND action LIKE 'rewards-code-%' AND detail->>'code' = $2 ORDER BY seq`,
      [DEMO_MERCHANT, code],
    );

  it('lists the codes, makes one, turns it off and on, each change audited with before and after', async () => {
    expect((await opsCommand(t.app, { command: 'rewards', action: 'codes' })).codes).toEqual([
      expect.objectContaining({ code: 'WELCOME88', amount: '8.88', cap: 1000, used: 0, enabled: true }),
    ]);
    const made = await opsCommand(t.app, {
      command: 'rewards',
      action: 'code-create',
      code: 'summer5',
      amount: '5.50',
      cap: '3',
      expires: '2027-01-31T23:59:59Z',
    });
    expect(made).toMatchObject({
      code: 'SUMMER5',
      amount: '5.50',
      cap: 3,
      used: 0,
      expiresAt: '2027-01-31T23:59:59.000Z',
      enabled: true,
      createdBy: 'break-glass:test',
    });
    expect(
      await opsCommand(t.app, { command: 'rewards', action: 'code-disable', code: 'SUMMER5' }),
    ).toMatchObject({ code: 'SUMMER5', enabled: false });
    expect(
      await opsCommand(t.app, { command: 'rewards', action: 'code-enable', code: 'summer5' }),
    ).toMatchObject({ code: 'SUMMER5', enabled: true });
    const list = (await opsCommand(t.app, { command: 'rewards', action: 'codes' })).codes;
    expect(list.map((c: { code: string }) => c.code).sort()).toEqual(['SUMMER5', 'WELCOME88']);
    const trail = await audits('SUMMER5');
    expect(trail.map((a) => a.action)).toEqual([
      'rewards-code-create',
      'rewards-code-disable',
      'rewards-code-enable',
    ]);
    expect(trail[0]).toMatchObject({ before_state: null, after_state: { code: 'SUMMER5', enabled: true } });
    expect(trail[1]).toMatchObject({
      before_state: { enabled: true },
      after_state: { enabled: false },
    });
    expect(trail[2]).toMatchObject({ before_state: { enabled: false }, after_state: { enabled: true } });
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await codeRows();
    const cases: [Record<string, unknown>, string][] = [
      [
        { action: 'code-create', code: 'X!', amount: '1', cap: '1', expires: '2027-01-01T00:00:00Z' },
        'letters',
      ],
      [
        { action: 'code-create', code: 'GOOD1', amount: '0', cap: '1', expires: '2027-01-01T00:00:00Z' },
        'above 0',
      ],
      [
        { action: 'code-create', code: 'GOOD1', amount: '1.234', cap: '1', expires: '2027-01-01T00:00:00Z' },
        '2 decimals',
      ],
      [{ action: 'code-create', code: 'GOOD1', amount: '1', cap: '0', expires: '2027-01-01T00:00:00Z' }, ''],
      [{ action: 'code-create', code: 'GOOD1', amount: '1', cap: '1', expires: 'tomorrow' }, 'ISO'],
      [
        { action: 'code-create', code: 'GOOD1', amount: '1', cap: '1', expires: '2020-01-01T00:00:00Z' },
        'future',
      ],
      [
        { action: 'code-create', code: 'WELCOME88', amount: '1', cap: '1', expires: '2027-01-01T00:00:00Z' },
        'exists',
      ],
      [{ action: 'code-disable', code: 'NOSUCH1' }, 'no such promo code'],
      [{ action: 'show', account: 'nobody-here' }, 'no member'],
    ];
    for (const [args, text] of cases) {
      const res = await ops(args);
      expect(res.statusCode, JSON.stringify(args)).toBeGreaterThanOrEqual(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(String(body.message ?? body.errorMessage ?? res.body)).toMatch(new RegExp(text, 'i'));
    }
    expect(await codeRows()).toEqual(before);
    expect(await audits('GOOD1')).toEqual([]);
  });

  it("shows a member's claims of the last 90 days", async () => {
    const m = await newMemberSession(t);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/wps/reward/promo',
      headers: siteHeaders({ authorization: m.token }),
      payload: { code: 'WELCOME88' },
      remoteAddress: nextIp(),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const shown = await opsCommand(t.app, { command: 'rewards', action: 'show', account: m.account });
    expect(shown).toMatchObject({
      account: m.account,
      claims: [
        { kind: 'promo', detail: 'WELCOME88', amount: '8.88', claimedAt: new Date(NOW).toISOString() },
      ],
    });
    clock.advance(91 * 86_400_000);
    expect(
      (await opsCommand(t.app, { command: 'rewards', action: 'show', account: m.account })).claims,
    ).toEqual([]);
    clock.set(NOW);
  });

  it('refuses the changes to a role without promotions.review, and lets it read what it may', async () => {
    const support = await signedInOperator(t, clock, `rw-sup-${engine}`, 'support');
    const args = { command: 'rewards', action: 'code-disable', code: 'WELCOME88' };
    const refused = await consoleCall(t, 'command', { args }, support);
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await codeRows()).find((c) => c.code === 'WELCOME88')?.enabled).toBe(true);
    const read = await consoleCall(t, 'command', { args: { command: 'rewards', action: 'codes' } }, support);
    expect(read.statusCode, read.body).toBe(200);
    const content = await signedInOperator(t, clock, `rw-con-${engine}`, 'content');
    const done = await consoleCall(t, 'command', { args }, content);
    expect(done.statusCode, done.body).toBe(200);
    expect((await audits('WELCOME88')).map((a) => a.actor)).toEqual([`rw-con-${engine}`]);
    clock.set(NOW);
  });
});
