import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/sql.ts';
import {
  createTestApp,
  DEMO_MERCHANT,
  engines,
  opsCommand,
  siteHeaders,
  type TestApp,
} from '../../testing/app.ts';
import { newMemberSession } from '../cashier/deposit-testing.ts';
import { checkLedger } from '../wallet/index.ts';
import { birthdaysOn, LOYALTY_BIRTHDAY_JOB } from './birthday.ts';

// 2026-11-27 03:00Z is 11:00 on 27 November at the demo's business offset (+08:00).
const NOW = Date.parse('2026-11-27T03:00:00Z');

describe('birthday dates', () => {
  it('celebrates 29 February on 28 February in a year without it, on the business day', () => {
    expect(birthdaysOn(Date.parse('2027-02-28T01:00:00Z'), '+08:00')).toEqual({
      year: 2027,
      monthDays: ['02-28', '02-29'],
    });
    expect(birthdaysOn(Date.parse('2028-02-28T01:00:00Z'), '+08:00').monthDays).toEqual(['02-28']);
    expect(birthdaysOn(Date.parse('2026-11-26T17:00:00Z'), '+08:00').monthDays).toEqual(['11-27']);
    expect(birthdaysOn(Date.parse('2026-11-26T17:00:00Z'), '+00:00').monthDays).toEqual(['11-26']);
  });
});

describe.each(engines)('birthday bonus (%s)', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(NOW);
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const raw = <T>(text: string, params: unknown[] = []) => queryRows<T>(t.db.database.db, text, params);
  const setBirthday = (memberId: number, birthday: string) =>
    raw(`UPDATE members SET profile = profile || jsonb_build_object('birthday', $1::text) WHERE id = $2`, [
      birthday,
      memberId,
    ]);
  const birthdayTransfers = (memberId: number) =>
    raw<{ amount: string; idempotency_key: string }>(
      `SELECT amount::text, idempotency_key FROM ledger_transfers WHERE merchant_code = $1 AND idempotency_key LIKE $2
        ORDER BY id`,
      [DEMO_MERCHANT, `birthday:${memberId}:%`],
    );

  it('pays the VIP level’s bonus on the birthday, once a year, with a wagering requirement', async () => {
    clock.set(NOW);
    const vip2 = await newMemberSession(t);
    await opsCommand(t.app, {
      command: 'vip',
      action: 'set',
      account: vip2.account,
      level: 2,
      reason: 'test',
    });
    await setBirthday(vip2.id, '1990-11-27');
    const vip0 = await newMemberSession(t);
    await setBirthday(vip0.id, '1991-11-27');
    const tomorrow = await newMemberSession(t);
    await opsCommand(t.app, {
      command: 'vip',
      action: 'set',
      account: tomorrow.account,
      level: 1,
      reason: 'test',
    });
    await setBirthday(tomorrow.id, '1992-11-28');
    const trial = await newMemberSession(t, { type: 4 });
    await setBirthday(trial.id, '1993-11-27');

    await t.app.jobs.runNow(LOYALTY_BIRTHDAY_JOB);
    await t.app.jobs.runNow(LOYALTY_BIRTHDAY_JOB);
    expect(await birthdayTransfers(vip2.id)).toEqual([
      { amount: '3800', idempotency_key: `birthday:${vip2.id}:2026` },
    ]);
    expect(await birthdayTransfers(vip0.id)).toEqual([]); // VIP0 has no birthday bonus
    expect(await birthdayTransfers(tomorrow.id)).toEqual([]);
    expect(await birthdayTransfers(trial.id)).toEqual([]);

    const details = await t.app.inject({
      method: 'GET',
      url: '/wps/bonus/details',
      headers: siteHeaders({ authorization: vip2.token }),
    });
    expect(
      details.json().value.list.filter((r: { name: string }) => r.name.startsWith('birthday bonus')),
    ).toHaveLength(1);

    // The next day: the member born on the 28th; the year after: the first one again.
    clock.set(NOW + 24 * 3_600_000);
    await t.app.jobs.runNow(LOYALTY_BIRTHDAY_JOB);
    expect(await birthdayTransfers(tomorrow.id)).toEqual([
      { amount: '1800', idempotency_key: `birthday:${tomorrow.id}:2026` },
    ]);
    expect(await birthdayTransfers(vip2.id)).toHaveLength(1);
    clock.set(Date.parse('2027-11-27T03:00:00Z'));
    await t.app.jobs.runNow(LOYALTY_BIRTHDAY_JOB);
    expect((await birthdayTransfers(vip2.id)).map((r) => r.idempotency_key)).toEqual([
      `birthday:${vip2.id}:2026`,
      `birthday:${vip2.id}:2027`,
    ]);
    expect((await checkLedger(t.db.database)).problems).toEqual([]);
  });
});
