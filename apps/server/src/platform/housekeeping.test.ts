import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_MEMBER, engines, loginAs, type TestApp } from '../testing/app.ts';
import { DAY_MS, ManualClock } from './clock.ts';
import { DEVICE_COOKIE_MAX_AGE_MS, SESSION_RETENTION_MS } from './housekeeping.ts';

describe.each(engines)('housekeeping on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 1));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const count = async (table: string, where = 'true') => {
    const [row] = await t.db.database.rawTransaction((tx) =>
      tx.rows<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE ${where}`),
    );
    return Number(row?.n);
  };

  it('purges what has expired and keeps what can still be used', async () => {
    const now = clock.now();
    await t.db.database.rawTransaction(async (tx) => {
      await tx.rows(
        `INSERT INTO captchas (id, merchant_code, answer_hash, expires_at) VALUES
           ('old', 'AURUM', 'x', $1), ('live', 'AURUM', 'x', $2)`,
        [new Date(now - 1000), new Date(now + 60_000)],
      );
      await tx.rows(
        `INSERT INTO rate_limits (key, count, window_start_ms, expires_at_ms) VALUES
           ('old', 1, $1, $2), ('live', 1, $1, $3)`,
        [now - 2000, now - 1000, now + 60_000],
      );
      await tx.rows(`INSERT INTO seen_jwe_ids (jti, expires_at_ms) VALUES ('old', $1), ('live', $2)`, [
        now - 1000,
        now + 60_000,
      ]);
      await tx.rows(
        `INSERT INTO verification_codes (merchant_code, channel, purpose, recipient, code_hash, created_at, expires_at)
         VALUES ('AURUM', 'sms', 'login', '+1', 'x', $1, $1), ('AURUM', 'sms', 'login', '+2', 'x', $2, $3)`,
        [new Date(now - 3 * DAY_MS), new Date(now - 1000), new Date(now - 500)],
      );
    });
    await loginAs(t.app, DEMO_MEMBER.account, DEMO_MEMBER.password);
    const sessions = await count('sessions');
    expect(sessions).toBeGreaterThan(0);

    const done = await t.app.jobs.runNow('housekeeping');
    expect(done).toBeGreaterThanOrEqual(3);
    expect(await count('captchas')).toBe(1);
    expect(await count('rate_limits', "key IN ('old', 'live')")).toBe(1);
    expect(await count('seen_jwe_ids', "jti IN ('old', 'live')")).toBe(1);
    // The login's E body is still within its stamp's window: its id is kept.
    expect(await count('seen_jwe_ids')).toBe(2);
    // A code that expired a moment ago is kept a day for support questions.
    expect(await count('verification_codes')).toBe(1);
    expect(await count('sessions')).toBe(sessions);

    clock.advance(SESSION_RETENTION_MS + 2 * DAY_MS);
    await t.app.jobs.runNow('housekeeping');
    expect(await count('sessions')).toBe(0);
    expect(await count('verification_codes')).toBe(0);
    expect(await count('captchas')).toBe(0);
    expect(await count('seen_jwe_ids')).toBe(0);
    // The browser's device cookie lives on: the member's known device stays.
    expect(await count('member_devices')).toBe(1);
    // The sign-in history is kept a year.
    expect(await count('member_sign_ins')).toBe(1);
    expect(await t.app.jobs.runNow('housekeeping')).toBe(0);

    clock.advance(DEVICE_COOKIE_MAX_AGE_MS);
    expect(await t.app.jobs.runNow('housekeeping')).toBe(2);
    expect(await count('member_devices')).toBe(0);
    expect(await count('member_sign_ins')).toBe(0);
  });
});
