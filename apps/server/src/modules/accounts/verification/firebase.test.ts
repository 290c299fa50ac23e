import { accountSettingsSchema, envelopeSchema, failureEnvelopeSchema, routes } from '@aurum/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../../db/schema.ts';
import { ManualClock, SECOND_MS } from '../../../platform/clock.ts';
import {
  callEncrypted,
  createTestApp,
  lastCodeSent,
  nextIp,
  setMerchantConfig,
  siteHeaders,
  type TestApp,
} from '../../../testing/app.ts';
import {
  type AuthEmulator,
  EMULATOR_API_KEY,
  startAuthEmulator,
} from '../../../testing/firebase-emulator.ts';
import { findByAccount } from '../member/repository.ts';
import { FirebasePhone } from './firebase.ts';

/**
 * The firebase channel of registration (spec §4) against the Firebase Authentication emulator
 * of firebase-tools: one emulator for the file, its ID tokens made the way the web SDK makes them.
 */
describe('registration through the firebase channel', () => {
  let emulator: AuthEmulator;
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    t = await createTestApp('pglite', { FIREBASE_AUTH_EMULATOR_HOST: emulator.host }, { clock });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await emulator?.stop();
  }, 60_000);

  const expectFailure = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    const body = failureEnvelopeSchema.parse(res.json());
    expect(body.errorCode).toBe(code);
    return body;
  };
  const memberCount = async () => Number((await t.db.database.db.select({ n: count() }).from(members))[0]!.n);
  const channel = (enabled: boolean) =>
    setMerchantConfig(t.app, (c) => {
      c.accounts.firebasePhone = {
        enabled,
        apiKey: EMULATOR_API_KEY,
        authDomain: `${emulator.projectId}.firebaseapp.com`,
        projectId: emulator.projectId,
      };
    });
  const settings = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: routes.registerSettings.path,
      headers: siteHeaders(),
    });
    const body = envelopeSchema(routes.registerSettings.response).parse(res.json());
    if (!body.success) throw new Error(res.body);
    return body.value;
  };

  let seq = 2000;
  const newMobile = () => {
    seq += 1;
    return { national: `0917222${seq}`, e164: `+63917222${seq}` };
  };
  const form = (mobile: { national: string }, over: Record<string, unknown> = {}) => ({
    username: `fire${seq}`,
    password: 'Quiet-River-42',
    confirmPassword: 'Quiet-River-42',
    mobileNum: mobile.national,
    countryDialingCode: '63',
    // What the member typed; with the channel on, Firebase checked it in the browser.
    verificationCode: '123456',
    agreeTerms: true,
    registerMethod: 'WEB',
    login: true,
    ...over,
  });
  const register = (body: unknown) => callEncrypted(t.app, 'PUT', routes.register.path, body);
  const registerMobile = (body: unknown) => callEncrypted(t.app, 'PUT', routes.registerMobile.path, body);
  const smsRegisterCode = (mobile: { national: string }) => {
    clock.advance(2 * SECOND_MS);
    return t.app.inject({
      method: 'POST',
      url: routes.smsNoLogin.path,
      headers: siteHeaders(),
      payload: { purpose: 'register', mobileNum: mobile.national, countryDialingCode: '63' },
      remoteAddress: nextIp(),
    });
  };

  describe('channel off (the demo merchant)', () => {
    it('tells the site nothing of Firebase and refuses an ID token; our SMS code registers as before', async () => {
      expect((await settings()).firebasePhone).toBeUndefined();
      const mobile = newMobile();
      const token = await emulator.phoneIdToken(mobile.e164);
      const before = await memberCount();
      const refused = expectFailure(
        await register(form(mobile, { firebaseIdToken: token })),
        400,
        'validation.failed',
      );
      expect(refused.details).toEqual({ firebaseIdToken: 'unknown_field' });
      expect(await memberCount()).toBe(before);

      expect((await smsRegisterCode(mobile)).statusCode).toBe(200);
      const code = await lastCodeSent(t, mobile.e164);
      const res = await register(form(mobile, { verificationCode: code }));
      expect(res.statusCode).toBe(200);
      expect((await findByAccount(t.db.database.db, 'AURUM', `fire${seq}`))?.mobile).toBe(mobile.e164);
    });
  });

  describe('channel on', () => {
    beforeAll(async () => channel(true));
    afterAll(async () => channel(false));

    it('gives the site the Firebase web config and the emulator, and sends no SMS of ours for registration', async () => {
      expect((await settings()).firebasePhone).toEqual({
        apiKey: EMULATOR_API_KEY,
        authDomain: `${emulator.projectId}.firebaseapp.com`,
        projectId: emulator.projectId,
        emulatorHost: emulator.host,
      });
      expectFailure(await smsRegisterCode(newMobile()), 403, 'feature.disabled');
    });

    it('registers with the ID token of a phone sign-in of the same number', async () => {
      const mobile = newMobile();
      const token = await emulator.phoneIdToken(mobile.e164);
      const res = await register(form(mobile, { firebaseIdToken: token }));
      expect(res.statusCode).toBe(200);
      expect(res.json().value.login.token).toEqual(expect.any(String));
      const row = await findByAccount(t.db.database.db, 'AURUM', `fire${seq}`);
      expect(row?.mobile).toBe(mobile.e164);

      const byNumber = newMobile();
      const numberToken = await emulator.phoneIdToken(byNumber.e164);
      const mobileRes = await registerMobile(
        form(byNumber, { username: undefined, firebaseIdToken: numberToken }),
      );
      expect(mobileRes.statusCode).toBe(200);
      expect(mobileRes.json().value.account).toBe(byNumber.e164.slice(1));
    });

    it("refuses another number's token, a made-up one, one of a deleted user and none, storing nothing", async () => {
      const mobile = newMobile();
      const other = newMobile();
      const otherToken = await emulator.phoneIdToken(other.e164);
      const before = await memberCount();
      expectFailure(
        await register(form(mobile, { firebaseIdToken: otherToken })),
        400,
        'phone.token.mismatch',
      );
      const ownToken = await emulator.phoneIdToken(mobile.e164);
      await emulator.deleteUsers();
      expectFailure(await register(form(mobile, { firebaseIdToken: ownToken })), 400, 'phone.token.invalid');
      expectFailure(
        await register(form(mobile, { firebaseIdToken: 'abc.def.ghi' })),
        400,
        'phone.token.invalid',
      );
      expectFailure(
        await register(form(mobile, { firebaseIdToken: 'not a token!' })),
        400,
        'phone.token.invalid',
      );
      expectFailure(await register(form(mobile)), 400, 'phone.token.invalid');
      expect(await memberCount()).toBe(before);
    });

    it('answers bad input with the error envelope before asking Firebase', async () => {
      const mobile = newMobile();
      const token = await emulator.phoneIdToken(mobile.e164);
      const before = await memberCount();
      expectFailure(
        await register(form(mobile, { firebaseIdToken: 'x'.repeat(4097) })),
        400,
        'request.invalid',
      );
      expectFailure(await register(form(mobile, { firebaseIdToken: 42 })), 400, 'request.invalid');
      const invalid = expectFailure(
        await register(form(mobile, { firebaseIdToken: token, mobileNum: '12' })),
        400,
        'validation.failed',
      );
      expect(invalid.details?.mobileNum).toBeDefined();
      expect(await memberCount()).toBe(before);
      // The number is still free: the same token registers it.
      expect((await register(form(mobile, { firebaseIdToken: token }))).statusCode).toBe(200);
      expectFailure(
        await register(form(mobile, { username: 'another1', firebaseIdToken: token })),
        409,
        'mobile.exists',
      );
    });
  });

  it('reports the verification service as unavailable when it cannot be reached', async () => {
    const down = new FirebasePhone({ emulatorHost: '127.0.0.1:1' });
    const config = {
      apiKey: EMULATOR_API_KEY,
      authDomain: 'x.firebaseapp.com',
      projectId: emulator.projectId,
    };
    await expect(down.verify(config, 'a.b.c', '+639172220001')).rejects.toMatchObject({
      code: 'phone.verification.unavailable',
    });
  });

  it('takes the channel on only with the whole Firebase web config', () => {
    const on = {
      enabled: true,
      apiKey: 'AIzaKey',
      authDomain: 'shop.firebaseapp.com',
      projectId: 'shop-1234',
    };
    expect(accountSettingsSchema.parse({ firebasePhone: on }).firebasePhone).toEqual(on);
    expect(accountSettingsSchema.parse({}).firebasePhone.enabled).toBe(false);
    expect(accountSettingsSchema.safeParse({ firebasePhone: { ...on, apiKey: '' } }).success).toBe(false);
    expect(accountSettingsSchema.safeParse({ firebasePhone: { ...on, projectId: 'Bad Id' } }).success).toBe(
      false,
    );
    expect(
      accountSettingsSchema.safeParse({ firebasePhone: { ...on, authDomain: 'https://x/' } }).success,
    ).toBe(false);
  });
});
