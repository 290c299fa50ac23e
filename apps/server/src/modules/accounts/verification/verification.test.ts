import { envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE_MS, SECOND_MS } from '../../../platform/clock.ts';
import { listOutbox } from '../../../platform/outbox.ts';
import {
  createTestApp,
  DEMO_MEMBER,
  engines,
  lastCodeSent,
  nextIp,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';

const CAPTCHA = 'W9NE';

describe.each(engines)('verification on %s', (engine) => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock, captchaText: () => CAPTCHA });
  });
  afterAll(async () => t.close());

  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const sms = (payload: Record<string, unknown>, ip = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: routes.smsNoLogin.path,
      headers: siteHeaders(headers),
      payload,
      remoteAddress: ip,
    });
  const registerCode = (mobileNum: string, ip = nextIp()) =>
    sms({ purpose: 'register', mobileNum, countryDialingCode: '63' }, ip);

  describe('captcha', () => {
    const captcha = (ip: string) =>
      t.app.inject({ method: 'GET', url: routes.captcha.path, headers: siteHeaders(), remoteAddress: ip });

    it('serves an SVG picture that carries no text, at most once a second per client', async () => {
      const ip = nextIp();
      const res = await captcha(ip);
      const body = envelopeSchema(routes.captcha.response).parse(res.json());
      if (!body.success) throw new Error(res.body);
      expect(res.headers['cache-control']).toBe('no-store');
      const svg = Buffer.from(body.value.image, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|W9NE/);
      expect(body.value.expiresAt).toBe(clock.now() + 2 * MINUTE_MS);
      expectFailure(await captcha(ip), 429, 'TOO_MANY_REQUESTS');
      expect((await captcha(nextIp())).statusCode).toBe(200);
      clock.advance(SECOND_MS);
      expect((await captcha(ip)).statusCode).toBe(200);
    });

    it('accepts an answer once, in any case, within two minutes', async () => {
      const service = t.app.accounts.captcha;
      const a = await service.issue('AURUM', nextIp());
      await service.verify('AURUM', a.captchaId, 'w9ne');
      await expect(service.verify('AURUM', a.captchaId, CAPTCHA)).rejects.toMatchObject({
        code: 'captcha.invalid',
      });
      const b = await service.issue('AURUM', nextIp());
      clock.advance(2 * MINUTE_MS);
      await expect(service.verify('AURUM', b.captchaId, CAPTCHA)).rejects.toMatchObject({
        code: 'captcha.invalid',
      });
      const c = await service.issue('AURUM', nextIp());
      await expect(service.verify('OTHER', c.captchaId, CAPTCHA)).rejects.toMatchObject({
        code: 'captcha.invalid',
      });
      await expect(service.verify('AURUM', undefined, CAPTCHA)).rejects.toMatchObject({
        code: 'captcha.required',
      });
    });
  });

  describe('SMS codes', () => {
    it('sends a six-digit register code that says how long it lasts', async () => {
      const res = await registerCode('09175550001');
      expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      const [message] = await listOutbox(t.db.database, 'AURUM', { to: '+639175550001', limit: 1 });
      expect(message?.body).toMatch(/^Your Aurum code is \d{6}\. It expires in 5 minutes\.$/);
      clock.advance(2 * SECOND_MS);
      await sms({ purpose: 'register', mobileNum: '09175550002', countryDialingCode: '63' }, nextIp(), {
        language: 'CN',
      });
      const [cn] = await listOutbox(t.db.database, 'AURUM', { to: '+639175550002', limit: 1 });
      expect(cn?.body).toMatch(/^您的Aurum验证码是\d{6}，5分钟内有效。$/);
    });

    it('binds a code to its number and purpose, for one use and five tries', async () => {
      const service = t.app.accounts.sms;
      clock.advance(2 * SECOND_MS);
      await registerCode('09175550003');
      const code = await lastCodeSent(t, '+639175550003');
      await expect(service.check('AURUM', '+639175550003', 'reset', code)).rejects.toMatchObject({
        code: 'sms.code.invalid',
      });
      await expect(service.check('AURUM', '+639175550004', 'register', code)).rejects.toMatchObject({
        code: 'sms.code.invalid',
      });
      await service.check('AURUM', '+639175550003', 'register', code);
      await expect(service.check('AURUM', '+639175550003', 'register', code)).rejects.toMatchObject({
        code: 'sms.code.invalid',
      });

      clock.advance(2 * SECOND_MS);
      await registerCode('09175550003');
      const next = await lastCodeSent(t, '+639175550003');
      const wrong = String((Number(next) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        await expect(service.check('AURUM', '+639175550003', 'register', wrong)).rejects.toMatchObject({
          code: 'sms.code.invalid',
        });
      }
      await expect(service.check('AURUM', '+639175550003', 'register', next)).rejects.toMatchObject({
        code: 'sms.code.invalid',
      });
    });

    it('keeps only the newest code, and expires it', async () => {
      const service = t.app.accounts.sms;
      clock.advance(2 * SECOND_MS);
      await registerCode('09175550005');
      const first = await lastCodeSent(t, '+639175550005');
      clock.advance(2 * SECOND_MS);
      await registerCode('09175550005');
      const second = await lastCodeSent(t, '+639175550005');
      if (first !== second) {
        await expect(service.check('AURUM', '+639175550005', 'register', first)).rejects.toMatchObject({
          code: 'sms.code.invalid',
        });
      }
      clock.advance(5 * MINUTE_MS);
      await expect(service.check('AURUM', '+639175550005', 'register', second)).rejects.toMatchObject({
        code: 'sms.code.expired',
      });
    });

    it('throttles to one a second per number and per client', async () => {
      clock.advance(2 * SECOND_MS);
      expect((await registerCode('09175550006')).statusCode).toBe(200);
      expectFailure(await registerCode('09175550006'), 429, 'TOO_MANY_REQUESTS');
      const ip = nextIp();
      expect((await registerCode('09175550007', ip)).statusCode).toBe(200);
      expectFailure(await registerCode('09175550008', ip), 429, 'TOO_MANY_REQUESTS');
      clock.advance(SECOND_MS);
      expect((await registerCode('09175550008', ip)).statusCode).toBe(200);
    });

    it('locks a number asked for too often for five minutes', async () => {
      for (let i = 0; i < 5; i++) {
        clock.advance(2 * SECOND_MS);
        expect((await registerCode('09175550009')).statusCode).toBe(200);
      }
      clock.advance(2 * SECOND_MS);
      const locked = expectFailure(await registerCode('09175550009'), 429, 'TOO_MANY_REQUESTS');
      expect(locked.details).toEqual({ retryAfterSeconds: '300' });
      clock.advance(MINUTE_MS);
      expectFailure(await registerCode('09175550009'), 429, 'TOO_MANY_REQUESTS');
      clock.advance(10 * MINUTE_MS);
      expect((await registerCode('09175550009')).statusCode).toBe(200);
    });

    it('refuses numbers that are not mobile numbers of the country, and bad payloads', async () => {
      for (const [mobileNum, countryDialingCode] of [
        ['28123456', '63'],
        ['12', '63'],
        ['09171234567', '1'],
        ["0917' OR 1=1", '63'],
        ['09171234567', '999'],
      ]) {
        clock.advance(2 * SECOND_MS);
        const res = await sms({ purpose: 'register', mobileNum, countryDialingCode });
        expect(res.statusCode).toBe(400);
        expect(['validation.failed', 'request.invalid']).toContain(res.json().errorCode);
      }
      expectFailure(
        await sms({ purpose: 'spam', mobileNum: '09175550010', countryDialingCode: '63' }),
        400,
        'request.invalid',
      );
      expectFailure(await sms({ purpose: 'register' }), 400, 'validation.failed');
    });

    it('refuses a register code for a member number; reset codes go only to members', async () => {
      clock.advance(2 * SECOND_MS);
      expectFailure(await registerCode('09171234567'), 409, 'mobile.exists');
      clock.advance(2 * SECOND_MS);
      const before = (await listOutbox(t.db.database, 'AURUM', { limit: 200 })).length;
      const res = await sms({ purpose: 'reset', mobileNum: '09175550011', countryDialingCode: '63' });
      expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
      clock.advance(2 * SECOND_MS);
      expect((await sms({ purpose: 'reset', username: 'nobody' })).statusCode).toBe(200);
      expect((await listOutbox(t.db.database, 'AURUM', { limit: 200 })).length).toBe(before);
      clock.advance(2 * SECOND_MS);
      expect((await sms({ purpose: 'reset', username: 'demo' })).statusCode).toBe(200);
      expect(await lastCodeSent(t, DEMO_MEMBER.mobile)).toMatch(/^\d{6}$/);
    });
  });

  it('lists countries with dialing codes and example numbers', async () => {
    const res = await t.app.inject({ method: 'GET', url: routes.countries.path, headers: siteHeaders() });
    const body = envelopeSchema(routes.countries.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    expect(body.value.find((c) => c.countryCode === 'PH')).toMatchObject({ countryDialingCode: '63' });
    expect(body.value.find((c) => c.countryCode === 'CN')).toMatchObject({ countryDialingCode: '86' });
  });
});
