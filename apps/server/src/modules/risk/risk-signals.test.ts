import { routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  callEncrypted,
  createTestApp,
  DEMO_MERCHANT,
  engines,
  opsCommand,
  type TestApp,
} from '../../testing/app.ts';
import {
  bind,
  fund,
  givePin,
  makeMember,
  okValue,
  PIN,
  type TestMember,
} from '../cashier/withdraw-testing.ts';

describe.each(engines)('risk signals on %s: linked accounts, large wins and large withdrawals', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 8, 0, 0));
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  let d: TestMember;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    a = await makeMember(t, clock, 'rs');
    b = await makeMember(t, clock, 'rs');
    c = await makeMember(t, clock, 'rs');
    d = await makeMember(t, clock, 'rs');
  });
  afterAll(async () => t.close());

  const sql = (text: string, params: unknown[]) => queryRows(t.db.database.db, text, params);
  const signIn = (m: TestMember, ip: string, device: string) =>
    sql(
      `INSERT INTO member_sign_ins (merchant_code, member_id, method, success, ip, device_hash, created_at)
       VALUES ($1, $2, 'password', true, $3, $4, $5)`,
      [DEMO_MERCHANT, m.id, ip, device, new Date(clock.now()).toISOString()],
    );

  it('finds the accounts sharing a device, a network, a mobile number or a payee, and audits the look', async () => {
    await signIn(a, '203.0.113.9', 'd'.repeat(64));
    await signIn(b, '203.0.113.9', 'e'.repeat(64));
    await signIn(c, '198.51.100.1', 'd'.repeat(64));
    await signIn(d, '192.0.2.44', 'f'.repeat(64));
    await sql('UPDATE members SET mobile = $1 WHERE id = $2', ['+639170000001', a.id]);
    // A sign-in code went to a's number for d.
    await sql(
      `INSERT INTO verification_codes (merchant_code, channel, purpose, recipient, member_id, code_hash, created_at, expires_at)
       VALUES ($1, 'sms', 'login', '+639170000001', $2, 'x', $3, $3)`,
      [DEMO_MERCHANT, d.id, new Date(clock.now()).toISOString()],
    );
    for (const m of [a, c]) {
      await givePin(t, m);
      okValue(await bind(t, m, { accountNumber: '5555 0000 1111' }));
    }
    const answer = (await opsCommand(t.app, { command: 'risk-links', account: a.account.toUpperCase() })) as {
      account: string;
      linked: { account: string; shared: { kind: string; value: string }[] }[];
    };
    expect(answer.account).toBe(a.account);
    const byAccount = Object.fromEntries(
      answer.linked.map((l) => [l.account, l.shared.map((s) => s.kind).sort()]),
    );
    expect(byAccount).toEqual({
      [b.account]: ['network'],
      [c.account]: ['device', 'payee'],
      [d.account]: ['mobile'],
    });
    // The most links first; a device is shown by a short part of its hash.
    expect(answer.linked[0]?.account).toBe(c.account);
    expect(answer.linked[0]?.shared).toContainEqual({ kind: 'device', value: `${'d'.repeat(12)}…` });
    const [audit] = await opsCommand(t.app, { command: 'audit', action: 'risk-links', limit: 1 });
    expect(audit).toMatchObject({ detail: { account: a.account, linked: 3 } });
    // A member with nothing shared has no links.
    await signIn(b, '203.0.113.200', '0'.repeat(64));
    expect(
      ((await opsCommand(t.app, { command: 'risk-links', account: d.account })) as { linked: unknown[] })
        .linked,
    ).toHaveLength(1);
  });

  it('lists large wins and large withdrawals of the last days, at the merchant thresholds or given ones', async () => {
    const round = (m: TestMember, win: bigint, at: number, mode = 'real') =>
      sql(
        `INSERT INTO game_rounds (merchant, vendor, round_id, order_no, member_id, game_code, mode, status,
           bet_minor, win_minor, opened_at, settled_at)
         VALUES ($1, 'AURL', $2, $2, $3, 'dice', $4, 'settled', 1000, $5, $6, $6)`,
        [DEMO_MERCHANT, `r-${win}-${at}-${mode}`, m.id, mode, win.toString(), new Date(at).toISOString()],
      );
    const now = clock.now();
    await round(a, 600_000n, now - DAY_MS); // 6,000.00: above the demo 5,000.00
    await round(b, 400_000n, now - DAY_MS); // below
    await round(c, 900_000n, now - 10 * DAY_MS); // too old for 7 days
    await round(d, 900_000n, now - DAY_MS, 'play'); // free play never alerts
    await givePin(t, b);
    const account = okValue<{ id: number }>(await bind(t, b, { accountNumber: '7777 1111 2222' }));
    await fund(t, b, '9000.00');
    const placed = okValue<{ orderNo: string }>(
      await callEncrypted(
        t.app,
        'POST',
        routes.withdraw.path,
        { paymentPassword: PIN, accountId: account.id, amount: '8000.00', idempotencyKey: 'rs-8000' },
        { token: b.token },
      ),
    );
    type Alerts = {
      winAbove: string;
      withdrawAbove: string;
      alerts: { kind: string; account: string; amount: string; reference: string }[];
    };
    const alerts = (await opsCommand(t.app, { command: 'risk-alerts' })) as Alerts;
    expect(alerts).toMatchObject({ winAbove: '5000.00', withdrawAbove: '5000.00' });
    expect(alerts.alerts.map((x) => [x.kind, x.account, x.amount])).toEqual([
      ['withdrawal', b.account, '8000.00'],
      ['win', a.account, '6000.00'],
    ]);
    expect(alerts.alerts[0]?.reference).toBe(placed.orderNo);
    const wider = (await opsCommand(t.app, {
      command: 'risk-alerts',
      days: 14,
      winAbove: '3000',
      withdrawAbove: '9000',
    })) as Alerts;
    expect(wider.alerts.map((x) => [x.kind, x.account, x.amount])).toEqual([
      ['win', a.account, '6000.00'],
      ['win', b.account, '4000.00'],
      ['win', c.account, '9000.00'],
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    for (const bad of [
      { command: 'risk-links' },
      { command: 'risk-links', account: '' },
      { command: 'risk-links', account: 'nobody-here' },
      { command: 'risk-links', account: a.account, limit: 0 },
      { command: 'risk-alerts', days: 0 },
      { command: 'risk-alerts', days: 32 },
      { command: 'risk-alerts', winAbove: '-1' },
      { command: 'risk-alerts', withdrawAbove: '1.234' },
      { command: 'risk-alerts', extra: true },
    ])
      await expect(opsCommand(t.app, bad), JSON.stringify(bad)).rejects.toThrow(/ops.invalid/);
  });
});
