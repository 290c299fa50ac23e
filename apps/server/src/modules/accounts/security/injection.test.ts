import { failureEnvelopeSchema, routes } from '@aurum/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type captchas, members, outbox, sessions, verificationCodes } from '../../../db/schema.ts';
import { ManualClock, SECOND_MS } from '../../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  engines,
  loginAs,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';

const ATTACKS = [
  "' OR '1'='1' --",
  "'; DROP TABLE members; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000\u001b[31m',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the attack.
  '${jndi:ldap://x}',
];

/**
 * Every string field of every accounts call, one attack at a time: a 4xx envelope with a
 * stable code (or, where any text is acceptable, an ordinary refusal), and nothing stored.
 */
describe.each(engines)('injection strings on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
  });
  afterAll(async () => t.close());

  const rows = async () => {
    const db = t.db.database.db;
    const n = async (
      table: typeof members | typeof sessions | typeof outbox | typeof verificationCodes | typeof captchas,
    ) => Number((await db.select({ n: count() }).from(table))[0]!.n);
    return {
      members: await n(members),
      sessions: await n(sessions),
      outbox: await n(outbox),
      codes: await n(verificationCodes),
    };
  };
  const expect4xx = (res: { statusCode: number; json(): unknown }, what: string) => {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
    expect(failureEnvelopeSchema.parse(res.json()).errorCode, what).toMatch(/^[A-Za-z_.]+$/);
  };
  const each = async (
    base: Record<string, unknown>,
    send: (body: Record<string, unknown>) => Promise<{ statusCode: number; json(): unknown }>,
  ) => {
    for (const field of Object.keys(base)) {
      for (const attack of ATTACKS) {
        clock.advance(2 * SECOND_MS);
        expect4xx(await send({ ...base, [field]: attack }), `${field}=${JSON.stringify(attack)}`);
      }
    }
  };

  it('login, SMS and reset calls', async () => {
    const before = await rows();
    const post = (url: string) => (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: siteHeaders(), payload, remoteAddress: nextIp() });
    const encrypted = (url: string) => (payload: Record<string, unknown>) =>
      callEncrypted(t.app, 'POST', url, payload);

    await each(
      { type: 'username', username: 'demo', password: 'Wrong1234', captcha: 'ABCD', captchaId: 'x' },
      encrypted(routes.login.path),
    );
    await each(
      { type: 'sms', mobileNum: '09171234567', countryDialingCode: '63', code: '123456' },
      encrypted(routes.login.path),
    );
    await each(
      { purpose: 'register', mobileNum: '09171234567', countryDialingCode: '63' },
      post(routes.smsNoLogin.path),
    );
    await each({ mobileNum: '0917', countryDialingCode: '63' }, post(routes.smsLoginCode.path));
    await each(
      {
        mobileNum: '09171234567',
        countryDialingCode: '63',
        verificationCode: '123456',
        newPassword: 'Next1234',
      },
      encrypted(routes.resetPassword.path),
    );
    await each(
      { username: 'demo', resetCode: 'ABCDEFGHJK', newPassword: 'Next1234' },
      encrypted(routes.resetPassword.path),
    );
    await each({ username: 'demo', email: 'wrong@example.com' }, post(routes.forgotPasswordEmail.path));
    await each(
      { os: 'Linux', platform: 'W', gatewayVersion: '3', token: 'x' },
      post(routes.loginFreePlay.path),
    );
    const after = await rows();
    expect(after.members).toBe(before.members);
    expect(after.outbox).toBe(before.outbox);
    expect(after.codes).toBe(before.codes);
  });

  it('look-ups and signed-in calls', async () => {
    clock.advance(16 * 60 * SECOND_MS); // the failed logins above are forgotten
    const before = await rows();
    const { token } = await loginAs(t.app, 'demo', 'Demo1234');
    for (const attack of ATTACKS) {
      const q = encodeURIComponent(attack);
      for (const url of [
        `${routes.checkUsername.path}?username=${q}`,
        `${routes.affiliateCheck.path}?code=${q}`,
        `${routes.affiliateCheck.path}?code=AGENT01&domain=${q}`,
      ]) {
        clock.advance(SECOND_MS);
        expect4xx(
          await t.app.inject({ method: 'GET', url, headers: siteHeaders(), remoteAddress: nextIp() }),
          url,
        );
      }
      const headers = siteHeaders({ authorization: token });
      expect4xx(
        await t.app.inject({
          method: 'PUT',
          url: routes.memberLanguage.path,
          headers,
          payload: { language: attack },
        }),
        `language=${attack}`,
      );
      for (const field of ['oldPassword', 'newPassword', 'confirmNewPassword']) {
        const body = {
          oldPassword: 'Demo1234',
          newPassword: 'Next1234',
          confirmNewPassword: 'Next1234',
          [field]: attack,
        };
        expect4xx(
          await callEncrypted(t.app, 'POST', routes.changePassword.path, body, { token }),
          `${field}=${attack}`,
        );
        clock.advance(SECOND_MS);
      }
    }
    const me = (
      await t.app.inject({
        method: 'GET',
        url: routes.memberInfo.path,
        headers: siteHeaders({ authorization: token }),
      })
    ).json().value;
    expect(me.language).toBe('EN');
    expect((await rows()).members).toBe(before.members);
    await loginAs(t.app, 'demo', 'Demo1234');
  });
});
